/** Packages in the back office (decision 030): list, read with components and audit trail, change. */
import { asc, eq, sql } from "drizzle-orm";
import type { PackageInput } from "../../domain/admin/package";
import { fail, ok, type Result } from "../../domain/result";
import { getDb } from "../db/client.server";
import { items, packageItems, packages } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";

export async function listPackages() {
  return getDb().select().from(packages).orderBy(asc(packages.appId), asc(packages.sort), asc(packages.id));
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
