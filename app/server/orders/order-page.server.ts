/** What the public order page (/order/{token}) shows and does: status, cancellation, and forgetting the bag once paid. */
import { and, eq } from "drizzle-orm";
import { canCancel } from "../../domain/cancellation";
import { changeRefusal } from "../../domain/order-change";
import { fail, ok, type Result } from "../../domain/result";
import { clearBagCookie, deleteBag, loadBag } from "../booking/bag-store.server";
import { getDb } from "../db/client.server";
import { emailOutbox, orderChanges, payments } from "../db/schema";
import { cancelAndRefund } from "../payments/payments.server";
import { getSettings } from "../settings/settings.server";
import { getOrderByToken } from "./orders.server";

/**
 * Why an order waiting for payment ended unpaid: its payment failed at the provider, the payment was
 * cancelled (the provider's checkout closed, or the customer went back, before the hold ran out), or the
 * hold simply ran out. Null for an order that did not end that way.
 */
export function unpaidBecause(
  order: { status: string; expiresAt: Date | null },
  attempts: { status: string; updatedAt: Date }[],
): "failed" | "cancelled" | "timeout" | null {
  if (order.status !== "expired") return null;
  if (attempts.some((p) => p.status === "failed")) return "failed";
  // The checkout is closed, then the order expired with `expires_at` pulled to that moment: the two can carry
  // the same instant (one transaction's now(), or a clock that did not tick), so "at or before" counts.
  const closedInTime = attempts.some((p) => p.status === "expired" && order.expiresAt !== null && p.updatedAt <= order.expiresAt);
  return closedInTime ? "cancelled" : "timeout";
}

export async function orderPage(token: string, request: Request) {
  const found = await getOrderByToken(token);
  if (!found) return null;
  const [settings, paymentRows, bag, [mail], changes] = await Promise.all([
    getSettings(),
    getDb().select().from(payments).where(eq(payments.orderId, found.order.id)),
    loadBag(request),
    getDb()
      .select({ to: emailOutbox.to, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, found.order.id), eq(emailOutbox.kind, "confirmation"))),
    getDb().select().from(orderChanges).where(eq(orderChanges.orderId, found.order.id)),
  ]);
  const now = new Date();
  const { order } = found;
  // The bag that became this order is done once the order is paid.
  let setCookie: string | null = null;
  if (bag?.orderId === order.id && order.status !== "pending_payment" && order.status !== "expired") {
    await deleteBag(bag.id);
    setCookie = await clearBagCookie();
  }
  const freeUntil = new Date(order.pickupAt.getTime() - settings.cancellationFreeHours * 3_600_000);
  return {
    ...found,
    setCookie,
    /** The customer is back from the provider but its webhook has not arrived yet. */
    confirming:
      (order.status === "pending_payment" && paymentRows.some((p) => p.status === "pending" || p.status === "succeeded")) ||
      // Back from paying a change whose payment event has not arrived yet.
      changes.some(
        (c) =>
          c.status === "pending" &&
          paymentRows.some((p) => p.orderChangeId === c.id && (p.status === "pending" || p.status === "succeeded")),
      ),
    cancellable: order.status === "paid" && canCancel(order, settings.cancellationFreeHours, now),
    /** Why the customer cannot change the order online now (decision 028), or null when they can. */
    changeRefusal: changeRefusal(order, "customer", settings.cancellationFreeHours, now),
    freeUntil,
    /** The confirmation e-mail once the order is paid: to whom, and whether the mailer has delivered it yet. */
    confirmationEmail: mail ? { to: mail.to, sent: mail.sentAt !== null } : null,
    unpaidBecause: unpaidBecause(order, paymentRows),
  };
}

/**
 * The customer cancels under the policy: everything is released and the payment refunded. A conflict
 * when the policy no longer allows it (too late, not paid, cancelled already): the branch can still help.
 */
export async function cancelByCustomer(token: string, origin: string): Promise<Result> {
  const found = await getOrderByToken(token);
  if (!found) return fail.notFound();
  const settings = await getSettings();
  const notAllowed = fail.conflict({ form: "order.cancel.notAllowed" });
  if (found.order.status !== "paid" || !canCancel(found.order, settings.cancellationFreeHours, new Date())) return notAllowed;
  const done = await cancelAndRefund(found.order.id, "Cancelled by the customer on the order page.", origin);
  return done ? ok() : notAllowed;
}
