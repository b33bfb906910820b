/**
 * Webhook endpoints in the back office (decision 050): registered by an admin with the events they want,
 * checked against private networks after DNS, their signing secret made here, shown once and kept sealed
 * (app/server/sealed.server.ts); changes audited; each with its delivery log and "send again".
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { PAGE_SIZE, pageOf } from "../../domain/admin/list";
import { fail, ok, type Result } from "../../domain/result";
import type { WebhookEndpointInput } from "../../domain/webhooks";
import { auditTrail, recordAudit } from "../admin/audit.server";
import { getConfig } from "../config.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { orderEvents, orders, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { sealer } from "../sealed.server";
import { checkWebhookTarget, type TargetOptions } from "./address.server";

// The same key material as the TOTP secrets (one key to share between machines), another key derived from it.
const secrets = sealer("totp-encryption-key", "dolomiti-rent webhook secret v1", () => getConfig().TOTP_ENCRYPTION_KEY);

/** A sealed secret opens only for its own endpoint. */
const boundTo = (endpointId: number) => `webhook-endpoint:${endpointId}`;

function sealWebhookSecret(secret: string, endpointId: number): string {
  return secrets.seal(Buffer.from(secret), boundTo(endpointId));
}

export function openWebhookSecret(stored: string, endpointId: number): string | null {
  const secret = secrets.open(stored, boundTo(endpointId));
  return secret ? Buffer.from(secret).toString("utf8") : null;
}

const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

const audited = (row: typeof webhookEndpoints.$inferSelect) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  active: row.active,
});

/**
 * Registers an endpoint; `secret` in the answer is the only time the signing secret leaves the server.
 * Refused (`url`) when the URL is unusable, its host does not resolve, or resolves into a private network.
 */
export async function createWebhookEndpoint(
  userId: string,
  input: WebhookEndpointInput,
  options: TargetOptions & { db?: Db } = {},
): Promise<Result<{ id: number; secret: string }>> {
  const target = await checkWebhookTarget(input.url, options);
  if (!target.ok) return target;
  const secret = newSecret();
  return (options.db ?? getDb()).transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The id first: the sealed secret is bound to it.
    const [{ id }] = await queryRows<{ id: number }>(sql`select nextval(pg_get_serial_sequence('webhook_endpoints', 'id'))::int as id`, tx);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ id, ...input, secretCiphertext: sealWebhookSecret(secret, id), createdBy: userId })
      .returning();
    await recordAudit(tx, { userId, action: "create", entity: "webhook_endpoint", entityId: id, after: audited(row) });
    return ok({ id, secret });
  });
}

export type WebhookEndpointChange = Omit<WebhookEndpointInput, "url">;

export async function updateWebhookEndpoint(userId: string, id: number, input: WebhookEndpointChange): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) return fail.notFound();
    const [after] = await tx.update(webhookEndpoints).set(input).where(eq(webhookEndpoints.id, id)).returning();
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "webhook_endpoint",
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    return ok();
  });
}

/** Deletes an endpoint with its delivery log (what was sent stays in order_events). */
export async function deleteWebhookEndpoint(userId: string, id: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!before) return fail.notFound();
    await recordAudit(tx, { userId, action: "delete", entity: "webhook_endpoint", entityId: id, before: audited(before) });
    return ok();
  });
}

/**
 * A new signing secret, in force at once (a leaked secret must stop working now): shown once, like the
 * first. Deliveries still pending are signed with the new one.
 */
export async function rollWebhookSecret(userId: string, id: number): Promise<Result<{ secret: string }>> {
  const secret = newSecret();
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secretCiphertext: sealWebhookSecret(secret, id) })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!row) return fail.notFound();
    await recordAudit(tx, { userId, action: "rollSecret", entity: "webhook_endpoint", entityId: id });
    return ok({ secret });
  });
}

/**
 * "Send again": a delivered or given-up delivery becomes due now, with the same event id (a receiver that
 * has it already can tell), and a new day of retries. A pending one is left alone: it is on its way.
 */
export async function resendDelivery(userId: string, endpointId: number, deliveryId: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, firstAttemptAt: null, deliveredAt: null })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          inArray(webhookDeliveries.status, ["delivered", "failed"]),
        ),
      )
      .returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId });
    if (!row) return fail.conflict({ form: "admin.webhooks.resendRefused" });
    await recordAudit(tx, {
      userId,
      action: "webhookResend",
      entity: "webhook_endpoint",
      entityId: endpointId,
      after: { delivery: deliveryId },
    });
    return ok();
  });
}

const lastDelivery = sql<
  string | null
>`(select d.status from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id" order by d.id desc limit 1)`;
const lastDeliveryAt = sql<
  string | null
>`(select coalesce(d.last_attempt_at, d.created_at) from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id" order by d.id desc limit 1)`;

/** Every endpoint with the state of its newest delivery. */
export async function listWebhookEndpoints() {
  const rows = await getDb()
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      active: webhookEndpoints.active,
      lastStatus: lastDelivery,
      lastAt: lastDeliveryAt,
    })
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.id);
  return rows.map((row) => ({ ...row, lastAt: row.lastAt ? new Date(row.lastAt).toISOString() : null }));
}

/** One endpoint (without its secret), a page of its delivery log, newest first, and its audit trail. */
export async function getWebhookEndpoint(id: number, page = 1) {
  const db = getDb();
  const [endpoint] = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      active: webhookEndpoints.active,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!endpoint) return null;
  const [rows, [{ total }], audit] = await Promise.all([
    db
      .select({
        id: webhookDeliveries.id,
        type: orderEvents.type,
        eventId: orderEvents.eventId,
        orderId: webhookDeliveries.orderId,
        orderNumber: orders.number,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        lastStatus: webhookDeliveries.lastStatus,
        lastResponse: webhookDeliveries.lastResponse,
        lastError: webhookDeliveries.lastError,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(orderEvents, eq(orderEvents.id, webhookDeliveries.eventId))
      .innerJoin(orders, eq(orders.id, webhookDeliveries.orderId))
      .where(eq(webhookDeliveries.endpointId, id))
      .orderBy(desc(webhookDeliveries.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)),
    auditTrail("webhook_endpoint", id),
  ]);
  const deliveries = rows.map((row) => ({
    ...row,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { endpoint: { ...endpoint, createdAt: endpoint.createdAt.toISOString() }, deliveries: pageOf(deliveries, total, page), audit };
}
