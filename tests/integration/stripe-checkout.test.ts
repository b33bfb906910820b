/**
 * The whole checkout with PAYMENT_PROVIDER=stripe, over real HTTP: the shop creates a Checkout Session at a
 * local stand-in for the Stripe API (the official SDK talks to it), sends the payer there, and takes Stripe's
 * signed webhooks at /webhooks/stripe. Events are signed with the SDK's own test helper.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { addItem, goToPayment, INVOICE, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { type StripeStandIn, signStripePayload, startStripeStandIn } from "../helpers/stripe-stand-in";
import { createVisitor, locationOf, pageText } from "../helpers/visitor";

// Test-only values: the stand-in accepts only this key, and the shop checks events against this secret.
const SECRET_KEY = "sk_test_checkoutFlow0123456789";
const WEBHOOK_SECRET = "whsec_Zmxvdy10ZXN0LW9ubHktbm90LWEtcmVhbC1zZWNyZXQ=";

let standIn: StripeStandIn;
let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let skiId: number;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  shop = await startTestServer({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    // A Stripe that never answers is given up on after three tries of one second each.
    STRIPE_TIMEOUT_MS: "1000",
  });
  db = shop.database.db;
  [{ id: skiId }] = await db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.slug, "ski-easy-carve"));
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});

async function heldAtStripe(locale: "en" | "de" = "en") {
  const visitor = createVisitor(shop.url);
  const [anna] = await startBooking(db, visitor, locale);
  await addItem(visitor, `person=${anna.id}`, { itemId: skiId, size: "156" }, locale);
  const { location, order, payment } = await goToPayment(db, visitor, locale);
  expect(location.origin).toBe("https://checkout.stripe.com");
  const session = standIn.sessions.get(payment.ref);
  expect(session, "the payment's ref is the Checkout Session id").toBeTruthy();
  expect(location.toString()).toBe(session?.url);
  return { visitor, order, payment, sessionId: payment.ref };
}

function deliver(event: object, signature?: string) {
  const body = JSON.stringify(event);
  return shop.request("/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature ?? signStripePayload(body, WEBHOOK_SECRET) },
  });
}

const orderById = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
/** Units an order holds right now. */
const heldUnits = async (orderId: string) =>
  (
    await db
      .select({ id: schema.reservations.id })
      .from(schema.reservations)
      .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
      .where(and(eq(schema.orderLines.orderId, orderId), eq(schema.reservations.state, "held")))
  ).length;

describe(`checkout with Stripe on ${testDbKind}`, () => {
  it("creates one session for the order (card and PayPal, the total, the hold end) and sends the payer to it", async () => {
    const { order, sessionId } = await heldAtStripe("de");
    const session = standIn.sessions.get(sessionId);
    expect(session).toMatchObject({
      amount_total: order.totalCents,
      currency: "eur",
      customer_email: "anna@example.com",
      locale: "de",
      client_reference_id: order.id,
      success_url: `${shop.url}/de/order/${order.token}`,
      cancel_url: `${shop.url}/de/rental/bag?payment=cancelled`,
    });
    expect(session?.payment_method_types).toEqual(expect.arrayContaining(["card", "paypal"]));
  });

  it("a completed, paid session makes the order paid, once, however often Stripe delivers the event", async () => {
    const { visitor, order, sessionId } = await heldAtStripe();
    standIn.completeSession(sessionId);
    const event = standIn.event("checkout.session.completed", sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const paid = await orderById(order.id);
    expect(paid.status).toBe("paid");
    expect(await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, order.id))).toHaveLength(1);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment.status).toBe("succeeded");
    expect(payment.paymentRef).toMatch(/^pi_/);
    // Back from Stripe: the thank-you page.
    const page = await visitor.get(`/order/${order.token}`);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain(en.order.thanks);
  });

  it("a payment that confirms later: pending first, the thank-you page says so, then paid", async () => {
    const { visitor, order, sessionId } = await heldAtStripe();
    standIn.completeSession(sessionId, "unpaid");
    expect((await deliver(standIn.event("checkout.session.completed", sessionId))).status).toBe(200);
    expect((await orderById(order.id)).status).toBe("pending_payment");
    expect(await pageText(await visitor.get(`/order/${order.token}`))).toContain(en.order.confirming);
    expect((await deliver(standIn.event("checkout.session.async_payment_succeeded", sessionId))).status).toBe(200);
    expect((await orderById(order.id)).status).toBe("paid");
  });

  it("an async payment that fails releases the hold", async () => {
    const { order, sessionId } = await heldAtStripe();
    standIn.completeSession(sessionId, "unpaid");
    await deliver(standIn.event("checkout.session.completed", sessionId));
    expect((await deliver(standIn.event("checkout.session.async_payment_failed", sessionId))).status).toBe(200);
    expect((await orderById(order.id)).status).toBe("expired");
  });

  it("a session that expired at Stripe releases the hold", async () => {
    const { order, sessionId } = await heldAtStripe();
    standIn.expireSession(sessionId);
    expect((await deliver(standIn.event("checkout.session.expired", sessionId))).status).toBe(200);
    expect((await orderById(order.id)).status).toBe("expired");
  });

  it("the payer cancels on Stripe's page: back in the bag, then the page's POST expires the session and releases the hold", async () => {
    const { visitor, order, sessionId } = await heldAtStripe();
    // Stripe sends nothing for a cancel. The GET only tells; the page then gives the hold back with a POST.
    const back = await visitor.get("/rental/bag?payment=cancelled");
    expect(back.status).toBe(200);
    expect(await pageText(back)).toContain(en.booking.bag.returned.cancelled);
    expect((await orderById(order.id)).status).toBe("pending_payment");
    expect((await visitor.post("/rental/bag?payment=cancelled", { intent: "releaseHold" })).status).toBe(200);
    expect((await orderById(order.id)).status).toBe("expired");
    expect(standIn.sessions.get(sessionId)?.status).toBe("expired");
    expect(await pageText(await visitor.get("/rental/bag?payment=cancelled"))).toContain(en.booking.bag.returned.cancelled);
  });

  it("a bad signature or a stale timestamp gets 400 and changes nothing", async () => {
    const { order, sessionId } = await heldAtStripe();
    standIn.completeSession(sessionId);
    const event = standIn.event("checkout.session.completed", sessionId);
    const body = JSON.stringify(event);
    const stale = signStripePayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600);
    const foreign = signStripePayload(body, "whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0");
    for (const signature of [stale, foreign, "t=1,v1=00"]) expect((await deliver(event, signature)).status).toBe(400);
    expect((await orderById(order.id)).status).toBe("pending_payment");
    expect(await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.eventId, event.id))).toHaveLength(0);
  });

  it("the customer's cancellation refunds the PaymentIntent at Stripe", async () => {
    const { visitor, order, sessionId } = await heldAtStripe();
    const session = standIn.completeSession(sessionId);
    await deliver(standIn.event("checkout.session.completed", sessionId));
    const cancelled = await visitor.post(`/order/${order.token}`, { intent: "cancel", confirm: "yes" });
    expect(locationOf(cancelled)).toBe(`/order/${order.token}?cancelled=1`);
    expect((await orderById(order.id)).status).toBe("refunded");
    const refunds = [...standIn.refunds.values()].filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(order.totalCents);
  });

  /**
   * Stripe answers 500 (three times: the SDK retries) or never answers (the SDK gives up after
   * STRIPE_TIMEOUT_MS, three times). Either way the customer is told on the invoice form, with what they
   * typed still there; the order stays pending with its hold and no payment; trying again gives that hold
   * back and reaches Stripe.
   */
  for (const fault of ["answers 500", "times out"] as const) {
    it(`when Stripe ${fault}, the order stays pending and retryable, and nothing is charged`, async () => {
      const email = `anna.${fault.replace(/\W/g, "")}@example.com`;
      const visitor = createVisitor(shop.url);
      const [anna] = await startBooking(db, visitor);
      await addItem(visitor, `person=${anna.id}`, { itemId: skiId, size: "164" });
      await visitor.post("/rental/bag", { intent: "continue" });
      const total = /name="total" value="(\d+)"/.exec(await (await visitor.get("/rental/checkout")).text())?.[1] as string;
      const invoice = { ...INVOICE, name: "Anna Unreachable", email, total };
      const sessionsBefore = standIn.requestsTo("POST", "/v1/checkout/sessions").length;
      if (fault === "answers 500") standIn.failNext(3, 500);
      else standIn.hangNext(3);
      let answer: Response;
      try {
        answer = await visitor.post("/rental/checkout", invoice);
      } finally {
        standIn.failNext(0);
        standIn.hangNext(0);
      }
      expect(answer.status).toBe(409);
      const page = await pageText(answer);
      expect(page).toContain(en.booking.checkout.provider);
      expect(await (await visitor.get("/rental/checkout")).text()).toContain('value="Anna Unreachable"');
      // The SDK tried three times.
      expect(standIn.requestsTo("POST", "/v1/checkout/sessions").length - sessionsBefore).toBe(3);

      const [first] = await db.select().from(schema.orders).where(eq(schema.orders.email, email));
      expect(first.status).toBe("pending_payment");
      expect(await db.select().from(schema.payments).where(eq(schema.payments.orderId, first.id))).toEqual([]);
      expect(await heldUnits(first.id)).toBe(1);

      const retry = await visitor.post("/rental/checkout", invoice);
      expect(retry.status).toBe(302);
      expect(new URL(retry.headers.get("location") as string).origin).toBe("https://checkout.stripe.com");
      const orders = await db.select().from(schema.orders).where(eq(schema.orders.email, email));
      expect(orders).toHaveLength(2);
      const second = orders.find((o) => o.id !== first.id) as (typeof orders)[number];
      expect((await orderById(first.id)).status).toBe("expired");
      expect(await heldUnits(first.id)).toBe(0);
      expect(second.status).toBe("pending_payment");
      expect(await heldUnits(second.id)).toBe(1);
      const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, second.id));
      expect(standIn.sessions.get(payment.ref)?.amount_total).toBe(Number(total));
    });
  }
});

describe(`changing a booking with Stripe on ${testDbKind}`, () => {
  /** Pays the held order at Stripe and returns the change form's fields for it as it is. */
  async function paidAtStripe() {
    const held = await heldAtStripe();
    standIn.completeSession(held.sessionId);
    await deliver(standIn.event("checkout.session.completed", held.sessionId));
    expect((await orderById(held.order.id)).status).toBe("paid");
    const [person] = await db.select().from(schema.orderPersons).where(eq(schema.orderPersons.orderId, held.order.id));
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, held.order.id));
    const order = await orderById(held.order.id);
    const fields: Record<string, string> = {
      pickupDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(order.pickupAt),
      pickupTime: "09:00",
      returnDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(order.returnAt),
      returnTime: "17:00",
      "persons.0.ref": String(person.id),
      "persons.0.firstName": person.firstName,
      "lines.0.itemId": String(line.itemId),
      "lines.0.size": line.size ?? "",
      "lines.0.quantity": "1",
      "lines.0.person": "0",
    };
    return { ...held, order, fields };
  }

  /** The total "Show the new price" offers for these fields. */
  async function shownTotal(visitor: ReturnType<typeof createVisitor>, token: string, fields: Record<string, string>) {
    const review = await visitor.post(`/order/${token}/change`, { ...fields, intent: "review" });
    expect(review.status).toBe(200);
    return /name="expectedTotal" value="(\d+)"/.exec(await review.text())?.[1] as string;
  }

  it("a dearer change is paid in a Checkout Session for the difference, and applied when Stripe says it is paid", async () => {
    const { visitor, order, fields } = await paidAtStripe();
    const dearer = { ...fields, "lines.1.itemId": String(skiId), "lines.1.size": "164", "lines.1.quantity": "1", "lines.1.person": "" };
    const total = await shownTotal(visitor, order.token, dearer);
    const toStripe = await visitor.post(`/order/${order.token}/change`, { ...dearer, intent: "confirm", expectedTotal: total });
    expect(toStripe.status).toBe(302);
    const location = new URL(toStripe.headers.get("location") as string);
    expect(location.origin).toBe("https://checkout.stripe.com");
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.orderId, order.id), eq(schema.payments.status, "pending")));
    expect(payment.orderChangeId).not.toBeNull();
    const session = standIn.sessions.get(payment.ref);
    expect(session).toMatchObject({
      amount_total: Number(total) - order.totalCents,
      client_reference_id: order.id,
      success_url: `${shop.url}/order/${order.token}?changed=1`,
    });
    standIn.completeSession(payment.ref);
    expect((await deliver(standIn.event("checkout.session.completed", payment.ref))).status).toBe(200);
    const changed = await orderById(order.id);
    expect(changed.totalCents).toBe(Number(total));
    expect(await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id))).toHaveLength(2);
  });

  it("a cheaper change is refunded through Stripe for the difference", async () => {
    const { visitor, order, fields } = await paidAtStripe();
    const cheaper = { ...fields, "lines.0.size": "140", returnDate: fields.pickupDate };
    const total = await shownTotal(visitor, order.token, cheaper);
    expect(Number(total)).toBeLessThan(order.totalCents);
    const refundsBefore = standIn.refunds.size;
    const done = await visitor.post(`/order/${order.token}/change`, { ...cheaper, intent: "confirm", expectedTotal: total });
    expect(locationOf(done)).toBe(`/order/${order.token}?changed=1`);
    expect(standIn.refunds.size).toBe(refundsBefore + 1);
    expect([...standIn.refunds.values()].at(-1)).toMatchObject({ amount: order.totalCents - Number(total) });
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "succeeded", refundedCents: order.totalCents - Number(total) });
  });
});
