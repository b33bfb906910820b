CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"signer_name" text NOT NULL,
	"signature_kind" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	CONSTRAINT "agreements_version" CHECK ("agreements"."version" > 0),
	CONSTRAINT "agreements_signature_kind" CHECK ("agreements"."signature_kind" in ('drawn', 'typed')),
	CONSTRAINT "agreements_sha256" CHECK ("agreements"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_order_version_idx" ON "agreements" USING btree ("order_id","version");--> statement-breakpoint
-- hand-written: a signed contract is never changed or removed (decision 044). A correction is a new version,
-- an INSERT; every UPDATE or DELETE of a row is refused here, whatever code or console sends it.
CREATE FUNCTION "agreements_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'agreements are immutable: % refused on version % of order %', TG_OP, OLD.version, OLD.order_id
    USING ERRCODE = 'integrity_constraint_violation', HINT = 'Sign again: a correction is a new version.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agreements_immutable" BEFORE UPDATE OR DELETE ON "agreements" FOR EACH ROW EXECUTE FUNCTION "agreements_immutable"();
