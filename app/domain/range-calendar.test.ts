import { describe, expect, it } from "vitest";
import { readCalendarQuery } from "./period-form";
import { type CalendarBounds, dayKind, monthWeeks, pickDay, rangeRole, shiftMonth, visibleMonth } from "./range-calendar";

// A winter season from 1 December to 15 April; the branch is closed on Christmas Day and every Tuesday.
const bounds: CalendarBounds = { min: "2026-12-01", max: "2027-04-15", closedDays: ["2026-12-25"], closedWeekdays: [2] };

describe("the month grid", () => {
  it("runs Monday to Sunday, with blanks for the days of other months", () => {
    const weeks = monthWeeks("2026-12");
    // 1 December 2026 is a Tuesday.
    expect(weeks[0]).toEqual([null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
    expect(weeks.at(-1)).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("has six weeks for a month that starts on a Sunday and four for February starting on Monday", () => {
    expect(monthWeeks("2026-11")).toHaveLength(6);
    expect(monthWeeks("2027-02")).toHaveLength(4);
  });

  it("moves between months across the year", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", -12)).toBe("2025-12");
  });
});

describe("days", () => {
  it("are outside the season, closed, or open", () => {
    expect(dayKind("2026-11-30", bounds)).toBe("outside");
    expect(dayKind("2027-04-16", bounds)).toBe("outside");
    expect(dayKind("2026-12-25", bounds)).toBe("closed");
    expect(dayKind("2026-12-29", bounds)).toBe("closed"); // a Tuesday
    expect(dayKind("2026-12-20", bounds)).toBe("open");
    expect(dayKind("2027-04-15", bounds)).toBe("open");
  });
});

describe("picking a range", () => {
  const none = { from: null, to: null };
  it("takes the pickup first, then a later return day", () => {
    const pickup = pickDay(none, "2026-12-20");
    expect(pickup).toEqual({ from: "2026-12-20", to: null });
    expect(pickDay(pickup, "2026-12-27")).toEqual({ from: "2026-12-20", to: "2026-12-27" });
  });

  it("gives a one-day rental when the pickup day is picked again", () => {
    expect(pickDay({ from: "2026-12-20", to: null }, "2026-12-20")).toEqual({ from: "2026-12-20", to: "2026-12-20" });
  });

  it("starts over from a day before the pickup, and after a complete range", () => {
    expect(pickDay({ from: "2026-12-20", to: null }, "2026-12-18")).toEqual({ from: "2026-12-18", to: null });
    expect(pickDay({ from: "2026-12-20", to: "2026-12-27" }, "2027-01-03")).toEqual({ from: "2027-01-03", to: null });
  });

  it("names each day's place in the range", () => {
    const range = { from: "2026-12-20", to: "2026-12-23" };
    expect(["2026-12-19", "2026-12-20", "2026-12-21", "2026-12-23", "2026-12-24"].map((day) => rangeRole(day, range))).toEqual([
      null,
      "pickup",
      "between",
      "return",
      null,
    ]);
  });

  it("opens on the asked month, else the pickup's, else the season's first, never outside the season", () => {
    expect(visibleMonth("2027-02", none, bounds)).toBe("2027-02");
    expect(visibleMonth(null, { from: "2027-01-10", to: null }, bounds)).toBe("2027-01");
    expect(visibleMonth(null, none, bounds)).toBe("2026-12");
    expect(visibleMonth("2026-06", none, bounds)).toBe("2026-12");
    expect(visibleMonth("2027-09", none, bounds)).toBe("2027-04");
  });
});

describe("the calendar's URL (the form without JavaScript)", () => {
  const read = (query: string) => readCalendarQuery(new URLSearchParams(query), bounds);

  it("says nothing when the step was opened from a link", () => {
    expect(read("")).toBeNull();
    expect(read("category=ski")).toBeNull();
  });

  it("applies the day pressed to the range sent with it, and keeps the hours", () => {
    expect(read("pickupDate=2026-12-20&returnDate=&day=2026-12-27&pickupTime=09:00&returnTime=17:30")).toEqual({
      range: { from: "2026-12-20", to: "2026-12-27" },
      month: "2026-12",
      pickupTime: "09:00",
      returnTime: "17:30",
    });
    expect(read("pickupDate=&returnDate=&day=2027-01-04")?.month).toBe("2027-01");
  });

  it("shows the month pressed without changing the range", () => {
    expect(read("pickupDate=2026-12-20&returnDate=2026-12-27&month=2027-01")).toMatchObject({
      range: { from: "2026-12-20", to: "2026-12-27" },
      month: "2027-01",
    });
  });

  it("drops what is malformed or cannot be booked, and only that", () => {
    // A closed day, a day outside the season, garbage: none of them becomes a pickup or return day.
    expect(read("day=2026-12-25")?.range).toEqual({ from: null, to: null });
    expect(read("day=2026-11-02")?.range).toEqual({ from: null, to: null });
    expect(read("pickupDate=<script>&day=2026-12-20&pickupTime=25:00&month=2026-13")).toEqual({
      range: { from: "2026-12-20", to: null },
      month: "2026-12",
      pickupTime: undefined,
      returnTime: undefined,
    });
    // A return before the pickup is dropped with it.
    expect(read("pickupDate=2026-12-20&returnDate=2026-12-10")?.range).toEqual({ from: "2026-12-20", to: null });
  });
});
