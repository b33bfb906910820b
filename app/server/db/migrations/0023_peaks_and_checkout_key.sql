ALTER TABLE "carts" ADD COLUMN "checkout_key" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "surcharge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "peaks" jsonb DEFAULT '[]'::jsonb NOT NULL;