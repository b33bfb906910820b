-- Aborts a checkout's single statement when it could not claim every unit (holds.server `writeOrder`): the
-- statement's writes are rolled back. DETAIL names the item and size that has too few free units anywhere
-- ("{item id} {size}"); empty when units were only taken by checkouts still running, which the caller waits for.
CREATE FUNCTION "units_short"("gone" text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'too few free units for the order''s statement' USING ERRCODE = 'RU001', DETAIL = coalesce("gone", '');
END
$$;
