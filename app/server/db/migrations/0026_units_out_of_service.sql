-- The few units out of service (in repair, retired), by item: availability asks for each item and size whether
-- any is out before counting the bookings stranded on them (`stranded_bookings`, decision 055), so the count
-- runs only where there is something to count. Calling it for every item and size doubled the storefront's
-- availability query (4.4 to 8.8 ms p50, bench:availability).
CREATE INDEX "units_out_of_service_idx" ON "units" ("item_id") WHERE "status" <> 'active';
