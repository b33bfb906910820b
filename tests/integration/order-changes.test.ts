/**
 * Changing a booked order (decision 028): the rental core (changeOrder, confirmOrderChange) on a fresh
 * database, its payments through the demo provider, and the customer's change page over real HTTP. On
 * PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeRequest } from "../../app/domain/order-change";
import { changeOrder, confirmOrderChange } from "../../app/server/booking/changes.server";
import { confirmOrder, expireDueOrders, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { applyPaymentEvent, refundPart, startChangePayment } from "../../app/server/payments/payments.server";
import { createRentalItem, createSaleItem, holdRequest, JANUARY_PERIOD, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let ciaslin: number;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  ciaslin = (await shopIds(db)).ciaslin;
});
afterAll(async () => {
  await shop?.close();
});

const name = (text: string) => ({ en: text, de: text, it: text, nl: text, be: text, da: text });

/** A winter rental item in sizes 160 and 170, with `units` units of each at Ciaslin. */
async function twoSizeItem(units: number) {
  const slug = `test-boot-${randomUUID().slice(0, 8)}`;
  const [item] = await db
    .insert(schema.items)
    .values({
      slug,
      appId: "winter",
      categoryId: "ski-snowboard",
      kind: "rental",
      name: name(`Test ski ${slug}`),
      description: name("A ski for tests"),
      sizes: ["160", "170"],
      sizing: "ski",
    })
    .returning();
  await db.insert(schema.priceTables).values({ itemId: item.id, dayPrices: [3000, 5500, 7800, 9800], extraDayCents: 2000 });
  for (const size of ["160", "170"])
    await db
      .insert(schema.units)
      .values(Array.from({ length: units }, (_, n) => ({ itemId: item.id, shopId: ciaslin, size, code: `${slug}-${size}-${n + 1}` })));
  return item;
}

/** A paid order (through the demo provider's record) of these lines for Anna, as a booking would leave it. */
async function paidOrder(
  lines: { itemId: number; size: string | null; quantity?: number; person?: number | null }[],
  period: typeof JANUARY_PERIOD = JANUARY_PERIOD,
) {
  const held = await holdOrder(
    holdRequest(
      ciaslin,
      lines.map((l, i) => ({
        key: `l${i}`,
        itemId: l.itemId,
        size: l.size,
        quantity: l.quantity ?? 1,
        personIndex: l.person === undefined ? 0 : l.person,
      })),
      { period },
    ),
  );
  if (!held.ok) throw new Error(`hold failed: ${JSON.stringify(held.failure)}`);
  await db.insert(schema.payments).values({
    orderId: held.order.id,
    provider: "demo",
    ref: `demo_${randomUUID()}`,
    status: "succeeded",
    amountCents: held.order.totalCents,
  });
  expect((await confirmOrder(held.order.id)).outcome).toBe("paid");
  return held.order;
}

const orderOf = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const linesOf = (id: string) => db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, id)).orderBy(schema.orderLines.id);
const personsOf = (id: string) =>
  db.select().from(schema.orderPersons).where(eq(schema.orderPersons.orderId, id)).orderBy(schema.orderPersons.position);
/** The live reservations of an order's lines, with their unit and range. */
const bookedUnits = (id: string) =>
  db
    .select({
      unitId: schema.reservations.unitId,
      period: schema.reservations.period,
      state: schema.reservations.state,
      itemId: schema.orderLines.itemId,
    })
    .from(schema.reservations)
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(and(eq(schema.orderLines.orderId, id), inArray(schema.reservations.state, ["held", "confirmed"])));

/** The request that leaves an order as it is: its period, Anna, and its lines. */
async function unchanged(orderId: string, period = JANUARY_PERIOD): Promise<ChangeRequest> {
  const persons = await personsOf(orderId);
  const lines = await linesOf(orderId);
  return {
    ...period,
    persons: persons.map((p) => ({ ref: p.id, firstName: p.firstName })),
    lines: lines.map((l) => ({
      personIndex: l.personId === null ? null : persons.findIndex((p) => p.id === l.personId),
      itemId: l.itemId,
      size: l.size,
      quantity: l.quantity,
    })),
  };
}

async function counts() {
  const result = (await db.execute(sql`
    select (select count(*) from order_lines)::int as lines, (select count(*) from order_persons)::int as persons,
           (select count(*) from reservations where state in ('held', 'confirmed'))::int as live,
           (select count(*) from order_changes)::int as changes, (select count(*) from payments)::int as payments,
           (select coalesce(sum(refunded_cents), 0) from payments)::int as refunded`)) as unknown as { rows: Record<string, number>[] };
  return result.rows[0];
}

/** A verified provider event for a change's checkout, as the demo provider's page sends it. */
async function payChange(changeId: number) {
  const { redirectUrl } = await startChangePayment({ changeId, origin: shop.url });
  expect(redirectUrl).toContain("/pay/demo/");
  const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderChangeId, changeId));
  const event = {
    provider: "demo" as const,
    id: `evt_demo_${randomUUID()}`,
    type: "succeeded" as const,
    ref: payment.ref,
    orderId: payment.orderId,
    amountCents: payment.amountCents,
    currency: "EUR",
    paymentRef: null,
    method: "card",
    createdAt: new Date(),
  };
  return { payment, event };
}

describe(`changing an order on ${testDbKind}`, () => {
  it("changes a size: the unit of the other size is booked, the old one given back, at the same price", async () => {
    const item = await twoSizeItem(1);
    const order = await paidOrder([{ itemId: item.id, size: "170" }]);
    const request = await unchanged(order.id);
    request.lines[0].size = "160";
    const changed = await changeOrder(order.id, request, { by: "customer" });
    expect(changed.ok && changed.change).toMatchObject({ status: "applied", differenceCents: 0 });
    const [line] = await linesOf(order.id);
    expect(line.size).toBe("160");
    const units = await bookedUnits(order.id);
    expect(units).toHaveLength(1);
    const [unit] = await db.select().from(schema.units).where(eq(schema.units.id, units[0].unitId));
    expect(unit.size).toBe("160");
    expect(units[0].state).toBe("confirmed");
    // Anna keeps her measures.
    expect((await personsOf(order.id))[0]).toMatchObject({ firstName: "Anna", heightCm: 172, shoeSize: 39 });
    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "order"), eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "change")));
    expect(JSON.stringify(audit.after)).toContain("(160)");
    const [event] = await db.select().from(schema.orderChanges).where(eq(schema.orderChanges.orderId, order.id));
    expect(event).toMatchObject({ status: "applied", by: "customer", differenceCents: 0 });
  });

  it("changes the dates by staff: the same unit is kept when it is free, priced for the new days", async () => {
    const item = await createRentalItem(db, ciaslin, 1);
    const order = await paidOrder([{ itemId: item.id, size: "170" }]);
    const [before] = await bookedUnits(order.id);
    const request = { ...(await unchanged(order.id)), returnDate: "2027-01-14" };
    const changed = await changeOrder(order.id, request, { by: "staff" });
    expect(changed.ok && changed.change.status).toBe("applied");
    const after = await orderOf(order.id);
    expect(after.returnAt.toISOString()).toBe("2027-01-14T16:00:00.000Z");
    // Four days instead of three: 78 € → 98 €... priced by the item's table with the order's discounts.
    expect(after.totalCents).toBeGreaterThan(order.totalCents);
    const [unit] = await bookedUnits(order.id);
    expect(unit.unitId).toBe(before.unitId);
    expect(unit.period).toContain("2027-01-14");
  });

  it("adds a person with their own equipment, and removes an item", async () => {
    const item = await twoSizeItem(2);
    const socks = await createSaleItem(db, ciaslin, 5);
    const order = await paidOrder([
      { itemId: item.id, size: "170" },
      { itemId: socks.id, size: null, quantity: 2, person: null },
    ]);
    const request = await unchanged(order.id);
    request.persons.push({ ref: null, firstName: "Ben" });
    request.lines = [request.lines[0], { personIndex: 1, itemId: item.id, size: "160", quantity: 1 }];
    const changed = await changeOrder(order.id, request, { by: "staff" });
    expect(changed.ok).toBe(true);
    expect((await personsOf(order.id)).map((p) => p.firstName)).toEqual(["Anna", "Ben"]);
    const lines = await linesOf(order.id);
    expect(lines.map((l) => [l.itemId, l.size])).toEqual([
      [item.id, "170"],
      [item.id, "160"],
    ]);
    expect(await bookedUnits(order.id)).toHaveLength(2);
    // The socks went back into stock.
    const [stock] = await db.select().from(schema.stock).where(eq(schema.stock.itemId, socks.id));
    expect(stock.quantity).toBe(5);
  });

  it("refuses a change that would take the last unit another order holds, names it, and writes nothing", async () => {
    const item = await createRentalItem(db, ciaslin, 1);
    const other = await holdOrder(holdRequest(ciaslin, [{ key: "x", itemId: item.id, size: "170", quantity: 1, personIndex: 0 }]));
    expect(other.ok).toBe(true);
    const mine = await twoSizeItem(1);
    const order = await paidOrder([{ itemId: mine.id, size: "170" }]);
    const before = await counts();
    const request = await unchanged(order.id);
    request.lines.push({ personIndex: 0, itemId: item.id, size: "170", quantity: 1 });
    for (const by of ["staff", "customer"] as const) {
      const refused = await changeOrder(order.id, request, { by });
      expect(refused).toMatchObject({ ok: false, failure: { reason: "unavailable", line: { itemId: item.id, size: "170" } } });
    }
    expect(await counts()).toEqual(before);
    expect((await orderOf(order.id)).totalCents).toBe(order.totalCents);
  });

  it("a dearer change by the customer waits for the difference: held, then applied on payment", async () => {
    const item = await createRentalItem(db, ciaslin, 1);
    const order = await paidOrder([{ itemId: item.id, size: "170" }]);
    const [kept] = await bookedUnits(order.id);
    // One day more, with the only unit of the item: the order keeps it, held for the extra day alone.
    const request = { ...(await unchanged(order.id)), returnDate: "2027-01-14" };
    const changed = await changeOrder(order.id, request, { by: "customer" });
    if (!changed.ok) throw new Error(JSON.stringify(changed.failure));
    expect(changed.change.status).toBe("pending");
    expect(changed.change.differenceCents).toBeGreaterThan(0);
    // Until it is paid the order is as it was, and the extra day is held for the change.
    expect((await orderOf(order.id)).returnAt.toISOString()).toBe("2027-01-13T16:00:00.000Z");
    const held = await db
      .select()
      .from(schema.reservations)
      .where(and(eq(schema.reservations.orderChangeId, changed.change.id), eq(schema.reservations.state, "held")));
    expect(held).toHaveLength(1);
    expect(held[0].unitId).toBe(kept.unitId);
    expect(held[0].expiresAt).not.toBeNull();

    const { payment, event } = await payChange(changed.change.id);
    expect(payment.amountCents).toBe(changed.change.differenceCents);
    expect(await applyPaymentEvent(event)).toBe("paid");
    const after = await orderOf(order.id);
    expect(after.status).toBe("paid");
    expect(after.totalCents).toBe(order.totalCents + changed.change.differenceCents);
    expect(after.returnAt.toISOString()).toBe("2027-01-14T16:00:00.000Z");
    const units = await bookedUnits(order.id);
    expect(units).toEqual([expect.objectContaining({ unitId: kept.unitId, state: "confirmed" })]);
    expect(
      await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.orderChangeId, changed.change.id), eq(schema.reservations.state, "held"))),
    ).toEqual([]);
    // A second delivery of a success changes nothing.
    expect(await applyPaymentEvent({ ...event, id: `evt_demo_${randomUUID()}` })).toBe("alreadyPaid");
    expect(await confirmOrderChange(changed.change.id)).toBe("alreadyApplied");
  });

  it("a cheaper change is applied at once and the difference refunded through the provider", async () => {
    const item = await twoSizeItem(1);
    const socks = await createSaleItem(db, ciaslin, 5);
    const order = await paidOrder([
      { itemId: item.id, size: "170" },
      { itemId: socks.id, size: null, quantity: 2, person: null },
    ]);
    const request = await unchanged(order.id);
    request.lines = [request.lines[0]];
    const changed = await changeOrder(order.id, request, { by: "customer" });
    if (!changed.ok) throw new Error(JSON.stringify(changed.failure));
    expect(changed.change).toMatchObject({ status: "applied" });
    expect(changed.change.differenceCents).toBeLessThan(0);
    // The route's server function refunds; here through the same call.
    expect(await refundPart(order.id, -changed.change.differenceCents)).toBe(-changed.change.differenceCents);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "succeeded", refundedCents: -changed.change.differenceCents });
    expect((await orderOf(order.id)).totalCents).toBe(order.totalCents + changed.change.differenceCents);
  });

  it("refuses the customer outside the cancellation policy, and lets staff change the same order", async () => {
    const item = await twoSizeItem(1);
    const december = { ...JANUARY_PERIOD, pickupDate: "2026-12-14", returnDate: "2026-12-16" };
    const order = await paidOrder([{ itemId: item.id, size: "170" }], december);
    const request = await unchanged(order.id, december);
    request.lines[0].size = "160";
    // Free cancellation ends 30 days before pickup: for a pickup in mid-December, that has passed.
    await db
      .insert(schema.settings)
      .values({ key: "cancellationFreeHours", value: 720 })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value: 720 } });
    try {
      const before = await counts();
      const refused = await changeOrder(order.id, request, { by: "customer" });
      expect(refused).toEqual({ ok: false, failure: { reason: "notAllowed", message: "order.change.tooLate" } });
      expect(await counts()).toEqual(before);
      const allowed = await changeOrder(order.id, request, { by: "staff" });
      expect(allowed.ok && allowed.change.status).toBe("applied");
      expect((await linesOf(order.id))[0].size).toBe("160");
    } finally {
      await db.delete(schema.settings).where(eq(schema.settings.key, "cancellationFreeHours"));
    }
  });

  it("a change whose payment never came gives its hold back when it runs out", async () => {
    const item = await createRentalItem(db, ciaslin, 2);
    const order = await paidOrder([{ itemId: item.id, size: "170" }]);
    const request = await unchanged(order.id);
    request.lines[0].quantity = 2;
    request.lines[0].personIndex = null;
    const changed = await changeOrder(order.id, request, { by: "customer" });
    if (!changed.ok) throw new Error(JSON.stringify(changed.failure));
    expect(changed.change.status).toBe("pending");
    await db.execute(sql`update order_changes set expires_at = now() - interval '1 minute' where id = ${changed.change.id}`);
    await db.execute(sql`update reservations set expires_at = now() - interval '1 minute' where order_change_id = ${changed.change.id}`);
    await expireDueOrders(db);
    const [change] = await db.select().from(schema.orderChanges).where(eq(schema.orderChanges.id, changed.change.id));
    expect(change.status).toBe("expired");
    expect(
      await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.orderChangeId, changed.change.id), inArray(schema.reservations.state, ["held", "confirmed"]))),
    ).toEqual([]);
    expect(await linesOf(order.id)).toHaveLength(1);
  });
});
