/**
 * The period step's form: well-formed days and hours, then held against the branch's calendar, with each
 * message beside the field it is about. Apart from periods.ts so that pages which only show periods do not
 * load Zod into the browser.
 */
import { z } from "zod";
import { parse } from "./forms";
import { checkPeriod, type IsoDate, type PeriodInput, periodFieldErrors, type ShopCalendar } from "./periods";
import { type CalendarBounds, type DayRange, dayKind, pickDay, visibleMonth, type YearMonth } from "./range-calendar";
import { fail, ok, type Result } from "./result";

/** The period step's form, as posted: well-formed days and hours, which `checkPeriod` then holds against the shop's calendar. */
export const periodSchema = z.object({
  pickupDate: z.iso.date({ message: "booking.errors.date" }),
  returnDate: z.iso.date({ message: "booking.errors.date" }),
  pickupTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" }),
  returnTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" }),
});

/** A posted period, checked for its form and against the branch's calendar; refused with a message per field. */
export function checkPostedPeriod(values: unknown, calendar: ShopCalendar, now: Date): Result<PeriodInput> {
  const parsed = parse(periodSchema, values);
  if (!parsed.ok) return parsed;
  const checked = checkPeriod(parsed.value, calendar, now);
  if (checked.ok) return ok(parsed.value);
  return fail.invalid(periodFieldErrors(checked.errors));
}

const dropped = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * What the calendar's GET form sends (decision 034): the range so far, the day or month button pressed, and the
 * hours chosen meanwhile. Each value stands alone: one that is malformed is left out, not the whole query.
 */
const calendarQuerySchema = z.object({
  pickupDate: dropped(z.iso.date()),
  returnDate: dropped(z.iso.date()),
  day: dropped(z.iso.date()),
  month: dropped(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  pickupTime: dropped(periodSchema.shape.pickupTime),
  returnTime: dropped(periodSchema.shape.returnTime),
});

export type CalendarQuery = {
  range: DayRange;
  month: YearMonth;
  pickupTime?: string;
  returnTime?: string;
};

/**
 * The dates step's state from its URL, or null when the URL says nothing about it (the step opened from a
 * link). Days the branch cannot hand out on are dropped, and a return before the pickup with them.
 */
export function readCalendarQuery(search: URLSearchParams, bounds: CalendarBounds): CalendarQuery | null {
  const keys = Object.keys(calendarQuerySchema.shape);
  if (!keys.some((key) => search.has(key))) return null;
  const query = calendarQuerySchema.parse(Object.fromEntries(keys.map((key) => [key, search.get(key) ?? undefined])));
  const open = (day: IsoDate | undefined) => (day && dayKind(day, bounds) === "open" ? day : null);
  const from = open(query.pickupDate);
  const to = open(query.returnDate);
  let range: DayRange = { from, to: from && to && to >= from ? to : null };
  const day = open(query.day);
  if (day) range = pickDay(range, day);
  const month = visibleMonth(query.month ?? (day ? day.slice(0, 7) : null), range, bounds);
  return { range, month, pickupTime: query.pickupTime, returnTime: query.returnTime };
}
