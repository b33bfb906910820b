/**
 * The calendar's data: the branches in view, the pickups and returns of live orders in a range of days, and
 * the branches' closed days (app/server/admin/closed-days.server.ts). Limited to the user's branches.
 */
import { and, asc, eq, gt, gte, inArray, lt, or } from "drizzle-orm";
import { PAID_STATUSES } from "../../domain/order-states";
import { type IsoDate, zonedDate, zonedInstant } from "../../domain/periods";
import { type CalendarEntry, type ClosedDay, handoverPieces } from "../../domain/planner/calendar";
import { listClosedDays } from "../admin/closed-days.server";
import { getDb } from "../db/client.server";
import { orderLines, orders, shops } from "../db/schema";

/** Branches the user works at (all for an admin), active or not: old orders of a closed branch still show. */
export async function calendarShops(shopIds: number[] | null) {
  return getDb()
    .select({ id: shops.id, name: shops.name, active: shops.active })
    .from(shops)
    .where(shopIds === null ? undefined : inArray(shops.id, shopIds.length > 0 ? shopIds : [-1]))
    .orderBy(asc(shops.sort), asc(shops.id));
}

/**
 * Pickups and returns from `from` up to (not including) `end` at the given branches: of paid, picked-up and
 * returned orders, and of orders still holding their equipment while they wait for payment; each with the
 * customer's name and the pieces that change hands.
 */
export async function getCalendar(shopIds: number[], from: IsoDate, end: IsoDate, now = new Date()) {
  const start = zonedInstant(from, "00:00");
  const stop = zonedInstant(end, "00:00");
  const scope = shopIds.length > 0 ? shopIds : [-1];
  const rows = await getDb()
    .select({
      id: orders.id,
      number: orders.number,
      name: orders.invoiceName,
      status: orders.status,
      shopId: orders.shopId,
      pickupAt: orders.pickupAt,
      returnAt: orders.returnAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.shopId, scope),
        or(inArray(orders.status, [...PAID_STATUSES]), and(eq(orders.status, "pending_payment"), gt(orders.expiresAt, now))),
        or(and(gte(orders.pickupAt, start), lt(orders.pickupAt, stop)), and(gte(orders.returnAt, start), lt(orders.returnAt, stop))),
      ),
    );
  const lines =
    rows.length === 0
      ? []
      : await getDb()
          .select({ orderId: orderLines.orderId, kind: orderLines.kind, quantity: orderLines.quantity })
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          );
  const entries: CalendarEntry[] = [];
  for (const order of rows) {
    const common = { orderId: order.id, number: order.number, name: order.name, status: order.status, shopId: order.shopId };
    const own = lines.filter((l) => l.orderId === order.id);
    if (order.pickupAt >= start && order.pickupAt < stop)
      entries.push({
        ...common,
        kind: "pickup",
        at: order.pickupAt.toISOString(),
        date: zonedDate(order.pickupAt),
        pieces: handoverPieces("pickup", own),
      });
    if (order.returnAt >= start && order.returnAt < stop)
      entries.push({
        ...common,
        kind: "return",
        at: order.returnAt.toISOString(),
        date: zonedDate(order.returnAt),
        pieces: handoverPieces("return", own),
      });
  }
  const lastDay = zonedDate(new Date(stop.getTime() - 1));
  const closed: ClosedDay[] = (await Promise.all(shopIds.map((shopId) => listClosedDays(shopId, from, lastDay)))).flat();
  return { entries, closed };
}
