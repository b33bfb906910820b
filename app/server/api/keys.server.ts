/**
 * API keys (decision 049): made by an admin and shown once, kept as the SHA-256 of their secret part, found by
 * their public prefix, revocable. Creating and revoking a key are audited like every back-office change.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type ApiScope, parseApiKey } from "../../domain/integrations";
import { auditTrail, recordAudit } from "../admin/audit.server";
import { type Db, getDb } from "../db/client.server";
import { apiCalls, apiKeys, orders, shops, users } from "../db/schema";

export type ApiKey = typeof apiKeys.$inferSelect;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Makes a key; the returned `key` is the only time its secret exists outside the caller's hands. */
export async function createApiKey(
  input: { name: string; scopes: ApiScope[]; shopId: number | null; createdBy: string },
  db: Db = getDb(),
): Promise<{ id: number; prefix: string; key: string }> {
  const prefix = randomBytes(9).toString("base64url");
  const secret = randomBytes(24).toString("base64url");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix,
        secretHash: sha256(secret),
        scopes: input.scopes,
        shopId: input.shopId,
        createdBy: input.createdBy,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, {
      userId: input.createdBy,
      action: "create",
      entity: "api_key",
      entityId: row.id,
      after: { name: input.name, prefix, scopes: input.scopes, shopId: input.shopId },
    });
    return { id: row.id, prefix, key: `rk_${prefix}_${secret}` };
  });
}

/** The live key an Authorization header's bearer token names, or null (unknown, wrong secret, revoked). */
export async function authenticateApiKey(token: string, db: Db = getDb()): Promise<ApiKey | null> {
  const parsed = parseApiKey(token);
  if (!parsed) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, parsed.prefix), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const given = Buffer.from(sha256(parsed.secret), "hex");
  return timingSafeEqual(given, Buffer.from(row.secretHash, "hex")) ? row : null;
}

/** Revokes a key at once: the next call with it gets 401. False when it was revoked already or is unknown. */
export async function revokeApiKey(id: number, userId: string, db: Db = getDb()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedBy: userId })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!row) return false;
    await recordAudit(tx, { userId, action: "revoke", entity: "api_key", entityId: id, before: row });
    return true;
  });
}

/** Every key, newest first, with its branch's name, for the back office's list. */
export async function listApiKeys(db: Db = getDb()) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      shopId: apiKeys.shopId,
      shopName: shops.name,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(shops, eq(shops.id, apiKeys.shopId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export type ApiCall = { keyId: number; method: string; path: string; status: number; ms: number; orderId?: string | null };

/** One call in the key's audit trail, and the key's "last used", in one statement. */
export async function recordApiCall(call: ApiCall, db: Db = getDb()): Promise<void> {
  await db.execute(sql`
    with used as (update ${apiKeys} set last_used_at = now() where id = ${call.keyId})
    insert into ${apiCalls} (key_id, method, path, status, ms, order_id)
    values (${call.keyId}, ${call.method}, ${call.path}, ${call.status}, ${call.ms}, ${call.orderId ?? null})`);
}

/** A key's newest calls, for its page in the back office, each with the number of the order it made or touched. */
async function recentApiCalls(keyId: number, limit = 50, db: Db = getDb()) {
  return db
    .select({
      id: apiCalls.id,
      at: apiCalls.at,
      method: apiCalls.method,
      path: apiCalls.path,
      status: apiCalls.status,
      ms: apiCalls.ms,
      orderId: apiCalls.orderId,
      orderNumber: orders.number,
    })
    .from(apiCalls)
    .leftJoin(orders, eq(orders.id, apiCalls.orderId))
    .where(eq(apiCalls.keyId, keyId))
    .orderBy(desc(apiCalls.at), desc(apiCalls.id))
    .limit(limit);
}

/** One key for its page in the back office: who made and who revoked it, its newest calls and its audit trail. */
export async function getApiKey(id: number, db: Db = getDb()) {
  const creator = alias(users, "creator");
  const revoker = alias(users, "revoker");
  const [row] = await db
    .select({
      key: {
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        shopId: apiKeys.shopId,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      },
      shopName: shops.name,
      createdBy: { name: creator.name, email: creator.email },
      revokedBy: { name: revoker.name, email: revoker.email },
    })
    .from(apiKeys)
    .leftJoin(shops, eq(shops.id, apiKeys.shopId))
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
    .leftJoin(revoker, eq(revoker.id, apiKeys.revokedBy))
    .where(eq(apiKeys.id, id));
  if (!row) return null;
  const [calls, audit] = await Promise.all([recentApiCalls(id, 50, db), auditTrail("api_key", id)]);
  const person = (p: { name: string | null; email: string | null } | null) => (p?.email ? p.name || p.email : null);
  return { ...row, createdBy: person(row.createdBy), revokedBy: person(row.revokedBy), calls, audit };
}
