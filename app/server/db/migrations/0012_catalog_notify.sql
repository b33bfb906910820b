-- The catalogue tables say when they change (decision 035): a write that changes a row of one of them sends a
-- notification on the channel "catalog" when its transaction commits, to every connection that listens, in every
-- process. The processes keep the catalogue in memory and forget it on that notification. Per row, not per
-- statement: a statement that changes nothing (giving back the stock of an order that had none) tells no one,
-- and PostgreSQL sends one notification per transaction however many rows changed. The payload is the
-- transaction's id: every listening connection of a process hears it, and the process forgets once per change.
CREATE OR REPLACE FUNCTION "notify_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog', txid_current()::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  catalog_table text;
BEGIN
  FOREACH catalog_table IN ARRAY ARRAY[
    'apps', 'shops', 'shop_apps', 'shop_hours', 'shop_closed_days', 'categories', 'offer_pictures', 'items',
    'price_tables', 'packages', 'package_items', 'price_surcharges', 'units', 'stock', 'service_capacity',
    'partner_hotels', 'coupons', 'settings'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER "catalog_change" AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "notify_catalog_change"()',
      catalog_table
    );
    EXECUTE format(
      'CREATE TRIGGER "catalog_truncate" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_change"()',
      catalog_table
    );
  END LOOP;
END
$$;
