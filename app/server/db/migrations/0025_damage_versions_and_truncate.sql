CREATE TABLE "damage_report_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"category" text NOT NULL,
	"note" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_cents" integer,
	"fee_paid_by" text,
	"written_by" uuid,
	"written_at" timestamp with time zone NOT NULL,
	"replaced_by" uuid,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "damage_report_versions" ADD CONSTRAINT "damage_report_versions_report_id_damage_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."damage_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_report_versions" ADD CONSTRAINT "damage_report_versions_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_report_versions" ADD CONSTRAINT "damage_report_versions_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damage_report_versions_report_version_idx" ON "damage_report_versions" USING btree ("report_id","version");--> statement-breakpoint
-- hand-written: TRUNCATE fires no row trigger, so "agreements_immutable" let it empty the table of signed
-- contracts (issue 33). A statement trigger refuses it, also when a TRUNCATE of orders cascades here.
CREATE FUNCTION "refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is kept for good: TRUNCATE refused', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agreements_no_truncate" BEFORE TRUNCATE ON "agreements" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_truncate"();
