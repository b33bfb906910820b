-- Constraints Drizzle's schema language cannot express. See docs/architecture.md §5 and §6.2.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("unit_id" WITH =, "period" WITH &&) WHERE ("state" IN ('held', 'confirmed'));
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_period_bounded"
  CHECK (NOT isempty("period") AND NOT lower_inf("period") AND NOT upper_inf("period"));
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hold_expires"
  CHECK ("state" <> 'held' OR "expires_at" IS NOT NULL);
