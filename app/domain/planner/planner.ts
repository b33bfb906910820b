/**
 * The planner (issue 19, decision 041): one branch's units as rows, grouped by category, item and size, and
 * days as columns (a week, two weeks or a month). Its URL, the rows, where each reservation's bar starts and
 * ends (with the turnaround buffer as its own part), which units a bar may move to, and the forms that move a
 * bar, block a unit for maintenance and remove a block.
 */
import { z } from "zod";
import { isoDate, optionalText, requiredText } from "../admin/fields";
import { rowId, rowIdSchema } from "../ids";
import { isHandedOut } from "../order-states";
import { addDays, daysBetween, type IsoDate, isoDateOrNull, zoneOffsetMinutes } from "../periods";
import { reportMonth, shiftMonth } from "../reports/hotel-reports";
import { mondayOf } from "./calendar";

// ---------------------------------------------------------------------------------------------
// The URL

const PLANNER_SPANS = ["week", "fortnight", "month"] as const;
export type PlannerSpan = (typeof PLANNER_SPANS)[number];

/**
 * Which view /admin/calendar shows: the planner unless the URL asks for the list of pickups and returns
 * (`view=month`, `view=week`, or `view=list`, which is the month).
 */
export function calendarView(params: URLSearchParams): "planner" | "list" {
  const view = params.get("view");
  return view === "month" || view === "week" || view === "list" ? "list" : "planner";
}

/** The planner's URL; a bad value falls back to the default (two weeks from this Monday, the first branch). */
export const plannerQuery = z.object({
  start: z.iso.date().optional().catch(undefined),
  span: z.enum(PLANNER_SPANS).optional().catch(undefined),
  /** A month named the list's way (`month=2027-01`): the planner shows that month. */
  month: reportMonth.optional().catch(undefined),
  shop: rowId.optional().catch(undefined),
  /** The reservation whose details are open (the panel a bar opens without JavaScript). */
  r: rowId.optional().catch(undefined),
  /** A unit's code to fill into the block form (its row's button without JavaScript). */
  block: z.string().max(60).optional().catch(undefined),
});
export type PlannerQuery = z.infer<typeof plannerQuery>;

export type PlannerRange = {
  span: PlannerSpan;
  start: IsoDate;
  days: IsoDate[];
  /** The first day after the range. */
  end: IsoDate;
  previous: IsoDate;
  next: IsoDate;
};

/** The days a planner URL shows; `today` is the shop's today. A month starts on its first day, a week or two on any day. */
export function plannerRange(query: Pick<PlannerQuery, "start" | "span" | "month">, today: IsoDate): PlannerRange {
  const span: PlannerSpan = query.span ?? (query.month && !query.start ? "month" : "fortnight");
  if (span === "month") {
    const month = (query.start ?? (query.month ? `${query.month}-01` : today)).slice(0, 7);
    const start = `${month}-01`;
    const end = `${shiftMonth(month, 1)}-01`;
    return { span, start, days: daysFrom(start, daysBetween(start, end)), end, previous: `${shiftMonth(month, -1)}-01`, next: end };
  }
  const length = span === "week" ? 7 : 14;
  const start = query.start ?? (query.month ? `${query.month}-01` : mondayOf(today));
  return { span, start, days: daysFrom(start, length), end: addDays(start, length), previous: addDays(start, -7), next: addDays(start, 7) };
}

/** Where "Today" leads: the span as it is, from this week's Monday (a month: this month). */
export function todayStart(span: PlannerSpan, today: IsoDate): IsoDate {
  return span === "month" ? `${today.slice(0, 7)}-01` : mondayOf(today);
}

function daysFrom(start: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

// ---------------------------------------------------------------------------------------------
// Rows

export type PlannerUnit = {
  id: number;
  code: string;
  size: string | null;
  status: "active" | "maintenance" | "retired";
  itemId: number;
  itemName: string;
  /** The item's sizes in their order (the size rows follow it). */
  itemSizes: string[];
  categoryId: string;
  categoryName: string;
  categorySort: number;
  /** Whether the item's storefront is in season on the first or last day shown: its categories come first. */
  inSeason: boolean;
};

export type PlannerRow =
  | { kind: "category"; key: string; label: string }
  | { kind: "group"; key: string; label: string; size: string | null; count: number }
  | { kind: "unit"; key: string; group: string; id: number; code: string; status: PlannerUnit["status"] };

const natural = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** The key of an item and size: the units a bar may move between. */
const groupKey = (itemId: number, size: string | null) => `${itemId}:${size ?? ""}`;

/**
 * The planner's rows: a header per category (those of the storefront in season first, then by the category's
 * sort and name), one per item and size (items by name,
 * sizes in the item's order, unknown sizes after them by their natural order), then that size's units by code
 * (`CI-SKI-0002` before `CI-SKI-0010`).
 */
export function plannerRows(units: PlannerUnit[]): PlannerRow[] {
  const sizeRank = (unit: PlannerUnit) => {
    const at = unit.size === null ? -1 : unit.itemSizes.indexOf(unit.size);
    return at === -1 && unit.size !== null ? unit.itemSizes.length : at;
  };
  const sorted = [...units].sort(
    (a, b) =>
      Number(b.inSeason) - Number(a.inSeason) ||
      a.categorySort - b.categorySort ||
      natural.compare(a.categoryName, b.categoryName) ||
      a.categoryId.localeCompare(b.categoryId) ||
      natural.compare(a.itemName, b.itemName) ||
      a.itemId - b.itemId ||
      sizeRank(a) - sizeRank(b) ||
      natural.compare(a.size ?? "", b.size ?? "") ||
      natural.compare(a.code, b.code),
  );
  const rows: PlannerRow[] = [];
  let category: string | null = null;
  let group: { row: Extract<PlannerRow, { kind: "group" }> } | null = null;
  for (const unit of sorted) {
    if (unit.categoryId !== category) {
      category = unit.categoryId;
      rows.push({ kind: "category", key: `c:${unit.categoryId}`, label: unit.categoryName });
      group = null;
    }
    const key = groupKey(unit.itemId, unit.size);
    if (group?.row.key !== `g:${key}`) {
      const row = {
        kind: "group" as const,
        key: `g:${key}`,
        label: unit.size === null ? unit.itemName : `${unit.itemName} · ${unit.size}`,
        size: unit.size,
        count: 0,
      };
      rows.push(row);
      group = { row };
    }
    group.row.count++;
    rows.push({ kind: "unit", key: `u:${unit.id}`, group: key, id: unit.id, code: unit.code, status: unit.status });
  }
  return rows;
}

/**
 * The units a bar on `unitId` may move to, in the rows' order: the other units of the same item and size
 * (the planner shows one branch, so the same branch too) that are not retired.
 */
export function moveTargets(rows: PlannerRow[], unitId: number): Extract<PlannerRow, { kind: "unit" }>[] {
  const units = rows.filter((row): row is Extract<PlannerRow, { kind: "unit" }> => row.kind === "unit");
  const own = units.find((row) => row.id === unitId);
  if (!own) return [];
  return units.filter((row) => row.group === own.group && row.id !== unitId && row.status !== "retired");
}

// ---------------------------------------------------------------------------------------------
// Bars

/** A live reservation as the planner draws it. */
export type BarKind = "block" | "held" | "paid" | "picked_up" | "returned";

export type PlannerBar = {
  id: number;
  unitId: number;
  kind: BarKind;
  /** Start and end in days from the first day shown (fractions are the time of day), clipped to the range. */
  from: number;
  to: number;
  /** Where the turnaround buffer starts (same scale), or null when the bar shows none of it. */
  buffer: number | null;
  /** Whether the reservation goes on before or after the days shown. */
  clippedStart: boolean;
  clippedEnd: boolean;
  /** The first and last day columns (0-based, inclusive) the bar touches. */
  startCol: number;
  endCol: number;
  /** The days as people say them: the pickup day and the return day (or a block's first and last day). */
  firstDay: IsoDate;
  lastDay: IsoDate;
  /** An order's index in the view's list of orders, or null for a block. */
  order: number | null;
  note: string | null;
  movable: boolean;
};

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a calendar date. */
const dayNumber = (date: IsoDate) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * An instant on the shop's wall clock: its day (days since 1970-01-01) and the minutes since that day's
 * midnight (a day of a clock change still counts 24 h). Arithmetic only: the planner asks this of 12,000
 * reservations, where parsing and formatting dates took most of its loader's time.
 */
function wallClock(instant: Date): { day: number; minutes: number } {
  const local = instant.getTime() + zoneOffsetMinutes(instant) * 60_000;
  const day = Math.floor(local / DAY_MS);
  return { day, minutes: Math.floor((local - day * DAY_MS) / 60_000) };
}

/** The shop's calendar date of an instant (as zonedDate, by arithmetic). */
export function wallDate(instant: Date): IsoDate {
  return new Date(wallClock(instant).day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A day's column is the working day, 07:00 to 20:00: a pickup at 09:00 and a return at 17:00 take most of it,
 * so a one-day rental is wide enough to read, and the night, when nothing is handed over, takes no room.
 * Earlier times sit at the column's start, later ones at its end.
 */
const COLUMN_HOURS = { from: 7 * 60, to: 20 * 60 } as const;

/** An instant's place in days from `firstDay`: midnight of the first day is 0, 07:00 too, 13:30 of the second day 1.5. */
export function dayPosition(instant: Date, firstDay: IsoDate): number {
  const { day, minutes } = wallClock(instant);
  const part = Math.min(1, Math.max(0, (minutes - COLUMN_HOURS.from) / (COLUMN_HOURS.to - COLUMN_HOURS.from)));
  return day - dayNumber(firstDay) + part;
}

/**
 * Where the turnaround buffer of an order's reservation starts: the reservation ends `buffer` after the return
 * (decision 010), so at the order's return when that lies inside it; a reservation of a change (other dates)
 * or an early return (its end moved) ends `turnaroundMinutes` after its own return. A block has none.
 */
export function bufferStart(
  reservation: { starts: Date; ends: Date; returnAt: Date | null; block: boolean },
  turnaroundMinutes: number,
): Date | null {
  if (reservation.block || turnaroundMinutes <= 0) return null;
  const { starts, ends, returnAt } = reservation;
  if (returnAt && returnAt > starts && returnAt < ends && ends.getTime() - returnAt.getTime() <= turnaroundMinutes * 60_000)
    return returnAt;
  const at = new Date(Math.max(starts.getTime(), ends.getTime() - turnaroundMinutes * 60_000));
  return at < ends ? at : null;
}

/** The bar of a reservation from `starts` to `ends` (buffer from `buffer`) on `dayCount` days from `firstDay`; null when it is not on them. */
export function barSpan(
  reservation: { starts: Date; ends: Date; buffer: Date | null },
  firstDay: IsoDate,
  dayCount: number,
): Pick<PlannerBar, "from" | "to" | "buffer" | "clippedStart" | "clippedEnd" | "startCol" | "endCol"> | null {
  const start = dayPosition(reservation.starts, firstDay);
  const end = dayPosition(reservation.ends, firstDay);
  if (end <= 0 || start >= dayCount || end <= start) return null;
  const from = Math.max(0, start);
  const to = Math.min(dayCount, end);
  const bufferAt = reservation.buffer ? dayPosition(reservation.buffer, firstDay) : null;
  const buffer = bufferAt === null || bufferAt >= to ? null : Math.max(from, bufferAt);
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    from: round(from),
    to: round(to),
    buffer: buffer === null ? null : round(buffer),
    clippedStart: start < 0,
    clippedEnd: end > dayCount,
    startCol: Math.floor(from),
    // The end is exclusive: a bar ending at midnight does not touch the next day.
    endCol: Math.max(Math.floor(from), Math.ceil(to) - 1),
  };
}

export function barKind(reservation: { block: boolean; state: "held" | "confirmed"; status: string | null }): BarKind {
  if (reservation.block) return "block";
  if (reservation.state === "held" || reservation.status === "pending_payment") return "held";
  if (reservation.status !== null && isHandedOut(reservation.status)) return reservation.status;
  return "paid";
}

// ---------------------------------------------------------------------------------------------
// Forms

export const moveSchema = z.object({
  reservationId: rowId,
  unitId: rowIdSchema("admin.planner.errors.chooseUnit"),
});

/** The longest maintenance block, in days (a unit out for longer is retired or set to maintenance). */
const MAX_BLOCK_DAYS = 366;

export const blockSchema = z
  .object({
    unit: requiredText(60),
    from: isoDate,
    to: isoDate,
    note: optionalText(200),
  })
  .superRefine((value, context) => {
    // Zod runs this also when a day is malformed (its own message is already there).
    if (isoDateOrNull(value.from) === null || isoDateOrNull(value.to) === null) return;
    if (value.to < value.from) context.addIssue({ code: "custom", path: ["to"], message: "admin.planner.errors.blockDates" });
    else if (daysBetween(value.from, value.to) >= MAX_BLOCK_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: "admin.planner.errors.blockTooLong" });
  });
export type BlockInput = z.infer<typeof blockSchema>;

export const removeBlockSchema = z.object({ reservationId: rowId });

// ---------------------------------------------------------------------------------------------
// The wire

/**
 * What the planner's loader sends: rows, bars and orders each packed into one string (records separated by
 * "¶", fields by "¦"; a name's own are replaced by a space), because a month of 3,000 units is 12,000 bars: as
 * objects they made a 5 MB page, each field a value of its own in React Router's stream, and control
 * characters as separators still 2.6 MB (each escaped twice in the page's script). Unpacked once in the browser.
 */
export type PlannerWire = { rows: string; bars: string; orders: string };
export type PlannerOrder = { id: string; number: string; name: string; status: string };
export type PlannerView = { rows: PlannerRow[]; bars: PlannerBar[]; orders: PlannerOrder[] };

const RECORD = "¶";
const FIELD = "¦";
const clean = (value: string | number | null) =>
  typeof value === "string" ? (value.includes(RECORD) || value.includes(FIELD) ? value.replace(/[¶¦]/g, " ") : value) : String(value ?? "");
const pack = (records: (string | number | null)[][]) => records.map((fields) => fields.map(clean).join(FIELD)).join(RECORD);
const unpack = (text: string) => (text === "" ? [] : text.split(RECORD).map((record) => record.split(FIELD)));

const KIND_CODES: Record<BarKind, string> = { block: "b", held: "h", paid: "p", picked_up: "u", returned: "r" };
const CODE_KINDS = Object.fromEntries(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind])) as Record<string, BarKind>;
/** Kinds of bars that may move to another unit: blocks, and orders not handed out yet. */
export const isMovable = (kind: BarKind) => kind === "block" || kind === "held" || kind === "paid";
const nullable = (value: string) => (value === "" ? null : Number(value));

export function packPlanner(view: PlannerView, firstDay: IsoDate): PlannerWire {
  const first = dayNumber(firstDay);
  return {
    rows: pack(
      view.rows.map((row) =>
        row.kind === "category"
          ? ["c", row.key, row.label]
          : row.kind === "group"
            ? ["g", row.key, row.label, row.size, row.count]
            : ["u", row.group, row.id, row.code, row.status],
      ),
    ),
    bars: pack(
      view.bars.map((bar) => [
        bar.id,
        bar.unitId,
        KIND_CODES[bar.kind],
        bar.from,
        bar.to,
        bar.buffer,
        (bar.clippedStart ? 1 : 0) + (bar.clippedEnd ? 2 : 0),
        dayNumber(bar.firstDay) - first,
        dayNumber(bar.lastDay) - first,
        bar.order,
        bar.note,
      ]),
    ),
    orders: pack(view.orders.map((order) => [order.id, order.number, order.name, order.status])),
  };
}

export function unpackPlanner(wire: PlannerWire, firstDay: IsoDate): PlannerView {
  const rows = unpack(wire.rows).map((f): PlannerRow => {
    if (f[0] === "c") return { kind: "category", key: f[1], label: f[2] };
    if (f[0] === "g") return { kind: "group", key: f[1], label: f[2], size: f[3] === "" ? null : f[3], count: Number(f[4]) };
    return { kind: "unit", key: `u:${f[2]}`, group: f[1], id: Number(f[2]), code: f[3], status: f[4] as PlannerUnit["status"] };
  });
  const first = dayNumber(firstDay);
  const dates = new Map<string, IsoDate>();
  const dateAt = (offset: string) => {
    let date = dates.get(offset);
    if (date === undefined) {
      date = new Date((first + Number(offset)) * DAY_MS).toISOString().slice(0, 10);
      dates.set(offset, date);
    }
    return date;
  };
  const bars = unpack(wire.bars).map((f): PlannerBar => {
    const from = Number(f[3]);
    const to = Number(f[4]);
    const kind = CODE_KINDS[f[2]];
    return {
      id: Number(f[0]),
      unitId: Number(f[1]),
      kind,
      from,
      to,
      buffer: nullable(f[5]),
      clippedStart: (Number(f[6]) & 1) === 1,
      clippedEnd: (Number(f[6]) & 2) === 2,
      startCol: Math.floor(from),
      endCol: Math.max(Math.floor(from), Math.ceil(to) - 1),
      firstDay: dateAt(f[7]),
      lastDay: dateAt(f[8]),
      order: nullable(f[9]),
      note: f[10] === "" ? null : f[10],
      movable: isMovable(kind),
    };
  });
  const orders = unpack(wire.orders).map((f) => ({ id: f[0], number: f[1], name: f[2], status: f[3] }));
  return { rows, bars, orders };
}
