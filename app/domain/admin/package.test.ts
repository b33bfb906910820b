import { describe, expect, it } from "vitest";
import { parse } from "../forms";
import { dayPricesText, packageSchema } from "./package";

const form = (over: Record<string, unknown> = {}) => ({
  name: { en: "Beginner ski package", de: "Skipaket Anfänger" },
  description: { en: "Skis, boots and helmet." },
  level: "beginner",
  sort: "10",
  active: "on",
  dayPrices: "36; 68,50; 99",
  extraDay: "21,50",
  childDayPrices: "20; 38",
  childExtraDay: "12",
  ...over,
});

describe("the package form", () => {
  it("reads the day prices typed as euros separated by semicolons", () => {
    const parsed = parse(packageSchema, form());
    expect(parsed.ok && parsed.value).toMatchObject({
      dayPrices: [3600, 6850, 9900],
      extraDay: 2150,
      childDayPrices: [2000, 3800],
      childExtraDay: 1200,
      active: true,
    });
    expect(dayPricesText([3600, 6850])).toBe("36.00; 68.50");
  });

  it("refuses prices that fall with more days, a price that is none, no prices and an unknown level", () => {
    const parsed = parse(packageSchema, form({ dayPrices: "36; 30", childDayPrices: "", extraDay: "abc", level: "pro" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok || parsed.reason !== "invalid") return;
    expect(parsed.errors).toMatchObject({
      dayPrices: "admin.items.errors.pricesDecrease",
      childDayPrices: "admin.items.errors.noDays",
      extraDay: "admin.errors.money",
      level: "admin.errors.choose",
    });
  });
});
