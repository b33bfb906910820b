/**
 * The dates step's range calendar as data (decision 034): which days a month shows, which of them can be
 * picked, and what a pick does to the chosen range. The same rules run on the server, which renders the
 * calendar as a form that works without JavaScript (each day a submit button of a GET form), and in the
 * browser, which answers the same buttons at once.
 */
import { addDays, type IsoDate, isoWeekday } from "./periods";

export type YearMonth = string; // YYYY-MM

/** The pickup and return day chosen so far: none, the pickup only, or both. */
export type DayRange = { from: IsoDate | null; to: IsoDate | null };

export type CalendarBounds = {
  /** First and last bookable day. */
  min: IsoDate;
  max: IsoDate;
  /** Days the branch is closed (holidays). */
  closedDays: IsoDate[];
  /** ISO weekdays (1 = Monday) the branch never opens in this season. */
  closedWeekdays: number[];
};

/** What a day of the grid is for the visitor. */
export type DayKind = "outside" | "closed" | "open";

export const monthOf = (day: IsoDate): YearMonth => day.slice(0, 7);

/** The first day of the month `delta` months after `month`. */
export function shiftMonth(month: YearMonth, delta: number): YearMonth {
  const [year, number] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The month's weeks, Monday to Sunday (a European shop's weeks, in every language): each week seven
 * entries, a day of the month or null for the days of the months before and after.
 */
export function monthWeeks(month: YearMonth): (IsoDate | null)[][] {
  const first = `${month}-01`;
  const lead = isoWeekday(first) - 1;
  const days: (IsoDate | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** Whether a day can be a pickup or return day: inside the season and the branch open. */
export function dayKind(day: IsoDate, bounds: CalendarBounds): DayKind {
  if (day < bounds.min || day > bounds.max) return "outside";
  if (bounds.closedDays.includes(day) || bounds.closedWeekdays.includes(isoWeekday(day))) return "closed";
  return "open";
}

/**
 * The range after the visitor picks `day`: the first pick is the pickup day, the next a later day is the
 * return day (a day before the pickup starts over from there); once both are chosen, a pick starts a new range.
 * Picking the pickup day again gives a one-day rental.
 */
export function pickDay(range: DayRange, day: IsoDate): DayRange {
  if (range.from === null || range.to !== null || day < range.from) return { from: day, to: null };
  return { from: range.from, to: day };
}

/** The month the calendar opens on: the one asked for, else the pickup's, else the season's first; never outside the season. */
export function visibleMonth(asked: YearMonth | null, range: DayRange, bounds: CalendarBounds): YearMonth {
  const month = asked ?? (range.from ? monthOf(range.from) : monthOf(bounds.min));
  if (month < monthOf(bounds.min)) return monthOf(bounds.min);
  if (month > monthOf(bounds.max)) return monthOf(bounds.max);
  return month;
}

/** Where a day stands in the chosen range, for its look and its name. */
export function rangeRole(day: IsoDate, range: DayRange): "pickup" | "return" | "between" | null {
  if (day === range.from) return "pickup";
  if (day === range.to) return "return";
  if (range.from && range.to && day > range.from && day < range.to) return "between";
  return null;
}
