/**
 * The back office's start page: today's and tomorrow's pickups and returns per branch, orders waiting for
 * payment, revenue of the last 7 and 30 days, and how much of the rental fleet is out. Everything is limited
 * to the branches the user works at (`shopIds`, null for an admin: all).
 */
import { and, asc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  changeShare,
  comparedWeeks,
  dashboardDays,
  dayRanges,
  REVENUE_STATUSES,
  revenueByDay,
  sumRevenue,
  utilisation,
} from "../../domain/admin/dashboard";
import { PAID_STATUSES } from "../../domain/order-states";
import { getDb, queryRows } from "../db/client.server";
import { categories, items, orders, shops, units } from "../db/schema";
import { liveReservation, statusList } from "../db/states.server";

/** No condition for an admin; the user's branches for staff (none at all: nothing matches). */
function inScope(column: AnyPgColumn, shopIds: number[] | null) {
  return shopIds === null ? undefined : inArray(column, shopIds.length > 0 ? shopIds : [-1]);
}

export async function getDashboard(shopIds: number[] | null, now = new Date()) {
  const db = getDb();
  const days = dashboardDays(now);
  const [today, tomorrow] = dayRanges(days.today, 2);
  const week = dayRanges(days.weekStart, 7);
  const revenueDays = dayRanges(days.revenueFrom, 30);

  const orderRef = {
    id: orders.id,
    number: orders.number,
    name: orders.invoiceName,
    status: orders.status,
    shopId: orders.shopId,
    pickupAt: orders.pickupAt,
    returnAt: orders.returnAt,
    totalCents: orders.totalCents,
  };

  const weeks = comparedWeeks(now);
  const kept = statusList(REVENUE_STATUSES);
  const within = (column: string, range: { from: Date; to: Date }) =>
    sql`${sql.raw(column)} >= ${range.from.toISOString()}::timestamptz and ${sql.raw(column)} < ${range.to.toISOString()}::timestamptz`;
  const [branches, handovers, waiting, paid, fleet, bookings, names, overdue, [compared]] = await Promise.all([
    db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(and(eq(shops.active, true), inScope(shops.id, shopIds)))
      .orderBy(asc(shops.sort), asc(shops.id)),
    db
      .select(orderRef)
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...PAID_STATUSES]),
          inScope(orders.shopId, shopIds),
          or(
            and(gte(orders.pickupAt, today.start), lt(orders.pickupAt, tomorrow.end)),
            and(gte(orders.returnAt, today.start), lt(orders.returnAt, tomorrow.end)),
          ),
        ),
      )
      .orderBy(asc(orders.pickupAt)),
    db
      .select({ ...orderRef, expiresAt: orders.expiresAt })
      .from(orders)
      .where(and(eq(orders.status, "pending_payment"), gt(orders.expiresAt, now), inScope(orders.shopId, shopIds)))
      .orderBy(asc(orders.expiresAt)),
    db
      .select({ paidAt: orders.paidAt, totalCents: orders.totalCents, damageWaiverCents: orders.damageWaiverCents })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...REVENUE_STATUSES]),
          inScope(orders.shopId, shopIds),
          gte(orders.paidAt, revenueDays[0].start),
          lt(orders.paidAt, revenueDays[29].end),
        ),
      ),
    db
      .select({ id: units.id, categoryId: items.categoryId })
      .from(units)
      .innerJoin(items, eq(items.id, units.itemId))
      .where(and(eq(units.status, "active"), eq(items.kind, "rental"), eq(items.active, true), inScope(units.shopId, shopIds))),
    // Live bookings (confirmed, or held and not yet expired) on rental units in scope that touch this week or today.
    queryRows<{ unit_id: number; from: string; to: string }>(sql`
      select r.unit_id, lower(r.period) as "from", upper(r.period) as "to"
      from reservations r
      join units u on u.id = r.unit_id
      join items i on i.id = u.item_id
      where i.kind = 'rental'
        and ${liveReservation("r", now)}
        and r.period && tstzrange(${week[0].start.toISOString()}::timestamptz, ${week[6].end.toISOString()}::timestamptz, '[)')
        ${
          shopIds === null
            ? sql``
            : sql`and u.shop_id in (${sql.join(
                [...shopIds, -1].map((id) => sql`${id}`),
                sql`, `,
              )})`
        }`),
    db.select({ id: categories.id, name: categories.name, sort: categories.sort }).from(categories).where(eq(categories.kind, "rental")),
    // Handed out and due back before now.
    db
      .select({ ...orderRef, shopName: shops.name })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(and(eq(orders.status, "picked_up"), lt(orders.returnAt, now), inScope(orders.shopId, shopIds)))
      .orderBy(asc(orders.returnAt)),
    // This week so far against the same stretch of last season, by the day the rentals start: the orders
    // that started, their revenue and the pieces handed out (cancelled, refunded and expired ones left out).
    queryRows<Record<`${"revenue" | "orders" | "units"}_${"now" | "then"}`, number>>(sql`
      select
        coalesce(sum(o.total_cents) filter (where ${within("o.pickup_at", weeks.current)}), 0)::int as revenue_now,
        coalesce(sum(o.total_cents) filter (where ${within("o.pickup_at", weeks.previous)}), 0)::int as revenue_then,
        (count(*) filter (where ${within("o.pickup_at", weeks.current)}))::int as orders_now,
        (count(*) filter (where ${within("o.pickup_at", weeks.previous)}))::int as orders_then,
        coalesce(sum(u.n) filter (where ${within("o.pickup_at", weeks.current)}), 0)::int as units_now,
        coalesce(sum(u.n) filter (where ${within("o.pickup_at", weeks.previous)}), 0)::int as units_then
      from orders o
      cross join lateral (
        select coalesce(sum(l.quantity), 0) as n from order_lines l where l.order_id = o.id and l.kind in ('rental', 'depot')) u
      where o.status in ${kept}
        and (${within("o.pickup_at", weeks.current)} or ${within("o.pickup_at", weeks.previous)})
        ${
          shopIds === null
            ? sql``
            : sql`and o.shop_id in (${sql.join(
                [...shopIds, -1].map((id) => sql`${id}`),
                sql`, `,
              )})`
        }`),
  ]);

  const perBranch = branches.map((shop) => {
    const mine = handovers.filter((o) => o.shopId === shop.id);
    const on = (day: typeof today) => ({
      date: day.date,
      pickups: mine.filter((o) => o.pickupAt >= day.start && o.pickupAt < day.end),
      returns: mine.filter((o) => o.returnAt >= day.start && o.returnAt < day.end).sort((a, b) => +a.returnAt - +b.returnAt),
    });
    return { shop, days: [on(today), on(tomorrow)] };
  });

  const revenue = revenueByDay(
    revenueDays.map((d) => d.date),
    paid.filter((p): p is { paidAt: Date; totalCents: number; damageWaiverCents: number } => p.paidAt !== null),
  );
  const categoryName = new Map(names.map((c) => [c.id, c]));
  const fleetShare = utilisation(
    fleet,
    bookings.map((b) => ({ unitId: b.unit_id, from: new Date(b.from), to: new Date(b.to) })),
    today,
    week,
  )
    .map((u) => ({ ...u, name: categoryName.get(u.categoryId)?.name ?? null, sort: categoryName.get(u.categoryId)?.sort ?? 0 }))
    .sort((a, b) => a.sort - b.sort || a.categoryId.localeCompare(b.categoryId));

  return {
    today: days.today,
    tomorrow: days.tomorrow,
    weekStart: days.weekStart,
    branches: perBranch,
    waiting: { count: waiting.length, orders: waiting.slice(0, 10) },
    revenue: { days: revenue, last7: sumRevenue(revenue.slice(-7)), last30: sumRevenue(revenue) },
    utilisation: fleetShare,
    overdue,
    week: (["orders", "revenue", "units"] as const).map((figure) => ({
      figure,
      current: Number(compared[`${figure}_now`]),
      previous: Number(compared[`${figure}_then`]),
      change: changeShare(Number(compared[`${figure}_now`]), Number(compared[`${figure}_then`])),
    })),
  };
}
