/**
 * The dashboard's figures, as pure rules over rows the server reads: days in the shop's time zone, revenue
 * per day, utilisation of rental units, and the scale of the revenue chart.
 */
import { PAID_STATUSES } from "../order-states";
import { addDays, type IsoDate, isoWeekday, zonedDate, zonedInstant } from "../periods";

/** Order statuses whose money the shop keeps: revenue counts these, by the day they were paid. */
export const REVENUE_STATUSES = PAID_STATUSES;

export type DayRange = { date: IsoDate; start: Date; end: Date };

/** `count` consecutive days from `first`, each as the half-open instant range it covers in the shop's time zone. */
export function dayRanges(first: IsoDate, count: number): DayRange[] {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(first, i);
    return { date, start: zonedInstant(date, "00:00"), end: zonedInstant(addDays(date, 1), "00:00") };
  });
}

/** Today, tomorrow, the Monday of this week and the first of the 30 revenue days, for an instant. */
export function dashboardDays(now: Date) {
  const today = zonedDate(now);
  return {
    today,
    tomorrow: addDays(today, 1),
    weekStart: addDays(today, 1 - isoWeekday(today)),
    revenueFrom: addDays(today, -29),
  };
}

/** A day's revenue; `waiverCents` is the part of `cents` paid for damage waivers (decision 029). */
export type RevenueDay = { date: IsoDate; cents: number; waiverCents: number; orders: number };

/** Revenue per day over the given days (oldest first), from paid orders' payment instants and totals. */
export function revenueByDay(days: IsoDate[], paid: { paidAt: Date; totalCents: number; damageWaiverCents?: number }[]): RevenueDay[] {
  const byDay = new Map(days.map((date) => [date, { date, cents: 0, waiverCents: 0, orders: 0 }]));
  for (const order of paid) {
    const day = byDay.get(zonedDate(order.paidAt));
    if (!day) continue;
    day.cents += order.totalCents;
    day.waiverCents += order.damageWaiverCents ?? 0;
    day.orders += 1;
  }
  return days.map((date) => byDay.get(date) as RevenueDay);
}

export function sumRevenue(days: RevenueDay[]): { cents: number; waiverCents: number; orders: number } {
  return days.reduce(
    (sum, day) => ({ cents: sum.cents + day.cents, waiverCents: sum.waiverCents + day.waiverCents, orders: sum.orders + day.orders }),
    { cents: 0, waiverCents: 0, orders: 0 },
  );
}

export type Utilisation = {
  categoryId: string;
  units: number;
  /** Units booked at some time today. */
  bookedToday: number;
  /** Share (0..1) of units booked today. */
  today: number;
  /** Share (0..1) of unit-days booked this week (Monday to Sunday). */
  week: number;
};

/**
 * How much of the rental fleet is out, per category: today, the share of units with a booking at some time
 * of the day; this week, booked unit-days over all unit-days of the seven days (a unit booked on three of
 * seven days counts 3/7).
 */
export function utilisation(
  units: { id: number; categoryId: string }[],
  bookings: { unitId: number; from: Date; to: Date }[],
  today: DayRange,
  week: DayRange[],
): Utilisation[] {
  const byUnit = new Map<number, { from: Date; to: Date }[]>();
  for (const booking of bookings) byUnit.set(booking.unitId, [...(byUnit.get(booking.unitId) ?? []), booking]);
  const bookedOn = (unitId: number, day: DayRange) =>
    (byUnit.get(unitId) ?? []).some((b) => b.from.getTime() < day.end.getTime() && b.to.getTime() > day.start.getTime());
  const categories = new Map<string, number[]>();
  for (const unit of units) categories.set(unit.categoryId, [...(categories.get(unit.categoryId) ?? []), unit.id]);
  return [...categories].map(([categoryId, ids]) => {
    const bookedToday = ids.filter((id) => bookedOn(id, today)).length;
    const unitDays = week.reduce((sum, day) => sum + ids.filter((id) => bookedOn(id, day)).length, 0);
    return {
      categoryId,
      units: ids.length,
      bookedToday,
      today: bookedToday / ids.length,
      week: unitDays / (ids.length * week.length),
    };
  });
}

/** A round top for the chart's scale at or above the largest value: 1, 2 or 5 times a power of ten (in euros). */
export function chartScale(maxCents: number): number {
  if (maxCents <= 0) return 10_000;
  const euros = maxCents / 100;
  const power = 10 ** Math.floor(Math.log10(euros));
  const step = [1, 2, 5, 10].find((f) => f * power >= euros) ?? 10;
  return step * power * 100;
}

/** Days of one season back: 52 weeks, so a Monday is compared with a Monday. */
const SEASON_BACK_DAYS = 364;

/**
 * This week so far (Monday 00:00 to now) and the same stretch 52 weeks earlier, as instant ranges: the
 * comparison holds on a Wednesday morning as well as on a Sunday night.
 */
export function comparedWeeks(now: Date): { current: { from: Date; to: Date }; previous: { from: Date; to: Date } } {
  const { weekStart } = dashboardDays(now);
  const from = zonedInstant(weekStart, "00:00");
  const back = (instant: Date) => new Date(instant.getTime() - SEASON_BACK_DAYS * 86_400_000);
  // The Monday of last season's week starts at its own midnight (a DST change may lie in between).
  return { current: { from, to: now }, previous: { from: zonedInstant(addDays(weekStart, -SEASON_BACK_DAYS), "00:00"), to: back(now) } };
}

/** The change from `previous` to `current` as a share (0.12 for 12 % more), or null when there was nothing before. */
export function changeShare(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / previous;
}
