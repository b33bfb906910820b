import { and, asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DamageReportInput, damageCategoryFits, MAX_DAMAGE_PHOTOS } from "../../domain/counter/damage";
import { fail, ok, type Result } from "../../domain/result";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { type Db, getDb } from "../db/client.server";
import { damageReports, damageReportVersions, items, orders, units, users } from "../db/schema";
import { removeUnlisted, storeDamagePhotos } from "./damage.server";

/**
 * Replaces the report of a unit of an order with the corrected one, keeping the one it replaces as a
 * version. New photos are decoded and written first (a refused one refuses the correction, nothing
 * written); when the transaction refuses, the files it wrote are deleted again.
 */
export async function correctDamage(user: BackOfficeUser, orderId: string, input: DamageReportInput): Promise<Result<{ version: number }>> {
  const db = getDb();
  const [found] = await db
    .select({ report: damageReports, shopId: orders.shopId, sizing: items.sizing })
    .from(damageReports)
    .innerJoin(orders, eq(orders.id, damageReports.orderId))
    .innerJoin(units, eq(units.id, damageReports.unitId))
    .innerJoin(items, eq(items.id, units.itemId))
    .where(and(eq(damageReports.orderId, orderId), eq(damageReports.unitId, input.unitId)));
  if (!found || !worksAt(user, found.shopId)) return fail.notFound();
  if (!damageCategoryFits(found.sizing, input.category)) return fail.invalid({ category: "admin.damage.errors.category" });
  if (found.report.photos.length + input.photos.length > MAX_DAMAGE_PHOTOS)
    return fail.invalid({ photos: "admin.damage.errors.tooManyInAll" });

  const stored = await storeDamagePhotos(orderId, input.photos);
  if (!stored.ok) return stored;
  const { names, written } = stored.value;

  try {
    const version = await db.transaction(async (tx) => {
      const [report] = await tx.select().from(damageReports).where(eq(damageReports.id, found.report.id)).for("update");
      const [last] = await tx
        .select()
        .from(damageReportVersions)
        .where(eq(damageReportVersions.reportId, report.id))
        .orderBy(desc(damageReportVersions.version))
        .limit(1);
      // The version being replaced was written by whoever replaced the one before it, or made the report.
      const replaced = last ? last.version + 1 : 1;
      await tx.insert(damageReportVersions).values({
        reportId: report.id,
        version: replaced,
        category: report.category,
        note: report.note,
        photos: report.photos,
        feeCents: report.feeCents,
        feePaidBy: report.feePaidBy,
        writtenBy: last ? last.replacedBy : report.createdBy,
        writtenAt: last ? last.replacedAt : report.createdAt,
        replacedBy: user.id,
      });
      const photos = [...new Set([...report.photos, ...names])];
      await tx
        .update(damageReports)
        .set({ category: input.category, note: input.note, photos, feeCents: input.fee, feePaidBy: input.paidBy })
        .where(eq(damageReports.id, report.id));
      await recordAudit(tx as unknown as Db, {
        userId: user.id,
        action: "damageCorrect",
        entity: "order",
        entityId: orderId,
        before: {
          unitId: report.unitId,
          damageCategory: report.category,
          note: report.note,
          photos: report.photos.length,
          feeCents: report.feeCents,
          feePaidBy: report.feePaidBy,
        },
        after: {
          unitId: report.unitId,
          damageCategory: input.category,
          note: input.note,
          photos: photos.length,
          feeCents: input.fee,
          feePaidBy: input.paidBy,
        },
      });
      return replaced + 1;
    });
    return ok({ version });
  } catch (error) {
    await removeUnlisted(orderId, written);
    throw error;
  }
}

/**
 * The earlier versions of an order's damage reports, by report, newest first, with who wrote and who
 * replaced each. The caller has already checked who may see the order.
 */
export async function damageHistory(orderId: string, db: Db = getDb()) {
  const writer = alias(users, "writer");
  const replacer = alias(users, "replacer");
  const rows = await db
    .select({
      version: damageReportVersions,
      writtenBy: writer.name,
      writtenByEmail: writer.email,
      replacedBy: replacer.name,
      replacedByEmail: replacer.email,
    })
    .from(damageReportVersions)
    .innerJoin(damageReports, eq(damageReports.id, damageReportVersions.reportId))
    .leftJoin(writer, eq(writer.id, damageReportVersions.writtenBy))
    .leftJoin(replacer, eq(replacer.id, damageReportVersions.replacedBy))
    .where(eq(damageReports.orderId, orderId))
    .orderBy(asc(damageReportVersions.reportId), desc(damageReportVersions.version));
  return rows.map(({ version: v, writtenBy, writtenByEmail, replacedBy, replacedByEmail }) => ({
    reportId: v.reportId,
    version: v.version,
    category: v.category,
    note: v.note,
    photos: v.photos,
    feeCents: v.feeCents,
    feePaidBy: v.feePaidBy,
    writtenBy: writtenBy || writtenByEmail || null,
    writtenAt: v.writtenAt.toISOString(),
    replacedBy: replacedBy || replacedByEmail || null,
    replacedAt: v.replacedAt.toISOString(),
  }));
}
export type DamageVersion = Awaited<ReturnType<typeof damageHistory>>[number];
