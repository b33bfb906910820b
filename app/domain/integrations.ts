/**
 * The shop's integrations (issue 21): API keys with scopes, outgoing webhooks with the order events they carry,
 * and staff calendar feeds. Pure rules here; storage and HTTP in app/server/api and app/server/webhooks.
 */
import { z } from "zod";

/** What an API key may do (decision 049). A key has one or more; `orders:manage` includes reading orders. */
export const API_SCOPES = ["catalog:read", "orders:book", "orders:read", "orders:manage"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const apiScopeSchema = z.enum(API_SCOPES);

/** True when a key with `granted` may act under `needed`. */
export function scopeAllows(granted: readonly ApiScope[], needed: ApiScope): boolean {
  if (granted.includes(needed)) return true;
  return needed === "orders:read" && granted.includes("orders:manage");
}

/**
 * The public part of a key ("rk_" and 12 characters) names it in lists and logs; the rest is the secret.
 * A key is `rk_{prefix}_{secret}`: 72 random bits of prefix, 192 bits of secret, base64url.
 */
const API_KEY_PATTERN = /^rk_([A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{32})$/;

export function parseApiKey(value: string): { prefix: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(value);
  return match ? { prefix: match[1], secret: match[2] } : null;
}

/** The order events an endpoint can subscribe to, one per status an order reaches (decision 050). */
export const WEBHOOK_EVENTS = [
  "order.created",
  "order.paid",
  "order.cancelled",
  "order.picked_up",
  "order.returned",
  "order.refunded",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery is tried again with exponential backoff for a day, then given up (decision 050). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 4 * 60 * 60 * 1000;

/**
 * When to try a delivery again after `attempts` failed tries, or null when the day is over. The wait doubles
 * from 30 s up to 4 h, with up to a tenth of jitter so endpoints that failed together do not come back
 * together.
 */
export function nextWebhookAttempt(firstTriedAt: Date, attempts: number, now: Date, random = Math.random()): Date | null {
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  const next = new Date(now.getTime() + wait + Math.floor(wait * 0.1 * random));
  return next.getTime() - firstTriedAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}
