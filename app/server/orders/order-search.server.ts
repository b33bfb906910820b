/**
 * Orders found by what a partner knows (issue 21): a customer's e-mail address, or a day of pickups and
 * returns, a page at a time after a cursor. Expired holds are never listed. The rows go on to the one order
 * view (`getOrdersByIds`).
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { PAID_STATUSES } from "../../domain/order-states";
import { addDays, type IsoDate, zonedInstant } from "../../domain/periods";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import { getDb } from "../db/client.server";
import { orders } from "../db/schema";

type Page = { branch: number | undefined; limit: number };

/** Ids and sort keys of the rows of a page, one more than `limit` when there is a next page. */
type Row = { id: string; createdAt: Date; pickupAt: Date };

// The cursor carries the time as JavaScript has it, to the millisecond; PostgreSQL keeps microseconds.
// Sorting and comparing on the millisecond keeps two orders of one millisecond from falling between pages.
const createdMs = sql`date_trunc('milliseconds', ${orders.createdAt})`;

function scoped(branch: number | undefined, ...conditions: SQL[]) {
  return and(sql`${orders.status} <> 'expired'`, ...(branch === undefined ? [] : [eq(orders.shopId, branch)]), ...conditions);
}

const rowColumns = { id: orders.id, createdAt: orders.createdAt, pickupAt: orders.pickupAt };

/** A customer's orders by e-mail address (in any case), newest first, after the cursor's [createdAt, id]. */
export function ordersOfCustomer(email: string, after: [string, string] | null, { branch, limit }: Page): Promise<Row[]> {
  return getDb()
    .select(rowColumns)
    .from(orders)
    .where(
      scoped(
        branch,
        sql`lower(${orders.email}) = ${email.toLowerCase()}`,
        ...(after ? [sql`(${createdMs}, ${orders.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`] : []),
      ),
    )
    .orderBy(desc(createdMs), desc(orders.id))
    .limit(limit + 1);
}

/** The orders picked up or returned on a day (in the shop's time zone), by pickup time, after the cursor's [pickupAt, id]. */
export function ordersOfDay(day: IsoDate, after: [string, string] | null, { branch, limit }: Page): Promise<Row[]> {
  const from = zonedInstant(day, "00:00", SHOP_TIME_ZONE);
  const to = zonedInstant(addDays(day, 1), "00:00", SHOP_TIME_ZONE);
  return getDb()
    .select(rowColumns)
    .from(orders)
    .where(
      scoped(
        branch,
        sql`((${orders.pickupAt} >= ${from} and ${orders.pickupAt} < ${to}) or (${orders.returnAt} >= ${from} and ${orders.returnAt} < ${to}))`,
        inArray(orders.status, ["pending_payment", ...PAID_STATUSES]),
        ...(after ? [sql`(${orders.pickupAt}, ${orders.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`] : []),
      ),
    )
    .orderBy(asc(orders.pickupAt), asc(orders.id))
    .limit(limit + 1);
}
