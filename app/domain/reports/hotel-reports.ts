/**
 * The partner hotels' commission report: its rule and its CSV file.
 *
 * Commission rule (shown on the report): an order counts for its hotel when it was paid, picked up or
 * returned (not while it waits for payment, nor once cancelled, expired or refunded), in the month of its
 * pickup in the shop's time zone. Revenue is the order total as paid (VAT included, after discounts). The
 * commission is the hotel's current commission percent of the month's revenue, rounded half up to a cent
 * once per hotel and month.
 */
import { z } from "zod";
import { csvDecimal, csvDialect, csvRow } from "../admin/order";
import type { Locale } from "../i18n";
import { PAID_STATUSES } from "../order-states";
import { percentOf } from "../pricing";

/** Order statuses whose revenue earns the hotel its commission. */
export const COMMISSION_STATUSES = PAID_STATUSES;

export function commissionCents(revenueCents: number, commissionPercent: number): number {
  return percentOf(revenueCents, commissionPercent);
}

/** "2027-01": a calendar month, as the report's URL names it. */
export const reportMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, m - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

export type CommissionRow = {
  hotelId: number;
  name: string;
  town: string;
  active: boolean;
  commissionPercent: number;
  orders: number;
  revenueCents: number;
  commissionCents: number;
};

export function reportTotals(rows: CommissionRow[]) {
  return rows.reduce(
    (sum, row) => ({
      orders: sum.orders + row.orders,
      revenueCents: sum.revenueCents + row.revenueCents,
      commissionCents: sum.commissionCents + row.commissionCents,
    }),
    { orders: 0, revenueCents: 0, commissionCents: 0 },
  );
}

/**
 * The report as a CSV file a spreadsheet opens as it is, in the language's dialect (`csvDialect`, decision
 * 053): comma and decimal point in English, semicolon and decimal comma in the others. Amounts are euros.
 */
export function commissionCsv(month: string, rows: CommissionRow[], headers: string[], locale: Locale): string {
  const dialect = csvDialect(locale);
  const euros = (cents: number) => csvDecimal(cents / 100, 2, dialect);
  const lines = [
    csvRow(headers, dialect),
    ...rows.map((row) =>
      csvRow([month, row.name, row.town, row.commissionPercent, row.orders, euros(row.revenueCents), euros(row.commissionCents)], dialect),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
