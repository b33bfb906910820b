/**
 * Deposits with the built-in demo provider, over real HTTP (decision 045): authorised when the rental is
 * paid if the authorisation holds past the return, else at the hand-out; released or partly kept with a
 * reason at the return; a lapse (the provider's event, or simply its end passing) handled and shown; a
 * deposit taken at the counter; another branch's clerk kept out; a cancellation gives it back.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHORISATION_DAYS } from "../../app/domain/counter/deposits";
import { formatMoney } from "../../app/domain/format";
import en from "../../app/i18n/lang/en.json";
import { holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { signDemoWebhook } from "../../app/server/payments/demo.server";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { paidOrder } from "../helpers/orders";
import { locationOf, pageText } from "../helpers/visitor";

const DAY = 86_400_000;

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let admin: string;
let runcadozStaff: string;
let bikeId: number;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
  runcadozStaff = await signedIn(shop, "clerk.runcadoz@test.example", "staff", { branches: [branches.runcadoz] });
  const item = await createRentalItem(db, branches.ciaslin, 30);
  await db.update(schema.items).set({ depositCents: 15000 }).where(eq(schema.items.id, item.id));
  bikeId = item.id;
});
afterAll(async () => {
  await shop?.close();
});

const post = (cookie: string, path: string, fields: Record<string, string>) => shop.post(path, fields, cookie);
/** An order of one deposit item made at the counter, paid there. */
const counterPaid = () =>
  paidOrder(db, holdRequest(branches.ciaslin, [rentalLine(bikeId)], { source: "counter" }), { provider: "counter", refPrefix: "counter-" });
const adminPage = async (orderId: string) => pageText(await shop.request(`/admin/order/${orderId}`, { headers: { Cookie: admin } }));
const depositRows = (orderId: string) =>
  db.select().from(schema.deposits).where(eq(schema.deposits.orderId, orderId)).orderBy(desc(schema.deposits.id));
const money = (cents: number) => formatMoney(cents, "en");
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

function deliverDemo(event: Record<string, unknown>) {
  const body = JSON.stringify({ id: `evt_demo_${randomUUID()}`, created: Math.floor(Date.now() / 1000), ...event });
  return shop.request("/webhooks/demo", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "demo-signature": signDemoWebhook(body) },
  });
}

/**
 * An online order of the deposit item (two pieces, quantity 2 → 300 €), its rental from tomorrow (or in
 * `ahead` days) for `days` days, paid through the demo provider's signed webhook, as the hosted page sends it.
 */
async function paidOnline(days: number, options: { ahead?: number; source?: "online" | "api" } = {}) {
  const held = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(bikeId, "l1", 2)], { source: options.source ?? "online" }));
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  const order = held.value;
  // The rental's time, as the scenario needs it: tomorrow, for `days` days.
  const pickupAt = new Date(Date.now() + (options.ahead ?? 1) * DAY);
  const returnAt = new Date(pickupAt.getTime() + days * DAY);
  await db
    .update(schema.orders)
    .set({ pickupAt, returnAt, expiresAt: new Date(Date.now() + 30 * 60_000) })
    .where(eq(schema.orders.id, order.id));
  const ref = `demo_test_${order.id.replaceAll("-", "")}`;
  await db
    .insert(schema.payments)
    .values({ orderId: order.id, provider: "demo", ref, status: "pending", amountCents: order.totalCents, currency: "EUR" });
  const paid = await deliverDemo({
    type: "succeeded",
    ref,
    orderId: order.id,
    amountCents: order.totalCents,
    currency: "EUR",
    method: "card",
  });
  expect(await paid.json()).toMatchObject({ result: "paid" });
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  return { ...order, pickupAt, returnAt, line };
}

async function handOut(orderId: string, lineId: number) {
  const codes = await db
    .select({ code: schema.units.code })
    .from(schema.reservations)
    .innerJoin(schema.units, eq(schema.units.id, schema.reservations.unitId))
    .where(and(eq(schema.reservations.orderLineId, lineId), eq(schema.reservations.state, "confirmed")));
  const done = await post(admin, `/admin/order/${orderId}`, {
    intent: "pickup",
    early: "on",
    [`codes.${lineId}`]: codes.map((c) => c.code).join(" "),
  });
  expect(done.status).toBe(302);
}

describe(`deposits with the demo provider on ${testDbKind}`, () => {
  it("a short rental: authorised when paid, shown to customer and clerk, released once at the return", async () => {
    const order = await paidOnline(2);
    const [deposit] = await depositRows(order.id);
    expect(deposit).toMatchObject({ status: "authorised", provider: "demo", amountCents: 30000, capturedCents: 0 });
    expect(deposit.ref).toMatch(/^dep_demo_/);
    expect(deposit.expiresAt!.getTime() - deposit.authorisedAt!.getTime()).toBe(AUTHORISATION_DAYS * DAY);

    const customer = await pageText(await shop.request(`/order/${order.token}`));
    expect(customer).toContain(fill(en.order.deposit.authorised, { amount: money(30000) }));
    const clerk = await adminPage(order.id);
    expect(clerk).toContain(en.admin.deposit.status.authorised);
    expect(clerk).not.toContain(fill(en.admin.deposit.lapsesBeforeReturn, {}).slice(0, 30));

    await handOut(order.id, order.line.id);
    expect((await depositRows(order.id))[0].status).toBe("authorised");
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "return" })).status).toBe(302);
    const released = await post(admin, `/admin/order/${order.id}`, { intent: "deposit-release" });
    expect(released.status).toBe(302);
    expect(locationOf(released)).toBe(`/admin/order/${order.id}?done=deposit-release`);
    // The second click finds it released: one release, one audit entry.
    const again = await post(admin, `/admin/order/${order.id}`, { intent: "deposit-release" });
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain(en.admin.deposit.errors.notAuthorised);
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "released", capturedCents: 0 });
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "depositRelease")));
    expect(audit).toHaveLength(1);
    expect(await pageText(await shop.request(`/order/${order.token}`))).toContain(
      fill(en.order.deposit.released, { amount: money(30000) }),
    );
  });

  it("a long rental: due at payment, authorised at the hand-out with the lapse before the return shown, part kept with a reason", async () => {
    const order = await paidOnline(8);
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "pending", ref: null, amountCents: 30000 });
    expect(await pageText(await shop.request(`/order/${order.token}`))).toContain(fill(en.order.deposit.due, { amount: money(30000) }));
    expect(await adminPage(order.id)).toContain(en.admin.deposit.pendingHint);

    await handOut(order.id, order.line.id);
    const [deposit] = await depositRows(order.id);
    expect(deposit.status).toBe("authorised");
    const clerk = await shop.request(`/admin/order/${order.id}`, { headers: { Cookie: admin } });
    const html = await clerk.text();
    expect(html).toContain("data-deposit-warning");
    expect(html).toContain(en.admin.deposit.lapsesBeforeReturn.split("{{")[0].trim());

    // The return, then the damage: too much, no reason, then right. A refused form keeps what was typed.
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "return" })).status).toBe(302);
    const tooMuch = await post(admin, `/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "300,01",
      "deposit.reason": "Frame",
    });
    expect(tooMuch.status).toBe(400);
    const tooMuchHtml = await tooMuch.text();
    expect(tooMuchHtml).toContain(en.admin.deposit.errors.amountTooHigh);
    expect(tooMuchHtml).toContain('value="300,01"');
    const noReason = await post(admin, `/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "80",
      "deposit.reason": " ",
    });
    expect(noReason.status).toBe(400);
    expect((await depositRows(order.id))[0].status).toBe("authorised");
    const kept = await post(admin, `/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "80",
      "deposit.reason": "Frame scratched",
    });
    expect(kept.status).toBe(302);
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "captured", capturedCents: 8000, reason: "Frame scratched" });
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "deposit-release" })).status).toBe(409);
    expect(await pageText(await shop.request(`/order/${order.token}`))).toContain(
      fill(en.order.deposit.captured, { captured: money(8000), reason: "Frame scratched" }),
    );
  });

  it("a lapse reported by the provider is applied once, shown, refused to capture, and a new authorisation can be made", async () => {
    const order = await paidOnline(2);
    const [deposit] = await depositRows(order.id);
    const lapse = { kind: "deposit", type: "expired", ref: deposit.ref, orderId: order.id, amountCents: null };
    const id = `evt_demo_${randomUUID()}`;
    expect(await (await deliverDemo({ ...lapse, id })).json()).toMatchObject({ result: "applied" });
    expect(await (await deliverDemo({ ...lapse, id })).json()).toMatchObject({ result: "duplicate" });
    expect((await depositRows(order.id))[0].status).toBe("expired");
    expect(await adminPage(order.id)).toContain(en.admin.deposit.expiredHint);
    expect(await pageText(await shop.request(`/order/${order.token}`))).toContain(fill(en.order.deposit.expired, { amount: money(30000) }));

    await handOut(order.id, order.line.id);
    const refused = await post(admin, `/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "10",
      "deposit.reason": "Scratch",
    });
    expect(refused.status).toBe(409);
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "deposit-authorise" })).status).toBe(302);
    const rows = await depositRows(order.id);
    expect(rows.map((row) => row.status)).toEqual(["authorised", "expired"]);
    expect(rows[0].ref).not.toBe(rows[1].ref);
    // Nothing more to authorise while the new one holds.
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "deposit-authorise" })).status).toBe(409);
  });

  it("an authorisation whose end passed without an event is lapsed: the capture tells the clerk and notes it", async () => {
    const order = await paidOnline(2);
    await handOut(order.id, order.line.id);
    const [deposit] = await depositRows(order.id);
    await db
      .update(schema.deposits)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.deposits.id, deposit.id));
    expect(await adminPage(order.id)).toContain(en.admin.deposit.status.expired);
    const refused = await post(admin, `/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "10",
      "deposit.reason": "Scratch",
    });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain(en.admin.deposit.errors.lapsed);
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "expired", capturedCents: 0 });
  });

  it("a counter order: the clerk records the deposit taken at the counter and gives it back at the return", async () => {
    const held = { order: await counterPaid() };
    const path = `/admin/order/${held.order.id}`;
    expect(await adminPage(held.order.id)).toContain(fill(en.admin.deposit.none, { amount: money(15000) }));
    // No card was saved: the card cannot be asked.
    expect((await post(admin, path, { intent: "deposit-authorise" })).status).toBe(409);
    const empty = await post(admin, path, { intent: "deposit-counter", "counterDeposit.amount": "" });
    expect(empty.status).toBe(400);
    expect((await post(admin, path, { intent: "deposit-counter", "counterDeposit.amount": "150" })).status).toBe(302);
    expect((await post(admin, path, { intent: "deposit-counter", "counterDeposit.amount": "150" })).status).toBe(409);
    expect((await depositRows(held.order.id))[0]).toMatchObject({
      provider: "counter",
      status: "authorised",
      amountCents: 15000,
      expiresAt: null,
    });
    expect((await post(admin, path, { intent: "deposit-release" })).status).toBe(302);
    expect((await depositRows(held.order.id))[0].status).toBe("released");
  });

  it("another branch's clerk cannot see or settle the deposit; a cancelled order's deposit goes back", async () => {
    const order = await paidOnline(2);
    expect((await post(runcadozStaff, `/admin/order/${order.id}`, { intent: "deposit-release" })).status).toBe(404);
    expect(
      (await post(runcadozStaff, `/admin/order/${order.id}`, { intent: "deposit-capture", "deposit.amount": "5", "deposit.reason": "x" }))
        .status,
    ).toBe(404);
    expect((await depositRows(order.id))[0].status).toBe("authorised");
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "cancel", reason: "changed plans" })).status).toBe(302);
    expect((await depositRows(order.id))[0].status).toBe("released");
  });
  it("a counter deposit above what the order asks is refused with the amount kept; the card's deposit kept in part shows what went back", async () => {
    const held = { order: await counterPaid() };
    const path = `/admin/order/${held.order.id}`;
    const tooMuch = await post(admin, path, { intent: "deposit-counter", "counterDeposit.amount": "99.999" });
    expect(tooMuch.status).toBe(400);
    const html = await tooMuch.text();
    expect(html).toContain(en.admin.deposit.errors.moreThanDue);
    expect(html).toContain('value="99.999"');
    expect(await depositRows(held.order.id)).toHaveLength(0);
    // The form starts with what is due and says so.
    const page = await (await shop.request(path, { headers: { Cookie: admin } })).text();
    expect(page).toContain('value="150"');
    expect(page).toContain(fill(en.admin.deposit.counterAmountHint, { amount: money(15000) }));

    const order = await paidOnline(2);
    await handOut(order.id, order.line.id);
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "return" })).status).toBe(302);
    const before = await adminPage(order.id);
    expect(before).toContain(en.admin.deposit.onCard);
    expect(before).toContain(en.admin.deposit.expiresAt);
    const kept = await post(admin, `/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "80",
      "deposit.reason": "Frame scratched",
    });
    expect(kept.status).toBe(302);
    const after = await adminPage(order.id);
    expect(after).toContain(`${en.admin.deposit.captured} ${money(8000)}`);
    expect(after).toContain(`${en.admin.deposit.givenBack} ${money(22000)}`);
    expect(after).not.toContain(en.admin.deposit.onCard);
    expect(after).not.toContain(en.admin.deposit.expiresAt);
    expect(after).not.toContain(en.admin.deposit.counterOpen);
  });

  it("the card is asked only when the authorisation lasts past the return: not days ahead, from the day shown, at the hand-out", async () => {
    // Picked up in 10 days for 2: an authorisation made now would lapse a week before the return.
    const order = await paidOnline(2, { ahead: 10 });
    expect((await depositRows(order.id))[0].status).toBe("pending");
    const early = await (await shop.request(`/admin/order/${order.id}`, { headers: { Cookie: admin } })).text();
    expect(early).not.toContain('value="deposit-authorise"');
    expect(early).toContain("data-deposit-from");
    const refused = await post(admin, `/admin/order/${order.id}`, { intent: "deposit-authorise" });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain(en.admin.deposit.errors.tooEarly);
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "pending", ref: null });

    // Two days before the pickup an authorisation holds until the day after the return: offered and made.
    const pickupAt = new Date(Date.now() + 2 * DAY);
    await db
      .update(schema.orders)
      .set({ pickupAt, returnAt: new Date(pickupAt.getTime() + 2 * DAY) })
      .where(eq(schema.orders.id, order.id));
    const inTime = await (await shop.request(`/admin/order/${order.id}`, { headers: { Cookie: admin } })).text();
    expect(inTime).toContain('value="deposit-authorise"');
    expect(inTime).not.toContain("data-deposit-from");
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "deposit-authorise" })).status).toBe(302);
    expect((await depositRows(order.id))[0].status).toBe("authorised");
  });

  it("an order booked through the API has its deposit authorised at the hand-out", async () => {
    const order = await paidOnline(8, { source: "api" });
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "pending", provider: "demo" });
    await handOut(order.id, order.line.id);
    const [deposit] = await depositRows(order.id);
    expect(deposit).toMatchObject({ status: "authorised", amountCents: 30000 });
    expect(deposit.ref).toMatch(/^dep_demo_/);
  });

  it("another branch's clerk gets the same 404 for any deposit, in any state, as for a missing order", async () => {
    const held = await paidOnline(2);
    const released = await paidOnline(2);
    expect((await post(admin, `/admin/order/${released.id}`, { intent: "deposit-release" })).status).toBe(302);
    const capture = (amount: string) => ({ intent: "deposit-capture", "deposit.amount": amount, "deposit.reason": "x" });
    const attempts: Record<string, string>[] = [
      capture("5"),
      capture("99999"),
      capture(""),
      { intent: "deposit-release" },
      { intent: "deposit-authorise" },
      { intent: "deposit-counter", "counterDeposit.amount": "150" },
      { intent: "deposit-counter", "counterDeposit.amount": "" },
    ];
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [state, id] of [
      ["authorised", held.id],
      ["released", released.id],
      ["missing", randomUUID()],
    ]) {
      for (const fields of attempts) {
        const label = `${state} ${fields.intent} ${fields["deposit.amount"] ?? fields["counterDeposit.amount"] ?? ""}`;
        answers.push(`${label}: ${(await post(runcadozStaff, `/admin/order/${id}`, fields)).status}`);
        expected.push(`${label}: 404`);
      }
    }
    expect(answers).toEqual(expected);
    expect((await depositRows(held.id))[0].status).toBe("authorised");
  });
});
