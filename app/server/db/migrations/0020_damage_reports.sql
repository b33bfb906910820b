CREATE TABLE "damage_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"unit_id" integer NOT NULL,
	"category" text NOT NULL,
	"note" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_cents" integer,
	"fee_paid_by" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	CONSTRAINT "damage_reports_category" CHECK ("damage_reports"."category" in ('scratches', 'edges', 'binding', 'buckles', 'mechanics', 'electrics', 'broken', 'missing', 'other')),
	CONSTRAINT "damage_reports_note" CHECK (char_length("damage_reports"."note") <= 1000),
	CONSTRAINT "damage_reports_photos" CHECK (cardinality("damage_reports"."photos") <= 3 and array_to_string("damage_reports"."photos", ',') ~ '^([0-9a-f]{16}-[0-9]{1,5}x[0-9]{1,5}(,|$))*$'),
	CONSTRAINT "damage_reports_fee" CHECK ("damage_reports"."fee_cents" is null or "damage_reports"."fee_cents" between 1 and 1000000),
	CONSTRAINT "damage_reports_fee_paid_by" CHECK (("damage_reports"."fee_cents" is null) = ("damage_reports"."fee_paid_by" is null) and ("damage_reports"."fee_paid_by" is null or "damage_reports"."fee_paid_by" in ('deposit', 'counter'))),
	CONSTRAINT "damage_reports_released" CHECK ("damage_reports"."released_by" is null or "damage_reports"."released_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damage_reports_order_unit_idx" ON "damage_reports" USING btree ("order_id","unit_id");--> statement-breakpoint
CREATE INDEX "damage_reports_open_unit_idx" ON "damage_reports" USING btree ("unit_id") WHERE "damage_reports"."released_at" is null;