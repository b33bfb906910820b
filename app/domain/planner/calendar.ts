/**
 * The back-office calendar: which days a view shows (a month, or a week from Monday to Sunday), its URL
 * (view, month or week, branch: bookmarkable, back button works, no JavaScript needed), and the grid of
 * pickups, returns and closed days per day and branch.
 */
import { z } from "zod";
import { isoDate, translatedText } from "../admin/fields";
import type { Translated } from "../i18n";
import { rowId, rowIdSchema } from "../ids";
import { addDays, type IsoDate, isoWeekday } from "../periods";
import { reportMonth, shiftMonth } from "../reports/hotel-reports";
import type { ItemKind } from "../vocabulary";

const CALENDAR_VIEWS = ["month", "week"] as const;
type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The calendar's URL; a bad value falls back to the default (this month, all branches). */
export const calendarQuery = z.object({
  view: z.enum(CALENDAR_VIEWS).catch("month"),
  month: reportMonth.optional().catch(undefined),
  week: z.iso.date().optional().catch(undefined),
  shop: rowId.optional().catch(undefined),
});

export type CalendarQuery = z.infer<typeof calendarQuery>;

export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoWeekday(date));
}

export type CalendarRange = {
  view: CalendarView;
  /** The month shown, or the month the week belongs to. */
  month: string;
  /** The Monday of the week shown, or of the month's first week. */
  week: IsoDate;
  days: IsoDate[];
  /** The first day after the range. */
  end: IsoDate;
  /** Search parameters (without the branch) of the previous and next month or week. */
  previous: Record<string, string>;
  next: Record<string, string>;
};

/** The days a calendar URL shows, `today` (in the shop's time zone) when it names none. */
export function calendarRange(query: CalendarQuery, today: IsoDate): CalendarRange {
  if (query.view === "week") {
    const week = mondayOf(query.week ?? (query.month ? `${query.month}-01` : today));
    const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
    // A week across two months belongs to the month it was opened from (so "Month" leads back there),
    // else to the month of its Thursday, as ISO weeks do.
    const month = query.month && days.some((day) => day.startsWith(query.month as string)) ? query.month : days[3].slice(0, 7);
    return {
      view: "week",
      month,
      week,
      days,
      end: addDays(week, 7),
      previous: { view: "week", week: addDays(week, -7) },
      next: { view: "week", week: addDays(week, 7) },
    };
  }
  const month = query.month ?? (query.week ? query.week.slice(0, 7) : today.slice(0, 7));
  const first = `${month}-01`;
  const end = `${shiftMonth(month, 1)}-01`;
  const days: IsoDate[] = [];
  for (let day = first; day < end; day = addDays(day, 1)) days.push(day);
  // The week view opened from a month starts at the week of today when today is in that month.
  const week = today.startsWith(month) ? mondayOf(today) : mondayOf(first);
  return {
    view: "month",
    month,
    week,
    days,
    end,
    previous: { view: "month", month: shiftMonth(month, -1) },
    next: { view: "month", month: shiftMonth(month, 1) },
  };
}

export type CalendarEntry = {
  orderId: string;
  number: string;
  name: string;
  status: string;
  shopId: number;
  kind: "pickup" | "return";
  /** ISO instant of the pickup or return. */
  at: string;
  /** Its calendar day in the shop's time zone. */
  date: IsoDate;
  /** How many pieces change hands (handoverPieces). */
  pieces: number;
};

/**
 * The pieces a clerk gets ready for a pickup (rented equipment and articles bought) or takes back at a
 * return (rented equipment); services and depot lockers are no pieces to hand over.
 */
export function handoverPieces(kind: "pickup" | "return", lines: { kind: ItemKind; quantity: number }[]): number {
  const counted: ItemKind[] = kind === "pickup" ? ["rental", "sale"] : ["rental"];
  return lines.filter((l) => counted.includes(l.kind)).reduce((sum, l) => sum + l.quantity, 0);
}

export type ClosedDay = { shopId: number; day: IsoDate; reason: Partial<Translated> | null };

type CalendarCell = { shopId: number; pickups: CalendarEntry[]; returns: CalendarEntry[]; closed: ClosedDay | null };
export type CalendarRow = { date: IsoDate; cells: CalendarCell[] };

/** One row per day, one cell per branch (in the given order), entries by time. */
export function calendarGrid(days: IsoDate[], shopIds: number[], entries: CalendarEntry[], closed: ClosedDay[]): CalendarRow[] {
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at) || a.number.localeCompare(b.number));
  return days.map((date) => ({
    date,
    cells: shopIds.map((shopId) => {
      const here = sorted.filter((e) => e.date === date && e.shopId === shopId);
      return {
        shopId,
        pickups: here.filter((e) => e.kind === "pickup"),
        returns: here.filter((e) => e.kind === "return"),
        closed: closed.find((c) => c.shopId === shopId && c.day === date) ?? null,
      };
    }),
  }));
}

/** Closing a day from the calendar: the branch, the day and an optional reason in the six languages. */
export const closeDaySchema = z.object({
  shopId: rowIdSchema("admin.errors.choose"),
  day: isoDate,
  reason: translatedText(200, false)
    .optional()
    .transform((reason) => (reason && Object.keys(reason).length > 0 ? reason : null)),
});

export const reopenDaySchema = z.object({
  shopId: rowId,
  day: isoDate,
});
