/** The order confirmation e-mail: queued once per order (the outbox's unique index), in the order's language. */
import type { Locale } from "../../domain/i18n";
import { depositDueOf } from "../counter/deposits.server";
import { enqueueEmail, kickMailer } from "../mail/mail.server";
import { orderConfirmationEmail } from "../mail/order-confirmation.server";
import { getSettings } from "../settings/settings.server";
import { getOrderById, orderPageUrl } from "./orders.server";

/**
 * Queues the confirmation of a paid order and asks the mailer to send it now. However many webhook
 * deliveries race to call it, the order gets one message: returns false for every call but the first.
 * Staff sending it again use another `kind` (one per resend), since each kind goes out once per order.
 */
export async function sendOrderConfirmation(
  orderId: string,
  origin: string,
  kind = "confirmation",
  change: { differenceCents: number; refundedAtCounter?: boolean } | null = null,
): Promise<boolean> {
  const found = await getOrderById(orderId);
  // Counter customers may leave no e-mail address.
  if (!found?.order.email) return false;
  const locale = found.order.language as Locale;
  const [{ cancellationFreeHours }, depositCents] = await Promise.all([getSettings(), depositDueOf(orderId)]);
  const mail = orderConfirmationEmail(
    { ...found, orderUrl: orderPageUrl(origin, found.order.token, locale), cancellationFreeHours, change, depositCents },
    locale,
  );
  const queued = await enqueueEmail({ orderId, kind, to: found.order.email, language: locale, ...mail });
  if (queued) kickMailer();
  return queued;
}

/**
 * Tells the customer of a change of their order, with the new booking and what was charged or refunded:
 * once per change (`change-{id}`). For a cheaper change it is the refund's e-mail too, so one change makes
 * one message.
 */
export function sendChangeConfirmation(
  orderId: string,
  origin: string,
  change: { id: number; differenceCents: number; refundedAtCounter?: boolean },
): Promise<boolean> {
  return sendOrderConfirmation(orderId, origin, `change-${change.id}`, {
    differenceCents: change.differenceCents,
    refundedAtCounter: change.refundedAtCounter,
  });
}
