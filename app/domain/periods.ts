/**
 * Rental periods: calendar dates with a pickup hour on the first day and a return hour on the last, in
 * the shop's time zone, checked against opening hours, closed days and the season window, and turned into
 * half-open UTC instants `[pickup, return)`. Rules: docs/decisions/008-rental-periods.md.
 */
import { type FieldErrors, ok, type Result } from "./result";
import { SHOP_TIME_ZONE } from "./time-zone";

/** The longest rental bookable online. */
const MAX_RENTAL_DAYS = 60;

export type IsoDate = string; // YYYY-MM-DD
export type ClockTime = string; // HH:MM or HH:MM:SS

export type PeriodInput = { pickupDate: IsoDate; returnDate: IsoDate; pickupTime: ClockTime; returnTime: ClockTime };

export type OpeningSlot = { weekday: number; opens: ClockTime; closes: ClockTime };
export type ShopCalendar = {
  /** Opening hours of the branch for the storefront's season (ISO weekday 1 = Monday). */
  hours: OpeningSlot[];
  closedDays: IsoDate[];
  /** Season window as MM-DD, inclusive; may wrap the year end (12-01 .. 04-15). */
  seasonStart: string;
  seasonEnd: string;
};

export type PeriodError =
  | "period.invalidDate"
  | "period.returnBeforePickup"
  | "period.pickupInPast"
  | "period.tooLong"
  | "period.outsideSeason"
  | "period.pickupDayClosed"
  | "period.returnDayClosed"
  | "period.pickupOutsideHours"
  | "period.returnOutsideHours";

/** Which field each rule of the period belongs to, so the message shows next to it. */
const PERIOD_FIELD_OF: Record<PeriodError, "pickupDate" | "returnDate" | "pickupTime" | "returnTime"> = {
  "period.invalidDate": "pickupDate",
  "period.pickupInPast": "pickupDate",
  "period.outsideSeason": "pickupDate",
  "period.pickupDayClosed": "pickupDate",
  "period.returnBeforePickup": "returnDate",
  "period.tooLong": "returnDate",
  "period.returnDayClosed": "returnDate",
  "period.pickupOutsideHours": "pickupTime",
  "period.returnOutsideHours": "returnTime",
};

/**
 * The one way a broken period rule becomes a field's message, for every form and the API that post a
 * period (pickupDate, pickupTime, returnDate, returnTime): the first rule broken per field.
 */
export function periodFieldErrors(errors: readonly PeriodError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) fields[PERIOD_FIELD_OF[error]] ??= error;
  return fields;
}

export type RentalPeriod = {
  pickupDate: IsoDate;
  returnDate: IsoDate;
  pickupAt: Date;
  returnAt: Date;
  /** Rental days as shops count them: calendar days from pickup to return, both included. */
  days: number;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** `value` if it is a real calendar day written YYYY-MM-DD, else null (a form sends any text). */
export function isoDateOrNull(value: unknown): IsoDate | null {
  return typeof value === "string" && parseDate(value) ? value : null;
}

function parseDate(value: IsoDate): { y: number; m: number; d: number } | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Minutes since midnight of "HH:MM[:SS]", or null. */
function minutesOf(time: ClockTime): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** ISO weekday (1 = Monday .. 7 = Sunday) of a calendar date. */
export function isoWeekday(date: IsoDate): number {
  const p = parseDate(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  const day = new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whole calendar days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const pa = parseDate(a);
  const pb = parseDate(b);
  if (!pa || !pb) throw new RangeError(`not a date: ${a} / ${b}`);
  return Math.round((Date.UTC(pb.y, pb.m - 1, pb.d) - Date.UTC(pa.y, pa.m - 1, pa.d)) / 86_400_000);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const p = parseDate(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(p.y, p.m - 1, p.d + days)).toISOString().slice(0, 10);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Offsets already computed, per zone and quarter of an hour. A zone changes its offset at a local time on
 * the quarter hour, with an offset of whole quarter hours, so within a UTC quarter hour it is constant; the
 * Intl lookup it saves is most of a page's date arithmetic (a calendar asks it for every day).
 */
const knownOffsets = new Map<string, number>();
const QUARTER_HOUR_MS = 900_000;

/** The zone's offset from UTC in minutes at an instant (e.g. +60 in Rome in winter, +120 in summer). */
export function zoneOffsetMinutes(instant: Date, timeZone = SHOP_TIME_ZONE): number {
  const key = `${timeZone} ${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const offset = lookUpOffset(instant, timeZone);
  if (knownOffsets.size >= 20_000) knownOffsets.clear();
  knownOffsets.set(key, offset);
  return offset;
}

function lookUpOffset(instant: Date, timeZone: string): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock date and time in the zone. A time that does not exist (the hour skipped
 * when clocks go forward) lands one hour later; a time that exists twice (clocks going back) is the later one.
 */
export function zonedInstant(date: IsoDate, time: ClockTime, timeZone = SHOP_TIME_ZONE): Date {
  const p = parseDate(date);
  const minutes = minutesOf(time);
  if (!p || minutes === null) throw new RangeError(`not a date and time: ${date} ${time}`);
  const wall = Date.UTC(p.y, p.m - 1, p.d, 0, minutes);
  const guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  return new Date(wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
}

/** The calendar date of an instant in the zone. */
export function zonedDate(instant: Date, timeZone = SHOP_TIME_ZONE): IsoDate {
  return new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 10);
}

/** Whether a date (its MM-DD) lies in a season window that may wrap the year end. */
export function inSeason(date: IsoDate, seasonStart: string, seasonEnd: string): boolean {
  const md = date.slice(5);
  return seasonStart <= seasonEnd ? md >= seasonStart && md <= seasonEnd : md >= seasonStart || md <= seasonEnd;
}

/**
 * The bookable days of the season on or after `today`: the current season's remaining days, or the next
 * season when it is closed now. Works for windows that wrap the year end.
 */
export function seasonDates(today: IsoDate, seasonStart: string, seasonEnd: string): { from: IsoDate; to: IsoDate } {
  const year = Number(today.slice(0, 4));
  const wraps = seasonStart > seasonEnd;
  // Occurrences starting last year, this year and next year; the first that has not ended wins.
  for (const startYear of [year - 1, year, year + 1]) {
    const from = `${startYear}-${seasonStart}`;
    const to = `${wraps ? startYear + 1 : startYear}-${seasonEnd}`;
    if (to >= today) return { from: from > today ? from : today, to };
  }
  return { from: today, to: today };
}

/**
 * Storefronts in the order a customer looks for them: the one whose season window holds `today` first,
 * else the one that opens next, then the others by their next opening day (ties keep the given order).
 */
export function seasonOrder<T extends { seasonStart: string; seasonEnd: string }>(today: IsoDate, storefronts: T[]): T[] {
  const opens = new Map(storefronts.map((s) => [s, seasonDates(today, s.seasonStart, s.seasonEnd).from]));
  return [...storefronts].sort((a, b) => (opens.get(a) ?? "").localeCompare(opens.get(b) ?? ""));
}

/** Wall-clock times (HH:MM) every `step` minutes at which the branch is open on some day of the season, for the hour pickers. */
export function hourOptions(hours: OpeningSlot[], step = 30): string[] {
  const times = new Set<string>();
  for (const slot of hours) {
    const opens = minutesOf(slot.opens) ?? 0;
    const closes = minutesOf(slot.closes) ?? 0;
    for (let m = Math.ceil(opens / step) * step; m <= closes; m += step) {
      times.add(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
    }
  }
  return [...times].sort();
}

function withinHours(hours: OpeningSlot[], date: IsoDate, time: ClockTime, edge: "pickup" | "return"): boolean {
  const minute = minutesOf(time);
  if (minute === null) return false;
  const weekday = isoWeekday(date);
  // Pickup must leave time to be served before closing; a return may come up to closing time.
  return hours.some((slot) => {
    if (slot.weekday !== weekday) return false;
    const opens = minutesOf(slot.opens) ?? 0;
    const closes = minutesOf(slot.closes) ?? 0;
    return edge === "pickup" ? minute >= opens && minute < closes : minute > opens && minute <= closes;
  });
}

function isOpenOn(calendar: ShopCalendar, date: IsoDate): boolean {
  const weekday = isoWeekday(date);
  return !calendar.closedDays.includes(date) && calendar.hours.some((slot) => slot.weekday === weekday);
}

/** Rental days as shops count them: every calendar day the equipment is out, pickup and return day included. */
export function rentalDays(pickupDate: IsoDate, returnDate: IsoDate): number {
  return daysBetween(pickupDate, returnDate) + 1;
}

/** A period the branch does not take: every rule it breaks (`periodFieldErrors` puts each beside its field). */
export type PeriodRefusal = { reason: "period"; errors: PeriodError[] };

/**
 * Checks a requested period against the branch's calendar and returns it as instants, or every rule it
 * breaks (the form shows each next to its field).
 */
export function checkPeriod(input: PeriodInput, calendar: ShopCalendar, now: Date): Result<RentalPeriod, PeriodRefusal> {
  if (
    !parseDate(input.pickupDate) ||
    !parseDate(input.returnDate) ||
    minutesOf(input.pickupTime) === null ||
    minutesOf(input.returnTime) === null
  ) {
    return { ok: false, reason: "period", errors: ["period.invalidDate"] };
  }
  const errors: PeriodError[] = [];
  const pickupAt = zonedInstant(input.pickupDate, input.pickupTime);
  const returnAt = zonedInstant(input.returnDate, input.returnTime);
  const days = rentalDays(input.pickupDate, input.returnDate);
  if (returnAt.getTime() <= pickupAt.getTime()) errors.push("period.returnBeforePickup");
  if (pickupAt.getTime() < now.getTime()) errors.push("period.pickupInPast");
  if (days > MAX_RENTAL_DAYS) errors.push("period.tooLong");
  if (
    !inSeason(input.pickupDate, calendar.seasonStart, calendar.seasonEnd) ||
    !inSeason(input.returnDate, calendar.seasonStart, calendar.seasonEnd)
  ) {
    errors.push("period.outsideSeason");
  }
  if (!isOpenOn(calendar, input.pickupDate)) errors.push("period.pickupDayClosed");
  else if (!withinHours(calendar.hours, input.pickupDate, input.pickupTime, "pickup")) errors.push("period.pickupOutsideHours");
  if (!isOpenOn(calendar, input.returnDate)) errors.push("period.returnDayClosed");
  else if (!withinHours(calendar.hours, input.returnDate, input.returnTime, "return")) errors.push("period.returnOutsideHours");
  if (errors.length > 0) return { ok: false, reason: "period", errors };
  return ok({ pickupDate: input.pickupDate, returnDate: input.returnDate, pickupAt, returnAt, days });
}

/** The reservation range `[pickup, return + buffer)` as PostgreSQL tstzrange text. */
export function reservationRange(period: { pickupAt: Date; returnAt: Date }, turnaroundMinutes: number): string {
  const end = new Date(period.returnAt.getTime() + turnaroundMinutes * 60_000);
  return `[${period.pickupAt.toISOString()},${end.toISOString()})`;
}
