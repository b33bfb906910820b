/** Packages in the back office (decision 030): list, read with components and audit trail, change. */
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import type { PackageInput, PackageListQuery } from "../../domain/admin/package";
import { fail, ok, type Result } from "../../domain/result";
import { getDb } from "../db/client.server";
import { items, packageItems, packages } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";

export async function listPackages(query: PackageListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  // The name in any language, as a clerk of either language types it.
  if (query.q) filters.push(sql`${packages.name}::text ilike ${likePattern(query.q)}`);
  if (query.app) filters.push(eq(packages.appId, query.app));
  if (query.level) filters.push(eq(packages.level, query.level));
  if (query.active !== undefined) filters.push(eq(packages.active, query.active === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = { sort: packages.sort, name: sql`${packages.name}->>'en'`, price: sql`(${packages.dayPrices}->>0)::int` }[query.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(where)
      .orderBy(query.dir === "desc" ? desc(column) : asc(column), asc(packages.appId), asc(packages.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(packages).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

/** A package with its components by slot (each slot's items best first) and its change history. */
export async function getPackage(id: number) {
  const db = getDb();
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  if (!row) return null;
  const components = await db
    .select({ slot: packageItems.slot, rank: packageItems.rank, itemId: items.id, name: items.name })
    .from(packageItems)
    .innerJoin(items, eq(items.id, packageItems.itemId))
    .where(eq(packageItems.packageId, id))
    .orderBy(asc(packageItems.slot), asc(packageItems.rank));
  const slots = [...new Set(components.map((c) => c.slot))].map((slot) => components.filter((c) => c.slot === slot));
  return { package: row, slots, audit: await auditTrail("package", id) };
}

export async function updatePackage(userId: string, id: number, input: PackageInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(packages).where(eq(packages.id, id)).for("update");
    if (!before) return fail.notFound();
    const [after] = await tx
      .update(packages)
      .set({
        name: input.name,
        description: input.description,
        level: input.level,
        sort: input.sort,
        active: input.active,
        dayPrices: input.dayPrices,
        extraDayCents: input.extraDay,
        childDayPrices: input.childDayPrices,
        childExtraDayCents: input.childExtraDay,
        updatedAt: sql`now()`,
      })
      .where(eq(packages.id, id))
      .returning();
    await recordAudit(tx, { userId, action: "update", entity: "package", entityId: id, before, after });
    return ok();
  });
}
