/**
 * The bag and the checkout: loading the bag with its branch and period, and turning it into a held order
 * and a payment. The route modules of the two steps call these.
 */
import { createHash, createHmac } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { desc, eq, sql } from "drizzle-orm";
import { addressKey } from "../../domain/accounts";
import { BOOKING_RATE_LIMITS } from "../../domain/hold-limits";
import type { Locale } from "../../domain/i18n";
import type { InvoiceInput } from "../../domain/invoice";
import type { RentalPeriod } from "../../domain/periods";
import { fail, ok, type Result } from "../../domain/result";
import { hitRateLimit, refundRateLimits } from "../auth/rate-limit.server";
import { getSessionUser, sessionSecret } from "../auth/session.server";
import { publicOrigin } from "../config.server";
import { getDb, queryRows } from "../db/client.server";
import { isDatabaseUnreachable } from "../db/health.server";
import { bags, orders, payments } from "../db/schema";
import { logger } from "../log.server";
import { orderPageUrl } from "../orders/orders.server";
import { abandonPayment, PaymentUnavailableError, startPayment } from "../payments/payments.server";
import { addLine, type Bag, loadBag, updateBag } from "./bag-store.server";
import { getShopCalendar } from "./calendar.server";
import { bagPeriod, bagView, equipmentFor, getShopById, quoteLinesOf } from "./flow.server";
import { type HoldFailure, holdOrder } from "./holds.server";

/** The bag with its branch and a period that still holds, or null when the booking has not got that far. */
export async function loadBagAtBranch(request: Request) {
  const bag = await loadBag(request);
  if (!bag?.appId || !bag.shopId) return null;
  const [calendar, shop] = await Promise.all([getShopCalendar(bag.shopId, bag.appId), getShopById(bag.shopId)]);
  if (!calendar || !shop) return null;
  const { period, errors } = bagPeriod(bag, calendar, new Date());
  return { bag, shop, period, periodErrors: errors };
}

export type ReturnFromPayment = { outcome: "cancelled" | "failed" | "expired"; holdOpen: boolean } | null;

/**
 * What to tell a customer who came back from the provider without paying. Read-only: a GET changes
 * nothing (a link from anywhere could send someone here). The provider's webhook has usually closed the
 * order already; where it has not (Stripe sends nothing for a cancel), `holdOpen` asks the page to give the
 * hold back with a POST (`releasePaymentHold`). What the payment says tells a cancelled or failed payment
 * from a hold that ran out while the customer was paying ("expired": availability was checked again).
 */
export async function returnFromPayment(bag: Bag, outcome: "cancelled" | "failed"): Promise<ReturnFromPayment> {
  if (!bag.orderId) return null;
  const db = getDb();
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, bag.orderId));
  if (order?.status === "pending_payment") return { outcome, holdOpen: true };
  if (order?.status !== "expired") return null;
  const attempts = await db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, bag.orderId));
  if (attempts.some((p) => p.status === "failed")) return { outcome: "failed", holdOpen: false };
  // The provider or the customer closed the checkout, rather than the hold running out.
  const givenBack = attempts.some((p) => p.status === "expired");
  return { outcome: givenBack ? outcome : "expired", holdOpen: false };
}

/** The customer is back in the bag without paying: close the provider's checkout and give the units back. */
export async function releasePaymentHold(bag: Bag): Promise<void> {
  // An order no longer waiting for payment has no open checkout and nothing held: abandonPayment leaves it.
  if (bag.orderId) await abandonPayment(bag.orderId);
}

/** Whether the bag's previous checkout still waits for payment, and whether its hold has not run out yet. */
async function previousCheckout(orderId: string | null): Promise<{ waiting: boolean; holdOpen: boolean }> {
  if (!orderId) return { waiting: false, holdOpen: false };
  const [order] = await getDb().select({ status: orders.status, expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, orderId));
  const waiting = order?.status === "pending_payment";
  return { waiting, holdOpen: waiting && order.expiresAt !== null && order.expiresAt > new Date() };
}

/**
 * Where a checkout goes on: to the payment provider, or back to the bag when what it holds changed (a line
 * no longer to be had, another price), where the bag shows what changed.
 */
export type CheckoutNext = { redirectUrl: string } | { backToBag: "price" | "unavailable" };

const HOLD_LIMIT_MESSAGES = {
  orders: "booking.checkout.holdLimitOrders",
  units: "booking.checkout.holdLimitUnits",
  size: "booking.checkout.holdLimitSize",
} as const;

/** Why a checkout was refused, as the invoice step shows it above the form it keeps as typed. */
function checkoutRefusal(failure: HoldFailure | { reason: "provider" }): Result<CheckoutNext> {
  switch (failure.reason) {
    case "priceChanged":
      return ok({ backToBag: "price" });
    case "invalidLine":
      return ok({ backToBag: "unavailable" });
    case "unavailable":
      return fail.unavailable(
        { form: "booking.checkout.unavailable" },
        { item: `${failure.line.name}${failure.line.size ? ` (${failure.line.size})` : ""}` },
      );
    case "holdLimit":
      return fail.conflict({ form: HOLD_LIMIT_MESSAGES[failure.limit] });
    case "coupon":
      return fail.conflict({ form: "booking.checkout.coupon" });
    case "period":
      return fail.conflict({ form: "booking.checkout.period" });
    case "provider":
      return fail.conflict({ form: "booking.checkout.provider" });
    case "emptyBag":
      return fail.conflict({ form: "booking.errors.emptyBag" });
    default:
      return fail.conflict({ form: "booking.checkout.busy" });
  }
}

/**
 * The holder of online holds: the client's address (its /64 for IPv6) under an HMAC with the session
 * secret, so the orders table never keeps an address and every process computes the same key.
 */
function holderKey(clientAddress: string): string {
  return createHmac("sha256", sessionSecret())
    .update(`holder:${addressKey(clientAddress)}`)
    .digest("base64url")
    .slice(0, 22);
}

/** A change to a bag (adding, removing, a size, a coupon), counted per client address. */
export async function allowBagChange(clientAddress: string): Promise<Result> {
  const hit = await hitRateLimit(BOOKING_RATE_LIMITS.bagChanges, addressKey(clientAddress));
  return hit.allowed ? ok() : fail.limited(hit.retryAfter, { form: "booking.errors.tooMany" });
}

/**
 * Puts an item on the bag from the equipment list the customer sees (a person's, or the whole bag's):
 * only an item of that list, in one of its sizes, and only as many as are free for the period. A person
 * rents one of each item; the whole bag may take several of an article.
 */
export async function addToBag(
  list: Parameters<typeof equipmentFor>[0],
  wanted: { itemId: number; size?: string; quantity: number; anyway?: boolean },
): Promise<Result> {
  const invalid = fail.invalid({ form: "booking.equipment.invalid" });
  const entry = (await equipmentFor(list)).find((e) => e.id === wanted.itemId);
  if (!entry) return invalid;
  // An item that does not suit the person goes in only once the customer has said they are sure.
  if (entry.fit.verdict === "unsuitable" && !wanted.anyway) return fail.conflict({ form: "booking.fit.confirm" }, { item: entry.name });
  const size = entry.sizes.length > 0 ? (wanted.size ?? "") : null;
  const free =
    size === null
      ? entry.state === "not available"
        ? 0
        : Number.POSITIVE_INFINITY
      : (entry.sizes.find((s) => s.size === size)?.free ?? -1);
  if (size !== null && free < 0) return invalid;
  const quantity = list.personId === null ? wanted.quantity : 1;
  if (free < quantity) return fail.conflict({ form: "booking.equipment.soldOut" }, { item: entry.name });
  await addLine(list.bag, { itemId: entry.id, size, personId: list.personId, quantity, shownPriceCents: entry.priceCents });
  return ok();
}

/** On from the bag to the invoice step: only with something in it, and everything still to be had. */
export async function readyForCheckout(bag: Bag, period: RentalPeriod, locale: Locale): Promise<Result> {
  if (bag.lines.length === 0) return fail.invalid({ form: "booking.errors.emptyBag" });
  const view = await bagView(bag, period, locale, new Date(), bag.invoice?.email);
  if (view?.lines.some((l) => !l.available)) return fail.conflict({ form: "booking.bag.unavailable" });
  return ok();
}

/**
 * How long a submission of the checkout is taken to be still under way: a second copy of it waits for the
 * first rather than holding again. Past this, a first that never finished (its process died) is given up.
 */
const SUBMISSION_RUNNING_MS = 30_000;

/**
 * Claims the bag's checkout for one submission, named by `key` (a hash of what was submitted). Taken when
 * the bag last went to payment with something else, or its order for this submission is over (run out,
 * given back), or a first copy of it stalled. Not taken while the same submission is under way or waits
 * for payment: a double tap then gets the first one's payment page (`sameSubmission`). One statement with
 * the bag's row locked, so of two copies at once exactly one claims. Returns the order the bag pointed to.
 */
async function claimCheckout(bagId: string, key: string): Promise<{ claimed: boolean; previousOrderId: string | null }> {
  const rows = await queryRows<{ previous: string | null }>(sql`
    update carts c set checkout_key = ${key}, checkout_at = now(), order_id = null, updated_at = now()
    from (select id, order_id, checkout_key, checkout_at from carts where id = ${bagId} for update) old
    where c.id = old.id
      and (old.checkout_key is distinct from ${key}
        or (old.order_id is null and old.checkout_at < now() - make_interval(secs => ${SUBMISSION_RUNNING_MS / 1000}))
        or exists (select 1 from orders o where o.id = old.order_id
                   and (o.status in ('expired', 'cancelled') or (o.status = 'pending_payment' and o.expires_at <= now()))))
    returning old.order_id as previous`);
  return rows.length > 0 ? { claimed: true, previousOrderId: rows[0].previous } : { claimed: false, previousOrderId: null };
}

/**
 * A second copy of a submission that another request has claimed: the first one's payment page once it
 * has one (or its order page once paid), so a double tap makes one order. Null when the first gave up
 * (refused, or its order is over): this copy then checks out itself.
 */
async function sameSubmission(bagId: string, key: string, origin: string): Promise<Result<CheckoutNext> | null> {
  const db = getDb();
  for (let waited = 0; waited < SUBMISSION_RUNNING_MS; waited += 150) {
    const [bag] = await db.select({ orderId: bags.orderId, checkoutKey: bags.checkoutKey }).from(bags).where(eq(bags.id, bagId));
    if (bag?.checkoutKey !== key) return null;
    if (bag.orderId) {
      const [order] = await db
        .select({ status: orders.status, token: orders.token, language: orders.language })
        .from(orders)
        .where(eq(orders.id, bag.orderId));
      if (order && order.status !== "pending_payment" && order.status !== "expired" && order.status !== "cancelled")
        return ok({ redirectUrl: orderPageUrl(origin, order.token, order.language as Locale) });
      if (order?.status !== "pending_payment") return null;
      const [payment] = await db
        .select({ url: payments.checkoutUrl })
        .from(payments)
        .where(eq(payments.orderId, bag.orderId))
        .orderBy(desc(payments.id))
        .limit(1);
      if (payment?.url) return ok({ redirectUrl: payment.url });
    }
    await sleep(150);
  }
  return checkoutRefusal({ reason: "busy" });
}

/** What a submission of the checkout asks for, as one key: the same form sent twice gives the same key. */
function submissionKey(input: object): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("base64url");
}

/** Holds the bag as an order and opens the payment; what the customer was shown must still be the total. */
export async function checkout(params: {
  bag: Bag;
  invoice: InvoiceInput;
  /** The damage waiver box as ticked; it is kept on the bag with the invoice information. */
  damageWaiver: boolean;
  locale: Locale;
  expectedTotalCents: number;
  request: Request;
  clientAddress: string;
}): Promise<Result<CheckoutNext>> {
  const { bag } = params;
  if (!bag.appId || !bag.shopId || !bag.pickupDate || !bag.returnDate || !bag.pickupTime || !bag.returnTime)
    return checkoutRefusal({ reason: "emptyBag" });
  // Every checkout holds units: so many per address, and a bag renews a hold it still has only a few times
  // an hour (decision 026); a hold given back (cancelled, failed, run out) is not renewed by the next one.
  const perAddress = await hitRateLimit(BOOKING_RATE_LIMITS.checkout, addressKey(params.clientAddress));
  if (!perAddress.allowed) return fail.limited(perAddress.retryAfter, { form: "booking.checkout.tooMany" });
  const invoice = { ...params.invoice, company: params.invoice.company ?? null, vatId: params.invoice.vatId ?? null };
  const input: Parameters<typeof holdOrder>[0] = {
    appId: bag.appId,
    shopId: bag.shopId,
    language: params.locale,
    period: {
      pickupDate: bag.pickupDate,
      returnDate: bag.returnDate,
      pickupTime: bag.pickupTime.slice(0, 5),
      returnTime: bag.returnTime.slice(0, 5),
    },
    persons: bag.persons.map((p) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      heightCm: p.heightCm,
      weightKg: p.weightKg,
      skill: p.skill,
      shoeSize: p.shoeSize,
      ageBand: p.ageBand,
      age: p.age,
    })),
    lines: quoteLinesOf(bag),
    invoice,
    couponCode: bag.couponCode,
    hotelId: bag.hotelId,
    damageWaiver: params.damageWaiver,
    // A signed-in customer finds the order under "My orders".
    userId: (await getSessionUser(params.request))?.id ?? bag.userId,
    expectedTotalCents: params.expectedTotalCents,
    holder: holderKey(params.clientAddress),
  };
  const origin = publicOrigin(params.request);
  // The same form sent twice (a double tap, a reload of the POST) makes one order (issue 33).
  const key = submissionKey({ bag: bag.id, ...input });
  let claim = await claimCheckout(bag.id, key);
  if (!claim.claimed) {
    const first = await sameSubmission(bag.id, key, origin);
    if (first) return first;
    claim = await claimCheckout(bag.id, key);
    if (!claim.claimed) return checkoutRefusal({ reason: "busy" });
  }
  const previous = await previousCheckout(claim.previousOrderId);
  const perBag = previous.holdOpen ? await hitRateLimit(BOOKING_RATE_LIMITS.bagRenewals, bag.id) : null;
  if (perBag && !perBag.allowed) {
    // Nothing was given back: the bag points to its waiting order again.
    await updateBag(bag.id, { orderId: claim.previousOrderId, checkoutKey: null });
    return fail.limited(perBag.retryAfter, { form: "booking.checkout.tooMany" });
  }
  // A previous attempt that is still waiting for payment gives its hold back first (one given back, run
  // out or paid has nothing left to give).
  if (previous.waiting && claim.previousOrderId) await abandonPayment(claim.previousOrderId);
  const held = await holdOrderOrBusy(input);
  // The invoice details stay on the bag either way, so the form comes back as typed; the bag points to the
  // new order, or to none once the previous one is given back.
  await updateBag(bag.id, {
    invoice,
    damageWaiver: params.damageWaiver,
    orderId: held.ok ? held.value.id : null,
    checkoutKey: held.ok ? key : null,
    language: params.locale,
  });
  // A hold that did not happen was no renewal.
  if (!held.ok) {
    if (perBag) await refundRateLimits([perBag]);
    return checkoutRefusal(held);
  }
  try {
    const { redirectUrl } = await startPayment({ orderId: held.value.id, origin });
    return ok({ redirectUrl });
  } catch (error) {
    // The order stays pending and on the bag, so trying again gives its hold back first.
    if (error instanceof PaymentUnavailableError) {
      await updateBag(bag.id, { checkoutKey: null });
      return checkoutRefusal({ reason: "provider" });
    }
    throw error;
  }
}

/**
 * holdOrder, where a database connection lost in the middle counts as "busy, try again": the server rolled
 * the transaction back, so nothing of the order was written, and the customer keeps the filled-in form.
 * (Lost while committing, the order may exist after all: it is not on the bag, and its hold runs out.)
 */
async function holdOrderOrBusy(input: Parameters<typeof holdOrder>[0]): ReturnType<typeof holdOrder> {
  try {
    return await holdOrder(input);
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    logger.warn({ err: error }, "checkout: database connection lost while holding the order");
    return { ok: false, reason: "busy" };
  }
}
