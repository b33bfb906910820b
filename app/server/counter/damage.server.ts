/**
 * Damage at return (issue 20, point 4; decision 046): a report per unit of an order with a category, a note,
 * up to three photos and an optional fee; the unit goes "in repair" (status `maintenance`, out of
 * availability) until a clerk puts it back in service. Photos take the picture pipeline's way
 * (`processPicture`: bytes sniffed, 50 MP at most, AVIF and WebP up to 1280 px, no metadata) but are private:
 * stored under DATA_DIR/damage/{order id}/, outside the public /media folder, and served only to staff of the
 * order's branch (`readDamagePhoto`). Every change is audited on the order and on the unit's item.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, unlink } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type DamageCategory,
  type DamageFeeLine,
  type DamageReportInput,
  damageCategoriesFor,
  damageCategoryFits,
  damageFeeTotals,
  type FeePaidBy,
} from "../../domain/counter/damage";
import { BEFORE_PICKUP_STATUSES, isHandedOut } from "../../domain/order-states";
import { PICTURE_FILE, type PictureFormat, parsePictureName, pictureFiles } from "../../domain/pictures";
import { fail, ok, type Result } from "../../domain/result";
import type { SizingKind } from "../../domain/vocabulary";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { getConfig } from "../config.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { sqlState } from "../db/retry.server";
import { damageReports, orders, units, users } from "../db/schema";
import { LIVE_RESERVATION, statusList } from "../db/states.server";
import { CONTENT_TYPES, PictureRefused, type ProcessedPicture, processPicture, writeAtomically } from "../media/pictures.server";
import { moveBookingsOff } from "../planner/out-of-service.server";

/** Orders whose equipment the customer has or has brought back: only then is there damage to report. */

const orderIdSchema = z.uuid();
const damageDir = (orderId: string) => resolve(getConfig().DATA_DIR, "damage", orderId);

// ---------------------------------------------------------------------------------------------
// Reading

type OrderUnitRow = {
  unit_id: number;
  code: string;
  size: string | null;
  status: "active" | "maintenance" | "retired";
  sizing: SizingKind;
  item_id: number;
  shop_id: number;
  line_name: string;
  person_id: number | null;
};

/** The rental units an order handed out (or still holds), one row each, in code order. */
async function orderUnits(db: Db, orderId: string): Promise<OrderUnitRow[]> {
  return queryRows<OrderUnitRow>(
    sql`
      select distinct on (u.code) u.id as unit_id, u.code, u.size, u.status, i.sizing, u.item_id, u.shop_id,
             l.name as line_name, l.person_id
      from order_lines l
      join reservations r on r.order_line_id = l.id and r.state = 'confirmed'
      join units u on u.id = r.unit_id
      join items i on i.id = u.item_id
      where l.order_id = ${orderId} and l.kind = 'rental'
      order by u.code`,
    db,
  );
}

export type DamageReportView = {
  id: number;
  unitId: number;
  category: DamageCategory;
  note: string | null;
  photos: string[];
  feeCents: number | null;
  feePaidBy: FeePaidBy | null;
  createdAt: string;
  createdBy: string | null;
  releasedAt: string | null;
  /** Later bookings still on the unit while it is in repair: the clerk moves them in the planner. */
  bookedLater: { orderId: string; number: string; pickupAt: string }[];
};

/**
 * The damage part of the admin order page: the order's rental units with the categories that fit each, their
 * reports, the fees, and whether reports can be made now. Null when the order is missing or another branch's.
 */
export async function getOrderDamage(user: BackOfficeUser, orderId: string) {
  const db = getDb();
  const [order] = await db.select({ shopId: orders.shopId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order || !worksAt(user, order.shopId)) return null;
  const [unitRows, fees, reportRows] = await Promise.all([
    orderUnits(db, orderId),
    damageFeesOf(orderId, db),
    db
      .select({ report: damageReports, createdBy: users.name, createdByEmail: users.email })
      .from(damageReports)
      .leftJoin(users, eq(users.id, damageReports.createdBy))
      .where(eq(damageReports.orderId, orderId))
      .orderBy(asc(damageReports.id)),
  ]);
  const open = reportRows.filter((r) => r.report.releasedAt === null).map((r) => r.report.unitId);
  const later =
    open.length === 0
      ? []
      : await queryRows<{ unit_id: number; order_id: string; number: string; pickup_at: Date | string }>(
          sql`
            select r.unit_id, o.id as order_id, o.number, o.pickup_at
            from reservations r
            join order_lines l on l.id = r.order_line_id
            join orders o on o.id = l.order_id
            where r.unit_id in (${sql.join(
              open.map((id) => sql`${id}`),
              sql`, `,
            )})
              and o.id <> ${orderId}
              and ${LIVE_RESERVATION}
              and upper(r.period) > now()
              and o.status in ${statusList(BEFORE_PICKUP_STATUSES)}
            order by o.pickup_at`,
          db,
        );
  const reports: DamageReportView[] = reportRows.map(({ report, createdBy, createdByEmail }) => ({
    id: report.id,
    unitId: report.unitId,
    category: report.category,
    note: report.note,
    photos: report.photos,
    feeCents: report.feeCents,
    feePaidBy: report.feePaidBy,
    createdAt: report.createdAt.toISOString(),
    createdBy: createdBy || createdByEmail || null,
    releasedAt: report.releasedAt?.toISOString() ?? null,
    bookedLater:
      report.releasedAt === null
        ? later
            .filter((l) => l.unit_id === report.unitId)
            .map((l) => ({ orderId: l.order_id, number: l.number, pickupAt: new Date(l.pickup_at).toISOString() }))
        : [],
  }));
  return {
    canReport: isHandedOut(order.status),
    fees,
    units: unitRows.map((u) => ({
      id: u.unit_id,
      code: u.code,
      size: u.size,
      status: u.status,
      name: u.line_name,
      personId: u.person_id,
      categories: damageCategoriesFor(u.sizing),
    })),
    reports,
  };
}
export type OrderDamage = NonNullable<Awaited<ReturnType<typeof getOrderDamage>>>;

/**
 * The damage fees of an order, as its pages and documents list them, with their sum and the part to take from
 * the deposit. For the deposit's capture form (decision 045) to start with that amount. The caller has
 * already checked who may see the order.
 */
export async function damageFeesOf(orderId: string, db: Db = getDb()) {
  const rows = await queryRows<{
    code: string;
    name: string;
    size: string | null;
    category: DamageCategory;
    fee_cents: number;
    fee_paid_by: FeePaidBy;
  }>(
    sql`
      select u.code, coalesce(l.name, '') as name, u.size, d.category, d.fee_cents, d.fee_paid_by
      from damage_reports d
      join units u on u.id = d.unit_id
      left join lateral (
        select l.name from order_lines l
        join reservations r on r.order_line_id = l.id and r.unit_id = d.unit_id
        where l.order_id = d.order_id
        order by l.id limit 1
      ) l on true
      where d.order_id = ${orderId} and d.fee_cents is not null
      order by d.id`,
    db,
  );
  const lines: DamageFeeLine[] = rows.map((r) => ({
    unitCode: r.code,
    itemName: r.name,
    size: r.size,
    category: r.category,
    feeCents: r.fee_cents,
    paidBy: r.fee_paid_by,
  }));
  return { lines, ...damageFeeTotals(lines) };
}

/**
 * A damage photo's file for staff of the order's branch, or null: only names of the stored shape, of a photo
 * a report of that order lists, read from that order's folder.
 */
export async function readDamagePhoto(user: BackOfficeUser, orderId: string, file: string) {
  const match = PICTURE_FILE.exec(file);
  if (!match || !orderIdSchema.safeParse(orderId).success) return null;
  const db = getDb();
  const [order] = await db.select({ shopId: orders.shopId }).from(orders).where(eq(orders.id, orderId));
  if (!order || !worksAt(user, order.shopId)) return null;
  const listed = await db.select({ photos: damageReports.photos }).from(damageReports).where(eq(damageReports.orderId, orderId));
  const known = listed
    .flatMap((r) => r.photos)
    .some((name) => {
      const parsed = parsePictureName(name);
      return parsed !== null && pictureFiles(parsed).some((variant) => variant.file === file);
    });
  if (!known) return null;
  const dir = damageDir(orderId);
  const path = resolve(dir, file);
  if (!path.startsWith(dir + sep)) return null;
  try {
    return { data: await readFile(path), type: CONTENT_TYPES[match[4] as PictureFormat] };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Changing

class Refused extends Error {
  constructor(readonly failure: Result<never>) {
    super("refused");
  }
}

/**
 * Decodes and resizes a report's photos, then writes their files under the order's folder. A refused photo
 * refuses them all with nothing written. `written` lists only the files this call added, for
 * `removeUnlisted` when the report that names them is refused: the same photo may belong to another unit's
 * report.
 */
export async function storeDamagePhotos(orderId: string, photos: File[]): Promise<Result<{ names: string[]; written: string[] }>> {
  const processed: ProcessedPicture[] = [];
  for (const photo of photos) {
    try {
      processed.push(await processPicture(new Uint8Array(await photo.arrayBuffer())));
    } catch (error) {
      if (error instanceof PictureRefused) return fail.invalid({ photos: `admin.damage.errors.${error.reason}` });
      throw error;
    }
  }
  const dir = damageDir(orderId);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const file of processed.flatMap((p) => p.files)) {
    const path = join(dir, file.file);
    if (existsSync(path)) continue;
    await writeAtomically(path, file.data);
    written.push(path);
  }
  return ok({ names: [...new Set(processed.map((p) => p.name))], written });
}

/**
 * Records the damage of one unit of an order and takes the unit into repair. The photos are decoded and
 * resized first (a refused one refuses the report, nothing written), their files written, then the report, the
 * unit's status and the audit entries in one transaction; when that refuses, the files written for it are
 * deleted again. Later bookings on the unit move to a free unit of the same item and size (`moveBookingsOff`,
 * decision 055); the others are shown to the clerk.
 */
export async function reportDamage(user: BackOfficeUser, orderId: string, input: DamageReportInput): Promise<Result<{ id: number }>> {
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !worksAt(user, order.shopId)) return fail.notFound();
  if (!isHandedOut(order.status)) return fail.invalid({ form: "admin.orders.errors.notNow" });
  const unit = (await orderUnits(db, orderId)).find((u) => u.unit_id === input.unitId);
  if (!unit) return fail.invalid({ form: "admin.damage.errors.unit" });
  if (!damageCategoryFits(unit.sizing, input.category)) return fail.invalid({ category: "admin.damage.errors.category" });

  const stored = await storeDamagePhotos(orderId, input.photos);
  if (!stored.ok) return stored;
  const { names, written } = stored.value;

  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!isHandedOut(locked.status)) throw new Refused(fail.invalid({ form: "admin.orders.errors.notNow" }));
      const [before] = await tx.select().from(units).where(eq(units.id, unit.unit_id)).for("update");
      let report: { id: number };
      try {
        [report] = await tx.transaction((insert) =>
          insert
            .insert(damageReports)
            .values({
              orderId,
              unitId: unit.unit_id,
              category: input.category,
              note: input.note,
              photos: names,
              feeCents: input.fee,
              feePaidBy: input.paidBy,
              createdBy: user.id,
            })
            .returning({ id: damageReports.id }),
        );
      } catch (error) {
        // A second report for the unit (a double click, or a colleague was quicker): the first one stands.
        if (sqlState(error) === "23505") throw new Refused(fail.conflict({ form: "admin.damage.errors.reported" }));
        throw error;
      }
      if (before.status !== "maintenance") await tx.update(units).set({ status: "maintenance" }).where(eq(units.id, unit.unit_id));
      const { moved, stranded } = await moveBookingsOff(t, user, {
        id: unit.unit_id,
        itemId: unit.item_id,
        shopId: unit.shop_id,
        size: unit.size,
      });
      await recordAudit(t, {
        userId: user.id,
        action: "damageReport",
        entity: "order",
        entityId: orderId,
        after: {
          unitId: unit.unit_id,
          damageCategory: input.category,
          note: input.note,
          photos: names.length,
          feeCents: input.fee,
          feePaidBy: input.paidBy,
          ...(moved.length > 0 ? { movedOrders: moved } : {}),
          ...(stranded.length > 0 ? { strandedOrders: stranded.map((b) => b.number) } : {}),
        },
      });
      await recordAudit(t, {
        userId: user.id,
        action: "unitRepair",
        entity: "item",
        entityId: unit.item_id,
        before: { unitId: unit.unit_id, shopId: unit.shop_id, status: before.status },
        after: { unitId: unit.unit_id, shopId: unit.shop_id, status: "maintenance", number: order.number },
      });
      return report.id;
    });
    return ok({ id });
  } catch (error) {
    await removeUnlisted(orderId, written);
    if (error instanceof Refused) return error.failure as Result<{ id: number }>;
    throw error;
  }
}

/**
 * Deletes files written for a refused report, but not those a report of the order lists: the same photo sent
 * twice at the same moment (a double tap) is written by both requests, and the one that won keeps it.
 */
export async function removeUnlisted(orderId: string, written: string[]) {
  if (written.length === 0) return;
  const listed = await getDb().select({ photos: damageReports.photos }).from(damageReports).where(eq(damageReports.orderId, orderId));
  const kept = new Set(listed.flatMap((r) => r.photos));
  const orphans = written.filter((path) => {
    const match = PICTURE_FILE.exec(path.slice(path.lastIndexOf(sep) + 1));
    return !match || !kept.has(`${match[1]}-${match[2]}x${match[3]}`);
  });
  await Promise.all(orphans.map((path) => unlink(path).catch(() => {})));
}

/**
 * Marks the open damage reports of a unit as done, with an audit entry on each report's order: the unit has
 * left repair ("back in service", or its status changed in the item's units list). Inside the caller's transaction.
 */
export async function closeDamageReports(tx: Db, userId: string, unitId: number): Promise<void> {
  const closed = await tx
    .update(damageReports)
    .set({ releasedAt: sql`now()`, releasedBy: userId })
    .where(and(eq(damageReports.unitId, unitId), isNull(damageReports.releasedAt)))
    .returning({ orderId: damageReports.orderId });
  for (const { orderId } of closed) {
    await recordAudit(tx, { userId, action: "damageRelease", entity: "order", entityId: orderId, after: { unitId } });
  }
}

/**
 * "Back in service": a unit in repair is rented out again. For staff of the unit's branch, or of the branch of
 * an order whose report sent it to repair (the damage was seen there). A unit not in repair is a conflict (a
 * colleague was quicker, or it was retired meanwhile). From an item's page, `itemId` is that item.
 */
export async function releaseUnit(user: BackOfficeUser, unitId: number, itemId?: number): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const t = tx as unknown as Db;
    const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for("update");
    if (!unit || (itemId !== undefined && unit.itemId !== itemId)) return fail.notFound();
    const reportedAt = await tx
      .select({ shopId: orders.shopId })
      .from(damageReports)
      .innerJoin(orders, eq(orders.id, damageReports.orderId))
      .where(and(eq(damageReports.unitId, unitId), isNull(damageReports.releasedAt)));
    if (!worksAt(user, unit.shopId) && !reportedAt.some((r) => worksAt(user, r.shopId))) return fail.notFound();
    if (unit.status !== "maintenance") return fail.conflict({ form: "admin.damage.errors.notInRepair" });
    await tx.update(units).set({ status: "active" }).where(eq(units.id, unitId));
    await closeDamageReports(t, user.id, unitId);
    await recordAudit(t, {
      userId: user.id,
      action: "unitRelease",
      entity: "item",
      entityId: unit.itemId,
      before: { unitId, shopId: unit.shopId, status: unit.status },
      after: { unitId, shopId: unit.shopId, status: "active" },
    });
    return ok();
  });
}
