ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_reminder_pickup_idx" ON "orders" USING btree ("pickup_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_reminder_return_idx" ON "orders" USING btree ("return_at") WHERE "orders"."status" in ('paid', 'picked_up');