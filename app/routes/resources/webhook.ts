import { z } from "zod";
import { getConfig, publicOrigin } from "../../server/config.server";
import { readCapped } from "../../server/http/forms.server";
import { FAILURE_STATUS } from "../../server/http/problems.server";
import { receivePaymentWebhook } from "../../server/payments/webhooks.server";
import type { Route } from "./+types/webhook";

const provider = z.enum(["demo", "stripe"]);
/** Provider events are small; anything larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** Payment provider webhooks (`/webhooks/demo`, `/webhooks/stripe`): only the configured provider's. */
export async function action({ request, params }: Route.ActionArgs) {
  const id = provider.safeParse(params.provider);
  if (!id.success || id.data !== getConfig().PAYMENT_PROVIDER) return new Response("Not Found", { status: 404 });
  // Read with a cap: a body without Content-Length (chunked) is not read to its end before it is measured.
  const body = await readCapped(request, MAX_BODY_BYTES);
  if (!body) return new Response("Payload Too Large", { status: 413 });
  const received = await receivePaymentWebhook(id.data, new TextDecoder().decode(body), request.headers, publicOrigin(request));
  // 200 with what the event did, or the refusal's status with its reason as `error` (the provider logs it).
  if (received.ok) return Response.json({ received: true, result: received.value });
  return Response.json({ error: received.errors?.form }, { status: FAILURE_STATUS[received.reason] });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
