import { z } from "zod";
import { getConfig, publicOrigin } from "../../server/config.server";
import { readCapped } from "../../server/http/forms.server";
import { logger } from "../../server/log.server";
import { sendOrderConfirmation } from "../../server/orders/confirmation.server";
import { applyPaymentEvent, getPaymentProvider } from "../../server/payments/payments.server";
import { WebhookSignatureError } from "../../server/payments/provider.server";
import type { Route } from "./+types/webhook";

const provider = z.enum(["demo", "stripe"]);
/** Provider events are small; anything larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

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

const malformed = (provider: string, reason: unknown) => {
  logger.warn({ provider, reason }, "webhook rejected: malformed event");
  return Response.json({ error: "malformed event" }, { status: 400 });
};

/** Payment provider webhooks: the signature is checked on the raw body before anything else. */
export async function action({ request, params }: Route.ActionArgs) {
  const id = provider.safeParse(params.provider);
  if (!id.success || id.data !== getConfig().PAYMENT_PROVIDER) return new Response("Not Found", { status: 404 });
  // Read with a cap: a body without Content-Length (chunked) is not read to its end before it is measured.
  const body = await readCapped(request, MAX_BODY_BYTES);
  if (!body) return new Response("Payload Too Large", { status: 413 });
  const raw = new TextDecoder().decode(body);
  let event: Awaited<ReturnType<ReturnType<typeof getPaymentProvider>["verifyWebhook"]>>;
  try {
    event = await getPaymentProvider(id.data).verifyWebhook(raw, request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ provider: id.data, reason: error.message }, "webhook rejected");
      return Response.json({ error: "invalid signature" }, { status: 400 });
    }
    // Signed, but not an event as the provider documents it: there is nothing to apply, now or on a retry.
    if (error instanceof z.ZodError) return malformed(id.data, error.issues.slice(0, 5));
    throw error;
  }
  if (!event) return Response.json({ received: true, result: "ignored" });
  const storable = storableEvent.safeParse(event);
  if (!storable.success) return malformed(id.data, storable.error.issues.slice(0, 5));
  const origin = publicOrigin(request);
  const result = await applyPaymentEvent(event, { onPaid: (orderId) => sendOrderConfirmation(orderId, origin).then(() => undefined) });
  return Response.json({ received: true, result });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
