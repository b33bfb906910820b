/**
 * The planner's data and changes (decision 041): one branch's units and the live reservations on them for
 * some days, in one query each; moving a reservation to another unit of the same item and size; blocking a
 * unit for maintenance (a confirmed reservation with no order line) and removing a block. The exclusion
 * constraint `reservations_no_overlap` is the judge of every move and block: when it refuses (23P01), the
 * transaction rolls back and the answer is a message, never a double booking.
 */
import { eq, sql } from "drizzle-orm";
import { type Locale, pick, type Translated } from "../../domain/i18n";
import { BEFORE_PICKUP_STATUSES } from "../../domain/order-states";
import { addDays, inSeason, zonedDate, zonedInstant } from "../../domain/periods";
import {
  type BarKind,
  type BlockInput,
  barKind,
  barSpan,
  bufferStart,
  isMovable,
  type PlannerBar,
  type PlannerOrder,
  type PlannerRange,
  type PlannerUnit,
  plannerRows,
  wallDate,
} from "../../domain/planner/planner";
import { fail, ok, type Result } from "../../domain/result";
import { recordAudit } from "../admin/audit.server";
import { listClosedDays } from "../admin/closed-days.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { sqlState } from "../db/retry.server";
import { units } from "../db/schema";
import { LIVE_RESERVATION } from "../db/states.server";
import { getSettings } from "../settings/settings.server";

/** What a refused move or block says: the exclusion constraint found another live reservation. */
const BOOKED = "admin.planner.errors.booked";

const ORDER_JOIN = sql`
  left join order_lines l on l.id = r.order_line_id
  left join order_changes ch on ch.id = r.order_change_id
  left join orders o on o.id = coalesce(l.order_id, ch.order_id)`;

/**
 * The planner of one branch for the days of `range`: its rows (units grouped by category, item and size),
 * the bars of its live reservations, the orders they belong to, and the branch's closed days. Two queries
 * for the units and reservations whatever their number, and the closed days.
 */
export async function getPlanner(shopId: number, range: PlannerRange, locale: Locale) {
  const from = zonedInstant(range.start, "00:00");
  const to = zonedInstant(range.end, "00:00");
  const [unitRows, reservationRows, closed, { turnaroundMinutes }] = await Promise.all([
    queryRows<{
      id: number;
      code: string;
      size: string | null;
      status: PlannerUnit["status"];
      item_id: number;
      item_name: Partial<Translated>;
      item_sizes: string[];
      category_id: string;
      category_name: Partial<Translated>;
      category_sort: number;
      season_start: string;
      season_end: string;
    }>(sql`
      select u.id, u.code, u.size, u.status, u.item_id, i.name as item_name, i.sizes as item_sizes,
             i.category_id, c.name as category_name, c.sort as category_sort, a.season_start, a.season_end
      from units u
      join items i on i.id = u.item_id
      join categories c on c.id = i.category_id
      join apps a on a.id = i.app_id
      where u.shop_id = ${shopId} and i.kind in ('rental', 'depot')
        -- A retired unit is shown while bookings no other unit was free for are still on it (decision 055).
        and (u.status <> 'retired' or exists (
          select 1 from reservations r where r.unit_id = u.id and ${LIVE_RESERVATION} and r.block_kind is null and upper(r.period) > now()))`),
    queryRows<{
      id: number;
      unit_id: number;
      state: "held" | "confirmed";
      starts: string | Date;
      ends: string | Date;
      block_kind: string | null;
      block_note: string | null;
      order_id: string | null;
      number: string | null;
      name: string | null;
      status: string | null;
      return_at: string | Date | null;
    }>(sql`
      select r.id, r.unit_id, r.state, lower(r.period) as starts, upper(r.period) as ends, r.block_kind, r.block_note,
             o.id as order_id, o.number, o.invoice_name as name, o.status, o.return_at
      from reservations r
      join units u on u.id = r.unit_id
      ${ORDER_JOIN}
      where u.shop_id = ${shopId} and ${LIVE_RESERVATION}
        and r.period && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
      order by r.unit_id, lower(r.period)`),
    listClosedDays(shopId, range.start, addDays(range.end, -1)),
    getSettings(),
  ]);
  const rows = plannerRows(
    unitRows.map((u) => ({
      id: u.id,
      code: u.code,
      size: u.size,
      status: u.status,
      itemId: u.item_id,
      itemName: pick(u.item_name, locale),
      itemSizes: Array.isArray(u.item_sizes) ? u.item_sizes : [],
      categoryId: u.category_id,
      categoryName: pick(u.category_name, locale),
      categorySort: Number(u.category_sort),
      inSeason:
        inSeason(range.start, u.season_start, u.season_end) || inSeason(range.days[range.days.length - 1], u.season_start, u.season_end),
    })),
  );
  const orders: PlannerOrder[] = [];
  const orderIndex = new Map<string, number>();
  const bars: PlannerBar[] = [];
  for (const r of reservationRows) {
    const starts = new Date(r.starts);
    const ends = new Date(r.ends);
    const block = r.block_kind !== null;
    const span = barSpan(
      {
        starts,
        ends,
        buffer: bufferStart({ starts, ends, returnAt: r.return_at ? new Date(r.return_at) : null, block }, turnaroundMinutes),
      },
      range.start,
      range.days.length,
    );
    if (!span) continue;
    let order: number | null = null;
    if (r.order_id !== null) {
      order = orderIndex.get(r.order_id) ?? orders.length;
      if (order === orders.length) {
        orders.push({ id: r.order_id, number: r.number ?? "", name: r.name ?? "", status: r.status ?? "" });
        orderIndex.set(r.order_id, order);
      }
    }
    const kind: BarKind = barKind({ block, state: r.state, status: r.status });
    const returnAt = r.return_at ? new Date(r.return_at) : null;
    bars.push({
      id: r.id,
      unitId: r.unit_id,
      kind,
      ...span,
      firstDay: wallDate(starts),
      lastDay: wallDate(!block && returnAt && returnAt > starts && returnAt < ends ? returnAt : new Date(ends.getTime() - 1)),
      order,
      note: r.block_note,
      movable: isMovable(kind),
    });
  }
  return {
    rows,
    bars,
    orders,
    closed: closed.map((c) => ({ day: c.day, reason: c.reason ? pick(c.reason, locale) : null })),
    turnaroundMinutes,
  };
}

type Located = {
  id: number;
  unit_id: number;
  state: string;
  expires_at: string | Date | null;
  block_kind: string | null;
  block_note: string | null;
  order_line_id: number | null;
  starts: string | Date;
  ends: string | Date;
  shop_id: number;
  item_id: number;
  size: string | null;
  order_id: string | null;
  status: string | null;
};

/** A reservation with its unit and order, locked; null when there is none. */
async function lockReservation(tx: Db, id: number): Promise<Located | null> {
  const [row] = await queryRows<Located>(
    sql`
      select r.id, r.unit_id, r.state, r.expires_at, r.block_kind, r.block_note, r.order_line_id,
             lower(r.period) as starts, upper(r.period) as ends,
             u.shop_id, u.item_id, u.size, o.id as order_id, o.status
      from reservations r
      join units u on u.id = r.unit_id
      ${ORDER_JOIN}
      where r.id = ${id}
      for update of r`,
    tx,
  );
  return row ?? null;
}

const isLive = (r: Located) =>
  r.state === "confirmed" || (r.state === "held" && r.expires_at !== null && new Date(r.expires_at).getTime() > Date.now());

/**
 * Moves a reservation (of an order not handed out yet, or a maintenance block) to another unit of the same
 * item and size at the same branch: one UPDATE of its unit, and of the order line's handed-out unit when set,
 * in one transaction with its audit entry. The exclusion constraint decides whether the unit is free.
 */
export async function moveReservation(user: BackOfficeUser, input: { reservationId: number; unitId: number }): Promise<Result> {
  try {
    return await getDb().transaction(async (tx): Promise<Result> => {
      const db = tx as unknown as Db;
      const r = await lockReservation(db, input.reservationId);
      if (!r) return fail.notFound();
      if (!worksAt(user, r.shop_id)) return fail.forbidden();
      if (!isLive(r)) return fail.conflict({ form: "admin.planner.errors.gone" });
      const block = r.block_kind !== null;
      if (!block && !(BEFORE_PICKUP_STATUSES as readonly (string | null)[]).includes(r.status))
        return fail.conflict({ form: "admin.planner.errors.notMovable" });
      const [target] = await tx.select().from(units).where(eq(units.id, input.unitId));
      if (!target || target.itemId !== r.item_id || (target.size ?? null) !== (r.size ?? null))
        return fail.invalid({ form: "admin.planner.errors.otherItem" });
      if (!worksAt(user, target.shopId)) return fail.forbidden();
      if (target.shopId !== r.shop_id) return fail.invalid({ form: "admin.planner.errors.otherItem" });
      if (target.id === r.unit_id) return ok();
      // A booking goes to a unit in service; a block may sit on a unit already marked for maintenance.
      if (target.status === "retired" || (!block && target.status !== "active"))
        return fail.invalid({ form: "admin.planner.errors.unitNotActive" });
      await tx.execute(sql`update reservations set unit_id = ${target.id} where id = ${r.id}`);
      if (r.order_line_id !== null)
        await tx.execute(sql`update order_lines set unit_id = ${target.id} where id = ${r.order_line_id} and unit_id = ${r.unit_id}`);
      await recordAudit(db, {
        userId: user.id,
        action: block ? "blockMove" : "unitMove",
        entity: block ? "item" : "order",
        entityId: block ? r.item_id : (r.order_id as string),
        before: { unitId: r.unit_id, shopId: r.shop_id },
        after: { unitId: target.id, shopId: target.shopId },
      });
      return ok();
    });
  } catch (error) {
    if (sqlState(error) === "23P01") return fail.conflict({ form: BOOKED });
    throw error;
  }
}

/**
 * Takes a unit out of service from the morning of `from` to the end of `to` (days of the shop's time zone):
 * a confirmed reservation marked as a maintenance block, which availability counts like a booking. Refused by
 * the exclusion constraint when the unit has a booking (or another block) on those days.
 */
export async function blockUnit(user: BackOfficeUser, input: BlockInput): Promise<Result<{ id: number; shopId: number }>> {
  try {
    return await getDb().transaction(async (tx): Promise<Result<{ id: number; shopId: number }>> => {
      const db = tx as unknown as Db;
      // Labels are printed in capitals, but a code typed by hand may not be.
      const [unit] = await tx
        .select()
        .from(units)
        .where(eq(sql`upper(${units.code})`, input.unit.toUpperCase()));
      if (!unit) return fail.invalid({ unit: "admin.planner.errors.unknownUnit" });
      if (!worksAt(user, unit.shopId)) return fail.forbidden();
      if (unit.status === "retired") return fail.invalid({ unit: "admin.planner.errors.unitRetired" });
      const starts = zonedInstant(input.from, "00:00");
      const ends = zonedInstant(addDays(input.to, 1), "00:00");
      const [row] = await queryRows<{ id: number }>(
        sql`
          insert into reservations (unit_id, period, state, block_kind, block_note)
          values (${unit.id}, tstzrange(${starts.toISOString()}::timestamptz, ${ends.toISOString()}::timestamptz, '[)'),
                  'confirmed', 'maintenance', ${input.note})
          returning id`,
        db,
      );
      await recordAudit(db, {
        userId: user.id,
        action: "blockAdd",
        entity: "item",
        entityId: unit.itemId,
        after: { unitId: unit.id, shopId: unit.shopId, firstDay: input.from, lastDay: input.to, note: input.note },
      });
      return ok({ id: row.id, shopId: unit.shopId });
    });
  } catch (error) {
    if (sqlState(error) === "23P01") return fail.conflict({ form: BOOKED });
    throw error;
  }
}

/** Removes a maintenance block: the unit is free again for those days. Anything else than a block is not found. */
export async function removeBlock(user: BackOfficeUser, reservationId: number): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const db = tx as unknown as Db;
    const r = await lockReservation(db, reservationId);
    if (!r) return fail.notFound();
    if (!worksAt(user, r.shop_id)) return fail.forbidden();
    if (r.block_kind === null) return fail.notFound();
    await tx.execute(sql`delete from reservations where id = ${r.id}`);
    await recordAudit(db, {
      userId: user.id,
      action: "blockRemove",
      entity: "item",
      entityId: r.item_id,
      before: {
        unitId: r.unit_id,
        shopId: r.shop_id,
        firstDay: zonedDate(new Date(r.starts)),
        lastDay: zonedDate(new Date(new Date(r.ends).getTime() - 1)),
        note: r.block_note,
      },
    });
    return ok();
  });
}
