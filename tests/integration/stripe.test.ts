/**
 * The `stripe` payment provider against a local stand-in for the Stripe API (the real SDK, real HTTP),
 * and its webhook verification with events signed by the SDK's own test helper. No database.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Locale, locales } from "../../app/domain/i18n";
import type { CheckoutRequest, PaymentProvider } from "../../app/server/payments/provider.server";
import { WebhookSignatureError } from "../../app/server/payments/provider.server";
import { createStripeProvider } from "../../app/server/payments/stripe.server";
import { type RecordedRequest, type StripeStandIn, signStripePayload, startStripeStandIn } from "../helpers/stripe-stand-in";

// Test-only values: the stand-in accepts only this key, and events are signed with this secret.
const SECRET_KEY = "sk_test_standIn0123456789";
const WEBHOOK_SECRET = "whsec_dGVzdCBvbmx5OiBub3QgYSByZWFsIHNlY3JldA==";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

let standIn: StripeStandIn;
let provider: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url });
});
afterAll(async () => {
  await standIn?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    orderId: randomUUID(),
    orderNumber: "R-2026-000123",
    amountCents: 12345,
    currency: "EUR",
    email: "anna@example.com",
    language: "de",
    expiresAt: new Date((nowSeconds() + 2 * HOUR) * 1000),
    successUrl: "https://shop.example/de/checkout/done?order=R-2026-000123",
    cancelUrl: "https://shop.example/de/bag",
    idempotencyKey: `checkout-${randomUUID()}`,
    depositCents: 0,
    ...overrides,
  };
}

/** The session-creating requests sent with one idempotency key. */
function creates(idempotencyKey: string): RecordedRequest[] {
  return standIn.requestsTo("POST", "/v1/checkout/sessions").filter((request) => request.idempotencyKey === idempotencyKey);
}

/** Creates a checkout and returns it with the one request that created it. */
async function createOne(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  const checkout = await provider.createCheckout(request);
  const [sent] = creates(request.idempotencyKey);
  return { request, checkout, sent };
}

describe("createCheckout", () => {
  it("creates one Checkout Session for the order: card and PayPal, the amount in euros, hold end, order id", async () => {
    const { request, checkout, sent } = await createOne();
    expect(creates(request.idempotencyKey)).toHaveLength(1);
    expect(sent.body).toEqual({
      mode: "payment",
      allowed_payment_method_types: ["card", "paypal"],
      line_items: [{ quantity: "1", price_data: { currency: "eur", unit_amount: "12345", product_data: { name: "R-2026-000123" } } }],
      customer_email: "anna@example.com",
      locale: "de",
      client_reference_id: request.orderId,
      metadata: { orderId: request.orderId },
      payment_intent_data: { metadata: { orderId: request.orderId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(request.expiresAt.getTime() / 1000),
    });
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.authorization).toBe(`Bearer ${SECRET_KEY}`);

    const session = standIn.sessions.get(checkout.ref);
    expect(checkout.ref).toMatch(/^cs_test_/);
    expect(session?.amount_total).toBe(12345);
    expect(checkout.redirectUrl).toBe(session?.url);
    expect(checkout.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it("shows the hosted page in the shop's language; Belgian Dutch is Dutch", async () => {
    const expected: Record<Locale, string> = { en: "en", de: "de", it: "it", nl: "nl", be: "nl", da: "da" };
    const sent: Record<string, unknown> = {};
    for (const language of locales) {
      sent[language] = (await createOne({ language })).sent.body.locale;
    }
    expect(sent).toEqual(expected);
  });

  it("moves a hold end less than 30 minutes away to Stripe's minimum, rounded up to the minute", async () => {
    for (const holdEnd of [5 * MINUTE, 29 * MINUTE, -2 * MINUTE]) {
      const before = nowSeconds();
      const { sent, checkout } = await createOne({ expiresAt: new Date((before + holdEnd) * 1000) });
      const after = nowSeconds();
      const expiresAt = Number(sent.body.expires_at);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * MINUTE + 10);
      expect(expiresAt).toBeLessThanOrEqual(after + 30 * MINUTE + 10 + 60);
      expect(expiresAt % 60).toBe(0);
      // The stand-in refuses what Stripe refuses, so the session exists only with a valid expires_at.
      expect(standIn.sessions.get(checkout.ref)?.expires_at).toBe(expiresAt);
    }
  });

  it("moves a hold end more than 24 hours away to Stripe's maximum, rounded down to the minute", async () => {
    const before = nowSeconds();
    const { sent, checkout } = await createOne({ expiresAt: new Date((before + 48 * HOUR) * 1000) });
    const after = nowSeconds();
    const expiresAt = Number(sent.body.expires_at);
    expect(expiresAt).toBeLessThanOrEqual(before + 24 * HOUR - 10);
    expect(expiresAt).toBeGreaterThanOrEqual(after + 24 * HOUR - 10 - 60);
    expect(expiresAt % 60).toBe(0);
    expect(standIn.sessions.get(checkout.ref)?.expires_at).toBe(expiresAt);
  });

  it("keeps a hold end inside Stripe's window to the second", async () => {
    const holdEnd = new Date((nowSeconds() + 31 * MINUTE) * 1000 + 400);
    const { sent } = await createOne({ expiresAt: holdEnd });
    expect(sent.body.expires_at).toBe(String(Math.ceil(holdEnd.getTime() / 1000)));
  });

  it("a second call with the same key gets the same session, and Stripe creates no second one", async () => {
    const request = checkoutRequest();
    const first = await provider.createCheckout(request);
    const sessionsBefore = standIn.sessions.size;
    const second = await provider.createCheckout(request);
    expect(second).toEqual(first);
    expect(standIn.sessions.size).toBe(sessionsBefore);
    expect(creates(request.idempotencyKey).map((sent) => sent.replayed)).toEqual([false, true]);

    const other = await provider.createCheckout({ ...request, idempotencyKey: `checkout-${randomUUID()}` });
    expect(other.ref).not.toBe(first.ref);
  });

  it("a retry seconds later with the same key and a short hold sends the same expires_at", async () => {
    // Only Date is faked: the SDK's sockets and timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-10T09:00:05Z"));
    const request = checkoutRequest({ expiresAt: new Date("2026-01-10T09:15:05Z") });
    const first = await provider.createCheckout(request);
    vi.setSystemTime(new Date("2026-01-10T09:00:40Z"));
    const second = await provider.createCheckout(request);
    expect(second.ref).toBe(first.ref);
    const sent = creates(request.idempotencyKey);
    expect(sent.map((one) => one.body.expires_at)).toEqual([String(Date.parse("2026-01-10T09:31:00Z") / 1000), sent[0].body.expires_at]);
    expect(sent[1].replayed).toBe(true);
  });

  it("retries a failed request with the same idempotency key", async () => {
    standIn.failNext(1, 500);
    const sessionsBefore = standIn.sessions.size;
    const { request, checkout } = await createOne();
    const sent = creates(request.idempotencyKey);
    expect(sent.map((one) => one.status)).toEqual([500, 200]);
    expect(standIn.sessions.size).toBe(sessionsBefore + 1);
    expect(standIn.sessions.has(checkout.ref)).toBe(true);
  });
});

describe("refund", () => {
  async function paidCheckout() {
    const { checkout } = await createOne();
    const session = standIn.completeSession(checkout.ref, "paid");
    return { ref: checkout.ref, paymentIntent: session.payment_intent as string };
  }

  it("refunds the PaymentIntent with the amount and our idempotency key, once for a repeated key", async () => {
    const { ref, paymentIntent } = await paidCheckout();
    const idempotencyKey = `refund-${randomUUID()}`;
    const { refundRef } = await provider.refund({ ref, paymentRef: paymentIntent, amountCents: 5000, idempotencyKey });

    const sent = standIn.requestsTo("POST", "/v1/refunds").filter((request) => request.idempotencyKey === idempotencyKey);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ payment_intent: paymentIntent, amount: "5000" });
    expect(standIn.refunds.get(refundRef)).toMatchObject({ amount: 5000, payment_intent: paymentIntent });

    const again = await provider.refund({ ref, paymentRef: paymentIntent, amountCents: 5000, idempotencyKey });
    expect(again.refundRef).toBe(refundRef);
    const refunded = [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
    expect(refunded.map((refund) => refund.amount)).toEqual([5000]);
  });

  it("finds the PaymentIntent through the session when it is not known", async () => {
    const { ref, paymentIntent } = await paidCheckout();
    const idempotencyKey = `refund-${randomUUID()}`;
    const from = standIn.requests.length;
    const { refundRef } = await provider.refund({ ref, paymentRef: null, amountCents: 12345, idempotencyKey });

    const sent = standIn.requests.slice(from).map((request) => `${request.method} ${request.path}`);
    expect(sent).toEqual([`GET /v1/checkout/sessions/${ref}`, "POST /v1/refunds"]);
    expect(standIn.refunds.get(refundRef)).toMatchObject({ amount: 12345, payment_intent: paymentIntent });
  });

  it("refuses when the session has no payment, and sends no refund", async () => {
    const { checkout } = await createOne();
    const refundsBefore = standIn.requestsTo("POST", "/v1/refunds").length;
    await expect(
      provider.refund({ ref: checkout.ref, paymentRef: null, amountCents: 100, idempotencyKey: `refund-${randomUUID()}` }),
    ).rejects.toThrow(/no payment/);
    expect(standIn.requestsTo("POST", "/v1/refunds")).toHaveLength(refundsBefore);
  });
});

describe("expireCheckout", () => {
  const expirePath = (ref: string) => `/v1/checkout/sessions/${ref}/expire`;

  it("expires an open session", async () => {
    const { checkout } = await createOne();
    await provider.expireCheckout(checkout.ref);
    expect(standIn.requestsTo("POST", expirePath(checkout.ref)).map((sent) => sent.status)).toEqual([200]);
    expect(standIn.sessions.get(checkout.ref)?.status).toBe("expired");
  });

  it("accepts a session that is already complete or expired (Stripe answers 400)", async () => {
    const completed = (await createOne()).checkout.ref;
    standIn.completeSession(completed);
    await expect(provider.expireCheckout(completed)).resolves.toBeUndefined();
    expect(standIn.requestsTo("POST", expirePath(completed)).map((sent) => sent.status)).toEqual([400]);
    expect(standIn.sessions.get(completed)?.status).toBe("complete");

    const expired = (await createOne()).checkout.ref;
    standIn.expireSession(expired);
    await expect(provider.expireCheckout(expired)).resolves.toBeUndefined();
    expect(standIn.requestsTo("POST", expirePath(expired)).map((sent) => sent.status)).toEqual([400]);
  });

  it("throws other errors: an unknown session, or a refusal while the session is still open", async () => {
    await expect(provider.expireCheckout("cs_test_unknown")).rejects.toThrow(/No such checkout.session/);

    const { checkout } = await createOne();
    standIn.failNext(1, 400, "invalid_request_error");
    await expect(provider.expireCheckout(checkout.ref)).rejects.toThrow(/told to fail/);
    expect(standIn.sessions.get(checkout.ref)?.status).toBe("open");
  });
});

describe("verifyWebhook", () => {
  type StripeEvent = ReturnType<StripeStandIn["event"]>;

  function deliver(event: unknown, options: { secret?: string; timestamp?: number; body?: string } = {}) {
    const payload = JSON.stringify(event, null, 2);
    const signature = signStripePayload(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp);
    return provider.verifyWebhook(options.body ?? payload, new Headers({ "Stripe-Signature": signature }));
  }

  /** A session in the stand-in, brought to `state`, and an event about it. */
  async function eventAbout(type: string, state: "open" | "paid" | "unpaid" | "expired") {
    const { request, checkout } = await createOne();
    if (state === "paid" || state === "unpaid") standIn.completeSession(checkout.ref, state);
    if (state === "expired") standIn.expireSession(checkout.ref);
    const event: StripeEvent = standIn.event(type, checkout.ref, nowSeconds() - 5);
    const session = standIn.sessions.get(checkout.ref)!;
    return { event, request, session };
  }

  it("checkout.session.completed and paid: succeeded, with everything the shop checks", async () => {
    const { event, request, session } = await eventAbout("checkout.session.completed", "paid");
    expect(await deliver(event)).toEqual({
      provider: "stripe",
      id: event.id,
      type: "succeeded",
      ref: session.id,
      orderId: request.orderId,
      amountCents: 12345,
      currency: "EUR",
      paymentRef: session.payment_intent,
      method: null,
      createdAt: new Date(event.created * 1000),
    });
    expect(session.payment_intent).toMatch(/^pi_/);
  });

  it("checkout.session.completed with nothing to pay: succeeded", async () => {
    const { event } = await eventAbout("checkout.session.completed", "paid");
    event.data.object.payment_status = "no_payment_required";
    expect((await deliver(event))?.type).toBe("succeeded");
  });

  it("checkout.session.completed but unpaid: pending", async () => {
    const { event, session } = await eventAbout("checkout.session.completed", "unpaid");
    expect(await deliver(event)).toMatchObject({ type: "pending", ref: session.id, paymentRef: session.payment_intent });
  });

  it("async payment succeeded / failed: succeeded / failed", async () => {
    const succeeded = await eventAbout("checkout.session.async_payment_succeeded", "paid");
    expect(await deliver(succeeded.event)).toMatchObject({
      type: "succeeded",
      ref: succeeded.session.id,
      orderId: succeeded.request.orderId,
    });
    const failed = await eventAbout("checkout.session.async_payment_failed", "unpaid");
    expect(await deliver(failed.event)).toMatchObject({ type: "failed", ref: failed.session.id, orderId: failed.request.orderId });
  });

  it("checkout.session.expired: expired, with no payment", async () => {
    const { event, request, session } = await eventAbout("checkout.session.expired", "expired");
    expect(await deliver(event)).toMatchObject({ type: "expired", ref: session.id, orderId: request.orderId, paymentRef: null });
  });

  it("takes the order id from client_reference_id when the metadata lacks it", async () => {
    const { event, request } = await eventAbout("checkout.session.completed", "paid");
    event.data.object.metadata = {};
    expect((await deliver(event))?.orderId).toBe(request.orderId);
  });

  it("reads the PaymentIntent id and the method from an expanded PaymentIntent", async () => {
    const { event, session } = await eventAbout("checkout.session.completed", "paid");
    const expanded = {
      id: session.payment_intent,
      object: "payment_intent",
      payment_method: { id: "pm_123", object: "payment_method", type: "paypal" },
    };
    expect(await deliver({ ...event, data: { object: { ...event.data.object, payment_intent: expanded } } })).toMatchObject({
      paymentRef: session.payment_intent,
      method: "paypal",
    });
  });

  it("gives null for event types the shop does not act on", async () => {
    const { event } = await eventAbout("checkout.session.completed", "paid");
    expect(
      await deliver({ ...event, type: "payment_intent.succeeded", data: { object: { id: "pi_123", object: "payment_intent" } } }),
    ).toBeNull();
    expect(await deliver({ ...event, type: "checkout.session.updated" })).toBeNull();
  });

  it("accepts a delivery signed 290 s ago and refuses one signed 310 s ago (5-minute tolerance)", async () => {
    const { event } = await eventAbout("checkout.session.completed", "paid");
    expect((await deliver(event, { timestamp: nowSeconds() - 290 }))?.type).toBe("succeeded");
    await expect(deliver(event, { timestamp: nowSeconds() - 310 })).rejects.toThrow(WebhookSignatureError);
  });

  it("refuses another secret, an altered body, a missing or malformed header", async () => {
    const { event } = await eventAbout("checkout.session.completed", "paid");
    await expect(deliver(event, { secret: "whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0" })).rejects.toThrow(WebhookSignatureError);
    const altered = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 1 } } }, null, 2);
    await expect(deliver(event, { body: altered })).rejects.toThrow(WebhookSignatureError);

    const payload = JSON.stringify(event);
    await expect(provider.verifyWebhook(payload, new Headers())).rejects.toThrow(WebhookSignatureError);
    await expect(provider.verifyWebhook(payload, new Headers({ "Stripe-Signature": "t=abc,v1=00" }))).rejects.toThrow(
      WebhookSignatureError,
    );
  });

  it("a verified event of a handled type that is not a session is an error, not a bad signature", async () => {
    const { event } = await eventAbout("checkout.session.completed", "paid");
    const broken = deliver({ ...event, data: { object: { id: "pi_123", object: "payment_intent" } } });
    await expect(broken).rejects.toThrow();
    await expect(broken).rejects.not.toBeInstanceOf(WebhookSignatureError);
  });
});
