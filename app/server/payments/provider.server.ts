/**
 * What the shop needs from a payment provider (docs/architecture.md §6.4). Two implement it: `demo` (built in, with a
 * hosted page of its own) and `stripe` (Checkout Sessions through the official SDK). The rest of the shop
 * sees only this interface and the normalized events.
 */
import type { Locale } from "../../domain/i18n";

export type ProviderId = "demo" | "stripe";

export type CheckoutRequest = {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: "EUR";
  email: string;
  language: Locale;
  /** When the hold ends: the checkout must not be payable after it. */
  expiresAt: Date;
  /** Absolute URLs the provider sends the customer back to. */
  successUrl: string;
  cancelUrl: string;
  /** The same key for a retried call creates no second checkout. */
  idempotencyKey: string;
  /**
   * The deposit the order asks (0: none). The checkout then saves the card for a later authorisation made
   * without the customer (decision 045): only a card can carry one.
   */
  depositCents: number;
};

export type Checkout = {
  /** The provider's id of the checkout (Stripe: the Checkout Session id). */
  ref: string;
  /** The provider's hosted page to redirect the customer to. */
  redirectUrl: string;
};

/**
 * A webhook event, normalized:
 * - `succeeded`: the money is there (Stripe: session completed and paid, or async payment succeeded);
 * - `pending`: the customer finished but the money is not confirmed yet (Stripe: completed, unpaid);
 * - `failed`: the payment failed (Stripe: async payment failed; demo: the payer chose failure);
 * - `expired`: the checkout ran out or the payer cancelled it.
 */
export type PaymentEvent = {
  provider: ProviderId;
  /** The provider's event id: the same delivery twice has the same id. */
  id: string;
  type: "succeeded" | "pending" | "failed" | "expired";
  /** The checkout the event is about (CheckoutRequest → Checkout.ref). */
  ref: string;
  /** Our order id, when the provider echoes it back (metadata). */
  orderId: string | null;
  /** What the provider says was paid; checked against the order before it counts as paid. */
  amountCents: number | null;
  currency: string | null;
  /** The captured payment's id (Stripe PaymentIntent), needed to refund. */
  paymentRef: string | null;
  /** paypal, card ... when known. */
  method: string | null;
  createdAt: Date;
};

/**
 * A webhook event about a deposit's authorisation (decision 045), normalized:
 * - `authorised`: the amount is held on the card;
 * - `captured`: (part of) it was taken: `amountCents` says how much;
 * - `released`: the authorisation was cancelled (by the shop or in the provider's dashboard);
 * - `expired`: it lapsed at the provider without being captured;
 * - `failed`: the card refused it.
 */
export type DepositEvent = {
  kind: "deposit";
  provider: ProviderId;
  id: string;
  type: "authorised" | "captured" | "released" | "expired" | "failed";
  /** The authorisation the event is about (DepositAuthorisation.ref). */
  ref: string;
  orderId: string | null;
  amountCents: number | null;
  createdAt: Date;
};

export type DepositRequest = {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: "EUR";
  /** The rental's captured payment, whose card was saved for this (Stripe: its PaymentIntent). */
  paymentRef: string;
  /** The same key for a retried call makes no second authorisation. */
  idempotencyKey: string;
};

export type DepositAuthorisation =
  | { status: "authorised"; ref: string; authorisedAt: Date; expiresAt: Date | null }
  | { status: "failed"; ref: string | null; reason: string };

/** The provider says the authorisation is no longer there to capture (it lapsed or was cancelled). */
export class DepositLapsedError extends Error {}

/** The signature or timestamp of a webhook did not verify: answer 400 and change nothing. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly id: ProviderId;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Verifies the signature over the raw body (and that the timestamp is recent), then returns the
   * normalized event, or null for an event type the shop does not act on. Throws WebhookSignatureError.
   */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | DepositEvent | null>;
  /** Refunds a captured payment (all of it unless `amountCents` says less). */
  refund(request: { ref: string; paymentRef: string | null; amountCents: number; idempotencyKey: string }): Promise<{ refundRef: string }>;
  /** Makes an open checkout unusable (the customer went back to the bag). Safe to call on a finished one. */
  expireCheckout(ref: string): Promise<void>;
  /** Authorises (holds, does not charge) a deposit on the card saved at checkout, without the customer. */
  authoriseDeposit(request: DepositRequest): Promise<DepositAuthorisation>;
  /** Takes `amountCents` of an authorised deposit; the rest goes back to the card. Throws DepositLapsedError. */
  captureDeposit(request: { ref: string; amountCents: number; idempotencyKey: string }): Promise<void>;
  /** Cancels an authorisation: nothing is taken. Safe to call on one that has lapsed or was cancelled. */
  releaseDeposit(request: { ref: string; idempotencyKey: string }): Promise<void>;
}
