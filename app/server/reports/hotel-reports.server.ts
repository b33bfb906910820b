/** The partner hotels' commission report per month, by the rule of domain/reports/hotel-reports.ts. */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { zonedInstant } from "../../domain/periods";
import { COMMISSION_STATUSES, type CommissionRow, commissionCents, shiftMonth } from "../../domain/reports/hotel-reports";
import { getDb } from "../db/client.server";
import { orders, partnerHotels, shops } from "../db/schema";

/** The instants a calendar month (YYYY-MM) starts and ends in the shop's time zone. */
function monthRange(month: string): { from: Date; to: Date } {
  return { from: zonedInstant(`${month}-01`, "00:00"), to: zonedInstant(`${shiftMonth(month, 1)}-01`, "00:00") };
}

/**
 * The commission report of a month: every hotel (those without orders in the month too), with its orders,
 * revenue and commission by the rule in app/domain/reports/hotel-reports.ts; with `hotelId`, also that hotel's orders.
 */
export async function commissionReport(month: string, hotelId?: number) {
  const db = getDb();
  const { from, to } = monthRange(month);
  const counted = and(
    inArray(orders.status, [...COMMISSION_STATUSES]),
    gte(orders.pickupAt, from),
    lt(orders.pickupAt, to),
    eq(orders.hotelId, partnerHotels.id),
  );
  const sums = await db
    .select({
      hotel: partnerHotels,
      orders: sql<number>`count(${orders.id})::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.mapWith(Number),
    })
    .from(partnerHotels)
    .leftJoin(orders, counted)
    .groupBy(partnerHotels.id)
    .orderBy(asc(partnerHotels.name), asc(partnerHotels.id));
  const rows: CommissionRow[] = sums.map((row) => ({
    hotelId: row.hotel.id,
    name: row.hotel.name,
    town: row.hotel.town,
    active: row.hotel.active,
    commissionPercent: row.hotel.commissionPercent,
    orders: row.orders,
    revenueCents: row.revenueCents,
    commissionCents: commissionCents(row.revenueCents, row.hotel.commissionPercent),
  }));
  const detail =
    hotelId === undefined
      ? null
      : await db
          .select({
            id: orders.id,
            number: orders.number,
            status: orders.status,
            name: orders.invoiceName,
            shop: shops.name,
            pickupAt: orders.pickupAt,
            totalCents: orders.totalCents,
          })
          .from(orders)
          .innerJoin(shops, eq(shops.id, orders.shopId))
          .where(
            and(
              eq(orders.hotelId, hotelId),
              inArray(orders.status, [...COMMISSION_STATUSES]),
              gte(orders.pickupAt, from),
              lt(orders.pickupAt, to),
            ),
          )
          .orderBy(asc(orders.pickupAt), asc(orders.number));
  return { month, rows, detail };
}
