/**
 * Changing a booked order (decision 028): the rental core (changeOrder, confirmOrderChange) on a fresh
 * database, its payments through the demo provider, and the customer's change page over real HTTP. On
 * PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeRequest } from "../../app/domain/order-change";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import { changeOrder, confirmOrderChange, previewChange } from "../../app/server/booking/changes.server";
import { expireDueOrders } from "../../app/server/booking/expiry.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { signDemoWebhook } from "../../app/server/payments/demo.server";
import { applyPaymentEvent, refundPart, startChangePayment } from "../../app/server/payments/payments.server";
import { createRentalItem, createSaleItem, holdRequest, JANUARY_PERIOD, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText } from "../helpers/visitor";

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
  language: "en" | "de" | "da" = "en",
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
      { period, language },
    ),
  );
  if (!held.ok) throw new Error(`hold failed: ${JSON.stringify(held)}`);
  await db.insert(schema.payments).values({
    orderId: held.value.id,
    provider: "demo",
    ref: `demo_${randomUUID()}`,
    status: "succeeded",
    amountCents: held.value.totalCents,
  });
  expect(await confirmOrder(held.value.id)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  return held.value;
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
    expect(changed.ok && changed.value).toMatchObject({ status: "applied", differenceCents: 0 });
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
    expect(changed.ok && changed.value.status).toBe("applied");
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
      expect(refused).toMatchObject({ ok: false, reason: "unavailable", line: { itemId: item.id, size: "170" } });
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
    if (!changed.ok) throw new Error(JSON.stringify(changed));
    expect(changed.value.status).toBe("pending");
    expect(changed.value.differenceCents).toBeGreaterThan(0);
    // Until it is paid the order is as it was, and the extra day is held for the change.
    expect((await orderOf(order.id)).returnAt.toISOString()).toBe("2027-01-13T16:00:00.000Z");
    const held = await db
      .select()
      .from(schema.reservations)
      .where(and(eq(schema.reservations.orderChangeId, changed.value.id), eq(schema.reservations.state, "held")));
    expect(held).toHaveLength(1);
    expect(held[0].unitId).toBe(kept.unitId);
    expect(held[0].expiresAt).not.toBeNull();

    const { payment, event } = await payChange(changed.value.id);
    expect(payment.amountCents).toBe(changed.value.differenceCents);
    expect(await applyPaymentEvent(event)).toBe("paid");
    const after = await orderOf(order.id);
    expect(after.status).toBe("paid");
    expect(after.totalCents).toBe(order.totalCents + changed.value.differenceCents);
    expect(after.returnAt.toISOString()).toBe("2027-01-14T16:00:00.000Z");
    const units = await bookedUnits(order.id);
    expect(units).toEqual([expect.objectContaining({ unitId: kept.unitId, state: "confirmed" })]);
    expect(
      await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.orderChangeId, changed.value.id), eq(schema.reservations.state, "held"))),
    ).toEqual([]);
    // A second delivery of a success changes nothing.
    expect(await applyPaymentEvent({ ...event, id: `evt_demo_${randomUUID()}` })).toBe("alreadyPaid");
    expect(await confirmOrderChange(changed.value.id)).toBe("alreadyApplied");
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
    if (!changed.ok) throw new Error(JSON.stringify(changed));
    expect(changed.value).toMatchObject({ status: "applied" });
    expect(changed.value.differenceCents).toBeLessThan(0);
    // The route's server function refunds; here through the same call.
    expect(await refundPart(order.id, -changed.value.differenceCents)).toEqual({
      refundedCents: -changed.value.differenceCents,
      atCounter: false,
    });
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "succeeded", refundedCents: -changed.value.differenceCents });
    expect((await orderOf(order.id)).totalCents).toBe(order.totalCents + changed.value.differenceCents);
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
      expect(refused).toEqual({ ok: false, reason: "notAllowed", message: "order.change.tooLate" });
      expect(await counts()).toEqual(before);
      const allowed = await changeOrder(order.id, request, { by: "staff" });
      expect(allowed.ok && allowed.value.status).toBe("applied");
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
    if (!changed.ok) throw new Error(JSON.stringify(changed));
    expect(changed.value.status).toBe("pending");
    await db.execute(sql`update order_changes set expires_at = now() - interval '1 minute' where id = ${changed.value.id}`);
    await db.execute(sql`update reservations set expires_at = now() - interval '1 minute' where order_change_id = ${changed.value.id}`);
    await expireDueOrders(db);
    const [change] = await db.select().from(schema.orderChanges).where(eq(schema.orderChanges.id, changed.value.id));
    expect(change.status).toBe("expired");
    expect(
      await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.orderChangeId, changed.value.id), inArray(schema.reservations.state, ["held", "confirmed"]))),
    ).toEqual([]);
    expect(await linesOf(order.id)).toHaveLength(1);
  });
});

/** The change form as the page posts it, for the order as it is. */
async function formOf(orderId: string): Promise<Record<string, string>> {
  const persons = await personsOf(orderId);
  const lines = await linesOf(orderId);
  const fields: Record<string, string> = { ...JANUARY_PERIOD };
  persons.forEach((p, i) => {
    fields[`persons.${i}.ref`] = String(p.id);
    fields[`persons.${i}.firstName`] = p.firstName;
  });
  lines.forEach((l, i) => {
    fields[`lines.${i}.itemId`] = String(l.itemId);
    fields[`lines.${i}.size`] = l.size ?? "";
    fields[`lines.${i}.quantity`] = String(l.quantity);
    fields[`lines.${i}.person`] = l.personId === null ? "" : String(persons.findIndex((p) => p.id === l.personId));
  });
  return fields;
}

const changeMails = (orderId: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.orderId, orderId), sql`${schema.emailOutbox.kind} like 'change-%'`));

describe(`the change pages over HTTP on ${testDbKind}`, () => {
  it("a customer changes a size from the order page without JavaScript, in German: price, confirm, one e-mail", async () => {
    const item = await twoSizeItem(1);
    const order = await paidOrder([{ itemId: item.id, size: "170" }], JANUARY_PERIOD, "de");
    const visitor = createVisitor(shop.url);
    const orderPage = await pageText(await visitor.get(`/de/order/${order.token}`));
    expect(orderPage).toContain(de.order.change.open);
    const page = await visitor.get(`/de/order/${order.token}/change`);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain(de.order.change.lead);

    const fields = { ...(await formOf(order.id)), "lines.0.size": "160" };
    // Bad input comes back with what was typed and a message beside the field, and changes nothing.
    const bad = await visitor.post(`/de/order/${order.token}/change`, { ...fields, "persons.0.firstName": " ", intent: "review" });
    expect(bad.status).toBe(400);
    const badText = await pageText(bad);
    expect(badText).toContain(de.booking.errors.firstName);
    const review = await visitor.post(`/de/order/${order.token}/change`, { ...fields, intent: "review" });
    expect(review.status).toBe(200);
    const reviewText = await pageText(review);
    expect(reviewText).toContain(de.order.change.samePrice);
    expect((await linesOf(order.id))[0].size).toBe("170");

    const done = await visitor.post(`/de/order/${order.token}/change`, { ...fields, intent: "confirm", expectedTotal: order.totalCents });
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe(`/de/order/${order.token}?changed=1`);
    expect(await pageText(await visitor.follow(done))).toContain(de.order.change.done);
    expect((await linesOf(order.id))[0].size).toBe("160");
    const mails = await changeMails(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].language).toBe("de");
    expect(mails[0].subject).toBe(de.mail.change.subject.replace("{{number}}", order.number));
    expect(mails[0].text).toContain("(Größe 160)");
  });

  it("a dearer change in Danish is paid on the demo provider's page, applied, and mailed once however often the event comes", async () => {
    const item = await twoSizeItem(2);
    const order = await paidOrder([{ itemId: item.id, size: "170" }], JANUARY_PERIOD, "da");
    const visitor = createVisitor(shop.url);
    const base = await formOf(order.id);
    // Another piece of the item for everyone, added with the add button (a round trip: nothing is saved).
    const added = await visitor.post(`/da/order/${order.token}/change`, {
      ...base,
      "add.line": `${item.id}|160`,
      "add.person": "",
      intent: "add",
    });
    expect(added.status).toBe(200);
    expect((await linesOf(order.id)).length).toBe(1);
    const fields = { ...base, "lines.1.itemId": String(item.id), "lines.1.size": "160", "lines.1.quantity": "1", "lines.1.person": "" };
    const review = await visitor.post(`/da/order/${order.token}/change`, { ...fields, intent: "review" });
    expect(await pageText(review)).toContain(da.order.change.toPay);
    const before = await counts();
    const stale = await visitor.post(`/da/order/${order.token}/change`, { ...fields, intent: "confirm", expectedTotal: order.totalCents });
    expect(stale.status).toBe(409);
    expect(await pageText(stale)).toContain(da.order.change.priceChanged);
    expect(await counts()).toEqual(before);

    const preview = await previewChange(
      order.id,
      {
        ...JANUARY_PERIOD,
        persons: [{ ref: (await personsOf(order.id))[0].id, firstName: "Anna" }],
        lines: [
          { personIndex: 0, itemId: item.id, size: "170", quantity: 1 },
          { personIndex: null, itemId: item.id, size: "160", quantity: 1 },
        ],
      },
      "customer",
    );
    if (!preview.ok) throw new Error("no preview");
    const toProvider = await visitor.post(`/da/order/${order.token}/change`, {
      ...fields,
      intent: "confirm",
      expectedTotal: preview.value.newTotalCents,
    });
    expect(toProvider.status).toBe(302);
    const pay = new URL(toProvider.headers.get("location") as string, shop.url);
    expect(pay.pathname).toMatch(/^\/da\/pay\/demo\/demo_/);
    expect(await linesOf(order.id)).toHaveLength(1);
    expect((await visitor.get(pay.pathname + pay.search)).status).toBe(200);
    const paid = await visitor.post(pay.pathname, { c: pay.searchParams.get("c") as string, method: "card", outcome: "paid" });
    expect(paid.status).toBe(302);
    expect(locationOf(paid)).toBe(`/da/order/${order.token}?changed=1`);
    expect(await pageText(await visitor.follow(paid))).toContain(da.order.change.done);
    expect(await linesOf(order.id)).toHaveLength(2);
    expect((await orderOf(order.id)).totalCents).toBe(preview.value.newTotalCents);

    // The provider delivers a success for the same checkout again: nothing more happens, no second e-mail.
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(isNotNull(schema.payments.orderChangeId))
      .orderBy(sql`${schema.payments.id} desc`)
      .limit(1);
    const body = JSON.stringify({
      id: `evt_demo_${randomUUID()}`,
      type: "succeeded",
      ref: payment.ref,
      orderId: order.id,
      amountCents: payment.amountCents,
      currency: "EUR",
      method: "card",
      created: Math.floor(Date.now() / 1000),
    });
    const again = await shop.request("/webhooks/demo", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "demo-signature": signDemoWebhook(body) },
    });
    expect(await again.json()).toMatchObject({ result: "alreadyPaid" });
    const mails = await changeMails(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(da.mail.change.subject.replace("{{number}}", order.number));
  });

  it("a clerk adds an item at the counter and takes the difference by card terminal", async () => {
    const item = await twoSizeItem(2);
    const order = await paidOrder([{ itemId: item.id, size: "170" }]);
    const cookie = await shop.login();
    const fields = {
      ...(await formOf(order.id)),
      "lines.1.itemId": String(item.id),
      "lines.1.size": "160",
      "lines.1.quantity": "1",
      "lines.1.person": "",
    };
    const post = (extra: Record<string, string>) =>
      shop.request(`/admin/order/${order.id}/change`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, ...extra }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
    const review = await post({ intent: "review" });
    expect(review.status).toBe(200);
    const total = Number((await review.text()).match(/name="expectedTotal" value="(\d+)"/)?.[1]);
    expect(total).toBeGreaterThan(order.totalCents);
    const done = await post({ intent: "confirm", expectedTotal: String(total), method: "card" });
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe(`/admin/order/${order.id}?done=change`);
    expect(await linesOf(order.id)).toHaveLength(2);
    const counter = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.orderId, order.id), eq(schema.payments.provider, "counter")));
    expect(counter).toEqual([expect.objectContaining({ method: "card", status: "succeeded", amountCents: total - order.totalCents })]);
  });
});
