import { describe, expect, it } from "vitest";
import { fieldErrors, formToObject } from "../forms";
import { inSeason } from "../periods";
import { isMonthDay, missingStorefrontIds, newStorefrontSchema, storefrontDeleteBlock, storefrontSchema } from "./storefront";

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
    const storefront = storefrontSchema.parse(form(base));
    expect(storefront).toMatchObject({ seasonStart: "12-01", seasonEnd: "04-15", enabled: true, shopIds: [1, 3] });
    expect(inSeason("2027-01-10", storefront.seasonStart, storefront.seasonEnd)).toBe(true);
    expect(inSeason("2027-06-10", storefront.seasonStart, storefront.seasonEnd)).toBe(false);
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
      const result = storefrontSchema.safeParse(form(entries));
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
    expect(missingStorefrontIds(["winter"])).toEqual(["summer"]);
    expect(missingStorefrontIds(["winter", "summer"])).toEqual([]);
    expect(newStorefrontSchema.safeParse(form([...base, ["id", "spring"]])).success).toBe(false);
  });

  it("a storefront with orders, items or categories is kept", () => {
    expect(storefrontDeleteBlock({ categories: 0, items: 0, orders: 0 })).toBeNull();
    expect(storefrontDeleteBlock({ categories: 3, items: 0, orders: 0 })?.key).toBe("admin.apps.deleteBlocked.categories");
    expect(storefrontDeleteBlock({ categories: 3, items: 9, orders: 1 })).toEqual({ key: "admin.apps.deleteBlocked.orders", count: 1 });
  });
});
