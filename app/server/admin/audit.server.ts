/**
 * The audit log of every back-office change: who, when, what, and the record before and after. Written
 * in the same transaction as the change, so a change without its log entry (or the other way round)
 * cannot happen.
 */
import { and, desc, eq } from "drizzle-orm";
import { type AuditView, changedFields, snapshot } from "../../domain/admin/audit";
import { type Db, getDb } from "../db/client.server";
import { auditLog, users } from "../db/schema";

export type AuditEntry = {
  userId: string | null;
  /** create, update, delete, or a named action such as pickup, return, refund, role */
  action: string;
  entity: string;
  entityId: string | number;
  before?: object | null;
  after?: object | null;
};

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}

/** Every `shopId` mentioned anywhere in a logged record (units, stock rows per branch ...). */
function shopIdsIn(value: unknown, found = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const entry of value) shopIdsIn(entry, found);
  else if (value && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) {
      if (key === "shopId" && typeof entry === "number") found.add(entry);
      else shopIdsIn(entry, found);
    }
  }
  return found;
}

/**
 * The newest changes of one record, with what changed in each. With `shopIds` (a staff member's branches),
 * entries that mention another branch are left out, so a shared record (an item) shows no other branch's units or stock.
 */
export async function auditTrail(
  entity: string,
  entityId: string | number,
  limit = 30,
  shopIds: number[] | null = null,
): Promise<AuditView[]> {
  const rows = await getDb()
    .select({ log: auditLog, name: users.name, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  const visible =
    shopIds === null ? rows : rows.filter(({ log }) => [...shopIdsIn([log.before, log.after])].every((id) => shopIds.includes(id)));
  return visible.map(({ log, name, email }) => ({
    id: log.id,
    at: log.at.toISOString(),
    action: log.action,
    user: email ? `${name || email} <${email}>` : null,
    changes: changedFields(log.before as Record<string, unknown> | null, log.after as Record<string, unknown> | null),
  }));
}
