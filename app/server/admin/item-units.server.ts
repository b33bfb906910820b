/**
 * The units of an item per branch (add, change, delete) and the item's booking calendar. Staff work on
 * their own branches only: every function takes the signed-in user, reads only `user.shopIds`, and
 * refuses (`forbidden`, 403) a unit or branch of another branch. Each change is in the item's
 * audit trail.
 */
import { and, asc, eq, inArray, like, sql, TransactionRollbackError } from "drizzle-orm";
import {
  type AddUnitsInput,
  branchPrefix,
  type CalendarBooking,
  checkUnitSize,
  itemPrefix,
  monthDays,
  nextUnitCodes,
} from "../../domain/admin/item-units";
import { addDays, zonedDate, zonedInstant } from "../../domain/periods";
import { fail, ok, type Result } from "../../domain/result";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import type { UnitStatus } from "../../domain/vocabulary";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { closeDamageReports } from "../counter/damage.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { items, orderLines, reservations, shopStorefronts, shops, units } from "../db/schema";
import { LIVE_RESERVATION } from "../db/states.server";
import { moveBookingsOff, strandedOn } from "../planner/out-of-service.server";
import { recordAudit } from "./audit.server";
import type { ShopScope } from "./items.server";

const scoped = (shopIds: ShopScope) => (shopIds === null ? undefined : inArray(units.shopId, shopIds));

/**
 * The item's units the user may see, with whether each was ever reserved or handed out (then it cannot be
 * deleted), and for a unit out of service the bookings still on it (decision 055).
 */
export async function listUnits(itemId: number, shopIds: ShopScope) {
  const rows = await getDb()
    .select({
      id: units.id,
      shopId: units.shopId,
      code: units.code,
      size: units.size,
      status: units.status,
      note: units.note,
      soleLengthMm: units.soleLengthMm,
      used: sql<boolean>`(exists (select 1 from ${reservations} where ${reservations.unitId} = ${units.id})
        or exists (select 1 from ${orderLines} where ${orderLines.unitId} = ${units.id}))`,
    })
    .from(units)
    .where(and(eq(units.itemId, itemId), scoped(shopIds)))
    .orderBy(asc(units.shopId), asc(units.code));
  const stranded = await strandedOn(
    getDb(),
    rows.filter((u) => u.status !== "active").map((u) => u.id),
  );
  return rows.map((u) => ({ ...u, stranded: stranded.get(u.id) ?? [] }));
}

/**
 * Adds units at a branch: `count` units with the next free codes of the branch's and item's prefixes
 * (CI-SKI-0042), or one unit with a typed code. Codes are unique; a lock per prefix keeps two clerks
 * adding at the same moment from computing the same next number.
 */
export async function addUnits(user: BackOfficeUser, itemId: number, input: AddUnitsInput): Promise<Result<{ codes: string[] }>> {
  if (!worksAt(user, input.shopId)) return fail.forbidden();
  return getDb()
    .transaction(async (tx): Promise<Result<{ codes: string[] }>> => {
      const [item] = await tx.select().from(items).where(eq(items.id, itemId)).for("update");
      if (!item) return fail.notFound();
      const [branch] = await tx
        .select({ id: shops.id, slug: shops.slug })
        .from(shops)
        .innerJoin(shopStorefronts, and(eq(shopStorefronts.shopId, shops.id), eq(shopStorefronts.appId, item.appId)))
        .where(eq(shops.id, input.shopId));
      if (!branch) return fail.invalid({ shopId: "admin.items.errors.unitBranch" });
      const sizeError = checkUnitSize(input.size, item.sizes);
      if (sizeError) return fail.invalid({ size: sizeError });

      let codes: string[];
      if (input.code) {
        codes = [input.code];
      } else {
        const prefix = await unitPrefix(tx, item, branch);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unit-code:${prefix}`}))`);
        const existing = await tx
          .select({ code: units.code })
          .from(units)
          .where(like(units.code, `${prefix}-%`));
        codes = nextUnitCodes(
          prefix,
          existing.map((u) => u.code),
          input.count,
        );
      }
      const inserted = await tx
        .insert(units)
        .values(codes.map((code) => ({ itemId, shopId: branch.id, size: input.size, code, soleLengthMm: input.soleLengthMm ?? null })))
        .onConflictDoNothing()
        .returning();
      // Nothing is added when one code is taken: the clerk sees the form again with the message.
      if (inserted.length !== codes.length) tx.rollback();
      await recordAudit(tx, {
        userId: user.id,
        action: "unitAdd",
        entity: "item",
        entityId: itemId,
        after: { shopId: branch.id, size: input.size, codes },
      });
      return ok({ codes });
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return fail.invalid({ code: "admin.items.errors.codeTaken" });
      throw error;
    });
}

async function unitPrefix(db: Db, item: { id: number; slug: string; categoryId: string }, branch: { id: number; slug: string }) {
  const [atBranch, ofItem, ofCategory] = await Promise.all([
    db.select({ code: units.code }).from(units).where(eq(units.shopId, branch.id)).limit(2000),
    db.select({ code: units.code }).from(units).where(eq(units.itemId, item.id)).limit(2000),
    db
      .select({ code: units.code })
      .from(units)
      .innerJoin(items, eq(items.id, units.itemId))
      .where(eq(items.categoryId, item.categoryId))
      .limit(2000),
  ]);
  const codes = (rows: { code: string }[]) => rows.map((r) => r.code);
  return `${branchPrefix(branch.slug, codes(atBranch))}-${itemPrefix(item.slug, codes(ofItem), codes(ofCategory))}`;
}

/** The unit of this item, locked; refused when the item has no such unit or the user does not work at its branch. */
async function lockUnit(db: Db, user: BackOfficeUser, itemId: number, unitId: number): Promise<Result<typeof units.$inferSelect>> {
  const [unit] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.itemId, itemId)))
    .for("update");
  if (!unit) return fail.notFound();
  return worksAt(user, unit.shopId) ? ok(unit) : fail.forbidden();
}

/**
 * Changes a unit's status, note and sole length. A unit set to maintenance or retired takes its bookings of
 * orders not handed out yet to free units of the same item and size in the same transaction (decision 055);
 * those no unit is free for stay on it and the units list shows them.
 */
export async function changeUnit(
  user: BackOfficeUser,
  itemId: number,
  input: { unitId: number; status: UnitStatus; note: string | null; soleLengthMm: number | null },
): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const locked = await lockUnit(tx, user, itemId, input.unitId);
    if (!locked.ok) return locked;
    const before = locked.value;
    const [after] = await tx
      .update(units)
      .set({ status: input.status, note: input.note, soleLengthMm: input.soleLengthMm })
      .where(eq(units.id, input.unitId))
      .returning();
    const { moved, stranded } = after.status === "active" ? { moved: [], stranded: [] } : await moveBookingsOff(tx, user, after);
    await recordAudit(tx, {
      userId: user.id,
      action: "unitChange",
      entity: "item",
      entityId: itemId,
      before,
      after: {
        ...after,
        ...(moved.length > 0 ? { movedOrders: moved } : {}),
        ...(stranded.length > 0 ? { strandedOrders: stranded.map((b) => b.number) } : {}),
      },
    });
    // Out of repair by hand: the damage reports that sent it there are done (decision 046).
    if (before.status === "maintenance" && after.status !== "maintenance") await closeDamageReports(tx, user.id, input.unitId);
    return ok();
  });
}

/**
 * Deletes a unit that was never reserved nor handed out; one with a history is refused (its orders
 * name it): retire it instead.
 */
export async function deleteUnit(user: BackOfficeUser, itemId: number, unitId: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const locked = await lockUnit(tx, user, itemId, unitId);
    if (!locked.ok) return locked;
    const before = locked.value;
    const [{ used }] = await queryRows<{ used: boolean }>(
      sql`select (exists (select 1 from ${reservations} where ${reservations.unitId} = ${unitId})
        or exists (select 1 from ${orderLines} where ${orderLines.unitId} = ${unitId})) as used`,
      tx,
    );
    if (used) return fail.conflict({ status: "admin.items.errors.unitInUse" });
    await tx.delete(units).where(eq(units.id, unitId));
    await recordAudit(tx, { userId: user.id, action: "unitDelete", entity: "item", entityId: itemId, before });
    return ok();
  });
}

// ---------------------------------------------------------------------------------------------
// Booking calendar

/** The current month in the shop's time zone, as the calendar's URL names it. */
export const currentMonth = (now = new Date()) => zonedDate(now, SHOP_TIME_ZONE).slice(0, 7);

/**
 * One month of the item's units (those the user may see) and their live reservations: confirmed ones and
 * holds still inside their time. A reservation shows from its order's pickup day to its return day; the
 * turnaround buffer stored in the reservation is the workshop's time, not the customer's.
 */
export async function itemCalendar(itemId: number, month: string, shopIds: ShopScope) {
  const days = monthDays(month);
  const from = zonedInstant(days[0], "00:00");
  const to = zonedInstant(addDays(days[days.length - 1], 1), "00:00");
  const unitRows = await getDb()
    .select({ id: units.id, shopId: units.shopId, code: units.code, size: units.size, status: units.status })
    .from(units)
    .where(and(eq(units.itemId, itemId), scoped(shopIds)))
    .orderBy(asc(units.shopId), asc(units.code));
  const scope = shopIds === null ? sql`true` : shopIds.length === 0 ? sql`false` : sql`u.shop_id in (${sql.join(shopIds, sql`, `)})`;
  const rows = await queryRows<{
    unit_id: number;
    state: "held" | "confirmed";
    starts: string | Date;
    ends: string | Date;
    order_id: string | null;
    number: string | null;
    pickup_at: string | Date | null;
    return_at: string | Date | null;
  }>(sql`
    select r.unit_id, r.state, lower(r.period) as starts, upper(r.period) as ends,
           o.id as order_id, o.number, o.pickup_at, o.return_at
    from ${reservations} r
    join ${units} u on u.id = r.unit_id
    left join ${orderLines} l on l.id = r.order_line_id
    left join orders o on o.id = l.order_id
    where u.item_id = ${itemId} and ${scope}
      and ${LIVE_RESERVATION}
      and r.period && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
    order by lower(r.period)`);
  const day = (value: string | Date) => zonedDate(new Date(value));
  const bookings: CalendarBooking[] = rows.map((r) => ({
    unitId: r.unit_id,
    orderId: r.order_id,
    number: r.number,
    state: r.state,
    from: day(r.pickup_at ?? r.starts),
    // The end of a range is exclusive: the last day is the one of the instant just before it.
    to: r.return_at ? day(r.return_at) : zonedDate(new Date(new Date(r.ends).getTime() - 1)),
  }));
  return { month, days, units: unitRows, bookings };
}
