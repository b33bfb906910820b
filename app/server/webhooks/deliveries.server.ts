/**
 * Sending webhook deliveries (decision 050). The trigger of migration 0021 writes one pending delivery per
 * subscribed endpoint in the order's own transaction (a transactional outbox); every process sweeps once at
 * start and every WEBHOOK_SWEEP_SECONDS:
 *
 * - A sweep claims due deliveries in a short transaction (`FOR UPDATE SKIP LOCKED`): the claim counts the
 *   attempt and moves `next_attempt_at` a lease ahead, so no other process or sweep takes the same delivery
 *   while it is being sent, and one whose sender died is taken again once the lease is over (at least once).
 *   No transaction stays open during the HTTP request.
 * - A delivery waits while an earlier delivery of the same order to the same endpoint is pending, so each
 *   endpoint gets an order's events in order.
 * - 2xx: delivered. Anything else (another status, no answer, a refused address): tried again after
 *   `nextWebhookAttempt`, and given up (`failed`) once a day has passed since the first try.
 */
import { sql } from "drizzle-orm";
import { nextWebhookAttempt, type WebhookEvent } from "../../domain/integrations";
import { deliveredStatus, signWebhook, WEBHOOK_HEADERS, WEBHOOK_USER_AGENT, webhookBody } from "../../domain/webhooks";
import { type Db, getDb, queryRows } from "../db/client.server";
import { checkWebhookTarget, type TargetOptions } from "./address.server";
import { openWebhookSecret } from "./endpoints.server";
import { RESPONSE_EXCERPT_CHARS, type SendOutcome, sendWebhook } from "./send.server";

/** How long a claimed delivery is another process's: well over the send's 10 s time-out. */
const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
/** Rounds of one sweep: an order's next event becomes due as soon as the one before it is delivered. */
const ROUNDS = 10;

type Claimed = {
  id: number;
  attempts: number;
  first_attempt_at: string | Date;
  endpoint_id: number;
  url: string;
  secret_ciphertext: string;
  event_id: string;
  type: WebhookEvent;
  data: unknown;
  created_at: string | Date;
};

async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    return queryRows<Claimed>(
      sql`
        with due as (
          select d.id from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz and e.active
            and not exists (
              select 1 from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.order_id = d.order_id and p.event_id < d.event_id and p.status = 'pending'
            )
          order by d.next_attempt_at, d.id
          limit ${BATCH}
          for update of d skip locked
        ), claimed as (
          update webhook_deliveries w set
            attempts = w.attempts + 1,
            first_attempt_at = coalesce(w.first_attempt_at, ${now.toISOString()}::timestamptz),
            last_attempt_at = ${now.toISOString()}::timestamptz,
            next_attempt_at = ${lease.toISOString()}::timestamptz
          from due where w.id = due.id
          returning w.id, w.attempts, w.first_attempt_at, w.endpoint_id, w.event_id
        )
        select c.id, c.attempts, c.first_attempt_at, c.endpoint_id, e.url, e.secret_ciphertext,
          o.event_id::text as event_id, o.type, o.data, o.created_at
        from claimed c
        join webhook_endpoints e on e.id = c.endpoint_id
        join order_events o on o.id = c.event_id
        order by c.id`,
      tx,
    );
  });
}

async function attempt(delivery: Claimed, now: Date, options: TargetOptions): Promise<SendOutcome> {
  const secret = openWebhookSecret(delivery.secret_ciphertext, delivery.endpoint_id);
  if (!secret) return { error: "the signing secret cannot be opened with this key" };
  // Checked again at every delivery: the host's DNS may point somewhere else since it was registered.
  const target = await checkWebhookTarget(delivery.url, options);
  if (!target.ok) return { error: target.errors ? target.errors.url : "refused" };
  const body = webhookBody({
    eventId: delivery.event_id,
    type: delivery.type,
    createdAt: new Date(delivery.created_at),
    data: delivery.data,
  });
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.signature]: signWebhook(secret, body, now),
    [WEBHOOK_HEADERS.eventId]: delivery.event_id,
    [WEBHOOK_HEADERS.event]: delivery.type,
  };
  return sendWebhook(target.value, headers, body);
}

async function record(db: Db, delivery: Claimed, outcome: SendOutcome, now: Date): Promise<"delivered" | "pending" | "failed"> {
  const status = "status" in outcome ? outcome.status : null;
  const response = "response" in outcome ? outcome.response : null;
  const error = "error" in outcome ? outcome.error.slice(0, RESPONSE_EXCERPT_CHARS) : null;
  let state: "delivered" | "pending" | "failed" = "delivered";
  let next: Date | null = null;
  if (status === null || !deliveredStatus(status)) {
    next = nextWebhookAttempt(new Date(delivery.first_attempt_at), delivery.attempts, now);
    state = next ? "pending" : "failed";
  }
  // Only the claim that sent it writes its outcome; a "send again" meanwhile started a new claim.
  await queryRows(
    sql`update webhook_deliveries set
          status = ${state},
          last_status = ${status},
          last_response = ${response},
          last_error = ${error},
          delivered_at = ${state === "delivered" ? now.toISOString() : null}::timestamptz,
          next_attempt_at = coalesce(${next?.toISOString() ?? null}::timestamptz, next_attempt_at)
        where id = ${delivery.id} and attempts = ${delivery.attempts} and status = 'pending'`,
    db,
  );
  return state;
}

export type SweepResult = { delivered: number; retrying: number; failed: number };

/**
 * Sends every delivery due at `now` (the deliveries' clock: tests move it), round after round while an
 * order's next event becomes due. Safe in several processes at once.
 */
export async function sweepWebhooks(options: TargetOptions & { now?: Date; db?: Db } = {}): Promise<SweepResult> {
  const db = options.db ?? getDb();
  const result: SweepResult = { delivered: 0, retrying: 0, failed: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const now = options.now ?? new Date();
    const claimed = await claim(db, now);
    if (claimed.length === 0) break;
    // Deliveries of one round are of different orders or endpoints (at most one per order and endpoint).
    const states = await Promise.all(
      claimed.map(async (delivery) => record(db, delivery, await attempt(delivery, now, options), options.now ?? new Date())),
    );
    for (const state of states) result[state === "pending" ? "retrying" : state]++;
  }
  return result;
}

// On globalThis: server.ts and the routes' bundle each load their own copy of this module.
const SWEEPER = Symbol.for("rental.webhookSweeper");
const holder = globalThis as { [SWEEPER]?: () => void };

/** Asks this process's sweeper to sweep soon (after "send again"); nothing when none runs. */
export function kickWebhooks(): void {
  holder[SWEEPER]?.();
}

/** Sweeps once right away, then every `intervalMs`; returns a function that stops it. */
export function startWebhookSweeper(options: {
  intervalMs: number;
  onSwept?: (result: SweepResult) => void;
  onError?: (error: unknown) => void;
}): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    sweepWebhooks()
      .then((result) => options.onSwept?.(result))
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          setTimeout(run, 0).unref();
        }
      });
  };
  holder[SWEEPER] = () => setTimeout(run, 0).unref();
  const first = setTimeout(run, 0);
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    holder[SWEEPER] = undefined;
    clearTimeout(first);
    clearInterval(timer);
  };
}
