/**
 * Hold exhaustion (issue 14, decision 026), as the probe tried it: one address runs bag-and-checkout loops
 * for every unit of a ski size, on two server processes (WEB_CONCURRENCY=2) on PostgreSQL, all at once.
 * It gets at most its three open orders; every other loop is refused, and real customers from other
 * addresses book the rest of the size.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_LIMITS } from "../../app/domain/hold-limits";
import type { Database } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, shopIds } from "../helpers/booking";
import { bagAtCheckout, INVOICE } from "../helpers/booking-flow";
import { text } from "../helpers/browser-booking";
import { createTestDatabase } from "../helpers/db";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

const UNITS = 9;
const ATTACKER = "203.0.113.66";
let database: Database & { url?: string };
let shop: ShopProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The hold-limit race needs PostgreSQL (TEST_DB=postgres).");
  shop = await startShopProcess({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2" });
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await database?.close();
});

const fillBag = (visitor: Visitor, itemId: number) => bagAtCheckout(database.db, visitor, itemId, "Loop");

const checkout = (visitor: Visitor, total: string) => visitor.post("/rental/checkout", { ...INVOICE, total });

describe("one address against the rest, on two processes", () => {
  it("holds at most its limit of a ski size while real customers book the rest", async () => {
    const { ciaslin } = await shopIds(database.db);
    const item = await createRentalItem(database.db, ciaslin, UNITS, { local: true });

    // The attacker fills a bag per unit, then checks all of them out at once, through both processes.
    const loops = Array.from({ length: UNITS }, () => createVisitor(shop.url, { headers: { "X-Forwarded-For": ATTACKER } }));
    const totals = await Promise.all(loops.map((visitor) => fillBag(visitor, item.id)));
    const answers = await Promise.all(loops.map((visitor, i) => checkout(visitor, totals[i])));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const held = answers.filter((a) => a.status === 302 && locationOf(a).includes("/pay/demo/"));
    expect(held).toHaveLength(HOLD_LIMITS.MAX_OPEN_ORDERS);
    for (const refused of answers.filter((a) => !held.includes(a))) {
      expect(refused.status).toBe(409);
      expect(await pageText(refused)).toContain(text("en", "booking.checkout.holdLimitOrders"));
    }
    const pending = await database.db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.status, "pending_payment"), isNotNull(schema.orders.holderKey)));
    expect(pending).toHaveLength(HOLD_LIMITS.MAX_OPEN_ORDERS);

    // Real customers, each on a network of their own, book the rest of the size: every one of them gets it.
    const rest = UNITS - HOLD_LIMITS.MAX_OPEN_ORDERS;
    const customers = Array.from({ length: rest }, () => createVisitor(shop.url));
    const customerTotals = await Promise.all(customers.map((visitor) => fillBag(visitor, item.id)));
    const booked = await Promise.all(customers.map((visitor, i) => checkout(visitor, customerTotals[i])));
    expect(booked.map((a) => a.status)).toEqual(Array(rest).fill(302));

    // The size is now gone for the next one, and no unit is held twice.
    const late = createVisitor(shop.url);
    const lateTotal = await fillBag(late, item.id).catch(() => null);
    if (lateTotal) expect((await checkout(late, lateTotal)).status).toBe(409);
    const live = await database.db
      .select({ unitId: schema.reservations.unitId })
      .from(schema.reservations)
      .innerJoin(schema.units, eq(schema.units.id, schema.reservations.unitId))
      .where(and(eq(schema.units.itemId, item.id), inArray(schema.reservations.state, ["held", "confirmed"])));
    expect(live).toHaveLength(UNITS);
    expect(new Set(live.map((r) => r.unitId)).size).toBe(UNITS);
  });
});
