-- The price of a line before discounts, so an order's lines add up to its subtotal. Lines written before
-- this column get the closest value they have: the unit price times the quantity.
ALTER TABLE "order_lines" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
UPDATE "order_lines" SET "subtotal_cents" = "unit_price_cents" * "quantity";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "subtotal_cents" SET NOT NULL;
