/**
 * Whose units an order may claim (decision 056). An order booked ahead (online, through the API) may have
 * a non-local item brought from another branch of its storefront before the pickup (decision 010). A
 * counter order is handed out at once, from the shelf behind the clerk: it claims the branch's own units
 * only, and the counter's lists count only those.
 */
import type { OrderSource } from "./vocabulary";

export function ownUnitsOnly(source: OrderSource): boolean {
  return source === "counter";
}
