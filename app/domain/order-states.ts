import { ORDER_STATUSES, type OrderStatus } from "./vocabulary";

/**
 * The groups of order statuses the shop reasons in, each named once. An order runs
 * pending_payment → paid → picked_up → returned, or ends cancelled, expired or refunded.
 */

/** The statuses named, in the order of `ORDER_STATUSES`, so a group reads the same wherever it is listed. */
function group<const S extends OrderStatus>(...statuses: S[]): readonly S[] {
  return ORDER_STATUSES.filter((status): status is S => (statuses as OrderStatus[]).includes(status));
}

/**
 * Paid for and not given back: the units are confirmed, the money counts (revenue, hotel commission), the
 * customer may see the deposit. A payment arriving again for such an order is "already paid".
 */
export const PAID_STATUSES = group("paid", "picked_up", "returned");

/** Paid and not yet back: the rental is still to come or under way (return reminder, deposit, calendar feed). */
export const OPEN_STATUSES = group("paid", "picked_up");

/** Handed out at the counter: the customer has had the units (damage report, deposit capture, no cancelling). */
export const HANDED_OUT_STATUSES = group("picked_up", "returned");

/**
 * Booked and not handed out yet: waiting for payment or paid. Its units may still move to another unit of the
 * same item and size (planner, a unit leaving service); once handed out, the customer has that unit.
 */
export const BEFORE_PICKUP_STATUSES = group("pending_payment", "paid");

const member =
  <S extends OrderStatus>(statuses: readonly S[]) =>
  (status: string): status is S =>
    (statuses as readonly string[]).includes(status);

export const isPaid = member(PAID_STATUSES);
export const isOpen = member(OPEN_STATUSES);
export const isHandedOut = member(HANDED_OUT_STATUSES);
