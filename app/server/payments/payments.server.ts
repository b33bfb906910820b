/**
 * Payments of orders: starting a checkout at the configured provider, applying its webhook events, and
 * refunds. Events are idempotent (each provider event id is stored once) and order-independent: a failure
 * or expiry never undoes a payment that succeeded, and a success after an expiry goes through the late-
 * payment path of confirmOrder (claim again or refund). docs/architecture.md §6.4, docs/decisions/012-payments.md.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Locale, localizePath } from "../../domain/i18n";
import { confirmOrderChange, expireOrderChange } from "../booking/changes.server";
import { expireOrder } from "../booking/expiry.server";
import { cancelOrder, confirmOrder } from "../booking/holds.server";
import { getConfig } from "../config.server";
import { depositDueOf, openDeposit, releaseOnCancel } from "../counter/deposits.server";
import { type Db, getDb } from "../db/client.server";
import { orderChanges, orders, payments, webhookEvents } from "../db/schema";
import { logger } from "../log.server";
import { type Refunded, sendCancellationEmail } from "../orders/cancellation.server";
import { createDemoProvider } from "./demo.server";
import type { PaymentEvent, PaymentProvider, ProviderId } from "./provider.server";
import { createStripeProvider } from "./stripe.server";

const providers = new Map<ProviderId, PaymentProvider>();

/** The provider of `id` (default: the configured one), created once per process. */
export function getPaymentProvider(id: ProviderId = getConfig().PAYMENT_PROVIDER): PaymentProvider {
  let provider = providers.get(id);
  if (!provider) {
    const config = getConfig();
    if (id === "stripe") {
      if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) throw new Error("Stripe is not configured");
      provider = createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL ?? null,
        timeoutMs: config.STRIPE_TIMEOUT_MS,
      });
    } else {
      provider = createDemoProvider();
    }
    providers.set(id, provider);
  }
  return provider;
}

/** Forgets the providers, so a changed configuration takes effect (tests). */
export function resetPaymentProviders() {
  providers.clear();
}

export class PaymentUnavailableError extends Error {}

/**
 * Opens the provider's checkout for a held order and returns where to send the customer. When the
 * provider cannot be reached (an error, a 5xx or a timeout after the SDK's own retries),
 * PaymentUnavailableError is thrown and the order stays pending with its hold: nothing was charged, the
 * customer keeps the units while trying again, and the next checkout of the bag gives this hold back
 * before it holds again (or it runs out with the hold time).
 */
export async function startPayment(params: { orderId: string; origin: string }, db: Db = getDb()): Promise<{ redirectUrl: string }> {
  const [order] = await db.select().from(orders).where(eq(orders.id, params.orderId));
  if (order?.status !== "pending_payment" || !order.expiresAt) throw new PaymentUnavailableError("order is not waiting for payment");
  const language = order.language as Locale;
  const provider = getPaymentProvider();
  const successUrl = new URL(localizePath(`/order/${order.token}`, language), params.origin).toString();
  // Back in the bag, `payment=cancelled` gives the hold back (the provider may not tell us for a while).
  const cancelUrl = new URL(`${localizePath("/rental/bag", language)}?payment=cancelled`, params.origin).toString();
  let checkout: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
  try {
    checkout = await provider.createCheckout({
      orderId: order.id,
      orderNumber: order.number,
      amountCents: order.totalCents,
      currency: "EUR",
      email: order.email,
      language,
      expiresAt: order.expiresAt,
      successUrl,
      cancelUrl,
      idempotencyKey: `checkout-${order.id}`,
      depositCents: await depositDueOf(order.id, db),
    });
  } catch (error) {
    logger.error({ err: error, order: order.number }, "payment provider: checkout not created");
    throw new PaymentUnavailableError("the payment provider did not answer");
  }
  await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.id,
      ref: checkout.ref,
      checkoutUrl: checkout.redirectUrl,
      status: "pending",
      amountCents: order.totalCents,
      currency: order.currency,
    })
    .onConflictDoNothing();
  return { redirectUrl: checkout.redirectUrl };
}

/**
 * Opens the provider's checkout for the price difference of a change waiting for its payment (decision
 * 028). The customer comes back to the order page; going back without paying gives the change's hold
 * back. Throws PaymentUnavailableError as startPayment does.
 */
export async function startChangePayment(params: { changeId: number; origin: string }, db: Db = getDb()): Promise<{ redirectUrl: string }> {
  const [row] = await db
    .select({ change: orderChanges, order: orders })
    .from(orderChanges)
    .innerJoin(orders, eq(orders.id, orderChanges.orderId))
    .where(eq(orderChanges.id, params.changeId));
  const expiresAt = row?.change.expiresAt;
  if (row?.change.status !== "pending" || !expiresAt || row.change.differenceCents <= 0)
    throw new PaymentUnavailableError("the change is not waiting for payment");
  const { change, order } = row;
  const language = order.language as Locale;
  const provider = getPaymentProvider();
  const orderPage = localizePath(`/order/${order.token}`, language);
  let checkout: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
  try {
    checkout = await provider.createCheckout({
      orderId: order.id,
      orderNumber: order.number,
      amountCents: change.differenceCents,
      currency: "EUR",
      email: order.email,
      language,
      expiresAt,
      successUrl: new URL(`${orderPage}?changed=1`, params.origin).toString(),
      cancelUrl: new URL(`${orderPage}/change?payment=cancelled`, params.origin).toString(),
      idempotencyKey: `change-${change.id}`,
      // The deposit rides on the booking's saved card, or is taken at the counter.
      depositCents: 0,
    });
  } catch (error) {
    logger.error({ err: error, order: order.number }, "payment provider: checkout of a change not created");
    await expireOrderChange(change.id, db);
    throw new PaymentUnavailableError("the payment provider did not answer");
  }
  await db
    .insert(payments)
    .values({
      orderId: order.id,
      orderChangeId: change.id,
      provider: provider.id,
      ref: checkout.ref,
      checkoutUrl: checkout.redirectUrl,
      status: "pending",
      amountCents: change.differenceCents,
      currency: order.currency,
    })
    .onConflictDoNothing();
  return { redirectUrl: checkout.redirectUrl };
}

export type EventResult = "duplicate" | "unknown" | "mismatch" | "paid" | "alreadyPaid" | "refunded" | "pending" | "released" | "ignored";

const FINAL = new Set(["succeeded", "refunded"]);

/** Payments taken at the counter (cash or the card terminal) are recorded with this provider name. */
export const COUNTER_PROVIDER = "counter";

/**
 * Applies one verified webhook event. Returns what it did; throws only when the event should be
 * delivered again (the stored event id is removed so the redelivery is processed).
 */
export type PaymentHooks = {
  onPaid?: (orderId: string) => Promise<void>;
  /** A payment that could not be kept went back; `latePayment` when it came after the hold had expired and the equipment was gone. */
  onReturned?: (orderId: string, refund: Refunded, latePayment: boolean) => Promise<void>;
  /** The difference of a change was paid and the change applied. */
  onChanged?: (orderId: string, change: { id: number; differenceCents: number }) => Promise<void>;
};

export async function applyPaymentEvent(event: PaymentEvent, hooks: PaymentHooks = {}, db: Db = getDb()): Promise<EventResult> {
  const stored = await db
    .insert(webhookEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, payload: event })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  if (stored.length === 0) return "duplicate";
  try {
    return await applyOnce(event, hooks, db);
  } catch (error) {
    await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.id)));
    throw error;
  }
}

async function applyOnce(event: PaymentEvent, hooks: PaymentHooks, db: Db): Promise<EventResult> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, event.provider), eq(payments.ref, event.ref)));
  if (!payment || (event.orderId && event.orderId !== payment.orderId)) {
    logger.warn({ provider: event.provider, ref: event.ref, event: event.id }, "payment event for an unknown checkout");
    return "unknown";
  }
  const setPayment = (values: Partial<typeof payments.$inferInsert>) =>
    db
      .update(payments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));

  if (event.type === "succeeded") {
    if (event.amountCents !== payment.amountCents || event.currency?.toUpperCase() !== payment.currency) {
      logger.error(
        { ref: event.ref, expected: [payment.amountCents, payment.currency], got: [event.amountCents, event.currency] },
        "payment amount or currency does not match the order: not accepted as paid",
      );
      return "mismatch";
    }
    await setPayment({ status: "succeeded", paymentRef: event.paymentRef ?? payment.paymentRef, method: event.method ?? payment.method });
    if (payment.orderChangeId !== null) {
      const applied = await confirmOrderChange(payment.orderChangeId, db);
      if (applied === "applied") {
        await hooks.onChanged?.(payment.orderId, { id: payment.orderChangeId, differenceCents: payment.amountCents });
        return "paid";
      }
      if (applied === "alreadyApplied") return "alreadyPaid";
      // The change can no longer be had: the order stays as it was, and the difference goes back.
      await refundPayment(payment.id, db);
      return "refunded";
    }
    const confirmed = await confirmOrder(payment.orderId, db);
    if (!confirmed.ok) return "unknown";
    const outcome = confirmed.value;
    if (outcome.outcome === "paid") {
      await openDeposit(payment.orderId, db);
      await hooks.onPaid?.(payment.orderId);
      return "paid";
    }
    if (outcome.outcome === "alreadyPaid") return "alreadyPaid";
    const refunded = await refundPayment(payment.id, db);
    await db.update(orders).set({ status: "refunded", updatedAt: sql`now()` }).where(eq(orders.id, payment.orderId));
    // Null when an earlier delivery of the same payment already refunded it: its e-mails went out then.
    if (refunded) await hooks.onReturned?.(payment.orderId, refunded, outcome.reason === "unavailable");
    return "refunded";
  }

  if (FINAL.has(payment.status)) return "ignored";
  if (event.type === "pending") {
    await setPayment({ status: "pending", method: event.method ?? payment.method });
    return "pending";
  }
  // failed or expired: the checkout is over without money; give the hold back.
  await setPayment({ status: event.type === "failed" ? "failed" : "expired" });
  if (payment.orderChangeId !== null) await expireOrderChange(payment.orderChangeId, db);
  else await expireOrder(payment.orderId, db);
  return "released";
}

/**
 * Refunds what is left of a succeeded payment (or `upTo` of it) through its provider and records it.
 * Returns the refund, or null when there was nothing left to refund.
 */
async function refundPayment(paymentId: number, db: Db = getDb(), upTo = Number.POSITIVE_INFINITY): Promise<Refunded | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status === "refunded") return null;
  const amount = Math.min(payment.amountCents - payment.refundedCents, upTo);
  if (amount <= 0) return null;
  // Paid at the counter (cash or card terminal): the clerk pays it back there; only the record changes here.
  if (payment.provider !== COUNTER_PROVIDER)
    await getPaymentProvider(payment.provider as ProviderId).refund({
      ref: payment.ref,
      paymentRef: payment.paymentRef,
      amountCents: amount,
      idempotencyKey: `refund-${payment.id}-${payment.refundedCents}`,
    });
  const refundedCents = payment.refundedCents + amount;
  await db
    .update(payments)
    .set({ status: refundedCents >= payment.amountCents ? "refunded" : payment.status, refundedCents, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  return { paymentId: payment.id, fromCents: payment.refundedCents, amountCents: amount, at: new Date() };
}

/**
 * Refunds `amountCents` of what an order was paid (a change made it cheaper), newest payment first,
 * through each payment's provider; counter payments are paid back at the desk and only recorded. Says how
 * much was refunded and whether all of it is paid back at the desk (so the customer is told where).
 */
export async function refundPart(
  orderId: string,
  amountCents: number,
  db: Db = getDb(),
): Promise<{ refundedCents: number; atCounter: boolean }> {
  let left = amountCents;
  let atCounter = true;
  for (const payment of await succeededPayments(orderId, db)) {
    if (left <= 0) break;
    const refunded = (await refundPayment(payment.id, db, left))?.amountCents ?? 0;
    if (refunded > 0 && payment.provider !== COUNTER_PROVIDER) atCounter = false;
    left -= refunded;
  }
  return { refundedCents: amountCents - left, atCounter };
}

/** The payments that succeeded for an order (a booking, and the differences of its changes), newest first. */
async function succeededPayments(orderId: string, db: Db = getDb()) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * Cancels an order and refunds what was paid: used by the customer's self-service cancellation and by
 * staff. Returns false when the order cannot be cancelled (already picked up, or cancelled): a second
 * click finds it cancelled, so its e-mail goes out once. The customer of a paid order gets one e-mail,
 * the cancellation, saying what comes back, where and when (money paid at the counter is paid back there).
 */
export async function cancelAndRefund(orderId: string, note: string, origin: string, db: Db = getDb()): Promise<boolean> {
  const result = await cancelOrder(orderId, { note }, db);
  if (!result.ok) return false;
  await releaseOnCancel(orderId);
  if (!result.value.wasPaid) return true;
  // A changed order may have been paid in parts (the booking, then a change's difference): all go back.
  const paid = await succeededPayments(orderId, db);
  if (paid.length === 0) {
    await sendCancellationEmail(orderId, origin, { how: "none" });
    return true;
  }
  const atCounter = paid.every((payment) => payment.provider === COUNTER_PROVIDER);
  const amountCents = paid.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  // One e-mail for one cancellation: it states what comes back, where and when (no second, unlinked one).
  await sendCancellationEmail(orderId, origin, { how: atCounter ? "counter" : "provider", amountCents });
  for (const payment of paid) await refundPayment(payment.id, db);
  await db.update(orders).set({ status: "refunded", updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  return true;
}

/** Gives back the hold of an order still waiting for payment and closes its checkout (the customer went back to the bag). */
export async function abandonPayment(orderId: string, db: Db = getDb()): Promise<void> {
  // Only a checkout still open at the provider is closed there: one given back, failed or paid is left alone.
  const open = await db
    .select({ id: payments.id, provider: payments.provider, ref: payments.ref })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["created", "pending"])));
  for (const payment of open) {
    try {
      await getPaymentProvider(payment.provider as ProviderId).expireCheckout(payment.ref);
      // As the provider's own "expired" event would; a late success still counts (applyOnce).
      await db
        .update(payments)
        .set({ status: "expired", updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, ["created", "pending"])));
    } catch (error) {
      logger.warn({ err: error, ref: payment.ref }, "payment provider: checkout not expired");
    }
  }
  await expireOrder(orderId, db);
}
