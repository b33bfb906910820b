/**
 * Units of an item (one physical pair of skis, one e-bike, one depot locker) in the back office: the
 * forms, the code on the unit's label, and the rows of the item's booking calendar.
 *
 * Codes read `{branch}-{item}-{number}`, e.g. CI-SKI-0042: the branch prefix tells the counter where the
 * unit belongs, the item prefix what it is, the number counts per branch and item prefix.
 */
import { z } from "zod";
import { SOLE_LENGTH_MM } from "../counter/binding";
import { rowId, rowIdSchema } from "../ids";
import { addDays, type IsoDate } from "../periods";
import { UNIT_STATUSES } from "../vocabulary";
import { integer, optionalInteger, optionalText } from "./fields";

export const MAX_UNITS_AT_ONCE = 50;

const CODE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const GENERATED = /^([A-Z0-9]{1,6})-([A-Z0-9]{1,6})-(\d{3,})$/;

export const unitCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(40, { message: "admin.errors.tooLong" })
  .regex(CODE, { message: "admin.items.errors.unitCode" });

const optionalCode = z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? value : null), unitCode.nullable());
const optionalSize = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null),
  z.string().max(20).nullable(),
);

/** Adding units at a branch: a number of units with generated codes, or one unit with a typed code. */
export const addUnitsSchema = z
  .object({
    shopId: rowIdSchema("admin.errors.choose"),
    size: optionalSize,
    count: integer(1, MAX_UNITS_AT_ONCE),
    code: optionalCode,
    /** Boots: the sole length printed on the heel, the same for the units added at once (one model and size). */
    soleLengthMm: optionalInteger(SOLE_LENGTH_MM.min, SOLE_LENGTH_MM.max).default(null),
  })
  .refine((u) => u.code === null || u.count === 1, { path: ["count"], message: "admin.items.errors.oneTypedCode" });

export type AddUnitsInput = Omit<z.infer<typeof addUnitsSchema>, "soleLengthMm"> & { soleLengthMm?: number | null };

/** Changing a unit: its status, the staff's note (damage, repairs) and, for a boot, its sole length. */
export const unitChangeSchema = z.object({
  unitId: rowId,
  status: z.enum(UNIT_STATUSES, { message: "admin.errors.choose" }),
  note: optionalText(300),
  soleLengthMm: optionalInteger(SOLE_LENGTH_MM.min, SOLE_LENGTH_MM.max).default(null),
});

/** The size of a new unit must be one the item offers; an item without sizes has units without one. */
export function checkUnitSize(size: string | null, sizes: string[]): string | null {
  if (sizes.length === 0) return size === null ? null : "admin.items.errors.unitSize";
  return size !== null && sizes.includes(size) ? null : "admin.items.errors.unitSize";
}

const mostCommon = (values: string[]): string | null => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = value;
  return best;
};

const letters = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * A branch's prefix: the one its units' codes already use, else the initials of a multi-word slug
 * ("plan-da-sera" → PDS) or the first two letters of a single word ("ciaslin" → CI).
 */
export function branchPrefix(branchSlug: string, codesAtBranch: string[]): string {
  const used = mostCommon(codesAtBranch.map((code) => GENERATED.exec(code)?.[1]).filter((p): p is string => Boolean(p)));
  if (used) return used;
  const words = branchSlug.split("-").filter(Boolean);
  const prefix = words.length > 1 ? words.map((w) => letters(w)[0] ?? "").join("") : letters(words[0] ?? "").slice(0, 2);
  return prefix || "BR";
}

/**
 * An item's prefix: the one its units use, else the one its category's units use most (all skis read
 * SKI), else the first three letters of its slug.
 */
export function itemPrefix(itemSlug: string, codesOfItem: string[], codesOfCategory: string[]): string {
  const middle = (codes: string[]) => mostCommon(codes.map((code) => GENERATED.exec(code)?.[2]).filter((p): p is string => Boolean(p)));
  return middle(codesOfItem) ?? middle(codesOfCategory) ?? (letters(itemSlug).slice(0, 3) || "UNT");
}

/** The next `count` codes after the highest number already used with this prefix, four digits at least. */
export function nextUnitCodes(prefix: string, existing: string[], count: number): string[] {
  let highest = 0;
  for (const code of existing) {
    if (!code.startsWith(`${prefix}-`)) continue;
    const rest = code.slice(prefix.length + 1);
    if (/^\d+$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(highest + i + 1).padStart(4, "0")}`);
}

// ---------------------------------------------------------------------------------------------
// Booking calendar

/** A month as the calendar's URL names it: 2027-01. */
export const calendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100);

/** The days of a month, 2027-02 → 2027-02-01 .. 2027-02-28. */
export function monthDays(month: string): IsoDate[] {
  const first = `${month}-01`;
  const days: IsoDate[] = [];
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** One reservation of a unit as the calendar shows it: from the pickup day to the return day, inclusive. */
export type CalendarBooking = {
  unitId: number;
  orderId: string | null;
  number: string | null;
  state: "held" | "confirmed";
  from: IsoDate;
  to: IsoDate;
};

/** A cell of a unit's row: `span` consecutive days with the same bookings, or one free day. */
export type CalendarCell = { from: IsoDate; span: number; bookings: CalendarBooking[] };

/**
 * A unit's row of the month as table cells: consecutive days with the same bookings become one cell
 * spanning them, so a week's rental reads as one bar with its order number; a free day is a cell of its
 * own, so the grid of days stays visible. A day shared by a return and the next pickup gets a cell of its
 * own naming both.
 */
export function calendarRow(days: IsoDate[], bookings: CalendarBooking[]): CalendarCell[] {
  const cells: CalendarCell[] = [];
  let key = "";
  for (const day of days) {
    const on = bookings.filter((b) => b.from <= day && day <= b.to);
    const next = on.map((b) => `${b.orderId}:${b.from}`).join("|");
    const last = cells.at(-1);
    if (last && next !== "" && next === key) last.span++;
    else cells.push({ from: day, span: 1, bookings: on });
    key = next;
  }
  return cells;
}
