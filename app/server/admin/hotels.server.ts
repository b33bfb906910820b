/**
 * Partner hotels in the back office (under settings): list, read, create, change, delete (refused while
 * orders name the hotel), each change in the audit log. Their commission report is reports/hotel-reports.server.ts.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { HotelInput } from "../../domain/admin/hotel";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import { fail, ok, type Result } from "../../domain/result";
import { getDb } from "../db/client.server";
import { orders, partnerHotels } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";

export type HotelListQuery = {
  q?: string;
  sort: "name" | "town" | "discount" | "commission";
  dir: "asc" | "desc";
  page: number;
  active?: "yes" | "no";
};

// Qualified by hand: in a one-table select Drizzle leaves column names unqualified, and "id" would mean the order's.
const orderCount = sql<number>`(select count(*) from orders o where o.hotel_id = "partner_hotels"."id")::int`;

export async function listHotels(query: HotelListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q) filters.push(or(ilike(partnerHotels.name, likePattern(query.q)), ilike(partnerHotels.town, likePattern(query.q))) as SQL);
  if (query.active) filters.push(eq(partnerHotels.active, query.active === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = {
    name: partnerHotels.name,
    town: partnerHotels.town,
    discount: partnerHotels.discountPercent,
    commission: partnerHotels.commissionPercent,
  }[query.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ hotel: partnerHotels, orders: orderCount })
      .from(partnerHotels)
      .where(where)
      .orderBy(query.dir === "desc" ? desc(column) : asc(column), asc(partnerHotels.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(partnerHotels).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

export async function getHotel(id: number) {
  const db = getDb();
  const [hotel] = await db.select().from(partnerHotels).where(eq(partnerHotels.id, id));
  if (!hotel) return null;
  const [[{ used }], audit] = await Promise.all([
    db.select({ used: count() }).from(orders).where(eq(orders.hotelId, id)),
    auditTrail("hotel", id),
  ]);
  return { hotel, orders: used, audit };
}

/** Adds a hotel. Nothing refuses a valid one (no field must be unique), so it answers with the new id only. */
export async function createHotel(userId: string, input: HotelInput): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    const [created] = await tx.insert(partnerHotels).values(input).returning();
    await recordAudit(tx, { userId, action: "create", entity: "hotel", entityId: created.id, after: created });
    return { id: created.id };
  });
}

export async function updateHotel(userId: string, id: number, input: HotelInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(partnerHotels).where(eq(partnerHotels.id, id)).for("update");
    if (!before) return fail.notFound();
    const [after] = await tx.update(partnerHotels).set(input).where(eq(partnerHotels.id, id)).returning();
    await recordAudit(tx, { userId, action: "update", entity: "hotel", entityId: id, before, after });
    return ok();
  });
}

/**
 * Deletes a hotel no order names; refused while orders do (their commission must stay reportable:
 * deactivate the hotel instead, which hides it from the checkout).
 */
export async function deleteHotel(userId: string, id: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(partnerHotels).where(eq(partnerHotels.id, id)).for("update");
    if (!before) return fail.notFound();
    const [{ used }] = await tx.select({ used: count() }).from(orders).where(eq(orders.hotelId, id));
    if (used > 0) return fail.invalid({ form: "admin.hotels.deleteRefused" });
    await tx.delete(partnerHotels).where(eq(partnerHotels.id, id));
    await recordAudit(tx, { userId, action: "delete", entity: "hotel", entityId: id, before });
    return ok();
  });
}

/** Switches a hotel off (or on again), as the delete refusal offers. */
export async function setHotelActive(userId: string, id: number, active: boolean): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(partnerHotels).where(eq(partnerHotels.id, id)).for("update");
    if (!before) return fail.notFound();
    const [after] = await tx.update(partnerHotels).set({ active }).where(eq(partnerHotels.id, id)).returning();
    await recordAudit(tx, { userId, action: active ? "activate" : "deactivate", entity: "hotel", entityId: id, before, after });
    return ok();
  });
}
