import { type Locale, languageTag } from "../domain/i18n";

/** Weekday name for ISO weekday 1 (Monday) .. 7 (Sunday) in the given language. */
export function weekdayName(weekday: number, locale: Locale): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, weekday));
  return new Intl.DateTimeFormat(languageTag[locale], { weekday: "long", timeZone: "UTC" }).format(date);
}

/** "08:00:00" -> "08:00" */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

export function formatDate(value: Date | string, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const date = typeof value === "string" ? new Date(`${value.length === 10 ? `${value}T12:00:00Z` : value}`) : value;
  return new Intl.DateTimeFormat(languageTag[locale], { timeZone: "Europe/Rome", ...options }).format(date);
}

export function formatMoney(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(languageTag[locale], { style: "currency", currency: "EUR" }).format(cents / 100);
}
