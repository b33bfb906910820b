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

/** How long a receiver should accept a signature by default, either way from its own clock. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

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
 * Addresses an endpoint may reach (SSRF): global unicast only. A blocklist of private ranges missed forms
 * that wrap this host in IPv6 (`::127.0.0.1`, `::ffff:0:127.0.0.1`, `2002:7f00:1::`), so the rule is the
 * other way round: an address is allowed only when it is known to be public.
 *
 * IPv4: everything but this network, private, shared (CGNAT), loopback, link-local (cloud metadata at
 * 169.254.169.254), IETF, documentation, 6to4 relay, benchmarking, multicast and reserved ranges.
 * IPv6: 2000::/3 only, less its special ranges; an IPv4 address written as IPv6 (mapped `::ffff:a.b.c.d`)
 * or wrapped in 6to4 (`2002:aabb:ccdd::`) counts as the IPv4 address it leads to. Everything else (the
 * deprecated compatible form `::a.b.c.d`, the translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::`, unique
 * local, link-local, multicast, Teredo, documentation) is outside 2000::/3 or one of its special ranges.
 */
const notGlobal4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  notGlobal4.addSubnet(network, prefix, "ipv4");

/** Special ranges inside 2000::/3 (IANA's IPv6 special-purpose registry) that are not plain global unicast. */
const notGlobal6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["3fff::", 20],
] as const)
  notGlobal6.addSubnet(network, prefix, "ipv6");

/** The 16 bytes of an IPv6 address that `isIP` accepted (with `::` and a dotted IPv4 tail allowed). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const groups = (part: string) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = tail === null ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

const ipv4Of = (bytes: number[]) => bytes.join(".");

function isGlobal4(address: string): boolean {
  return !notGlobal4.check(address, "ipv4");
}

function isGlobal6(address: string): boolean {
  const bytes = ipv6Bytes(address);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return isGlobal4(ipv4Of(bytes.slice(12)));
  if ((bytes[0] & 0xe0) !== 0x20) return false;
  // 6to4 leads to the IPv4 address in its bits 16–47: public only when that one is.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isGlobal4(ipv4Of(bytes.slice(2, 6)));
  return !notGlobal6.check(address, "ipv6");
}

/** True for an address an endpoint may not point to: anything that is not a global unicast IP address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !isGlobal4(bare);
  if (family === 6) return !isGlobal6(bare.toLowerCase());
  return true;
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
      ctx.addIssue({ code: "custom", message: checked.errors ? checked.errors.url : "admin.webhooks.errors.url" });
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
