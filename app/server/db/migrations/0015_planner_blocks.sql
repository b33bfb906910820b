ALTER TABLE "reservations" ADD COLUMN "block_kind" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "block_note" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_block_kind" CHECK ("reservations"."block_kind" is null or "reservations"."block_kind" in ('maintenance'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_block_shape" CHECK ("reservations"."block_kind" is null or ("reservations"."order_line_id" is null and "reservations"."order_change_id" is null and "reservations"."state" <> 'held'));