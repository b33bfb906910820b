import type { OrderStatus } from "./vocabulary";

/** Cancellation policy: free until `freeHours` before pickup, for orders not yet picked up. */
export function canCancel(order: { status: OrderStatus; pickupAt: Date }, freeHours: number, now: Date): boolean {
  if (order.status !== "paid" && order.status !== "pending_payment") return false;
  return now.getTime() <= order.pickupAt.getTime() - freeHours * 3_600_000;
}
