/**
 * The cancellation e-mail of an order, queued through the outbox in the order's language. It goes out once:
 * the outbox's unique (order, kind) index holds one "cancellation" per order, so double clicks and repeated
 * webhooks queue nothing more. It is the only message of a cancellation: it states the refund, where and
 * when it arrives (the order page promises the same), so no second, unlinked refund e-mail follows.
 *
 * When one is sent (docs/decisions/013-email-outbox.md): the cancellation only for an order the customer
 * was told about, that is a paid one (it got the confirmation) or one whose payment arrived after all
 * (refunded). An unpaid hold that expires or is cancelled sends nothing: the customer left the payment page
 * and never heard of an order.
 */
import type { Locale } from "../../domain/i18n";
import { enqueueEmail, kickMailer } from "../mail/mail.server";
import { type CancellationRefund, orderCancellationEmail } from "../mail/order-cancellation.server";
import { getOrderById, orderPageUrl } from "./orders.server";

/** A refund made through the payment provider (payments.server refundPayment). */
export type Refunded = { paymentId: number; fromCents: number; amountCents: number; at: Date };

export async function sendCancellationEmail(
  orderId: string,
  origin: string,
  refund: CancellationRefund,
  options: { latePayment?: boolean } = {},
): Promise<boolean> {
  const found = await getOrderById(orderId);
  // Counter customers may leave no e-mail address.
  if (!found?.order.email) return false;
  const locale = found.order.language as Locale;
  const mail = orderCancellationEmail(
    { ...found, orderUrl: orderPageUrl(origin, found.order.token, locale), refund, latePayment: options.latePayment },
    locale,
  );
  const queued = await enqueueEmail({ orderId, kind: "cancellation", to: found.order.email, language: locale, ...mail });
  if (queued) kickMailer();
  return queued;
}

/**
 * A payment that could not be kept was refunded (it came for a cancelled order, or after the hold had
 * expired and the equipment was gone): the customer paid, so they hear, in one e-mail, that the order is
 * off and that the money went back.
 */
export async function sendPaymentReturnedEmail(orderId: string, origin: string, refund: Refunded, latePayment: boolean) {
  await sendCancellationEmail(orderId, origin, { how: "provider", amountCents: refund.amountCents }, { latePayment });
}
