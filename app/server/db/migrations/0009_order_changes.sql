CREATE TABLE "order_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"by" text NOT NULL,
	"user_id" uuid,
	"request" jsonb NOT NULL,
	"old_total_cents" integer NOT NULL,
	"new_total_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_changes_status" CHECK ("order_changes"."status" in ('pending', 'applied', 'expired', 'failed')),
	CONSTRAINT "order_changes_by" CHECK ("order_changes"."by" in ('customer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_change_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "order_change_id" integer;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_changes_order_idx" ON "order_changes" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_change_id_order_changes_id_fk" FOREIGN KEY ("order_change_id") REFERENCES "public"."order_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_order_change_id_order_changes_id_fk" FOREIGN KEY ("order_change_id") REFERENCES "public"."order_changes"("id") ON DELETE cascade ON UPDATE no action;