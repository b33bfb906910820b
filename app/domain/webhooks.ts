/**
 * Outgoing webhooks (issue 21, decision 050), the pure part: the signature a receiver checks, the body of a
 * delivery, which addresses an endpoint may never point to (SSRF), and the admin's endpoint form.
 *
 * Signature (as Stripe's): `Rental-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{raw body}")}`,
 * keyed with the whole secret text (`whsec_…`). A receiver recomputes it over the raw bytes it got, compares
 * in constant time and refuses a timestamp older (or newer) than its tolerance, so a captured delivery cannot
 * be replayed later.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { z } from "zod";
import { checkbox, optionalText } from "./admin/fields";
import { WEBHOOK_EVENTS, type WebhookEvent } from "./integrations";
import { fail, ok, type Result } from "./result";

export const WEBHOOK_HEADERS = {
  signature: "Rental-Signature",
  eventId: "Rental-Event-Id",
  event: "Rental-Event",
} as const;
export const WEBHOOK_USER_AGENT = "DolomitiRental-Webhooks/1";

/** A signing secret: `whsec_` and 32 random bytes, base64url. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;

/** How long a receiver should accept a signature by default, either way from its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
}

/** The `Rental-Signature` header of `body` sent at `now`. */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` with `secret` within `toleranceSec` of `now`. Several `v1` values are
 * accepted (any one matching is enough), so a receiver keeps working while a secret is being replaced.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  toleranceSec = SIGNATURE_TOLERANCE_SECONDS,
  now: Date = new Date(),
): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t" && /^\d{1,12}$/.test(value ?? "")) timestamp = Number(value);
    else if (name === "v1" && /^[0-9a-f]{64}$/.test(value ?? "")) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSec) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "hex"), expected));
}

/** The JSON a delivery carries: the event's id (what a receiver deduplicates on), its type and the order as it was. */
export function webhookBody(event: { eventId: string; type: WebhookEvent; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.eventId, type: event.type, createdAt: event.createdAt.toISOString(), data: { order: event.data } });
}

/**
 * Addresses no endpoint may reach (SSRF): this host, private and shared networks, link-local (cloud
 * metadata at 169.254.169.254), documentation, benchmarking, multicast and reserved ranges. An IPv4 address
 * written as IPv6 (`::ffff:127.0.0.1`) is checked as the IPv4 address it is.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  forbidden.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  forbidden.addSubnet(network, prefix, "ipv6");

/** True for an address an endpoint may not point to; anything that is not an IP address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return true;
  return forbidden.check(bare, family === 4 ? "ipv4" : "ipv6");
}

/**
 * An endpoint's URL as the admin typed it, checked before any DNS: http or https, a host, no user name or
 * password (they would travel to the receiver in clear), and not an IP address of a private network. The
 * host's addresses are checked again after DNS, at registration and at every delivery (server side).
 */
export function checkWebhookUrl(text: string, allowPrivate = false): Result<URL> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return fail.invalid({ url: "admin.webhooks.errors.url" });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return fail.invalid({ url: "admin.webhooks.errors.url" });
  if (url.username || url.password) return fail.invalid({ url: "admin.webhooks.errors.credentials" });
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return fail.invalid({ url: "admin.webhooks.errors.private" });
  return ok(url);
}

export const webhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { message: "admin.errors.required" })
    .max(2000, { message: "admin.errors.tooLong" })
    .transform((value, ctx) => {
      // The shape only: whether its addresses are allowed is the server's check, after DNS.
      const checked = checkWebhookUrl(value, true);
      if (checked.ok) return checked.value.href;
      ctx.addIssue({ code: "custom", message: "errors" in checked ? checked.errors.url : "admin.webhooks.errors.url" });
      return z.NEVER;
    }),
  description: optionalText(200).transform((value) => value ?? ""),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: "admin.webhooks.errors.events" }), { message: "admin.webhooks.errors.events" })
    .min(1, { message: "admin.webhooks.errors.events" })
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
  active: checkbox,
});

export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

/** Whether a response status counts as delivered. */
export const deliveredStatus = (status: number) => status >= 200 && status < 300;
