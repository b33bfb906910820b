/**
 * How much a stranger may hold (issue 14, decision 026). A hold keeps units from everyone else while its
 * payer pays, so holds are rationed per client address (an IPv6 /64 counts as one), across all the bags
 * it opens and all the server processes:
 *
 * - at most MAX_OPEN_ORDERS orders waiting for payment at once: a family or a hotel desk on one network
 *   may pay for two or three bookings side by side, nobody needs more;
 * - at most MAX_UNITS units in them: a family of six with skis, boots, poles, helmet and a service;
 * - at most MAX_UNITS_PER_SIZE units of one item in one size: three pairs of the same ski in 170 are a
 *   family, a whole size is hoarding; the rest of a size stays bookable for other people.
 *
 * Orders at the counter are not online holds and are not counted. A bag renews a hold it still has (a
 * new checkout while the last one waits for payment) at most MAX_RENEWALS_PER_BAG times an hour, and
 * checkouts and bag changes are rate-limited (RATE_LIMITS below), so a hold cannot be kept without end.
 */
import type { RateLimit } from "./accounts";

const MINUTE = 60_000;

export const HOLD_LIMITS = {
  MAX_OPEN_ORDERS: 3,
  MAX_UNITS: 30,
  MAX_UNITS_PER_SIZE: 6,
  MAX_RENEWALS_PER_BAG: 2,
} as const;

export type HoldLimits = { MAX_OPEN_ORDERS: number; MAX_UNITS: number; MAX_UNITS_PER_SIZE: number };

/**
 * What one API key may hold unpaid at once (issue 33, decision 026). A partner books for many guests, so it
 * may have more orders and units waiting than one address; but one key held all 12 units of an item in one
 * call, so a size is rationed as for a family: the rest stays bookable for everyone else.
 */
export const API_HOLD_LIMITS: HoldLimits = {
  MAX_OPEN_ORDERS: 20,
  MAX_UNITS: 100,
  MAX_UNITS_PER_SIZE: HOLD_LIMITS.MAX_UNITS_PER_SIZE,
};

export const BOOKING_RATE_LIMITS = {
  /** Checkouts (each one holds units) per client address. */
  checkout: { name: "checkout", max: 20, windowMs: 10 * MINUTE },
  /** Renewals of a bag's open hold: two an hour, so a hold lasts at most three hold times in a row. */
  bagRenewals: { name: "bag-renewals", max: HOLD_LIMITS.MAX_RENEWALS_PER_BAG, windowMs: 60 * MINUTE },
  /** Additions and changes to bags per client address: a family's bag takes a few dozen. */
  bagChanges: { name: "bag", max: 120, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimit>;

/** What one address holds now, or wants to hold: units per item and size (null for items without sizes). */
export type HeldUnits = { itemId: number; size: string | null; quantity: number }[];

export type HoldLimitBreach = "orders" | "units" | "size";

/** Which limit taking `wanted` on top of `held` (in `openOrders` orders) would break, or null. */
export function holdLimitBreach(
  openOrders: number,
  held: HeldUnits,
  wanted: HeldUnits,
  limits: HoldLimits = HOLD_LIMITS,
): HoldLimitBreach | null {
  if (openOrders + 1 > limits.MAX_OPEN_ORDERS) return "orders";
  const total = (units: HeldUnits) => units.reduce((sum, u) => sum + u.quantity, 0);
  if (total(held) + total(wanted) > limits.MAX_UNITS) return "units";
  const perSize = new Map<string, number>();
  for (const u of [...held, ...wanted]) {
    const key = `${u.itemId}\u0000${u.size ?? ""}`;
    perSize.set(key, (perSize.get(key) ?? 0) + u.quantity);
  }
  const wantedKeys = new Set(wanted.map((u) => `${u.itemId}\u0000${u.size ?? ""}`));
  for (const key of wantedKeys) if ((perSize.get(key) ?? 0) > limits.MAX_UNITS_PER_SIZE) return "size";
  return null;
}
