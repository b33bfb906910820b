/**
 * A unit leaving service (in repair after a damage report, or set to maintenance or retired in the item's units
 * list) takes its bookings along (decision 055): each booking of an order not handed out yet moves to a free
 * active unit of the same item and size, the unit's branch first, then other branches of the storefront unless
 * the item is local. The exclusion constraint judges every move, so a unit a checkout is claiming at the same
 * moment is never given twice. What cannot move stays on the unit, "stranded": availability and every claim
 * keep a unit free for it (`stranded_bookings`, migration 0024), and the screens list it until someone moves it.
 */
import { sql } from "drizzle-orm";
import { BEFORE_PICKUP_STATUSES } from "../../domain/order-states";
import { recordAudit } from "../admin/audit.server";
import type { BackOfficeUser } from "../auth/back-office.server";
import { type Db, queryRows } from "../db/client.server";
import { sqlState } from "../db/retry.server";
import { LIVE_RESERVATION, liveReservation, statusList } from "../db/states.server";

/** A booking still on a unit out of service: no other unit was free for its days. */
export type StrandedBooking = { orderId: string; number: string; pickupAt: string; returnAt: string };

/** Live reservations of orders not handed out yet (`r`, with the order `o` through its line or change). */
const MOVABLE_BOOKING = sql`
  ${LIVE_RESERVATION}
  and r.block_kind is null and upper(r.period) > now()
  and o.status in ${statusList(BEFORE_PICKUP_STATUSES)}`;

const ORDER_OF_RESERVATION = sql`
  left join order_lines l on l.id = r.order_line_id
  left join order_changes ch on ch.id = r.order_change_id
  join orders o on o.id = coalesce(l.order_id, ch.order_id)`;

type Leaving = { id: number; itemId: number; shopId: number; size: string | null };

/**
 * Moves the bookings off a unit that has just left service, inside the caller's transaction (which holds the
 * unit's row lock and changed its status). Each move is a savepoint: when the exclusion constraint refuses a
 * unit (taken meanwhile), the next free one is tried. A handed-out order keeps its unit: the customer has it,
 * and its line names it. Returns the orders moved and the bookings that stay.
 */
export async function moveBookingsOff(
  tx: Db,
  user: BackOfficeUser,
  unit: Leaving,
): Promise<{ moved: string[]; stranded: StrandedBooking[] }> {
  const bookings = await queryRows<{
    id: number;
    order_id: string;
    number: string;
    line_id: number | null;
    period: string;
    pickup_at: Date | string;
    return_at: Date | string;
  }>(
    sql`
      select r.id, o.id as order_id, o.number, r.order_line_id as line_id, r.period::text as period, o.pickup_at, o.return_at
      from reservations r
      ${ORDER_OF_RESERVATION}
      where r.unit_id = ${unit.id} and ${MOVABLE_BOOKING}
      order by lower(r.period), r.id
      for update of r`,
    tx,
  );
  const moved: string[] = [];
  const stranded: StrandedBooking[] = [];
  for (const booking of bookings) {
    const spares = await queryRows<{ id: number; shop_id: number }>(
      sql`
        select u.id, u.shop_id
        from units u
        join items i on i.id = u.item_id
        where u.item_id = ${unit.itemId} and u.size is not distinct from ${unit.size} and u.status = 'active'
          and u.id <> ${unit.id}
          and (u.shop_id = ${unit.shopId}
               or (not i.local and u.shop_id in (select sa.shop_id from shop_apps sa where sa.app_id = i.app_id)))
          and not exists (
            select 1 from reservations x
            where x.unit_id = u.id and ${liveReservation("x")}
              and x.period && ${booking.period}::tstzrange)
        order by (u.shop_id = ${unit.shopId}) desc, u.id
        limit 5`,
      tx,
    );
    let to: { id: number; shop_id: number } | null = null;
    for (const spare of spares) {
      try {
        await tx.transaction(async (swap) => {
          await swap.execute(sql`update reservations set unit_id = ${spare.id} where id = ${booking.id}`);
        });
        to = spare;
        break;
      } catch (error) {
        if (sqlState(error) !== "23P01") throw error;
      }
    }
    if (!to) {
      stranded.push({
        orderId: booking.order_id,
        number: booking.number,
        pickupAt: new Date(booking.pickup_at).toISOString(),
        returnAt: new Date(booking.return_at).toISOString(),
      });
      continue;
    }
    if (booking.line_id !== null)
      await tx.execute(sql`update order_lines set unit_id = ${to.id} where id = ${booking.line_id} and unit_id = ${unit.id}`);
    await recordAudit(tx, {
      userId: user.id,
      action: "unitMove",
      entity: "order",
      entityId: booking.order_id,
      before: { unitId: unit.id, shopId: unit.shopId },
      after: { unitId: to.id, shopId: to.shop_id },
    });
    moved.push(booking.number);
  }
  return { moved, stranded };
}

/** The bookings still on these units (out of service), per unit, by pickup. */
export async function strandedOn(db: Db, unitIds: number[]): Promise<Map<number, StrandedBooking[]>> {
  const byUnit = new Map<number, StrandedBooking[]>();
  if (unitIds.length === 0) return byUnit;
  const rows = await queryRows<{ unit_id: number; order_id: string; number: string; pickup_at: Date | string; return_at: Date | string }>(
    sql`
      select r.unit_id, o.id as order_id, o.number, o.pickup_at, o.return_at
      from reservations r
      ${ORDER_OF_RESERVATION}
      where r.unit_id = any(${`{${unitIds.join(",")}}`}::int[]) and ${MOVABLE_BOOKING}
      order by o.pickup_at, o.number`,
    db,
  );
  for (const r of rows) {
    const list = byUnit.get(r.unit_id) ?? [];
    list.push({
      orderId: r.order_id,
      number: r.number,
      pickupAt: new Date(r.pickup_at).toISOString(),
      returnAt: new Date(r.return_at).toISOString(),
    });
    byUnit.set(r.unit_id, list);
  }
  return byUnit;
}
