CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "reservations_order_line_idx" ON "reservations" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "reservations_live_period_idx" ON "reservations" USING gist ("period") WHERE "reservations"."state" in ('held', 'confirmed');