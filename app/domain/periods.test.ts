import { describe, expect, it } from "vitest";
import {
  checkPeriod,
  hourOptions,
  inSeason,
  isoWeekday,
  rentalDays,
  reservationRange,
  type ShopCalendar,
  seasonDates,
  zonedDate,
  zonedInstant,
  zoneOffsetMinutes,
} from "./periods";

const everyDay = (opens: string, closes: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));
const winter: ShopCalendar = { hours: everyDay("08:00", "18:00"), closedDays: ["2026-12-25"], seasonStart: "12-01", seasonEnd: "04-15" };
const summer: ShopCalendar = {
  // Lunch break, closed on Mondays.
  hours: [2, 3, 4, 5, 6, 7].flatMap((weekday) => [
    { weekday, opens: "09:00:00", closes: "12:30:00" },
    { weekday, opens: "14:30:00", closes: "18:30:00" },
  ]),
  closedDays: [],
  seasonStart: "05-15",
  seasonEnd: "10-15",
};
const now = new Date("2026-11-22T10:00:00Z");

describe("rental days", () => {
  it.each([
    ["2026-12-27", "2026-12-27", 1],
    ["2026-12-27", "2026-12-28", 2],
    ["2026-12-27", "2027-01-02", 7],
    ["2027-02-27", "2027-03-01", 3], // across the end of February
    ["2028-02-28", "2028-03-01", 3], // leap year
  ])("%s to %s is %d days", (from, to, days) => {
    expect(rentalDays(from, to)).toBe(days);
  });
});

describe("time zone", () => {
  it.each([
    ["2026-12-27", "09:00", "2026-12-27T08:00:00.000Z"], // CET, UTC+1
    ["2027-07-10", "09:00", "2027-07-10T07:00:00.000Z"], // CEST, UTC+2
    ["2027-03-28", "01:30", "2027-03-28T00:30:00.000Z"], // before the spring change (02:00 -> 03:00)
    ["2027-03-28", "03:30", "2027-03-28T01:30:00.000Z"], // after it
    ["2027-03-28", "02:30", "2027-03-28T01:30:00.000Z"], // does not exist: one hour later
    ["2026-10-25", "02:30", "2026-10-25T01:30:00.000Z"], // exists twice: the later one
    ["2026-10-25", "09:00", "2026-10-25T08:00:00.000Z"],
  ])("%s %s in Rome is %s", (date, time, iso) => {
    expect(zonedInstant(date, time).toISOString()).toBe(iso);
  });

  it("counts days by the calendar, not by 24-hour blocks, across a DST change", () => {
    const result = checkPeriod(
      { pickupDate: "2027-03-27", returnDate: "2027-03-29", pickupTime: "09:00", returnTime: "09:00" },
      winter,
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.days).toBe(3);
    // The clocks went forward: the rental is one hour shorter than 48 h.
    expect((result.value.returnAt.getTime() - result.value.pickupAt.getTime()) / 3_600_000).toBe(47);
  });

  it.each([
    ["2026-12-31T22:59:59.000Z", "2026-12-31"],
    ["2026-12-31T23:00:00.000Z", "2027-01-01"], // midnight in Rome, still the old year in UTC
    ["2027-07-10T22:30:00.000Z", "2027-07-11"], // summer time: UTC+2
    ["2027-03-28T01:30:00.000Z", "2027-03-28"],
  ])("the instant %s is on %s in Rome", (iso, date) => {
    expect(zonedDate(new Date(iso))).toBe(date);
  });

  // The offsets are remembered per quarter hour: the instant just before a change and the one at it must not
  // share an answer, asked in either order.
  it.each([
    ["Europe/Rome", "2027-03-28T00:59:59.999Z", 60],
    ["Europe/Rome", "2027-03-28T01:00:00.000Z", 120],
    ["Europe/Rome", "2026-10-25T00:59:59.999Z", 120],
    ["Europe/Rome", "2026-10-25T01:00:00.000Z", 60],
    // Lord Howe Island moves by half an hour, at 02:00 local (15:30 UTC the day before).
    ["Australia/Lord_Howe", "2026-10-03T15:29:59.999Z", 630],
    ["Australia/Lord_Howe", "2026-10-03T15:30:00.000Z", 660],
    ["Asia/Kathmandu", "2026-11-26T12:00:00.000Z", 345],
  ])("in %s the offset at %s is %i minutes", (zone, iso, minutes) => {
    expect(zoneOffsetMinutes(new Date(iso), zone)).toBe(minutes);
    // Asked again, from memory.
    expect(zoneOffsetMinutes(new Date(iso), zone)).toBe(minutes);
  });

  it("gives ISO weekdays", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-22")).toBe(7);
  });
});

describe("season window", () => {
  it.each([
    ["2026-12-01", true],
    ["2026-11-30", false],
    ["2027-01-15", true],
    ["2027-04-15", true],
    ["2027-04-16", false],
  ])("winter: %s is %s", (date, expected) => {
    expect(inSeason(date, "12-01", "04-15")).toBe(expected);
  });
  it.each([
    ["2027-05-15", true],
    ["2027-10-15", true],
    ["2027-10-16", false],
    ["2027-05-14", false],
  ])("summer: %s is %s", (date, expected) => {
    expect(inSeason(date, "05-15", "10-15")).toBe(expected);
  });
});

describe("checkPeriod", () => {
  const ok = (pickupDate: string, returnDate: string, pickupTime = "09:00", returnTime = "17:00", calendar = winter) =>
    checkPeriod({ pickupDate, returnDate, pickupTime, returnTime }, calendar, now);

  it("accepts a one-day rental inside the hours", () => {
    const result = ok("2026-12-27", "2026-12-27");
    expect(result).toMatchObject({ ok: true, value: { days: 1 } });
  });

  it.each([
    ["return before pickup", ["2026-12-28", "2026-12-27"], ["period.returnBeforePickup"]],
    ["same day, return before pickup hour", ["2026-12-27", "2026-12-27", "15:00", "10:00"], ["period.returnBeforePickup"]],
    ["in the past", ["2026-11-20", "2026-12-02"], ["period.pickupInPast", "period.outsideSeason"]],
    ["before the season", ["2026-11-28", "2026-12-02"], ["period.outsideSeason"]],
    ["after the season", ["2027-04-14", "2027-04-16"], ["period.outsideSeason"]],
    ["pickup on a closed day", ["2026-12-25", "2026-12-27"], ["period.pickupDayClosed"]],
    ["return on a closed day", ["2026-12-23", "2026-12-25"], ["period.returnDayClosed"]],
    ["pickup before opening", ["2026-12-27", "2026-12-28", "07:30"], ["period.pickupOutsideHours"]],
    ["pickup at closing time", ["2026-12-27", "2026-12-28", "18:00"], ["period.pickupOutsideHours"]],
    ["return after closing", ["2026-12-27", "2026-12-28", "09:00", "18:30"], ["period.returnOutsideHours"]],
    ["too long", ["2026-12-01", "2027-02-01"], ["period.tooLong"]],
    ["not a date", ["2026-02-30", "2026-03-01"], ["period.invalidDate"]],
    ["not a time", ["2026-12-27", "2026-12-28", "25:00"], ["period.invalidDate"]],
  ] as const)("refuses %s", (_name, args, errors) => {
    const [a, b, c, d] = args as unknown as [string, string, string?, string?];
    expect(ok(a, b, c, d)).toEqual({ ok: false, reason: "period", errors });
  });

  it("allows a return exactly at closing time and respects a lunch break and a weekly closing day", () => {
    expect(ok("2026-12-27", "2026-12-28", "08:00", "18:00").ok).toBe(true);
    expect(ok("2027-07-06", "2027-07-07", "13:00", "17:00", summer)).toEqual({
      ok: false,
      reason: "period",
      errors: ["period.pickupOutsideHours"],
    });
    expect(ok("2027-07-06", "2027-07-07", "14:30", "12:30", summer).ok).toBe(true);
    expect(ok("2027-07-05", "2027-07-07", "10:00", "17:00", summer)).toEqual({
      ok: false,
      reason: "period",
      errors: ["period.pickupDayClosed"],
    });
  });

  it("turns a period into a half-open range with the turnaround buffer", () => {
    const result = ok("2026-12-27", "2026-12-29");
    if (!result.ok) throw new Error("expected a period");
    expect(reservationRange(result.value, 60)).toBe("[2026-12-27T08:00:00.000Z,2026-12-29T17:00:00.000Z)");
  });
});

describe("bookable season dates", () => {
  it.each([
    ["2026-11-22", "12-01", "04-15", { from: "2026-12-01", to: "2027-04-15" }], // before the winter
    ["2027-01-10", "12-01", "04-15", { from: "2027-01-10", to: "2027-04-15" }], // in it, after new year
    ["2026-12-20", "12-01", "04-15", { from: "2026-12-20", to: "2027-04-15" }], // in it, before new year
    ["2027-04-16", "12-01", "04-15", { from: "2027-12-01", to: "2028-04-15" }], // just over
    ["2027-04-15", "12-01", "04-15", { from: "2027-04-15", to: "2027-04-15" }], // last day
    ["2026-11-22", "05-01", "10-31", { from: "2027-05-01", to: "2027-10-31" }], // summer, after it
    ["2027-06-01", "05-01", "10-31", { from: "2027-06-01", to: "2027-10-31" }],
  ])("on %s the season %s..%s is bookable %o", (today, start, end, expected) => {
    expect(seasonDates(today, start, end)).toEqual(expected);
  });
});

describe("hour options", () => {
  it("lists every half hour the branch is open on some day, lunch breaks included", () => {
    const options = hourOptions([
      { weekday: 1, opens: "08:00:00", closes: "10:00:00" },
      { weekday: 1, opens: "09:15:00", closes: "09:45:00" },
      { weekday: 2, opens: "14:00:00", closes: "15:00:00" },
    ]);
    expect(options).toEqual(["08:00", "08:30", "09:00", "09:30", "10:00", "14:00", "14:30", "15:00"]);
  });
});
