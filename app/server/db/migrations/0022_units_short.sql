-- Aborts a checkout's single statement when its branch has too few free units (holds.server `writeOrder`):
-- everything the statement wrote is rolled back, and the checkout claims line by line instead.
CREATE FUNCTION "units_short"() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'too few free units for the order''s statement' USING ERRCODE = 'RU001';
END
$$;
