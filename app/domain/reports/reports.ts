/**
 * The week-end reports (/admin/reports, issue 19): their URL, their date range, and the figures built from
 * the rows the server's aggregate queries return. Revenue means what it means on the dashboard
 * (`REVENUE_STATUSES`): order totals, VAT included, of paid, picked-up and returned orders, on the day they
 * were paid in the shop's time zone.
 */

import { z } from "zod";
import { type RevenueDay, revenueByDay } from "../admin/dashboard";
import { type CsvDialect, csvDecimal, csvDialect, csvRow } from "../admin/order";
import { type Locale, pick, type Translated } from "../i18n";
import { rowId } from "../ids";
import { addDays, daysBetween, type IsoDate } from "../periods";
import type { OrderSource } from "../vocabulary";

/** Every report the page shows, each also a CSV file (`/admin/reports.csv?report=…`). */
const REPORTS = [
  "revenue-by-day",
  "revenue-by-branch",
  "revenue-by-category",
  "revenue-by-channel",
  "utilisation",
  "top-items",
  "coupons",
  "hotels",
  "cancellations",
] as const;
export type ReportName = (typeof REPORTS)[number];

/** The days the range shows by default: the last 7, today included. */
const DEFAULT_REPORT_DAYS = 7;
/** The longest range one page covers; a longer one falls back to the default. */
const MAX_REPORT_DAYS = 366;
/** How many items each top list shows (the CSV has them all). */
export const TOP_ITEMS = 10;

const isoDate = z.iso.date();

/** The page's URL: a date range and a branch, each dropped when malformed (a URL is typed by hand). */
export const reportsQuery = z.object({
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  shop: rowId.optional().catch(undefined),
});
export type ReportsQuery = z.infer<typeof reportsQuery>;

/** The CSV file's URL: the page's, and which report (by default the revenue per day). */
export const reportCsvQuery = reportsQuery.extend({ report: z.enum(REPORTS).catch("revenue-by-day") });

export type ReportRange = { from: IsoDate; to: IsoDate; days: IsoDate[] };

/**
 * The range a query asks for, both ends included: `to` defaults to today, `from` to six days before `to`.
 * A range that ends before it starts or is longer than `MAX_REPORT_DAYS` gives the default range.
 */
export function reportRange(query: Pick<ReportsQuery, "from" | "to">, today: IsoDate): ReportRange {
  let to = query.to ?? today;
  let from = query.from ?? addDays(to, 1 - DEFAULT_REPORT_DAYS);
  const span = daysBetween(from, to) + 1;
  if (span < 1 || span > MAX_REPORT_DAYS) {
    to = today;
    from = addDays(today, 1 - DEFAULT_REPORT_DAYS);
  }
  return { from, to, days: Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i)) };
}

/** The branches a report covers: the one asked for (its access checked before), else all of the user's (null: every branch). */
export function reportScope(userShopIds: number[] | null, shop: number | undefined): number[] | null {
  return shop === undefined ? userShopIds : [shop];
}

/** A day's revenue as the server sums it. */
export type DayRow = { date: IsoDate; orders: number; cents: number; waiverCents: number };

/** Every day of the range, oldest first, with no revenue on a day without any. */
export function revenueDays(days: IsoDate[], rows: DayRow[]): RevenueDay[] {
  const filled = revenueByDay(days, []);
  const byDay = new Map(rows.map((row) => [row.date, row]));
  return filled.map((day) => {
    const row = byDay.get(day.date);
    return row ? { date: day.date, cents: row.cents, waiverCents: row.waiverCents, orders: row.orders } : day;
  });
}

/** A share 0..1, 0 when there is nothing to share. */
export function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** A share as a percentage with one decimal, as the page and the CSV show it (0.4286 → 42.9). */
export function percentOfShare(value: number): number {
  return Math.round(value * 1000) / 10;
}

export type UnitDays = { itemId: number; size: string | null; units: number; bookedDays: number };
export type UtilisationRow = UnitDays & { availableDays: number; share: number };

/**
 * Utilisation per item and size: the unit-days booked over the unit-days there were (active units times the
 * range's days), busiest first, then by item and size.
 */
export function utilisationRows(rows: UnitDays[], dayCount: number): UtilisationRow[] {
  return rows
    .map((row) => {
      const availableDays = row.units * dayCount;
      return { ...row, availableDays, share: share(row.bookedDays, availableDays) };
    })
    .sort(
      (a, b) => b.share - a.share || a.itemId - b.itemId || (a.size ?? "").localeCompare(b.size ?? "", undefined, { numeric: true }) || 0,
    );
}

export type ItemRow = { itemId: number; revenueCents: number; rentalDays: number; quantity: number };

/** The best items by revenue or by rental days (the other figure breaking ties, then the item). */
export function topItems<T extends ItemRow>(rows: T[], by: "revenue" | "days", limit = TOP_ITEMS): T[] {
  const key = (row: ItemRow) => (by === "revenue" ? [row.revenueCents, row.rentalDays] : [row.rentalDays, row.revenueCents]);
  return rows
    .filter((row) => (by === "revenue" ? row.revenueCents > 0 : row.rentalDays > 0))
    .sort((a, b) => {
      const [a1, a2] = key(a);
      const [b1, b2] = key(b);
      return b1 - a1 || b2 - a2 || a.itemId - b.itemId;
    })
    .slice(0, limit);
}

export type BranchRevenue = { shopId: number; orders: number; cents: number };
export type BranchCancellations = { shopId: number; cancelled: number; cents: number };
export type CancellationRow = { shopId: number; cancelled: number; cents: number; share: number };

/**
 * Cancellations per branch: the orders cancelled or refunded in the range, their value, and their share of
 * the range's orders that count (those cancelled plus those that are revenue). Branches without either are left out.
 */
export function cancellationRows(revenue: BranchRevenue[], cancelled: BranchCancellations[]): CancellationRow[] {
  const ids = [...new Set([...revenue.map((r) => r.shopId), ...cancelled.map((c) => c.shopId)])];
  return ids.map((shopId) => {
    const kept = revenue.find((r) => r.shopId === shopId)?.orders ?? 0;
    const lost = cancelled.find((c) => c.shopId === shopId) ?? { cancelled: 0, cents: 0 };
    return { shopId, cancelled: lost.cancelled, cents: lost.cents, share: share(lost.cancelled, lost.cancelled + kept) };
  });
}

/** The same over all the branches. */
export function cancellationTotal(revenue: BranchRevenue[], cancelled: BranchCancellations[]) {
  const lost = cancelled.reduce((sum, c) => sum + c.cancelled, 0);
  const kept = revenue.reduce((sum, r) => sum + r.orders, 0);
  return { cancelled: lost, cents: cancelled.reduce((sum, c) => sum + c.cents, 0), share: share(lost, lost + kept) };
}

/** Cents as a plain figure in euros, with the dialect's decimal mark: 12345 → "123.45" (English), "123,45". */
function csvEuros(cents: number, dialect: CsvDialect): string {
  return csvDecimal(cents / 100, 2, dialect);
}

/**
 * A report as a CSV file a spreadsheet opens: a header row, then one row per line of figures, as plain
 * numbers (euros with two decimals, percentages with one) in the language's dialect (`csvDialect`: a
 * decimal comma and semicolons outside English), UTF-8 with a byte order mark (accented names), lines
 * ended CRLF; cells are quoted and guarded against formulas like the order list's.
 */
export function reportCsv(header: string[], rows: (string | number | null)[][], dialect: CsvDialect): string {
  return `\uFEFF${[csvRow(header, dialect), ...rows.map((row) => csvRow(row, dialect))].join("\r\n")}\r\n`;
}

/** The reports as the server gives them to the page and the CSV files. */
export type ReportData = {
  range: ReportRange;
  totals: { orders: number; cents: number; waiverCents: number };
  days: RevenueDay[];
  branches: (BranchRevenue & { name: string })[];
  channels: { source: OrderSource; orders: number; cents: number }[];
  categories: { categoryId: string; name: Partial<Translated>; orders: number; cents: number }[];
  utilisation: (UtilisationRow & { name: Partial<Translated> | null })[];
  items: (ItemRow & { name: Partial<Translated>; category: Partial<Translated> })[];
  coupons: { couponId: number; code: string; orders: number; cents: number; discountCents: number }[];
  hotels: { hotelId: number; name: string; orders: number; cents: number; discountCents: number }[];
  cancellations: { rows: (CancellationRow & { name: string })[]; total: { cancelled: number; cents: number; share: number } };
};

/** Whether the range has any order to report on (revenue or a cancellation); the fleet is reported either way. */
export function hasOrders(data: Pick<ReportData, "totals" | "cancellations">): boolean {
  return data.totals.orders > 0 || data.cancellations.total.cancelled > 0;
}

/** Each CSV file's columns, named by the keys of `admin.reports.csvColumn`. */
export const CSV_COLUMNS: Record<ReportName, string[]> = {
  "revenue-by-day": ["date", "orders", "revenue", "damageWaiver"],
  "revenue-by-branch": ["branch", "orders", "revenue"],
  "revenue-by-category": ["category", "orders", "revenue"],
  "revenue-by-channel": ["channel", "orders", "revenue"],
  utilisation: ["item", "size", "units", "availableDays", "bookedDays", "utilisation"],
  "top-items": ["item", "category", "revenue", "rentalDays", "quantity"],
  coupons: ["coupon", "orders", "revenue", "discount"],
  hotels: ["hotel", "orders", "revenue", "discount"],
  cancellations: ["branch", "cancelled", "share", "value"],
};

/**
 * A report's rows for its CSV file, every figure there is (the top items: all of them, by revenue). Names and
 * figures are in `locale` (its decimal mark); the channel in words as the page names it; the damage waivers'
 * line of the revenue by category, which no category holds, as the dashboard names it.
 */
export function csvRows(report: ReportName, data: ReportData, locale: Locale, t: (key: string) => string): (string | number | null)[][] {
  const dialect = csvDialect(locale);
  const euros = (cents: number) => csvEuros(cents, dialect);
  const percent = (share: number) => csvDecimal(percentOfShare(share), 1, dialect);
  switch (report) {
    case "revenue-by-day":
      return data.days.map((d) => [d.date, d.orders, euros(d.cents), euros(d.waiverCents)]);
    case "revenue-by-branch":
      return data.branches.map((b) => [b.name, b.orders, euros(b.cents)]);
    case "revenue-by-category":
      return [
        ...data.categories.map((c) => [pick(c.name, locale) || c.categoryId, c.orders, euros(c.cents)]),
        ...(data.totals.waiverCents > 0 ? [[t("admin.dashboard.waiverColumn"), null, euros(data.totals.waiverCents)]] : []),
      ];
    case "revenue-by-channel":
      return data.channels.map((c) => [t(`admin.reports.channels.${c.source}`), c.orders, euros(c.cents)]);
    case "utilisation":
      return data.utilisation.map((u) => [pick(u.name, locale), u.size, u.units, u.availableDays, u.bookedDays, percent(u.share)]);
    case "top-items":
      return topItems(data.items, "revenue", Number.POSITIVE_INFINITY)
        .concat(data.items.filter((i) => i.revenueCents <= 0))
        .map((i) => [pick(i.name, locale), pick(i.category, locale), euros(i.revenueCents), i.rentalDays, i.quantity]);
    case "coupons":
      return data.coupons.map((c) => [c.code, c.orders, euros(c.cents), euros(c.discountCents)]);
    case "hotels":
      return data.hotels.map((h) => [h.name, h.orders, euros(h.cents), euros(h.discountCents)]);
    case "cancellations":
      return data.cancellations.rows.map((c) => [c.name, c.cancelled, percent(c.share), euros(c.cents)]);
  }
}
