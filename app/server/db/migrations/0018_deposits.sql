CREATE TYPE "public"."deposit_status" AS ENUM('pending', 'authorised', 'released', 'captured', 'expired', 'failed');--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"ref" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"status" "deposit_status" DEFAULT 'pending' NOT NULL,
	"authorised_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount" CHECK ("deposits"."amount_cents" > 0),
	CONSTRAINT "deposits_captured" CHECK ("deposits"."captured_cents" >= 0 and "deposits"."captured_cents" <= "deposits"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_provider_ref_idx" ON "deposits" USING btree ("provider","ref");--> statement-breakpoint
CREATE INDEX "deposits_order_idx" ON "deposits" USING btree ("order_id");