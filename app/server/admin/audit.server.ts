/**
 * The audit log of every back-office change: who, when, what, and the record before and after. Written
 * in the same transaction as the change, so a change without its log entry (or the other way round)
 * cannot happen.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { type AuditNames, type AuditView, auditRefs, changedFields, snapshot } from "../../domain/admin/audit";
import { type Db, getDb } from "../db/client.server";
import { auditLog, categories, items, partnerHotels, shops, units, users } from "../db/schema";

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
  const entries = visible.map(({ log, name, email }) => ({
    id: log.id,
    at: log.at.toISOString(),
    action: log.action,
    user: email ? `${name || email} <${email}>` : null,
    entity,
    changes: changedFields(log.before as Record<string, unknown> | null, log.after as Record<string, unknown> | null),
  }));
  const names = await auditNames(
    entries.flatMap((entry) => entry.changes.flatMap((change) => [{ [change.field]: change.before }, { [change.field]: change.after }])),
  );
  return entries.map((entry) => ({ ...entry, names }));
}

/** The unit codes and the names of branches, hotels, categories and items that logged values mention by id. */
async function auditNames(values: unknown[]): Promise<AuditNames> {
  const refs = auditRefs(values);
  const db = getDb();
  const none = Promise.resolve([]);
  const [unitRows, shopRows, hotelRows, categoryRows, itemRows] = await Promise.all([
    refs.units.length ? db.select({ id: units.id, name: units.code }).from(units).where(inArray(units.id, refs.units)) : none,
    refs.shops.length ? db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, refs.shops)) : none,
    refs.hotels.length
      ? db.select({ id: partnerHotels.id, name: partnerHotels.name }).from(partnerHotels).where(inArray(partnerHotels.id, refs.hotels))
      : none,
    refs.categories.length
      ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, refs.categories))
      : none,
    refs.items.length ? db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, refs.items)) : none,
  ]);
  const byId = <T>(rows: { id: string | number; name: T }[]) => Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
  return { units: byId(unitRows), shops: byId(shopRows), hotels: byId(hotelRows), categories: byId(categoryRows), items: byId(itemRows) };
}
