/**
 * Prices, percentages and days in the reader's language, for pages, e-mails and documents alike. Pure
 * `Intl`, so it sits in domain, where server and components can both reach it.
 */
import { type Locale, languageTag } from "./i18n";
import { SHOP_TIME_ZONE } from "./time-zone";

/**
 * Intl formatters are costly to build and a page formats dozens of prices and days: one formatter per
 * language and options, kept for the life of the process (or the page).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(languageTag[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${locale}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(languageTag[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Weekday name for ISO weekday 1 (Monday) .. 7 (Sunday) in the given language. */
export function weekdayName(weekday: number, locale: Locale, style: "long" | "short" = "long"): string {
  // 2024-01-01 was a Monday.
  return dateFormat(locale, { weekday: style, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, weekday)));
}

/** "08:00:00" -> "08:00" */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

export function formatDate(value: Date | string, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const date = typeof value === "string" ? new Date(`${value.length === 10 ? `${value}T12:00:00Z` : value}`) : value;
  return dateFormat(locale, { timeZone: SHOP_TIME_ZONE, ...options }).format(date);
}

export function formatMoney(cents: number, locale: Locale): string {
  return numberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** 10 -> "10%" in English, "10 %" in German: the language's own way of writing a percentage. */
export function formatPercent(percent: number, locale: Locale): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}
