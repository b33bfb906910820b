import { z } from "zod";
import { getConfig, publicOrigin } from "../../server/config.server";
import { logger } from "../../server/log.server";
import { sendOrderConfirmation } from "../../server/orders/confirmation.server";
import { applyPaymentEvent, getPaymentProvider } from "../../server/payments/payments.server";
import { WebhookSignatureError } from "../../server/payments/provider.server";
import type { Route } from "./+types/webhook";

const provider = z.enum(["demo", "stripe"]);
/** Provider events are small; anything larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** Payment provider webhooks: the signature is checked on the raw body before anything else. */
export async function action({ request, params }: Route.ActionArgs) {
  const id = provider.safeParse(params.provider);
  if (!id.success || id.data !== getConfig().PAYMENT_PROVIDER) return new Response("Not Found", { status: 404 });
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413 });
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413 });
  let event: Awaited<ReturnType<ReturnType<typeof getPaymentProvider>["verifyWebhook"]>>;
  try {
    event = await getPaymentProvider(id.data).verifyWebhook(raw, request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ provider: id.data, reason: error.message }, "webhook rejected");
      return Response.json({ error: "invalid signature" }, { status: 400 });
    }
    throw error;
  }
  if (!event) return Response.json({ received: true, result: "ignored" });
  const origin = publicOrigin(request);
  const result = await applyPaymentEvent(event, { onPaid: (orderId) => sendOrderConfirmation(orderId, origin).then(() => undefined) });
  return Response.json({ received: true, result });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
