-- The damage waiver (decision 029): what an order paid for it and at what price per unit and day, and the
-- box ticked at checkout, kept on the bag.
ALTER TABLE "carts" ADD COLUMN "damage_waiver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "damage_waiver_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "damage_waiver_day_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_damage_waiver" CHECK ("orders"."damage_waiver_cents" >= 0 and "orders"."damage_waiver_cents" <= "orders"."total_cents");