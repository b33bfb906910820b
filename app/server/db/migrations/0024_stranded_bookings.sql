-- A booking on a unit that left service (in repair, retired) while no other unit could take it is "stranded":
-- it still needs a unit of its item and size for its days (decision 055). `stranded_bookings` counts those
-- overlapping a period for the units a branch counts (its own, and other branches' of the storefront when
-- `all_branches`); availability subtracts them from the free units.
CREATE FUNCTION "stranded_bookings"("item" integer, "unit_size" text, "shop" integer, "all_branches" boolean, "during" tstzrange)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int
  FROM units s
  JOIN items i ON i.id = s.item_id
  JOIN reservations r ON r.unit_id = s.id
  LEFT JOIN order_lines l ON l.id = r.order_line_id
  LEFT JOIN order_changes c ON c.id = r.order_change_id
  JOIN orders o ON o.id = coalesce(l.order_id, c.order_id)
  WHERE s.item_id = "item" AND s.size IS NOT DISTINCT FROM "unit_size" AND s.status <> 'active'
    AND (s.shop_id = "shop"
         OR ("all_branches" AND s.shop_id IN (SELECT sa.shop_id FROM shop_apps sa WHERE sa.app_id = i.app_id)))
    AND r.state IN ('held', 'confirmed') AND NOT (r.state = 'held' AND r.expires_at <= now())
    AND r.period && "during"
    -- Handed out: the customer has the unit, no other is needed for it.
    AND o.status IN ('paid', 'pending_payment')
$$;
--> statement-breakpoint
-- Every new claim of a unit (checkout, counter, API, change, payment's second claim) keeps enough free units for
-- the stranded bookings of its item and size. When there are any, claims of that item and size take turns (an
-- advisory lock until their transaction ends) and count again, each seeing the units the one before claimed.
-- Too few: `RU001` with the item and size in DETAIL, as `units_short` (migration 0022) says it.
CREATE FUNCTION "reservations_keep_stranded"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u record;
  free integer;
BEGIN
  SELECT s.item_id, s.size, s.shop_id, NOT i.local AS all_branches INTO u
  FROM units s JOIN items i ON i.id = s.item_id WHERE s.id = NEW.unit_id;
  IF stranded_bookings(u.item_id, u.size, u.shop_id, u.all_branches, NEW.period) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('stranded:' || u.item_id || ':' || coalesce(u.size, '')));
  SELECT count(*) INTO free
  FROM units s JOIN items i ON i.id = s.item_id
  WHERE s.item_id = u.item_id AND s.size IS NOT DISTINCT FROM u.size AND s.status = 'active'
    AND (s.shop_id = u.shop_id
         OR (u.all_branches AND s.shop_id IN (SELECT sa.shop_id FROM shop_apps sa WHERE sa.app_id = i.app_id)))
    AND NOT EXISTS (
      SELECT 1 FROM reservations r
      WHERE r.unit_id = s.id AND r.state IN ('held', 'confirmed')
        AND NOT (r.state = 'held' AND r.expires_at <= now()) AND r.period && NEW.period);
  IF free < stranded_bookings(u.item_id, u.size, u.shop_id, u.all_branches, NEW.period) THEN
    RAISE EXCEPTION 'the unit is needed for a booking on a unit out of service'
      USING ERRCODE = 'RU001', DETAIL = u.item_id || ' ' || coalesce(u.size, '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_keep_stranded" AFTER INSERT ON "reservations"
  FOR EACH ROW WHEN (NEW.state IN ('held', 'confirmed') AND NEW.block_kind IS NULL)
  EXECUTE FUNCTION "reservations_keep_stranded"();
