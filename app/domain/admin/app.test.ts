import { describe, expect, it } from "vitest";
import { fieldErrors, formToObject } from "../forms";
import { inSeason } from "../periods";
import { appDeleteBlock, appSchema, isMonthDay, missingAppIds, newAppSchema } from "./app";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return formToObject(data);
};

const base: [string, string][] = [
  ["name.en", "Winter"],
  ["description.en", "Skis and more."],
  ["seasonStart.day", "1"],
  ["seasonStart.month", "12"],
  ["seasonEnd.day", "15"],
  ["seasonEnd.month", "4"],
  ["sort", "1"],
  ["enabled", "on"],
  ["shopIds[]", "3"],
  ["shopIds[]", "1"],
];

describe("a storefront's season", () => {
  it("reads day and month as the MM-DD the booking compares, over the new year too", () => {
    const app = appSchema.parse(form(base));
    expect(app).toMatchObject({ seasonStart: "12-01", seasonEnd: "04-15", enabled: true, shopIds: [1, 3] });
    expect(inSeason("2027-01-10", app.seasonStart, app.seasonEnd)).toBe(true);
    expect(inSeason("2027-06-10", app.seasonStart, app.seasonEnd)).toBe(false);
  });

  it.each([
    ["02-29", true],
    ["02-30", false],
    ["04-31", false],
    ["13-01", false],
    ["12-1", false],
  ])("%s is a day of the year: %s", (value, ok) => {
    expect(isMonthDay(value)).toBe(ok);
  });

  it("refuses a day the month lacks, a missing day and a one-day season", () => {
    const errorsOf = (changes: [string, string][]) => {
      const entries = base.filter(([name]) => !changes.some(([n]) => n === name)).concat(changes);
      const result = appSchema.safeParse(form(entries));
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errorsOf([["seasonEnd.day", "31"]])).toEqual({ seasonEnd: "admin.apps.errors.monthDay" });
    expect(errorsOf([["seasonStart.day", ""]])).toEqual({ seasonStart: "admin.errors.required" });
    expect(
      errorsOf([
        ["seasonEnd.day", "1"],
        ["seasonEnd.month", "12"],
      ]),
    ).toEqual({ seasonEnd: "admin.apps.errors.sameDay" });
  });

  it("creates only a kind of storefront that does not exist yet", () => {
    expect(missingAppIds(["winter"])).toEqual(["summer"]);
    expect(missingAppIds(["winter", "summer"])).toEqual([]);
    expect(newAppSchema.safeParse(form([...base, ["id", "spring"]])).success).toBe(false);
  });

  it("a storefront with orders, items or categories is kept", () => {
    expect(appDeleteBlock({ categories: 0, items: 0, orders: 0 })).toBeNull();
    expect(appDeleteBlock({ categories: 3, items: 0, orders: 0 })?.key).toBe("admin.apps.deleteBlocked.categories");
    expect(appDeleteBlock({ categories: 3, items: 9, orders: 1 })).toEqual({ key: "admin.apps.deleteBlocked.orders", count: 1 });
  });
});
