import { describe, expect, it } from "vitest";
import { calendarNames, formatDate, formatDateTime, formatMoney, formatTag, formatTime } from "./format";
import { type Locale, locales } from "./i18n";

/** Intl separates with no-break spaces; the expectations below are written with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

// 09:00 on Sunday, 20 December 2026, in the shop's time zone (Rome, UTC+1 in winter).
const morning = new Date("2026-12-20T08:00:00Z");

describe("formats per language", () => {
  it.each<[Locale, string, string, string]>([
    ["en", "€1,234.50", "20 December 2026", "09:00"],
    ["de", "1.234,50 €", "20. Dezember 2026", "09:00"],
    ["it", "1.234,50 €", "20 dicembre 2026", "09:00"],
    ["nl", "€ 1.234,50", "20 december 2026", "09:00"],
    ["be", "€ 1.234,50", "20 december 2026", "09:00"],
    ["da", "1.234,50 €", "20. december 2026", "09.00"],
  ])("%s: money %s, day %s, time %s", (locale, money, day, time) => {
    expect(plain(formatMoney(123_450, locale))).toBe(money);
    expect(plain(formatDate("2026-12-20", locale))).toBe(day);
    // The hour picker's wall-clock time and an order's instant read the same.
    expect(formatTime("09:00", locale)).toBe(time);
    expect(formatTime("09:00:00", locale)).toBe(time);
    expect(formatTime(morning, locale)).toBe(time);
    expect(formatTime(morning.toISOString(), locale)).toBe(time);
    // Pages, e-mails and PDFs write the day with the same time, never "9:00 AM".
    for (const style of ["full", "long", "medium"] as const) {
      const text = plain(formatDateTime(morning, locale, style));
      expect(text).toContain(time);
      expect(text).not.toMatch(/AM|PM/);
    }
    expect(formatTime("17:30", locale)).toBe(time.replace("09", "17").replace("00", "30"));
  });

  it.each(locales)("%s: a wall-clock time reads as Intl writes it, at every quarter hour", (locale) => {
    const intl = new Intl.DateTimeFormat(formatTag[locale], { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const [h, m] = [Math.floor(minutes / 60), minutes % 60];
      const clock = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
      expect(formatTime(clock, locale)).toBe(intl.format(new Date(Date.UTC(2024, 0, 1, h, m))));
    }
  });

  it.each<[Locale, string, string, string]>([
    ["en", "December", "Monday", "Sun"],
    ["de", "Dezember", "Montag", "So"],
    ["it", "dicembre", "lunedì", "dom"],
    ["nl", "december", "maandag", "zo"],
    ["be", "december", "maandag", "zo"],
    ["da", "december", "mandag", "søn."],
  ])("%s: the calendar's names, the week from Monday to Sunday", (locale, december, monday, sunday) => {
    const names = calendarNames(locale);
    expect(names.months).toHaveLength(12);
    expect(names.months[11]).toBe(december);
    expect(names.weekdays[0]).toBe(monday);
    expect(names.weekdaysShort[6]).toBe(sunday);
  });

  it("the English full form is British: day before month, 24-hour time", () => {
    expect(plain(formatDateTime(new Date("2026-12-20T17:30:00Z"), "en", "full"))).toMatch(/^Sunday,? 20 December 2026 at 18:30$/);
  });
});
