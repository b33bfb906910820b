/**
 * Prices, percentages and days in the reader's language, for pages, e-mails and documents alike. Pure
 * `Intl`, so it sits in domain, where server and components can both reach it.
 */
import { type Locale, languageTag } from "./i18n";
import { SHOP_TIME_ZONE } from "./time-zone";

/**
 * The tag Intl formats with. A shop in the Dolomites writes English the British way: weeks start on
 * Monday, 24-hour times, "25 November 2026". `<html lang>` and hreflang keep `languageTag` ("en").
 */
export const formatTag: Record<Locale, string> = { ...languageTag, en: "en-GB" };

/**
 * Times of day are always 24-hour, two-digit hours, in every language: the hour picker lists "09:00", so
 * the pages, e-mails and PDFs say "09:00" too (Danish writes "09.00" everywhere).
 */
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const TIME_SEPARATOR: Record<Locale, string> = { en: ":", de: ":", it: ":", nl: ":", be: ":", da: "." };

/**
 * Intl formatters are costly to build and a page formats dozens of prices and days: one formatter per
 * language and options, kept for the life of the process (or the page).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(formatTag[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${locale}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formatTag[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Weekday name for ISO weekday 1 (Monday) .. 7 (Sunday) in the given language. */
export function weekdayName(weekday: number, locale: Locale, style: "long" | "short" = "long"): string {
  // 2024-01-01 was a Monday.
  return dateFormat(locale, { weekday: style, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, weekday)));
}

/** Month names (January first) and weekday names (Monday first) for a calendar, as the language writes them alone. */
export function calendarNames(locale: Locale): { months: string[]; weekdays: string[]; weekdaysShort: string[] } {
  const month = dateFormat(locale, { month: "long", timeZone: "UTC" });
  return {
    months: Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2024, i, 15)))),
    weekdays: [1, 2, 3, 4, 5, 6, 7].map((day) => weekdayName(day, locale)),
    weekdaysShort: [1, 2, 3, 4, 5, 6, 7].map((day) => weekdayName(day, locale, "short")),
  };
}

/**
 * A time of day as the reader's language writes it: "09:00", in Danish "09.00". Takes a wall-clock time
 * ("09:00" or "09:00:00", as the hour picker and the opening hours hold it) or an instant (a Date or an
 * ISO string, as loader data brings it), shown in the shop's time zone. The one time format of the shop:
 * picker, pages, e-mails and PDFs all use it.
 */
export function formatTime(value: Date | string, locale: Locale): string {
  const clock = typeof value === "string" ? /^(\d{2}):(\d{2})(:\d{2})?$/.exec(value) : null;
  // A wall-clock time needs no Intl: building a date formatter is the costliest step of a phone's first
  // render of the opening hours. The unit test holds this to Intl's output in every language.
  if (clock) return `${clock[1]}${TIME_SEPARATOR[locale]}${clock[2]}`;
  return dateFormat(locale, { ...TIME, timeZone: SHOP_TIME_ZONE }).format(typeof value === "string" ? new Date(value) : value);
}

/** A day and its time in the reader's language, the time written as `formatTime` writes it. */
export function formatDateTime(value: Date | string, locale: Locale, dateStyle: "full" | "long" | "medium" = "medium"): string {
  return formatDate(value, locale, { dateStyle, timeStyle: "short", hourCycle: "h23" });
}

export function formatDate(value: Date | string, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const date = typeof value === "string" ? new Date(`${value.length === 10 ? `${value}T12:00:00Z` : value}`) : value;
  return dateFormat(locale, { timeZone: SHOP_TIME_ZONE, ...options }).format(date);
}

/** Two days as one range in the reader's language: "Saturday 19 – Saturday 26 December 2026". */
export function formatDayRange(from: string, to: string, locale: Locale): string {
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  return dateFormat(locale, { dateStyle: "full", timeZone: "UTC" }).formatRange(noon(from), noon(to));
}

/**
 * An amount in euros as the reader's language writes it: "€1,234.50", "1.234,50 €", "€ 1.234,50". Thousands
 * are always grouped: Italian Intl leaves "1234,50 €" ungrouped, which Italians do not write on a price.
 */
export function formatMoney(cents: number, locale: Locale): string {
  return numberFormat(locale, { style: "currency", currency: "EUR", useGrouping: "always" }).format(cents / 100);
}

/** 10 -> "10%" in English, "10 %" in German: the language's own way of writing a percentage. */
export function formatPercent(percent: number, locale: Locale): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

/** ["Full name", "E-mail"] -> "Full name and E-mail", "Full name og E-mail": a list as the language joins it. */
export function formatList(items: string[], locale: Locale): string {
  return new Intl.ListFormat(formatTag[locale], { style: "long", type: "conjunction" }).format(items);
}

/** 6.5 -> "6.5" in English, "6,5" in German: a measure such as a binding's release value. */
export function formatDecimal(value: number, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
