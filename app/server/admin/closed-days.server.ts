/**
 * Closed days of a branch (holidays, a lift's inspection day): set from the shop screen and from the
 * calendar. Pickups and returns on a closed day are refused by the rental core (app/domain/periods.ts).
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Translated } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import { getDb } from "../db/client.server";
import { shopClosedDays, shops } from "../db/schema";
import { recordAudit } from "./audit.server";

export async function listClosedDays(shopId: number, from?: string, to?: string) {
  const filters = [eq(shopClosedDays.shopId, shopId)];
  if (from) filters.push(gte(shopClosedDays.day, from));
  if (to) filters.push(lte(shopClosedDays.day, to));
  return getDb()
    .select()
    .from(shopClosedDays)
    .where(and(...filters))
    .orderBy(asc(shopClosedDays.day));
}

/**
 * Closes the branch on a day (or changes the reason shown); audited on the shop. A branch that does not
 * exist is refused as a wrong choice of `shopId` (the calendar's form picks it).
 */
export async function closeDay(userId: string, shopId: number, day: string, reason: Partial<Translated> | null): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for("update");
    if (!shop) return fail.invalid({ shopId: "admin.errors.choose" });
    const [before] = await tx
      .select()
      .from(shopClosedDays)
      .where(and(eq(shopClosedDays.shopId, shopId), eq(shopClosedDays.day, day)));
    const [after] = await tx
      .insert(shopClosedDays)
      .values({ shopId, day, reason: reason as Translated | null })
      .onConflictDoUpdate({ target: [shopClosedDays.shopId, shopClosedDays.day], set: { reason: reason as Translated | null } })
      .returning();
    await recordAudit(tx, { userId, action: "closeDay", entity: "shop", entityId: shopId, before: before ?? null, after });
    return ok();
  });
}

/** Opens the branch again on a day; refused when it was not closed. */
export async function reopenDay(userId: string, shopId: number, day: string): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .delete(shopClosedDays)
      .where(and(eq(shopClosedDays.shopId, shopId), eq(shopClosedDays.day, day)))
      .returning();
    if (!before) return fail.invalid({ form: "admin.shops.errors.notClosed" });
    await recordAudit(tx, { userId, action: "reopenDay", entity: "shop", entityId: shopId, before });
    return ok();
  });
}
