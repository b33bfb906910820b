/**
 * Deposits with PAYMENT_PROVIDER=stripe over real HTTP, against the local Stripe stand-in (decision 045):
 * the Checkout Session saves the card, the deposit is a manual-capture PaymentIntent confirmed off-session,
 * captured in part with `amount_to_capture` or cancelled; a card's refusal, and Stripe's own cancellation
 * of a lapsed authorisation (`payment_intent.canceled`, reason `automatic`), arrive as signed events, each
 * applied once however often it is delivered.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { addItem, goToPayment, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { type StripeStandIn, signStripePayload, startStripeStandIn } from "../helpers/stripe-stand-in";
import { createVisitor, pageText } from "../helpers/visitor";

const SECRET_KEY = "sk_test_depositFlow0123456789";
const WEBHOOK_SECRET = "whsec_ZGVwb3NpdC10ZXN0LW9ubHktbm90LWEtcmVhbC1zZWNyZXQ=";
const DAY = 86_400_000;

let standIn: StripeStandIn;
let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let admin: string;
let raceSkiId: number;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  shop = await startTestServer({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    STRIPE_TIMEOUT_MS: "1000",
  });
  db = shop.database.db;
  admin = await shop.login();
  // A premium ski of the demo catalogue: it asks a deposit of 150 €.
  [{ id: raceSkiId }] = await db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.slug, "ski-race-pro"));
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});

function deliver(event: object) {
  const body = JSON.stringify(event);
  return shop.request("/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signStripePayload(body, WEBHOOK_SECRET) },
  });
}
const post = (path: string, fields: Record<string, string>) => shop.post(path, fields, admin);
const depositRows = (orderId: string) =>
  db.select().from(schema.deposits).where(eq(schema.deposits.orderId, orderId)).orderBy(desc(schema.deposits.id));
/** Calls that reached Stripe and did something (not a replay of an idempotent request). */
const done = (method: string, path: string) => standIn.requestsTo(method, path).filter((r) => r.status === 200 && !r.replayed);

/**
 * Booked through the shop's pages and paid on Stripe's page; the rental is then made to end `days` after
 * now before Stripe's event arrives, so the shop decides when to authorise as it would for such a rental.
 */
async function paidAtStripe(days: number) {
  const visitor = createVisitor(shop.url);
  const [anna] = await startBooking(db, visitor, "en", [{ firstName: "Anna", heightCm: "180", skill: "expert", shoeSize: "42" }]);
  await addItem(visitor, `person=${anna.id}`, { itemId: raceSkiId, size: "172", anyway: "1" });
  const checkout = await visitor.get("/rental/checkout");
  const { order, payment } = await goToPayment(db, visitor);
  const pickupAt = new Date(Date.now() + DAY);
  const returnAt = new Date(pickupAt.getTime() + days * DAY);
  await db.update(schema.orders).set({ pickupAt, returnAt }).where(eq(schema.orders.id, order.id));
  standIn.completeSession(payment.ref);
  expect((await deliver(standIn.event("checkout.session.completed", payment.ref))).status).toBe(200);
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  return { order, payment, line, checkoutText: await pageText(checkout) };
}

async function handOut(orderId: string, lineId: number) {
  const [unit] = await db
    .select({ code: schema.units.code })
    .from(schema.reservations)
    .innerJoin(schema.units, eq(schema.units.id, schema.reservations.unitId))
    .where(eq(schema.reservations.orderLineId, lineId));
  expect((await post(`/admin/order/${orderId}`, { intent: "pickup", early: "on", [`codes.${lineId}`]: unit.code })).status).toBe(302);
}

describe(`deposits with Stripe on ${testDbKind}`, () => {
  it("the checkout says so and saves the card; a short rental's deposit is authorised off-session when paid, then partly captured once", async () => {
    const { order, payment, line, checkoutText } = await paidAtStripe(2);
    expect(checkoutText).toContain("Deposit €150.00: reserved on your card, not charged.");
    const session = standIn.sessions.get(payment.ref);
    expect(session).toMatchObject({ customer_creation: "always", setup_future_usage: "off_session", payment_method_types: ["card"] });

    const [create] = done("POST", "/v1/payment_intents");
    expect(create.body).toMatchObject({
      amount: "15000",
      currency: "eur",
      capture_method: "manual",
      confirm: "true",
      off_session: "true",
      customer: session?.customer,
      metadata: { orderId: order.id, purpose: "deposit" },
    });
    const [deposit] = await depositRows(order.id);
    const intent = standIn.paymentIntents.get(deposit.ref!);
    expect(intent?.status).toBe("requires_capture");
    expect(deposit).toMatchObject({ status: "authorised", provider: "stripe", amountCents: 15000 });
    // The end Stripe gives (the charge's capture_before), not an assumption.
    expect(deposit.expiresAt?.getTime()).toBe(intent!.capture_before! * 1000);
    // Stripe's own event about it changes nothing, however often it comes.
    const authorisedEvent = standIn.intentEvent("payment_intent.amount_capturable_updated", deposit.ref!);
    expect(await (await deliver(authorisedEvent)).json()).toMatchObject({ result: "ignored" });
    expect(await (await deliver(authorisedEvent)).json()).toMatchObject({ result: "duplicate" });

    await handOut(order.id, line.id);
    const path = `/admin/order/${order.id}`;
    expect((await post(path, { intent: "return" })).status).toBe(302);
    const clicks = await Promise.all([
      post(path, { intent: "deposit-capture", "deposit.amount": "60", "deposit.reason": "Edge torn out" }),
      post(path, { intent: "deposit-capture", "deposit.amount": "60", "deposit.reason": "Edge torn out" }),
    ]);
    expect(clicks.map((c) => c.status).sort()).toEqual([302, 409]);
    const captures = done("POST", `/v1/payment_intents/${deposit.ref}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0].body).toMatchObject({ amount_to_capture: "6000" });
    expect(captures[0].idempotencyKey).toBe(`deposit-capture-${deposit.id}`);
    expect(standIn.paymentIntents.get(deposit.ref!)).toMatchObject({ status: "succeeded", amount_received: 6000 });
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "captured", capturedCents: 6000, reason: "Edge torn out" });
    expect(await (await deliver(standIn.intentEvent("payment_intent.succeeded", deposit.ref!))).json()).toMatchObject({
      result: "ignored",
    });
  });

  it("a release cancels the PaymentIntent; the cancellation's event is then ignored", async () => {
    const { order, line } = await paidAtStripe(2);
    await handOut(order.id, line.id);
    const [deposit] = await depositRows(order.id);
    expect((await post(`/admin/order/${order.id}`, { intent: "deposit-release" })).status).toBe(302);
    expect(standIn.paymentIntents.get(deposit.ref!)).toMatchObject({ status: "canceled", cancellation_reason: "requested_by_customer" });
    expect(await (await deliver(standIn.intentEvent("payment_intent.canceled", deposit.ref!))).json()).toMatchObject({ result: "ignored" });
    expect((await depositRows(order.id))[0].status).toBe("released");
  });

  it("a long rental is authorised at the hand-out; Stripe's lapse arrives once and is shown; nothing can be captured after it", async () => {
    const { order, line } = await paidAtStripe(9);
    expect(
      done("POST", "/v1/payment_intents").filter((r) => (r.body.metadata as Record<string, string>).orderId === order.id),
    ).toHaveLength(0);
    expect((await depositRows(order.id))[0].status).toBe("pending");
    await handOut(order.id, line.id);
    const [deposit] = await depositRows(order.id);
    expect(deposit.status).toBe("authorised");
    expect(await (await shop.request(`/admin/order/${order.id}`, { headers: { Cookie: admin } })).text()).toContain("data-deposit-warning");

    standIn.lapseAuthorisation(deposit.ref!);
    const lapse = standIn.intentEvent("payment_intent.canceled", deposit.ref!);
    const answers = await Promise.all([deliver(lapse), deliver(lapse), deliver(lapse)]);
    expect((await Promise.all(answers.map((a) => a.json()))).map((a) => a.result).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect((await depositRows(order.id))[0].status).toBe("expired");
    expect(await pageText(await shop.request(`/admin/order/${order.id}`, { headers: { Cookie: admin } }))).toContain(
      en.admin.deposit.expiredHint,
    );
    const refused = await post(`/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "10",
      "deposit.reason": "Scratch",
    });
    expect(refused.status).toBe(409);
    expect(done("POST", `/v1/payment_intents/${deposit.ref}/capture`)).toHaveLength(0);
  });

  it("a capture Stripe refuses because the authorisation just lapsed is noted as lapsed, and the clerk is told", async () => {
    const { order, line } = await paidAtStripe(2);
    await handOut(order.id, line.id);
    const [deposit] = await depositRows(order.id);
    standIn.lapseAuthorisation(deposit.ref!);
    const refused = await post(`/admin/order/${order.id}`, {
      intent: "deposit-capture",
      "deposit.amount": "10",
      "deposit.reason": "Scratch",
    });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain(en.admin.deposit.errors.lapsed);
    expect((await depositRows(order.id))[0]).toMatchObject({ status: "expired", capturedCents: 0 });
  });

  it("a card that refuses the deposit off-session: failed and shown; the clerk tries again", async () => {
    standIn.declineNext("authentication_required");
    const { order } = await paidAtStripe(2);
    const [failed] = await depositRows(order.id);
    expect(failed).toMatchObject({ status: "failed", reason: "authentication_required" });
    expect(await pageText(await shop.request(`/admin/order/${order.id}`, { headers: { Cookie: admin } }))).toContain(
      en.admin.deposit.failedHint.replace("{{reason}}", "authentication_required"),
    );
    expect((await post(`/admin/order/${order.id}`, { intent: "deposit-authorise" })).status).toBe(302);
    expect((await depositRows(order.id)).map((row) => row.status)).toEqual(["authorised", "failed"]);
  });
});
