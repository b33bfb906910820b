/**
 * Orders at the counter: what a clerk may do with an order in each status, and the forms for it.
 *
 *   pending_payment ──paid──▶ paid ──pickup──▶ picked_up ──return──▶ returned
 *          │                   │
 *          └──cancel───────────┴──cancel (refund)──▶ cancelled / refunded
 */
import { z } from "zod";
import { BINDING_VALUE, SOLE_LENGTH_MM } from "../counter/binding";
import { rowsOf } from "../forms";
import type { Locale } from "../i18n";
import { rowId, rowIdKey, rowIdSchema } from "../ids";
import { addDays, checkPeriod, daysBetween, isoWeekday, type ShopCalendar, zonedDate, zoneOffsetMinutes } from "../periods";
import { MAX_PERSONS } from "../person-rows";
import { PERSON_LIMITS, shoeSizeEu, withShoeSizeInEu } from "../persons";
import { SHOP_TIME_ZONE } from "../time-zone";
import { ORDER_SOURCES, type OrderStatus, orderStatusSchema, SEASONS, SKILLS, seasonOn, seasonSchema } from "../vocabulary";
import { checkbox, clockTime, isoDate, oneOf, optionalText, requiredText } from "./fields";
import { listQuery } from "./list";

export type OrderAction = "pickup" | "change" | "return" | "cancel" | "resend";

/** The actions a clerk can take on an order in a status. */
export function orderActions(status: OrderStatus): OrderAction[] {
  switch (status) {
    case "paid":
      return ["pickup", "change", "cancel", "resend"];
    case "pending_payment":
      return ["cancel"];
    case "picked_up":
      return ["return", "resend"];
    case "returned":
      return ["resend"];
    default:
      return [];
  }
}

/**
 * The outbox kinds of an order's e-mails, as the order page names them. A kind carries a suffix when one
 * order may get several of it (`confirmation-2` for a resend, `refund-{payment}-{refunded before}` per
 * refund), since the outbox sends each kind of an order once.
 */
export const ORDER_EMAIL_KINDS = ["confirmation", "resend", "cancellation", "refund", "pickupReminder", "returnReminder", "other"] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export function orderEmailKind(kind: string): OrderEmailKind {
  if (kind === "confirmation") return "confirmation";
  if (/^confirmation-\d+$/.test(kind)) return "resend";
  if (kind === "cancellation") return "cancellation";
  if (/^refund-\d+-\d+$/.test(kind)) return "refund";
  if (kind === "pickup-reminder") return "pickupReminder";
  if (kind === "return-reminder") return "returnReminder";
  return "other";
}

export const ordersQuery = listQuery(
  ["created", "pickup", "number", "total"],
  {
    status: orderStatusSchema.optional().catch(undefined),
    shop: rowId.optional().catch(undefined),
    app: seasonSchema.optional().catch(undefined),
    source: z.enum(ORDER_SOURCES).optional().catch(undefined),
    /** Pickup on or after / on or before these days (shop time). */
    from: isoDate.optional().catch(undefined),
    to: isoDate.optional().catch(undefined),
  },
  "desc",
);
export type OrdersQuery = z.infer<typeof ordersQuery>;

/** Unit codes as a clerk scans or types them: one or more per line, separated by spaces, commas or new lines. */
export function parseCodes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** A release value as a clerk types it ("6.5" or "6,5"), in the binding scale's quarter steps; empty is none. */
const bindingValue = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? null : value.trim().replace(",", ".")) : value),
  z.coerce
    .number({ message: "admin.orders.errors.bindingValue" })
    .min(BINDING_VALUE.min, { message: "admin.orders.errors.bindingValue" })
    .max(BINDING_VALUE.max, { message: "admin.orders.errors.bindingValue" })
    .refine((v) => Number.isInteger(v / BINDING_VALUE.step), { message: "admin.orders.errors.bindingValue" })
    .nullable(),
);

export const pickupSchema = z.object({
  /** `codes.{lineId}`: the codes handed out for that line. */
  codes: z.record(rowIdKey, z.string().max(500)).default({}),
  /** `binding.{lineId}.*` of a ski line: the boot's sole length read off its heel and the value the clerk set. */
  binding: z
    .record(
      rowIdKey,
      z.object({
        value: bindingValue.default(null),
        soleLengthMm: z
          .preprocess(
            (value) => (typeof value === "string" && value.trim() === "" ? null : value),
            z.coerce
              .number({ message: "admin.orders.errors.soleLength" })
              .int({ message: "admin.orders.errors.soleLength" })
              .min(SOLE_LENGTH_MM.min, { message: "admin.orders.errors.soleLength" })
              .max(SOLE_LENGTH_MM.max, { message: "admin.orders.errors.soleLength" })
              .nullable(),
          )
          .default(null),
      }),
    )
    .default({}),
  /** The clerk confirms handing out days before the pickup day (see `EARLY_PICKUP_DAYS`). */
  early: checkbox,
});

/**
 * Handing out the evening before is what ski shops do; from this many days before the pickup day the
 * counter asks first: the units would be missing for other customers in between, and it is often the
 * wrong order.
 */
export const EARLY_PICKUP_DAYS = 2;

/** Whole days from today to the order's pickup day, in the shop's time zone (0 on the day, negative after). */
export function daysUntilPickup(pickupAt: Date, now: Date, timeZone = SHOP_TIME_ZONE): number {
  return daysBetween(zonedDate(now, timeZone), zonedDate(pickupAt, timeZone));
}

export const returnSchema = z.object({ note: optionalText(2000) });

export const cancelSchema = z.object({
  refund: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  reason: optionalText(500),
});

const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z.coerce
      .number({ message: "admin.errors.number" })
      .int({ message: "admin.errors.number" })
      .min(min, { message: "admin.errors.range" })
      .max(max, { message: "admin.errors.range" })
      .nullable(),
  );

/** The most rows the counter form takes: a big family, and everything they rent and buy. */
export const COUNTER_ROWS = { persons: MAX_PERSONS, lines: 40 } as const;

/**
 * A person at the counter: the first name, and what helps choose sizes. The shoe size may be given in EU, UK,
 * US or Mondo (`shoeSystem`); it is kept as EU.
 */
export const counterPersonFields = z.object({
  firstName: requiredText(60),
  lastName: optionalText(60),
  heightCm: optionalNumber(PERSON_LIMITS.heightCm[0], PERSON_LIMITS.heightCm[1]),
  weightKg: optionalNumber(PERSON_LIMITS.weightKg[0], PERSON_LIMITS.weightKg[1]),
  age: optionalNumber(PERSON_LIMITS.age[0], PERSON_LIMITS.age[1]),
  skill: z.preprocess(
    (value) => (value === "" ? null : value),
    z.enum(SKILLS, { message: "admin.errors.choose" }).nullable().default(null),
  ),
  shoeSize: shoeSizeEu.transform((eu) => eu ?? null),
});
export const counterPersonSchema = withShoeSizeInEu(counterPersonFields);

/** A line at the counter: `item` is "itemId" or "itemId|size" (ids are 32-bit); person "" is for the whole order. */
export const counterLineSchema = z.object({
  item: z.string().regex(/^\d{1,9}(\|.{1,20})?$/, { message: "admin.errors.choose" }),
  person: z.string().regex(/^(\d+)?$/),
  quantity: z.coerce.number().int().min(1, { message: "admin.errors.range" }).max(20, { message: "admin.errors.range" }).default(1),
});

/** The walk-in customer's order, as the counter form posts it. */
export const counterOrderSchema = z.object({
  shopId: rowIdSchema("admin.errors.choose"),
  appId: oneOf(SEASONS),
  pickupDate: isoDate,
  pickupTime: clockTime,
  returnDate: isoDate,
  returnTime: clockTime,
  persons: z.array(counterPersonSchema).max(COUNTER_ROWS.persons).default([]),
  lines: z.array(counterLineSchema).max(COUNTER_ROWS.lines).default([]),
  name: requiredText(120),
  email: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: "admin.errors.email" }))
      .nullable(),
  ),
  phone: optionalText(40),
  language: oneOf(["en", "de", "it", "nl", "be", "da"] as const),
  method: oneOf(["cash", "card"] as const),
  /** The customer takes the damage waiver (only when the shop offers it); never ticked in advance. */
  damageWaiver: checkbox,
  note: optionalText(1000),
});
export type CounterOrderInput = z.infer<typeof counterOrderSchema>;

/** The counter form's line value for an item and size: "12" or "12|156". */
export function lineValue(itemId: number, size: string | null): string {
  return size ? `${itemId}|${size}` : String(itemId);
}

export function parseLineValue(value: string): { itemId: number; size: string | null } {
  const [id, ...size] = value.split("|");
  return { itemId: Number(id), size: size.length > 0 ? size.join("|") : null };
}

/**
 * How a spreadsheet of a language reads a CSV file it opens (decision 053): in English comma-separated with
 * a decimal point; in the other languages (all write a decimal comma) semicolon-separated with a decimal
 * comma, as Excel and LibreOffice in those languages expect. The hotels' commission report follows it too.
 */
export type CsvDialect = { separator: "," | ";"; decimal: "." | "," };

export function csvDialect(locale: Locale): CsvDialect {
  return locale === "en" ? { separator: ",", decimal: "." } : { separator: ";", decimal: "," };
}

const ENGLISH_CSV = csvDialect("en");

/** One CSV cell: quoted when needed, and never starting like a spreadsheet formula (CSV injection). */
export function csvCell(value: string | number | null | undefined, dialect: CsvDialect = ENGLISH_CSV): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /["\n\r]/.test(text) || text.includes(dialect.separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: (string | number | null | undefined)[], dialect: CsvDialect = ENGLISH_CSV): string {
  return cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator);
}

/** A figure with `digits` decimals, written with the dialect's decimal mark: 1234.5 → "1234,50" in German. */
export function csvDecimal(value: number, digits: number, dialect: CsvDialect): string {
  return value.toFixed(digits).replace(".", dialect.decimal);
}

/**
 * An instant as a CSV cell a spreadsheet reads as a date and time: the wall clock of the shop's time zone,
 * `2026-12-10 09:00` (not UTC, not ISO with `T` and `Z`, which spreadsheets keep as text). Empty for none.
 */
export function csvDateTime(instant: Date | null | undefined, timeZone = SHOP_TIME_ZONE): string {
  if (!instant) return "";
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

// ---------------------------------------------------------------------------------------------
// The counter form as the clerk fills it in

type Row = Record<string, string>;
/** The counter form's values with its repeating rows as lists (`persons.0.firstName` → persons[0].firstName). */
export type CounterDraftValues = Record<string, unknown> & { persons: Row[]; lines: Row[] };

const blankPerson = (): Row => ({
  firstName: "",
  lastName: "",
  heightCm: "",
  weightKg: "",
  age: "",
  skill: "",
  shoeSize: "",
  shoeSystem: "",
});
const blankLine = (person: string): Row => ({ person, item: "", quantity: "1" });

/** The form a clerk starts with: one person, one line for them, the customer's language and card payment. */
export function newCounterDraft(period: Record<string, string | number>, language: string): CounterDraftValues {
  return { ...period, persons: [blankPerson()], lines: [blankLine("0")], language, method: "card" };
}

const asRows = (rows: Record<string, unknown>[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "string" ? value : ""])));

/**
 * The posted counter form after its button: `addPerson`, `addLine`, `removePerson-{i}` or `removeLine-{i}`
 * change the rows (the form round-trips, so it works without JavaScript); any other intent leaves them.
 * A removed person takes their lines along, and the lines of the persons after them follow their new place.
 */
export function editCounterRows(values: Record<string, unknown>, intent: string): CounterDraftValues {
  const persons = asRows(rowsOf(values, "persons", COUNTER_ROWS.persons));
  let lines = asRows(rowsOf(values, "lines", COUNTER_ROWS.lines));
  if (intent === "addPerson" && persons.length < COUNTER_ROWS.persons) persons.push(blankPerson());
  if (intent === "addLine" && lines.length < COUNTER_ROWS.lines)
    lines.push(blankLine(persons.length > 0 ? String(persons.length - 1) : ""));
  const remove = /^remove(Person|Line)-(\d+)$/.exec(intent);
  if (remove?.[1] === "Line") lines.splice(Number(remove[2]), 1);
  if (remove?.[1] === "Person") {
    const index = Number(remove[2]);
    persons.splice(index, 1);
    lines = lines
      .filter((line) => line.person !== String(index))
      .map((line) => (line.person !== "" && Number(line.person) > index ? { ...line, person: String(Number(line.person) - 1) } : line));
  }
  return { ...values, persons, lines };
}

/** Now, rounded up to the next quarter hour, in the shop's time zone: a walk-in takes the equipment right away. */
function nextQuarterHour(now: Date, timeZone: string) {
  const rounded = new Date(Math.ceil(now.getTime() / 900_000) * 900_000);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(rounded);
  return { date: zonedDate(rounded, timeZone), time, season: seasonOn(rounded, timeZone) };
}

/** The counter's season to start with: the one of today. */
export function counterSeason(now: Date, timeZone = SHOP_TIME_ZONE) {
  return nextQuarterHour(now, timeZone).season;
}

/**
 * The counter's period to start with, one the branch takes: from now (the next quarter hour) until closing
 * time, or, when the branch is closed now or out of season (a November morning for the winter branches),
 * its next open day in the season, from opening to closing. Null when the branch has no such day within
 * a year (no opening hours at all).
 */
export function counterStart(calendar: ShopCalendar, now: Date, timeZone = SHOP_TIME_ZONE) {
  const start = nextQuarterHour(now, timeZone);
  for (let offset = 0; offset <= 366; offset++) {
    const day = addDays(start.date, offset);
    for (const slot of calendar.hours.filter((h) => h.weekday === isoWeekday(day))) {
      const opens = slot.opens.slice(0, 5);
      const period = {
        pickupDate: day,
        pickupTime: offset === 0 && start.time > opens ? start.time : opens,
        returnDate: day,
        returnTime: slot.closes.slice(0, 5),
      };
      if (checkPeriod(period, calendar, now).ok) return period;
    }
  }
  return null;
}
