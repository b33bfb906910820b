/**
 * Receiving a payment provider's webhook: the signature is checked on the raw body before anything else,
 * then the event is applied once (payments.server.ts). The HTTP route and the demo provider's hosted page
 * both come here; the demo page hands its signed event over in the process instead of posting it to a URL,
 * so no request can steer the shop's own webhook to another host (decision 025).
 */
import { z } from "zod";
import { fail, ok, type Result } from "../../domain/result";
import { applyDepositEvent, type DepositEventResult } from "../counter/deposits.server";
import { logger } from "../log.server";
import { sendPaymentReturnedEmail } from "../orders/cancellation.server";
import { sendChangeConfirmation, sendOrderConfirmation } from "../orders/confirmation.server";
import { applyPaymentEvent, type EventResult, getPaymentProvider } from "./payments.server";
import { WebhookSignatureError } from "./provider.server";

/** Text a verified event carries into the database (kept as JSON, compared in SQL): short, and without NUL, which PostgreSQL refuses. */
const storedText = z
  .string()
  .max(500)
  .refine((text) => !text.includes("\0"));
const storableEvent = z.looseObject({
  id: storedText,
  ref: storedText,
  orderId: storedText.nullable(),
  currency: storedText.nullable(),
  paymentRef: storedText.nullable(),
  method: storedText.nullable(),
});

const storableDepositEvent = z.looseObject({ id: storedText, ref: storedText, orderId: storedText.nullable() });

/** What a delivery did: the result of applying its event, or "ignored" for an event the shop does not act on. */
export type WebhookReceipt = EventResult | DepositEventResult;

/**
 * A delivery the shop does not take: `invalid`, with its reason as the `form` message, which only the provider
 * reads (the answer's `error`), so it is plain text rather than a message key.
 */
const refused = (reason: "invalid signature" | "malformed event") => fail.invalid({ form: reason });

const malformed = (provider: string, reason: unknown) => {
  logger.warn({ provider, reason }, "webhook rejected: malformed event");
  return refused("malformed event");
};

/**
 * Verifies and applies one delivery. `origin` is the shop's link origin for the confirmation e-mail
 * (config.server `publicOrigin`, never a Host the sender chose).
 */
export async function receivePaymentWebhook(
  providerId: "demo" | "stripe",
  rawBody: string,
  headers: Headers,
  origin: string,
): Promise<Result<WebhookReceipt>> {
  let event: Awaited<ReturnType<ReturnType<typeof getPaymentProvider>["verifyWebhook"]>>;
  try {
    event = await getPaymentProvider(providerId).verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ provider: providerId, reason: error.message }, "webhook rejected");
      return refused("invalid signature");
    }
    // Signed, but not an event as the provider documents it: there is nothing to apply, now or on a retry.
    if (error instanceof z.ZodError) return malformed(providerId, error.issues.slice(0, 5));
    throw error;
  }
  if (!event) return ok("ignored");
  if ("kind" in event) {
    const storable = storableDepositEvent.safeParse(event);
    if (!storable.success) return malformed(providerId, storable.error.issues.slice(0, 5));
    return ok(await applyDepositEvent(event));
  }
  const storable = storableEvent.safeParse(event);
  if (!storable.success) return malformed(providerId, storable.error.issues.slice(0, 5));
  const result = await applyPaymentEvent(event, {
    onPaid: (orderId) => sendOrderConfirmation(orderId, origin).then(() => undefined),
    onReturned: (orderId, refund, latePayment) => sendPaymentReturnedEmail(orderId, origin, refund, latePayment),
    onChanged: (orderId, change) => sendChangeConfirmation(orderId, origin, change).then(() => undefined),
  });
  return ok(result);
}
