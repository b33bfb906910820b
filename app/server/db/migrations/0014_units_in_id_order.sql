DROP INDEX "units_item_shop_idx";--> statement-breakpoint
CREATE INDEX "units_item_shop_size_id_idx" ON "units" USING btree ("item_id","shop_id","size","id");