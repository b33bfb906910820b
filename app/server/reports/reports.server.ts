/**
 * The week-end reports (/admin/reports): revenue by day, branch, category and channel, utilisation per item
 * and size, the top items, what coupons and partner hotels brought, and cancellations. Each figure is one
 * aggregate query (GROUP BY in the database; no order is loaded into the process), over the branches in
 * `scope` (null: every branch) and the days of the range in the shop's time zone. The rules are in
 * app/domain/reports/reports.ts.
 */

import { type SQL, sql } from "drizzle-orm";
import { REVENUE_STATUSES } from "../../domain/admin/dashboard";
import type { Translated } from "../../domain/i18n";
import { addDays, zonedInstant } from "../../domain/periods";
import {
  type BranchCancellations,
  type BranchRevenue,
  cancellationRows,
  cancellationTotal,
  type DayRow,
  type ItemRow,
  type ReportData,
  type ReportRange,
  revenueDays,
  type UnitDays,
  utilisationRows,
} from "../../domain/reports/reports";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import type { OrderSource } from "../../domain/vocabulary";
import { queryRows } from "../db/client.server";
import { liveReservation, statusList } from "../db/states.server";

/** Numbers as the drivers give sums and counts back (pg: bigint as a string; PGlite: a number or a bigint). */
type Numeric = number | string | bigint;
const num = (value: Numeric | null | undefined) => Number(value ?? 0);

/** `and <column> in (…)` for the branches in scope; nothing for every branch; never true for none. */
function inScope(column: SQL, scope: number[] | null): SQL {
  if (scope === null) return sql``;
  return sql`and ${column} in (${sql.join(
    [...scope, -1].map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The shop's calendar day of an instant column, as YYYY-MM-DD. */
const shopDay = (column: SQL) => sql`to_char((${column} at time zone ${SHOP_TIME_ZONE})::date, 'YYYY-MM-DD')`;

/** Rental days of an order: every calendar day from pickup to return in the shop's time zone, both included. */
const rentalDaysOf = sql`((o.return_at at time zone ${SHOP_TIME_ZONE})::date - (o.pickup_at at time zone ${SHOP_TIME_ZONE})::date + 1)`;

/** The part of an order's discounts of one kind (`coupon`, `hotel`), from the discounts it was sold with. */
const discountOf = (kind: string) =>
  sql`coalesce((select sum((d ->> 'amountCents')::int) from jsonb_array_elements(o.discounts) d where d ->> 'kind' = ${kind}), 0)`;

/** Every report of the page for the branches in `scope` and the days of `range`; `now` decides which holds are still live. */
export async function getReports(scope: number[] | null, range: ReportRange, now = new Date()): Promise<ReportData> {
  const start = zonedInstant(range.from, "00:00").toISOString();
  const end = zonedInstant(addDays(range.to, 1), "00:00").toISOString();
  // The orders whose money counts, paid in the range: the dashboard's definition of revenue.
  const revenue = sql`o.status in ${statusList(REVENUE_STATUSES)}
    and o.paid_at >= ${start}::timestamptz and o.paid_at < ${end}::timestamptz
    ${inScope(sql`o.shop_id`, scope)}`;

  const [days, branches, channels, categories, items, coupons, hotels, cancelled, units, booked] = await Promise.all([
    queryRows<{ day: string; orders: Numeric; cents: Numeric; waiver: Numeric }>(sql`
      select ${shopDay(sql`o.paid_at`)} as day, count(*) as orders, sum(o.total_cents) as cents,
             sum(o.damage_waiver_cents) as waiver
      from orders o where ${revenue} group by 1`),
    queryRows<{ shop_id: number; name: string; orders: Numeric; cents: Numeric }>(sql`
      select o.shop_id, s.name, count(*) as orders, sum(o.total_cents) as cents
      from orders o join shops s on s.id = o.shop_id where ${revenue}
      group by o.shop_id, s.name, s.sort order by s.sort, o.shop_id`),
    queryRows<{ source: string; orders: Numeric; cents: Numeric }>(sql`
      select o.source, count(*) as orders, sum(o.total_cents) as cents
      from orders o where ${revenue} group by o.source order by o.source desc`),
    // Lines after discounts (what they were sold for); the damage waiver is no line and is reported apart.
    queryRows<{ category_id: string; name: Translated; orders: Numeric; cents: Numeric }>(sql`
      select i.category_id, c.name, count(distinct o.id) as orders, sum(l.total_cents) as cents
      from order_lines l join orders o on o.id = l.order_id join items i on i.id = l.item_id
      join categories c on c.id = i.category_id
      where ${revenue} group by i.category_id, c.name, c.sort order by c.sort, i.category_id`),
    queryRows<{ item_id: number; name: Translated; category: Translated; revenue: Numeric; days: Numeric; quantity: Numeric }>(sql`
      select l.item_id, i.name, c.name as category, sum(l.total_cents) as revenue,
             sum(case when l.kind in ('rental', 'depot') then l.quantity * ${rentalDaysOf} else 0 end) as days,
             sum(l.quantity) as quantity
      from order_lines l join orders o on o.id = l.order_id join items i on i.id = l.item_id
      join categories c on c.id = i.category_id
      where ${revenue} group by l.item_id, i.name, c.name`),
    queryRows<{ coupon_id: number; code: string; orders: Numeric; cents: Numeric; discount: Numeric }>(sql`
      select o.coupon_id, k.code, count(*) as orders, sum(o.total_cents) as cents, sum(${discountOf("coupon")}) as discount
      from orders o join coupons k on k.id = o.coupon_id where ${revenue}
      group by o.coupon_id, k.code order by k.code`),
    queryRows<{ hotel_id: number; name: string; orders: Numeric; cents: Numeric; discount: Numeric }>(sql`
      select o.hotel_id, h.name, count(*) as orders, sum(o.total_cents) as cents, sum(${discountOf("hotel")}) as discount
      from orders o join partner_hotels h on h.id = o.hotel_id where ${revenue}
      group by o.hotel_id, h.name order by h.name, o.hotel_id`),
    // Cancelled or refunded in the range (a refund without a cancellation instant: when it was last changed).
    queryRows<{ shop_id: number; name: string; cancelled: Numeric; cents: Numeric }>(sql`
      select o.shop_id, s.name, count(*) as cancelled, sum(o.total_cents) as cents
      from orders o join shops s on s.id = o.shop_id
      where o.status in ('cancelled', 'refunded')
        and coalesce(o.cancelled_at, o.updated_at) >= ${start}::timestamptz
        and coalesce(o.cancelled_at, o.updated_at) < ${end}::timestamptz
        ${inScope(sql`o.shop_id`, scope)}
      group by o.shop_id, s.name`),
    // The rental fleet as it stands: active units of active rental items, per item and size.
    queryRows<{ item_id: number; name: Translated; size: string | null; units: Numeric }>(sql`
      select u.item_id, i.name, u.size, count(*) as units
      from units u join items i on i.id = u.item_id
      where u.status = 'active' and i.kind = 'rental' and i.active ${inScope(sql`u.shop_id`, scope)}
      group by u.item_id, i.name, u.size`),
    // Unit-days booked: a unit counts on a day when a live reservation (confirmed, or held and not expired) covers
    // any of it. Each reservation gives the shop's days it touches inside the range (its end is exclusive), and
    // a unit-day booked twice (a return in the morning, a pickup in the afternoon) counts once.
    queryRows<{ item_id: number; size: string | null; booked: Numeric }>(sql`
      select u.item_id, u.size, count(distinct (r.unit_id, d.day)) as booked
      from reservations r
      join units u on u.id = r.unit_id
      join items i on i.id = u.item_id
      cross join lateral generate_series(
        greatest((lower(r.period) at time zone ${SHOP_TIME_ZONE})::date, ${range.from}::date),
        least(((upper(r.period) - interval '1 microsecond') at time zone ${SHOP_TIME_ZONE})::date, ${range.to}::date),
        interval '1 day'
      ) as d(day)
      where u.status = 'active' and i.kind = 'rental' and i.active ${inScope(sql`u.shop_id`, scope)}
        and ${liveReservation("r", now)}
        and r.period && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
      group by u.item_id, u.size`),
  ]);

  const dayRows: DayRow[] = days.map((d) => ({ date: d.day, orders: num(d.orders), cents: num(d.cents), waiverCents: num(d.waiver) }));
  const perDay = revenueDays(range.days, dayRows);
  const totals = perDay.reduce(
    (sum, d) => ({ orders: sum.orders + d.orders, cents: sum.cents + d.cents, waiverCents: sum.waiverCents + d.waiverCents }),
    { orders: 0, cents: 0, waiverCents: 0 },
  );
  const branchRevenue: (BranchRevenue & { name: string })[] = branches.map((b) => ({
    shopId: b.shop_id,
    name: b.name,
    orders: num(b.orders),
    cents: num(b.cents),
  }));
  const branchCancelled: (BranchCancellations & { name: string })[] = cancelled.map((c) => ({
    shopId: c.shop_id,
    name: c.name,
    cancelled: num(c.cancelled),
    cents: num(c.cents),
  }));
  const branchName = new Map([...branchRevenue, ...branchCancelled].map((b) => [b.shopId, b.name]));
  const bookedDays = new Map(booked.map((b) => [`${b.item_id}|${b.size ?? ""}`, num(b.booked)]));
  const itemName = new Map(units.map((u) => [u.item_id, u.name]));
  const fleet: UnitDays[] = units.map((u) => ({
    itemId: u.item_id,
    size: u.size,
    units: num(u.units),
    bookedDays: bookedDays.get(`${u.item_id}|${u.size ?? ""}`) ?? 0,
  }));
  const itemRows: (ItemRow & { name: Translated; category: Translated })[] = items.map((i) => ({
    itemId: i.item_id,
    name: i.name,
    category: i.category,
    revenueCents: num(i.revenue),
    rentalDays: num(i.days),
    quantity: num(i.quantity),
  }));

  return {
    range,
    totals,
    days: perDay,
    branches: branchRevenue,
    channels: channels.map((c) => ({ source: c.source as OrderSource, orders: num(c.orders), cents: num(c.cents) })),
    categories: categories.map((c) => ({ categoryId: c.category_id, name: c.name, orders: num(c.orders), cents: num(c.cents) })),
    utilisation: utilisationRows(fleet, range.days.length).map((row) => ({ ...row, name: itemName.get(row.itemId) ?? null })),
    items: itemRows,
    coupons: coupons.map((c) => ({
      couponId: c.coupon_id,
      code: c.code,
      orders: num(c.orders),
      cents: num(c.cents),
      discountCents: num(c.discount),
    })),
    hotels: hotels.map((h) => ({
      hotelId: h.hotel_id,
      name: h.name,
      orders: num(h.orders),
      cents: num(h.cents),
      discountCents: num(h.discount),
    })),
    cancellations: {
      rows: cancellationRows(branchRevenue, branchCancelled).map((row) => ({ ...row, name: branchName.get(row.shopId) ?? "" })),
      total: cancellationTotal(branchRevenue, branchCancelled),
    },
  };
}
