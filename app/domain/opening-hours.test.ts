import { describe, expect, it } from "vitest";
import { hoursOn, hoursSummary, weekRuns } from "./opening-hours";
import { seasonOrder } from "./periods";

const winter = { id: "winter", seasonStart: "12-01", seasonEnd: "04-15" };
const summer = { id: "summer", seasonStart: "05-15", seasonEnd: "10-15" };
const every = (appId: string, opens: string, closes: string, days = [1, 2, 3, 4, 5, 6, 7]) =>
  days.map((weekday) => ({ appId, weekday, opens, closes }));

describe("the season a customer looks for", () => {
  it.each([
    ["2026-11-25", ["winter", "summer"]], // between the seasons: winter opens next
    ["2027-01-10", ["winter", "summer"]], // in the winter, over the new year
    ["2027-04-20", ["summer", "winter"]], // winter over: summer opens next
    ["2027-07-01", ["summer", "winter"]], // in the summer
    ["2027-10-16", ["winter", "summer"]], // summer over
  ])("on %s: %o", (today, expected) => {
    expect(seasonOrder(today, [summer, winter]).map((s) => s.id)).toEqual(expected);
    expect(seasonOrder(today, [winter, summer]).map((s) => s.id)).toEqual(expected);
  });
});

describe("a branch's hours in short", () => {
  it("runs equal days together, lunch breaks and closed days included", () => {
    const hours = [
      ...every("summer", "09:00:00", "12:30:00", [2, 3, 4, 5, 6, 7]),
      ...every("summer", "14:00:00", "18:00:00", [2, 3, 4, 5, 6, 7]),
    ];
    expect(weekRuns(hours)).toEqual([
      { from: 1, to: 1, slots: [] },
      {
        from: 2,
        to: 7,
        slots: [
          { opens: "09:00", closes: "12:30" },
          { opens: "14:00", closes: "18:00" },
        ],
      },
    ]);
  });

  it("shows today's hours in the season, and closed on a closed day", () => {
    const hours = [...every("winter", "08:00", "18:00", [1, 2, 3, 4, 5]), ...every("winter", "08:00", "13:00", [6])];
    // 2026-12-16 is a Wednesday, 2026-12-19 a Saturday, 2026-12-20 a Sunday.
    expect(hoursSummary("2026-12-16", [winter, summer], hours, [])).toEqual({
      appId: "winter",
      today: [{ opens: "08:00", closes: "18:00" }],
      opensOn: null,
      week: [
        { from: 1, to: 5, slots: [{ opens: "08:00", closes: "18:00" }] },
        { from: 6, to: 6, slots: [{ opens: "08:00", closes: "13:00" }] },
        { from: 7, to: 7, slots: [] },
      ],
    });
    expect(hoursSummary("2026-12-19", [winter], hours, [])?.today).toEqual([{ opens: "08:00", closes: "13:00" }]);
    expect(hoursSummary("2026-12-20", [winter], hours, [])?.today).toEqual([]);
    expect(hoursSummary("2026-12-16", [winter], hours, ["2026-12-16"])?.today).toEqual([]);
  });

  it("between the seasons shows the next season's week and the day it opens", () => {
    const hours = [...every("winter", "08:00", "18:00"), ...every("summer", "09:00", "17:00")];
    expect(hoursSummary("2026-11-25", [summer, winter], hours, [])).toEqual({
      appId: "winter",
      today: null,
      opensOn: "2026-12-01",
      week: [{ from: 1, to: 7, slots: [{ opens: "08:00", closes: "18:00" }] }],
    });
    expect(hoursSummary("2027-04-20", [summer, winter], hours, [])).toMatchObject({ appId: "summer", opensOn: "2027-05-15" });
  });

  it("is nothing for a branch that serves no storefront", () => {
    expect(hoursSummary("2026-12-16", [], [], [])).toBeNull();
  });
});

describe("one day's hours", () => {
  const hours = [
    { weekday: 1, opens: "14:30:00", closes: "18:00:00" },
    { weekday: 1, opens: "08:30:00", closes: "12:30:00" },
    { weekday: 2, opens: "08:00:00", closes: "18:00:00" },
  ];
  it("gives the weekday's slots, earliest first, as HH:MM", () => {
    // 2027-01-11 is a Monday, 2027-01-12 a Tuesday, 2027-01-17 a Sunday.
    expect(hoursOn("2027-01-11", hours, [])).toEqual([
      { opens: "08:30", closes: "12:30" },
      { opens: "14:30", closes: "18:00" },
    ]);
    expect(hoursOn("2027-01-12", hours, [])).toEqual([{ opens: "08:00", closes: "18:00" }]);
  });
  it("is closed on a weekday without hours and on a closed day", () => {
    expect(hoursOn("2027-01-17", hours, [])).toEqual([]);
    expect(hoursOn("2027-01-11", hours, ["2027-01-11"])).toEqual([]);
  });
});
