import { type SQL, sql } from "drizzle-orm";
import type { OrderStatus } from "../../domain/vocabulary";

/**
 * The state conditions SQL spells, each written once. They are literal text, not parameters: the partial
 * index `reservations_live_period_idx` (`state in ('held', 'confirmed')`) is only used when the planner sees
 * the values, and a prepared statement keeps one text.
 */

/** `('paid', 'picked_up', 'returned')`: a group of `app/domain/order-states.ts` as an SQL list. */
export function statusList(statuses: readonly OrderStatus[]): SQL {
  return sql.raw(`(${statuses.map((status) => `'${status}'`).join(", ")})`);
}

/**
 * A live reservation (aliased `alias`): confirmed, or held and not yet expired. A hold always has an expiry
 * (`reservations_hold_expires`, migration 0001). `at` is the moment to judge by, now when not given;
 * migration 0024's `stranded_bookings` and its trigger spell the same condition (a test compares them).
 */
export function liveReservation(alias = "r", at?: Date): SQL {
  const r = sql.raw(alias);
  const moment = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`(${r}.state in ('held', 'confirmed') and not (${r}.state = 'held' and ${r}.expires_at <= ${moment}))`;
}

/** The live reservations of alias `r`, judged now: the form every claim and availability count uses. */
export const LIVE_RESERVATION = liveReservation();
