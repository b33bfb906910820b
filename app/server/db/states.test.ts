import { readFileSync } from "node:fs";
import path from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { BEFORE_PICKUP_STATUSES, HANDED_OUT_STATUSES, isPaid, OPEN_STATUSES, PAID_STATUSES } from "../../domain/order-states";
import { ORDER_STATUSES } from "../../domain/vocabulary";
import { LIVE_RESERVATION, liveReservation, statusList } from "./states.server";

const dialect = new PgDialect();
const text = (fragment: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(fragment);
/** SQL as a migration writes it and as the helper does, compared without case or line breaks. */
const plain = (s: string) => s.toLowerCase().replace(/\s+/g, " ");
const migration = (name: string) => plain(readFileSync(path.join(import.meta.dirname, "migrations", name), "utf8"));

describe("order status groups", () => {
  it("are the vocabulary's words, in its order", () => {
    expect(PAID_STATUSES).toEqual(["paid", "picked_up", "returned"]);
    expect(OPEN_STATUSES).toEqual(["paid", "picked_up"]);
    expect(HANDED_OUT_STATUSES).toEqual(["picked_up", "returned"]);
    expect(BEFORE_PICKUP_STATUSES).toEqual(["pending_payment", "paid"]);
    expect(ORDER_STATUSES.filter(isPaid)).toEqual(PAID_STATUSES);
  });

  it("spell as an SQL list of literals", () => {
    expect(text(statusList(PAID_STATUSES))).toEqual({ sql: "('paid', 'picked_up', 'returned')", params: [] });
  });

  it("match the return reminders' index of migration 0017", () => {
    expect(migration("0017_reminders.sql")).toContain(`where "orders"."status" in ${text(statusList(OPEN_STATUSES)).sql}`);
  });

  it("match the bookings migration 0024 counts as stranded: not handed out yet", () => {
    // Its order of the two words is its own; the set is the group's.
    const listed = /and o\.status in \(([^)]*)\)/.exec(migration("0024_stranded_bookings.sql"))?.[1];
    expect(listed?.split(", ").sort()).toEqual(text(statusList(BEFORE_PICKUP_STATUSES)).sql.slice(1, -1).split(", ").sort());
  });
});

describe("the live reservation", () => {
  it("is literal text, judged now", () => {
    expect(text(LIVE_RESERVATION)).toEqual({
      sql: "(r.state in ('held', 'confirmed') and not (r.state = 'held' and r.expires_at <= now()))",
      params: [],
    });
  });

  it("takes another alias and a moment to judge by", () => {
    const at = new Date("2027-01-10T08:00:00Z");
    expect(text(liveReservation("x", at))).toMatchObject({
      sql: "(x.state in ('held', 'confirmed') and not (x.state = 'held' and x.expires_at <= $1::timestamptz))",
      params: [at.toISOString()],
    });
  });

  it("is what migration 0024's stranded bookings and their trigger count", () => {
    // The migration's SQL cannot import the helper: both of its spellings must say the same.
    const condition = text(LIVE_RESERVATION).sql.slice(1, -1);
    expect(migration("0024_stranded_bookings.sql").split(condition)).toHaveLength(3);
  });
});
