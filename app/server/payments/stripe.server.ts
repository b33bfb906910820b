/**
 * The `stripe` payment provider (docs/architecture.md §6.4): Stripe Checkout Sessions through the official SDK, card and
 * PayPal, signed webhooks. Only this file knows Stripe's objects; the shop sees the PaymentProvider interface.
 */
import Stripe from "stripe";
import { z } from "zod";
import { AUTHORISATION_DAYS } from "../../domain/counter/deposits";
import type { Locale } from "../../domain/i18n";
import {
  type Checkout,
  type CheckoutRequest,
  type DepositAuthorisation,
  type DepositEvent,
  DepositLapsedError,
  type DepositRequest,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from "./provider.server";

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Test only: base URL of a local stand-in for the Stripe API (STRIPE_API_URL). */
  apiUrl?: string | null;
  /** One request's time limit (STRIPE_TIMEOUT_MS). */
  timeoutMs?: number;
};

// A customer waits on createCheckout; Stripe answers in well under a second, so a stuck call should fail
// long before the SDK's default of 80 s. Retried POSTs carry an idempotency key, so retrying is safe.
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_NETWORK_RETRIES = 2;

// Five minutes, as Stripe recommends (docs/architecture.md §6.4): an older delivery may be a replayed capture.
const WEBHOOK_TOLERANCE_SECONDS = 300;

// Stripe refuses `expires_at` earlier than 30 minutes or later than 24 hours after the session is created.
const MIN_LIFETIME_SECONDS = 30 * 60;
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
// Covers the time the request takes to reach Stripe and a little clock skew between us and Stripe.
const LIFETIME_MARGIN_SECONDS = 10;

const checkoutLocale: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  de: "de",
  it: "it",
  nl: "nl",
  be: "nl",
  da: "da",
};

/**
 * The session's `expires_at`: the end of the hold, moved into the window Stripe accepts.
 *
 * - A hold shorter than 30 minutes (the default hold is 30 minutes, so this is the usual case) gets a session
 *   that lives 30 minutes: it stays payable a little after the hold ends. That is safe because a payment for
 *   an expired order claims its items again or is refunded (decision 011), and the shop can expire the
 *   session early with expireCheckout.
 * - A hold longer than 24 hours gets a 24-hour session, which simply ends before the hold does.
 *
 * A moved value is rounded to the whole minute (up for the lower bound, down for the upper) because Stripe
 * rejects a repeated idempotency key whose parameters differ: a retry within the same minute sends the very
 * same request. A hold end inside the window is sent unchanged and never differs between retries.
 */
function checkoutExpiresAt(holdEnd: Date, now: Date = new Date()): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const wanted = Math.ceil(holdEnd.getTime() / 1000);
  const earliest = nowSeconds + MIN_LIFETIME_SECONDS + LIFETIME_MARGIN_SECONDS;
  const latest = nowSeconds + MAX_LIFETIME_SECONDS - LIFETIME_MARGIN_SECONDS;
  if (wanted < earliest) return Math.ceil(earliest / 60) * 60;
  if (wanted > latest) return Math.floor(latest / 60) * 60;
  return wanted;
}

/** Turns STRIPE_API_URL into the SDK's host/port/protocol: the SDK has no base-URL option. */
function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const url = new URL(apiUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`STRIPE_API_URL must be http(s): ${apiUrl}`);
  // The SDK always requests /v1/... from the host's root, so a path in the URL would be silently dropped.
  if (url.pathname !== "/" || url.search) throw new Error(`STRIPE_API_URL must have no path: ${apiUrl}`);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

// The parts of a webhook the shop reads. Verified events come from Stripe, but their shape depends on the
// API version of the webhook endpoint, so it is checked rather than trusted.
const paymentIntentRef = z.union([
  z.string(),
  z.looseObject({
    id: z.string(),
    payment_method: z.union([z.string(), z.looseObject({ type: z.string() })]).nullish(),
    payment_method_types: z.array(z.string()).nullish(),
  }),
]);

const sessionSchema = z.looseObject({
  id: z.string(),
  object: z.literal("checkout.session"),
  payment_status: z.string(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: paymentIntentRef.nullish(),
  payment_method_types: z.array(z.string()).nullish(),
});

const eventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  created: z.number().int(),
  data: z.looseObject({ object: z.unknown() }),
});

type SessionSnapshot = z.infer<typeof sessionSchema>;

/** A deposit's PaymentIntent as its events carry it; the shop's own carry `metadata.purpose = deposit`. */
const depositIntentSchema = z.looseObject({
  id: z.string(),
  object: z.literal("payment_intent"),
  amount: z.number().int(),
  amount_received: z.number().int().nullish(),
  cancellation_reason: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const DEPOSIT_PURPOSE = "deposit";

function depositEventType(type: string, intent: z.infer<typeof depositIntentSchema>): DepositEvent["type"] | null {
  switch (type) {
    case "payment_intent.amount_capturable_updated":
      return "authorised";
    case "payment_intent.succeeded":
      return "captured";
    case "payment_intent.payment_failed":
      return "failed";
    case "payment_intent.canceled":
      // Stripe cancels an uncaptured authorisation itself when it lapses, with the reason `automatic`.
      return intent.cancellation_reason === "automatic" ? "expired" : "released";
    default:
      return null;
  }
}

const handledEvents = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

function eventType(type: string, session: SessionSnapshot): PaymentEvent["type"] | null {
  switch (type) {
    case "checkout.session.completed":
      // A payment method that confirms later completes the session `unpaid`; its outcome follows as
      // async_payment_succeeded or async_payment_failed.
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "succeeded";
      if (session.payment_status === "unpaid") return "pending";
      return null;
    case "checkout.session.async_payment_succeeded":
      return "succeeded";
    case "checkout.session.async_payment_failed":
      return "failed";
    case "checkout.session.expired":
      return "expired";
    default:
      return null;
  }
}

/**
 * The payment method, when the event says which one was used: only an expanded PaymentIntent does. The
 * session's own `payment_method_types` lists what was offered, which tells only when one was offered.
 */
function paymentMethod(session: SessionSnapshot): string | null {
  const intent = session.payment_intent;
  if (intent && typeof intent === "object") {
    if (intent.payment_method && typeof intent.payment_method === "object") return intent.payment_method.type;
    if (intent.payment_method_types?.length === 1) return intent.payment_method_types[0];
  }
  if (session.payment_method_types?.length === 1) return session.payment_method_types[0];
  return null;
}

function intentId(intent: string | { id: string } | null | undefined): string | null {
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    ...(options.apiUrl ? apiAddress(options.apiUrl) : {}),
  });
  const webhookSecret = options.webhookSecret;

  async function createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const metadata = { orderId: request.orderId };
    const deposit = request.depositCents > 0;
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        // The API version this SDK pins (2026-09-30.endive and later) no longer takes `payment_method_types`:
        // this list filters the methods enabled in the Dashboard, so PayPal must be switched on there too.
        // A deposit is a card authorisation made later without the customer (decision 045): card only.
        allowed_payment_method_types: deposit ? ["card"] : ["card", "paypal"],
        // The card is saved to a customer of its own, for the deposit's authorisation off-session.
        ...(deposit ? { customer_creation: "always" as const } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.orderNumber },
            },
          },
        ],
        customer_email: request.email,
        locale: checkoutLocale[request.language],
        client_reference_id: request.orderId,
        metadata,
        // Also on the PaymentIntent, so that refunds and disputes in the dashboard lead back to the order.
        payment_intent_data: { metadata, ...(deposit ? { setup_future_usage: "off_session" as const } : {}) },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: checkoutExpiresAt(request.expiresAt),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
    return { ref: session.id, redirectUrl: session.url };
  }

  async function verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | DepositEvent | null> {
    const signature = headers.get("stripe-signature");
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
    let verified: unknown;
    try {
      verified = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      // Whatever went wrong (signature, timestamp, a body that is no JSON), the delivery is not trusted.
      throw new WebhookSignatureError(error instanceof Error ? error.message : "Stripe webhook did not verify", { cause: error });
    }

    const event = eventSchema.parse(verified);
    if (event.type.startsWith("payment_intent.")) return depositEvent(event);
    if (!handledEvents.has(event.type)) return null;
    const session = sessionSchema.parse(event.data.object);
    const type = eventType(event.type, session);
    if (!type) return null;
    return {
      provider: "stripe",
      id: event.id,
      type,
      ref: session.id,
      orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
      amountCents: session.amount_total ?? null,
      currency: session.currency ? session.currency.toUpperCase() : null,
      paymentRef: intentId(session.payment_intent),
      method: paymentMethod(session),
      createdAt: new Date(event.created * 1000),
    };
  }

  async function refund(request: { ref: string; paymentRef: string | null; amountCents: number; idempotencyKey: string }) {
    let paymentIntent = request.paymentRef;
    if (!paymentIntent) {
      // The webhook that would have told us the PaymentIntent may not have arrived (or was not stored).
      const session = await stripe.checkout.sessions.retrieve(request.ref);
      paymentIntent = intentId(session.payment_intent);
      if (!paymentIntent) throw new Error(`Checkout Session ${request.ref} has no payment to refund`);
    }
    const created = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: request.amountCents },
      { idempotencyKey: request.idempotencyKey },
    );
    return { refundRef: created.id };
  }

  async function expireCheckout(ref: string): Promise<void> {
    try {
      await stripe.checkout.sessions.expire(ref);
    } catch (error) {
      // Stripe expires only `open` sessions and answers 400 otherwise. Its error carries no code to tell
      // that case apart from a bad request, so the session's status decides: complete or expired is what
      // the caller wanted to be sure of (a completed payment arrives by webhook).
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 400) throw error;
      const session = await stripe.checkout.sessions.retrieve(ref).catch(() => null);
      if (session && (session.status === "complete" || session.status === "expired")) return;
      throw error;
    }
  }

  /** The events of the shop's deposit authorisations; the rental's own PaymentIntents arrive through their sessions. */
  function depositEvent(event: z.infer<typeof eventSchema>): DepositEvent | null {
    // The rental's own PaymentIntents (and any others of the account) are not the shop's to act on here.
    const purpose = z.looseObject({ metadata: z.record(z.string(), z.unknown()).nullish() }).safeParse(event.data.object);
    if (!purpose.success || purpose.data.metadata?.purpose !== DEPOSIT_PURPOSE) return null;
    const intent = depositIntentSchema.parse(event.data.object);
    const type = depositEventType(event.type, intent);
    if (!type) return null;
    return {
      kind: "deposit",
      provider: "stripe",
      id: event.id,
      type,
      ref: intent.id,
      orderId: intent.metadata?.orderId ?? null,
      amountCents: type === "captured" ? (intent.amount_received ?? null) : intent.amount,
      createdAt: new Date(event.created * 1000),
    };
  }

  async function authoriseDeposit(request: DepositRequest): Promise<DepositAuthorisation> {
    const rental = await stripe.paymentIntents.retrieve(request.paymentRef);
    const paymentMethod = typeof rental.payment_method === "string" ? rental.payment_method : (rental.payment_method?.id ?? null);
    const customer = typeof rental.customer === "string" ? rental.customer : (rental.customer?.id ?? null);
    // Paid without saving the card (a PayPal payment from before the order asked a deposit, say).
    if (!paymentMethod || !customer) return { status: "failed", ref: null, reason: "no_saved_card" };
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          allowed_payment_method_types: ["card"],
          capture_method: "manual",
          confirm: true,
          off_session: true,
          description: `Deposit ${request.orderNumber}`,
          metadata: { orderId: request.orderId, purpose: DEPOSIT_PURPOSE },
          expand: ["latest_charge"],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== "requires_capture") return { status: "failed", ref: intent.id, reason: intent.status };
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const captureBefore = charge?.payment_method_details?.card?.capture_before;
      const authorisedAt = new Date(intent.created * 1000);
      return {
        status: "authorised",
        ref: intent.id,
        authorisedAt,
        expiresAt: captureBefore ? new Date(captureBefore * 1000) : new Date(authorisedAt.getTime() + AUTHORISATION_DAYS * 86_400_000),
      };
    } catch (error) {
      // A refusal of the card (declined, or the bank wants the customer to confirm): the PaymentIntent exists, failed.
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: "failed", ref: error.payment_intent?.id ?? null, reason: error.code ?? "card_declined" };
      }
      throw error;
    }
  }

  /** After Stripe refused to act on an authorisation for its state: whether it is gone (cancelled or lapsed). */
  async function gone(ref: string, error: unknown): Promise<boolean> {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== "payment_intent_unexpected_state") return false;
    const intent = await stripe.paymentIntents.retrieve(ref);
    return intent.status === "canceled";
  }

  async function captureDeposit(request: { ref: string; amountCents: number; idempotencyKey: string }) {
    try {
      await stripe.paymentIntents.capture(
        request.ref,
        { amount_to_capture: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (await gone(request.ref, error)) throw new DepositLapsedError(`PaymentIntent ${request.ref} is no longer authorised`);
      throw error;
    }
  }

  async function releaseDeposit(request: { ref: string; idempotencyKey: string }) {
    try {
      await stripe.paymentIntents.cancel(
        request.ref,
        { cancellation_reason: "requested_by_customer" },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      // Lapsed or cancelled already: nothing is held, which is what a release wants.
      if (await gone(request.ref, error)) return;
      throw error;
    }
  }

  return { id: "stripe", createCheckout, verifyWebhook, refund, expireCheckout, authoriseDeposit, captureDeposit, releaseDeposit };
}
