import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zonedInstant } from "../../app/domain/periods";
import { getAvailability } from "../../app/server/booking/availability.server";
import { expireDueOrders, expireOrder, sweepExpiredHolds } from "../../app/server/booking/expiry.server";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import { sqlState } from "../../app/server/db/retry.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import {
  createRentalItem,
  createSaleItem,
  createServiceItem,
  holdRequest,
  JANUARY_PERIOD,
  liveReservations,
  plainLine,
  rentalLine,
  shopIds,
} from "../helpers/booking";
import { createTestDatabase, testDbKind } from "../helpers/db";

let database: Database & { url?: string };
let shops: Record<string, number>;
let db: Database["db"];

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  db = database.db;
  await seedDemo(db);
  shops = await shopIds(db);
});
afterAll(async () => {
  await database?.close();
});

/** Moves an order's hold time into the past, as if the customer had left the payment page. */
async function letHoldRunOut(orderId: string) {
  const past = sql`now() - interval '1 minute'`;
  await db.update(schema.orders).set({ expiresAt: past }).where(eq(schema.orders.id, orderId));
  await db.execute(sql`
    update reservations set expires_at = now() - interval '1 minute'
    where state = 'held' and order_line_id in (select id from order_lines where order_id = ${orderId})`);
}

async function orderById(id: string) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
  return order;
}

async function reservationsOf(orderId: string) {
  return db
    .select({ state: schema.reservations.state, unitId: schema.reservations.unitId, expiresAt: schema.reservations.expiresAt })
    .from(schema.reservations)
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(eq(schema.orderLines.orderId, orderId));
}

async function stockOf(itemId: number) {
  const [row] = await db.select().from(schema.stock).where(eq(schema.stock.itemId, itemId));
  return row.quantity;
}

async function counts() {
  const [row] = await db
    .execute(sql`
    select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
           (select count(*) from reservations)::int as reservations, (select count(*) from coupon_redemptions)::int as redemptions,
           (select coalesce(sum(used_count), 0) from coupons)::int as uses, (select coalesce(sum(quantity), 0) from stock)::int as stock`)
    .then((r) => (r as unknown as { rows: Record<string, number>[] }).rows);
  return row;
}

async function createCoupon(code: string, options: Partial<typeof schema.coupons.$inferInsert> = {}) {
  const text = { en: code, de: code, it: code, nl: code, be: code, da: code };
  const [coupon] = await db
    .insert(schema.coupons)
    .values({ code, kind: "percent", value: 10, description: text, ...options })
    .returning();
  return coupon;
}

describe(`holds on ${testDbKind}`, () => {
  beforeEach(async () => {
    // Each test starts with no pending hold of an earlier one in the way.
    await db.execute(sql`update orders set expires_at = now() - interval '1 second' where status = 'pending_payment'`);
    await expireDueOrders(db, 10_000);
  });

  it("creates the order in pending_payment and holds one unit per rental line", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 3);
    const result = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(item.id, "anna-ski")], {
        persons: [{ firstName: "Anna", lastName: "Test", heightCm: 172, skill: "intermediate" }],
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const order = result.value;
    expect(order.number).toMatch(/^R-2026-\d{6}$/);
    expect(order.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = await orderById(order.id);
    expect(stored.status).toBe("pending_payment");
    expect(stored.totalCents).toBe(order.quote.totalCents);
    expect(stored.pickupAt.toISOString()).toBe(zonedInstant("2027-01-11", "09:00").toISOString());
    // 30 minutes by default, give or take the test's own run time.
    const minutes = (stored.expiresAt!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30.1);

    const held = await reservationsOf(order.id);
    expect(held).toHaveLength(1);
    expect(held[0].state).toBe("held");
    expect(held[0].expiresAt?.getTime()).toBe(stored.expiresAt?.getTime());
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    const [person] = await db.select().from(schema.orderPersons).where(eq(schema.orderPersons.orderId, order.id));
    expect(line).toMatchObject({ itemId: item.id, size: "170", kind: "rental", name: `Test ski ${item.slug}`, personId: person.id });
    expect(person).toMatchObject({ firstName: "Anna", lastName: "Test", position: 0 });

    const [entry] = await getAvailability({
      shopId: shops.ciaslin,
      appId: "winter",
      pickupAt: stored.pickupAt,
      returnAt: stored.returnAt,
      turnaroundMinutes: 60,
      itemIds: [item.id],
    });
    expect(entry.free).toBe(2);
  });

  it("writes nothing and names the line when one line cannot be held", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const socks = await createSaleItem(db, shops.ciaslin, 5);
    const coupon = await createCoupon("NOTHINGWRITTEN", { maxUses: 3 });
    const first = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(first.ok).toBe(true);

    const before = await counts();
    const second = await holdOrder(
      holdRequest(shops.ciaslin, [plainLine(socks.id, "socks", 2), rentalLine(ski.id, "the-ski")], { couponCode: coupon.code }),
    );
    expect(second).toEqual({
      ok: false,
      reason: "unavailable",
      line: { key: "the-ski", itemId: ski.id, name: `Test ski ${ski.slug}`, size: "170" },
    });
    // The socks were claimed before the ski failed: rolled back with everything else.
    expect(await counts()).toEqual(before);
    expect(await stockOf(socks.id)).toBe(5);
  });

  it("holds a bag of units in the order's own statement: each line its quantity, no unit twice, the line named when one falls short", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 4);
    const boots = await createRentalItem(db, shops.ciaslin, 3);
    const persons = [{ firstName: "Dora" }, { firstName: "Emil" }];
    const lines = [
      { ...rentalLine(ski.id, "dora-ski"), personIndex: 0 },
      { ...rentalLine(boots.id, "spare-boots", 2), personIndex: null },
      { ...rentalLine(ski.id, "emil-ski"), personIndex: 1 },
      { ...rentalLine(ski.id, "spare-ski", 2), personIndex: null },
    ];
    const previous = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(boots.id)]));
    const result = await holdOrder(holdRequest(shops.ciaslin, lines, { persons }));
    if (!result.ok || !previous.ok) throw new Error("hold failed");
    // One statement, not a second try line by line: that would have drawn a number for the statement rolled back.
    const sequence = (number: string) => Number(number.slice(-6));
    expect(sequence(result.value.number)).toBe(sequence(previous.value.number) + 1);
    const held = await db
      .select({ line: schema.orderLines.id, quantity: schema.orderLines.quantity, unit: schema.reservations.unitId })
      .from(schema.reservations)
      .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
      .where(eq(schema.orderLines.orderId, result.value.id));
    expect(held).toHaveLength(6);
    expect(new Set(held.map((r) => r.unit)).size).toBe(6);
    const perLine = new Map<number, number[]>();
    for (const r of held) perLine.set(r.line, [...(perLine.get(r.line) ?? []), r.quantity]);
    expect([...perLine.values()].map((rows) => rows.length === rows[0]).every(Boolean)).toBe(true);
    expect([...perLine.values()].map((rows) => rows.length).sort()).toEqual([1, 1, 2, 2]);

    // All four skis are taken now: a bag of a free helmet and a ski writes nothing and names the ski.
    const helmet = await createRentalItem(db, shops.ciaslin, 1);
    const before = await counts();
    const short = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(helmet.id, "helmet"), rentalLine(ski.id, "more-ski")]));
    expect(short).toMatchObject({ ok: false, reason: "unavailable", line: { key: "more-ski", itemId: ski.id } });
    expect(await counts()).toEqual(before);
  });

  it("holds the same unit for a period that does not overlap, buffer included", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    expect((await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]))).ok).toBe(true);
    const nextWeek = { ...JANUARY_PERIOD, pickupDate: "2027-01-14", returnDate: "2027-01-15" };
    expect((await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { period: nextWeek }))).ok).toBe(true);
    // The first rental comes back at 17:00 on the 13th and the unit needs 60 minutes: not bookable from 17:30.
    const overlapping = { pickupDate: "2027-01-13", returnDate: "2027-01-13", pickupTime: "17:30", returnTime: "18:00" };
    const third = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { period: overlapping }));
    expect(third.ok).toBe(false);
    expect(await liveReservations(db, ski.id)).toHaveLength(2);
  });

  it("writes every person and line in the bag's order, each line with its person", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 3);
    const socks = await createSaleItem(db, shops.ciaslin, 5);
    const persons = [{ firstName: "Anna" }, { firstName: "Ben", weightKg: 80, skill: "expert" as const }];
    const lines = [
      { ...rentalLine(ski.id, "ben-ski"), personIndex: 1 },
      plainLine(socks.id, "socks", 2),
      { ...rentalLine(ski.id, "anna-ski"), personIndex: 0 },
    ];
    const result = await holdOrder(holdRequest(shops.ciaslin, lines, { persons }));
    if (!result.ok) throw new Error(`hold failed: ${result.reason}`);
    const stored = await db
      .select({ kind: schema.orderLines.kind, quantity: schema.orderLines.quantity, person: schema.orderPersons.firstName })
      .from(schema.orderLines)
      .leftJoin(schema.orderPersons, eq(schema.orderPersons.id, schema.orderLines.personId))
      .where(eq(schema.orderLines.orderId, result.value.id))
      .orderBy(schema.orderLines.id);
    expect(stored).toEqual([
      { kind: "rental", quantity: 1, person: "Ben" },
      { kind: "sale", quantity: 2, person: null },
      { kind: "rental", quantity: 1, person: "Anna" },
    ]);
    const [ben] = await db.select().from(schema.orderPersons).where(eq(schema.orderPersons.firstName, "Ben"));
    expect(ben).toMatchObject({ position: 1, weightKg: 80, skill: "expert", orderId: result.value.id });
    expect(await reservationsOf(result.value.id)).toHaveLength(2);
  });

  it("takes a unit whose hold ran out before any sweep gave it back, and releases that hold", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const first = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!first.ok) throw new Error("hold failed");
    // Only the reservation has run out: the order is not due, so no sweep before the next hold touches it.
    await db.execute(sql`
      update reservations set expires_at = now() - interval '1 minute'
      where order_line_id in (select id from order_lines where order_id = ${first.value.id})`);
    const second = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect((await reservationsOf(first.value.id)).map((r) => r.state)).toEqual(["released"]);
    expect((await reservationsOf(second.value.id)).map((r) => r.state)).toEqual(["held"]);
    expect(await liveReservations(db, ski.id)).toHaveLength(1);
  });

  it("prefers units at the chosen branch and brings one from another branch when it has none left", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    await db.insert(schema.units).values({ itemId: ski.id, shopId: shops.runcadoz, size: "170", code: `${ski.slug}-ru` });
    const first = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    const second = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    const unitShop = async (orderId: string) => {
      const [r] = await reservationsOf(orderId);
      const [unit] = await db.select().from(schema.units).where(eq(schema.units.id, r.unitId));
      return unit.shopId;
    };
    expect(await unitShop(first.value.id)).toBe(shops.ciaslin);
    expect(await unitShop(second.value.id)).toBe(shops.runcadoz);
  });

  it("never brings a local item from another branch", async () => {
    const ski = await createRentalItem(db, shops.runcadoz, 2, { local: true });
    const result = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe("unavailable");
  });

  it("rejects a period the branch cannot serve, a bad line and an empty bag before writing anything", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const before = await counts();
    const sunday = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id)], { period: { ...JANUARY_PERIOD, pickupTime: "07:00" } }),
    );
    expect(sunday).toEqual({ ok: false, reason: "period", errors: ["period.pickupOutsideHours"] });
    const badSize = await holdOrder(holdRequest(shops.ciaslin, [{ ...rentalLine(ski.id), size: "999" }]));
    expect(badSize).toEqual({ ok: false, reason: "invalidLine", key: "l1" });
    const noPerson = await holdOrder(holdRequest(shops.ciaslin, [{ ...rentalLine(ski.id), personIndex: 3 }]));
    expect(noPerson).toEqual({ ok: false, reason: "invalidLine", key: "l1" });
    expect(await holdOrder(holdRequest(shops.ciaslin, []))).toEqual({ ok: false, reason: "emptyBag" });
    const summerAtWinterOnly = await holdOrder(holdRequest(shops["plan-da-sera"], [rentalLine(ski.id)], { appId: "summer" }));
    expect(summerAtWinterOnly).toEqual({ ok: false, reason: "shop" });
    expect(await counts()).toEqual(before);
  });

  it("refuses to charge a total other than the one the customer was shown", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const result = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { expectedTotalCents: 1 }));
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== "priceChanged") throw new Error("expected priceChanged");
    // 3 days = 78.00, minus the 10 % early-booking offer.
    expect(result.totalCents).toBe(7020);
    const exact = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { expectedTotalCents: 7020 }));
    expect(exact.ok).toBe(true);
  });

  it("expires holds lazily before a new allocation, giving back units, stock and the coupon use", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const socks = await createSaleItem(db, shops.ciaslin, 1);
    const coupon = await createCoupon("LAZYEXPIRY", { maxUses: 1 });
    const first = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks")], { couponCode: coupon.code }),
    );
    if (!first.ok) throw new Error(JSON.stringify(first));
    expect(await stockOf(socks.id)).toBe(0);
    const blocked = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id)], { invoice: { ...holdRequest(0, []).invoice, email: "b@example.com" } }),
    );
    expect(blocked.ok).toBe(false);

    await letHoldRunOut(first.value.id);
    const second = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks")], {
        couponCode: coupon.code,
        invoice: { ...holdRequest(0, []).invoice, email: "other@example.com" },
      }),
    );
    expect(second.ok).toBe(true);
    expect((await orderById(first.value.id)).status).toBe("expired");
    expect((await reservationsOf(first.value.id)).map((r) => r.state)).toEqual(["released"]);
    expect(await stockOf(socks.id)).toBe(0);
    const [after] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(after.usedCount).toBe(1);
    expect(await liveReservations(db, ski.id)).toHaveLength(1);
  });

  it("expires an order waiting for payment in one statement: units, stock and the coupon use come back, once", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const socks = await createSaleItem(db, shops.ciaslin, 1);
    const coupon = await createCoupon("GIVENBACK", { maxUses: 1 });
    const held = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks")], { couponCode: coupon.code }),
    );
    if (!held.ok) throw new Error(JSON.stringify(held));
    const usesOf = async () => (await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id)))[0].usedCount;
    expect([await stockOf(socks.id), await usesOf()]).toEqual([0, 1]);

    expect(await expireOrder(held.value.id, db)).toBe(true);
    const order = await orderById(held.value.id);
    expect(order.status).toBe("expired");
    expect(order.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await reservationsOf(held.value.id)).map((r) => r.state)).toEqual(["released"]);
    expect([await stockOf(socks.id), await usesOf()]).toEqual([1, 0]);
    // A second call, or one for a paid order, changes nothing.
    expect(await expireOrder(held.value.id, db)).toBe(false);
    expect([await stockOf(socks.id), await usesOf()]).toEqual([1, 0]);
    const paid = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!paid.ok) throw new Error(JSON.stringify(paid));
    await confirmOrder(paid.value.id, db);
    expect(await expireOrder(paid.value.id, db)).toBe(false);
    expect((await orderById(paid.value.id)).status).toBe("paid");
    expect(await liveReservations(db, ski.id)).toHaveLength(1);
  });

  it("gives back what ran out inside a checkout without a coupon, before it claims, and keeps it when the checkout fails", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const socks = await createSaleItem(db, shops.ciaslin, 1);
    const first = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks")]));
    if (!first.ok) throw new Error(JSON.stringify(first));
    await letHoldRunOut(first.value.id);
    // A checkout refused for another reason rolls its transaction back, the expiry with it: the sweep takes it.
    const other = await createRentalItem(db, shops.ciaslin, 0);
    expect((await holdOrder(holdRequest(shops.ciaslin, [rentalLine(other.id)]))).ok).toBe(false);
    expect((await orderById(first.value.id)).status).toBe("pending_payment");

    const second = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks")], {
        invoice: { ...holdRequest(0, []).invoice, email: "second@example.com" },
      }),
    );
    expect(second.ok).toBe(true);
    expect((await orderById(first.value.id)).status).toBe("expired");
    expect((await reservationsOf(first.value.id)).map((r) => r.state)).toEqual(["released"]);
    expect(await stockOf(socks.id)).toBe(0);
    expect(await liveReservations(db, ski.id)).toHaveLength(1);
  });

  it("sweeps due orders, and only one process sweeps at a time", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const a = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    const b = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!a.ok || !b.ok) throw new Error("holds failed");
    await letHoldRunOut(a.value.id);
    expect(await sweepExpiredHolds(db)).toBe(1);
    expect((await orderById(a.value.id)).status).toBe("expired");
    expect((await orderById(b.value.id)).status).toBe("pending_payment");
    expect(await sweepExpiredHolds(db)).toBe(0);

    if (database.url) {
      // Another process holding the sweep lock: this one skips its turn.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select pg_advisory_xact_lock($1, $2)", [0x52454e54, 0x484f4c44]);
        await letHoldRunOut(b.value.id);
        expect(await sweepExpiredHolds(db)).toBeNull();
        expect((await orderById(b.value.id)).status).toBe("pending_payment");
        await other.query("rollback");
        expect(await sweepExpiredHolds(db)).toBe(1);
      } finally {
        await other.end();
      }
    }
  });

  it("confirms held units with a conditional update, once", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!held.ok) throw new Error("hold failed");
    expect(await confirmOrder(held.value.id, db)).toEqual({ ok: true, value: { outcome: "paid", reallocated: false } });
    const order = await orderById(held.value.id);
    expect(order.status).toBe("paid");
    expect(order.paidAt).not.toBeNull();
    expect(order.expiresAt).toBeNull();
    expect(await reservationsOf(held.value.id)).toEqual([expect.objectContaining({ state: "confirmed", expiresAt: null })]);
    expect(await confirmOrder(held.value.id, db)).toEqual({ ok: true, value: { outcome: "alreadyPaid" } });
    expect(await confirmOrder("00000000-0000-4000-8000-000000000000", db)).toEqual({ ok: false, reason: "notFound" });
  });

  it("re-allocates when a payment arrives after the hold expired and a unit is still free", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const socks = await createSaleItem(db, shops.ciaslin, 3);
    const coupon = await createCoupon("LATEPAYMENT", { maxUses: 2 });
    const held = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks", 2)], { couponCode: coupon.code }),
    );
    if (!held.ok) throw new Error("hold failed");
    await letHoldRunOut(held.value.id);
    await sweepExpiredHolds(db);
    expect(await stockOf(socks.id)).toBe(3);

    expect(await confirmOrder(held.value.id, db)).toEqual({ ok: true, value: { outcome: "paid", reallocated: true } });
    expect((await orderById(held.value.id)).status).toBe("paid");
    expect(await stockOf(socks.id)).toBe(1);
    const states = (await reservationsOf(held.value.id)).map((r) => r.state).sort();
    expect(states).toEqual(["confirmed", "released"]);
    const [after] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(after.usedCount).toBe(1);
  });

  it("confirms a hold that ran out but was not yet taken by anyone", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!held.ok) throw new Error("hold failed");
    await letHoldRunOut(held.value.id);
    expect(await confirmOrder(held.value.id, db)).toEqual({ ok: true, value: { outcome: "paid", reallocated: false } });
    expect((await reservationsOf(held.value.id)).map((r) => r.state)).toEqual(["confirmed"]);
  });

  it("marks a late payment for refund when the unit went to someone else, and never double-books", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const late = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!late.ok) throw new Error("hold failed");
    await letHoldRunOut(late.value.id);
    const winner = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!winner.ok) throw new Error("second hold failed");

    const outcome = await confirmOrder(late.value.id, db);
    expect(outcome).toMatchObject({ ok: true, value: { outcome: "refund", reason: "unavailable", line: { itemId: ski.id, size: "170" } } });
    const order = await orderById(late.value.id);
    expect(order.status).toBe("cancelled");
    expect(order.note).toContain("refund due");
    expect(await liveReservations(db, ski.id)).toHaveLength(1);
    expect((await reservationsOf(winner.value.id))[0].state).toBe("held");
    // Paying the cancelled order again changes nothing.
    expect(await confirmOrder(late.value.id, db)).toEqual({ ok: true, value: { outcome: "refund", reason: "cancelled" } });
  });

  it("cancelling gives back units, stock and the coupon use, and says what to refund", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const socks = await createSaleItem(db, shops.ciaslin, 2);
    const coupon = await createCoupon("CANCELME", { maxUses: 10 });
    const held = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id), plainLine(socks.id, "socks")], { couponCode: coupon.code }),
    );
    if (!held.ok) throw new Error("hold failed");
    await confirmOrder(held.value.id, db);
    expect(await stockOf(socks.id)).toBe(1);

    expect(await cancelOrder(held.value.id, {}, db)).toEqual({ ok: true, value: { wasPaid: true, refundCents: held.value.totalCents } });
    const order = await orderById(held.value.id);
    expect(order.status).toBe("cancelled");
    expect(order.cancelledAt).not.toBeNull();
    expect(await liveReservations(db, ski.id)).toHaveLength(0);
    expect(await stockOf(socks.id)).toBe(2);
    const [after] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(after.usedCount).toBe(0);
    expect(await cancelOrder(held.value.id, {}, db)).toEqual({ ok: false, reason: "alreadyCancelled" });

    const next = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(next.ok).toBe(true);
    if (!next.ok) return;
    await db.update(schema.orders).set({ status: "picked_up" }).where(eq(schema.orders.id, next.value.id));
    expect(await cancelOrder(next.value.id, {}, db)).toEqual({ ok: false, reason: "notCancellable" });
  });

  it("never sells stock below zero", async () => {
    const socks = await createSaleItem(db, shops.ciaslin, 2);
    const tooMany = await holdOrder(holdRequest(shops.ciaslin, [plainLine(socks.id, "socks", 3)]));
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany).toMatchObject({ reason: "unavailable", line: { key: "socks" } });
    expect((await holdOrder(holdRequest(shops.ciaslin, [plainLine(socks.id, "socks", 2)]))).ok).toBe(true);
    expect(await stockOf(socks.id)).toBe(0);
    // The CHECK constraint is the last word, whoever writes.
    const error = await db
      .update(schema.stock)
      .set({ quantity: sql`quantity - 1` })
      .where(eq(schema.stock.itemId, socks.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlState(error)).toBe("23514");
  });

  it("books a service up to the branch's capacity for the day", async () => {
    const wax = await createServiceItem(db, shops.ciaslin, 2);
    const request = () => holdRequest(shops.ciaslin, [plainLine(wax.id, "wax")]);
    const first = await holdOrder(request());
    expect(first.ok).toBe(true);
    expect((await holdOrder(request())).ok).toBe(true);
    const third = await holdOrder(request());
    expect(third.ok).toBe(false);
    const availability = () =>
      getAvailability({
        shopId: shops.ciaslin,
        appId: "winter",
        pickupAt: zonedInstant("2027-01-11", "09:00"),
        returnAt: zonedInstant("2027-01-13", "17:00"),
        turnaroundMinutes: 60,
        itemIds: [wax.id],
      });
    expect((await availability())[0]).toMatchObject({ kind: "service", free: 0, state: "not available" });
    // Another day has its own capacity.
    const tuesday = { ...JANUARY_PERIOD, pickupDate: "2027-01-12" };
    expect((await holdOrder(holdRequest(shops.ciaslin, [plainLine(wax.id, "wax")], { period: tuesday }))).ok).toBe(true);
    if (first.ok) await cancelOrder(first.value.id, {}, db);
    expect((await availability())[0].free).toBe(1);
    expect((await holdOrder(request())).ok).toBe(true);
  });

  it("holds depot lockers as units", async () => {
    const [locker] = await db.select().from(schema.items).where(eq(schema.items.slug, "depot-locker-day"));
    const query = () =>
      getAvailability({
        shopId: shops.ciaslin,
        appId: "winter",
        pickupAt: zonedInstant("2027-01-11", "09:00"),
        returnAt: zonedInstant("2027-01-13", "17:00"),
        turnaroundMinutes: 60,
        itemIds: [locker.id],
      });
    const before = (await query())[0].free;
    const held = await holdOrder(holdRequest(shops.ciaslin, [{ ...plainLine(locker.id, "locker") }]));
    expect(held.ok).toBe(true);
    expect((await query())[0].free).toBe(before - 1);
  });

  it("limits a coupon to its uses per customer, whatever the case of the e-mail", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 5);
    const coupon = await createCoupon("ONCEEACH", { maxUsesPerCustomer: 1 });
    const invoice = (email: string) => ({ ...holdRequest(0, []).invoice, email });
    const first = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id)], { couponCode: "onceeach", invoice: invoice("Eva@Example.com") }),
    );
    expect(first.ok).toBe(true);
    const again = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id)], { couponCode: coupon.code, invoice: invoice("eva@example.com") }),
    );
    expect(again).toEqual({ ok: false, reason: "coupon", code: "coupon.usedUp" });
    const someoneElse = await holdOrder(
      holdRequest(shops.ciaslin, [rentalLine(ski.id)], { couponCode: coupon.code, invoice: invoice("max@example.com") }),
    );
    expect(someoneElse.ok).toBe(true);
    const unknown = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { couponCode: "NOSUCHCODE" }));
    expect(unknown).toEqual({ ok: false, reason: "coupon", code: "coupon.unknown" });
    const redemptions = await db
      .select()
      .from(schema.couponRedemptions)
      .where(inArray(schema.couponRedemptions.couponId, [coupon.id]));
    expect(redemptions.map((r) => r.email).sort()).toEqual(["eva@example.com", "max@example.com"]);
  });

  it("holds an order below a coupon's minimum without the coupon, rather than refusing it", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const coupon = await createCoupon("NOTYETENOUGH", { kind: "fixed", value: 2500, minOrderCents: 10_000_000, maxUses: 5 });
    const before = await counts();
    const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { couponCode: "notyetenough" }));
    expect(held.ok).toBe(true);
    if (!held.ok) return;
    expect(held.value.quote.coupon).toMatchObject({ code: "NOTYETENOUGH", applied: false, reason: "coupon.minOrder" });
    expect(held.value.quote.discounts.filter((d) => d.kind === "coupon")).toEqual([]);
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, held.value.id));
    expect(order).toMatchObject({ couponId: null, totalCents: held.value.quote.totalCents });
    // No use of the coupon is taken by an order it does not apply to.
    const after = await counts();
    expect(after.redemptions).toBe(before.redemptions);
    expect(after.uses).toBe(before.uses);
    const [unchanged] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(unchanged.usedCount).toBe(0);
  });
});
