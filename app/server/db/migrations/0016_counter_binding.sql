ALTER TABLE "cart_persons" ADD COLUMN "age" smallint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "binding" jsonb;--> statement-breakpoint
ALTER TABLE "order_persons" ADD COLUMN "age" smallint;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "sole_length_mm" smallint;