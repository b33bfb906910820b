ALTER TABLE "orders" ADD COLUMN "holder_key" text;--> statement-breakpoint
CREATE INDEX "orders_pending_holder_idx" ON "orders" USING btree ("holder_key") WHERE "orders"."status" = 'pending_payment';