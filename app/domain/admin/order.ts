/**
 * Orders in the back office: what a clerk may do with an order in each status, the forms for it, the list's
 * query and its CSV export. The walk-in customer's order form is in domain/counter/counter-order.ts.
 *
 *   pending_payment ──paid──▶ paid ──pickup──▶ picked_up ──return──▶ returned
 *          │                   │
 *          └──cancel───────────┴──cancel (refund)──▶ cancelled / refunded
 */
import { z } from "zod";
import { BINDING_VALUE, SOLE_LENGTH_MM } from "../counter/binding";
import type { Locale } from "../i18n";
import { rowId, rowIdKey } from "../ids";
import { daysBetween, zonedDate, zoneOffsetMinutes } from "../periods";
import { SHOP_TIME_ZONE } from "../time-zone";
import { ORDER_SOURCES, type OrderStatus, orderStatusSchema, seasonSchema } from "../vocabulary";
import { checkbox, isoDate, optionalText } from "./fields";
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
const ORDER_EMAIL_KINDS = ["confirmation", "resend", "cancellation", "refund", "pickupReminder", "returnReminder", "other"] as const;
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
