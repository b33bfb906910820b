import { describe, expect, it } from "vitest";
import { componentScore, componentsFor, isWholePackage, packageTableFor, sortPackages, splitPackageTable } from "./packages";
import { priceForDays, quoteRental } from "./pricing";

// The demo's beginner ski package: 36 € a day for adults, 20 € for children, degressive over seven days.
const beginner = {
  dayPrices: [3600, 6850, 9900, 12600, 15100, 17450, 18450],
  extraDayCents: 2150,
  childDayPrices: [2000, 3800, 5500, 7000, 8400, 9700, 10250],
  childExtraDayCents: 1200,
};
// Ski 22 €, boots 13 €, helmet 7 € a day on their own.
const parts = [
  { dayPrices: [2200, 4200], extraDayCents: 1300 },
  { dayPrices: [1300, 2450], extraDayCents: 800 },
  { dayPrices: [700, 1350], extraDayCents: 400 },
];

/** What quoteRental charges for the package's component lines over `days` days (no discounts). */
function chargedFor(table: ReturnType<typeof packageTableFor>, days: number, surcharges = false) {
  const split = splitPackageTable(table, parts);
  const returnDate = new Date(Date.UTC(2027, 0, 10 + days)).toISOString().slice(0, 10);
  return quoteRental({
    lines: split.map((priceTable, i) => ({
      key: String(i),
      itemId: i + 1,
      appId: "winter",
      categoryId: "ski-snowboard",
      kind: "rental",
      vatRateBp: 2200,
      quantity: 1,
      priceTable,
    })),
    period: { pickupDate: "2027-01-11", returnDate },
    now: new Date("2027-01-01T10:00:00Z"),
    today: "2027-01-01",
    surcharges: surcharges ? [{ itemId: null, appId: "winter", startsOn: "2027-01-11", endsOn: "2027-01-30", percent: 10 }] : [],
  });
}

describe("package prices", () => {
  it.each([1, 2, 3, 6, 7, 8, 12])("the component lines of %i day(s) add up to the package's price for those days", (days) => {
    const adult = packageTableFor(beginner, "adult");
    expect(chargedFor(adult, days).subtotalCents).toBe(priceForDays(adult, days));
  });

  it("a child pays the children's table, a youth and a person without an age band the package's", () => {
    expect(packageTableFor(beginner, "child")).toEqual({ dayPrices: beginner.childDayPrices, extraDayCents: 1200 });
    for (const band of ["youth", "adult", null, undefined] as const)
      expect(packageTableFor(beginner, band)).toEqual({ dayPrices: beginner.dayPrices, extraDayCents: 2150 });
    // Three days: 55 € for a child, 99 € for an adult; day 9 is the 7-day price and two extra days.
    expect(chargedFor(packageTableFor(beginner, "child"), 3).subtotalCents).toBe(5500);
    expect(chargedFor(packageTableFor(beginner, "adult"), 3).subtotalCents).toBe(9900);
    expect(chargedFor(packageTableFor(beginner, "child"), 9).subtotalCents).toBe(10250 + 2 * 1200);
  });

  it("is split in proportion to the components' own prices, to the cent", () => {
    const [ski, boots, helmet] = splitPackageTable({ dayPrices: [3600], extraDayCents: 2150 }, parts);
    // 22 : 13 : 7 of 36 €.
    expect([ski.dayPrices[0], boots.dayPrices[0], helmet.dayPrices[0]]).toEqual([1886, 1114, 600]);
    expect(ski.extraDayCents + boots.extraDayCents + helmet.extraDayCents).toBe(2150);
  });

  it("takes peak surcharges like any rental line", () => {
    const adult = packageTableFor(beginner, "adult");
    expect(chargedFor(adult, 3, true).subtotalCents).toBe(priceForDays(adult, 3) + 990);
  });

  it("shares a package equally among components without prices of their own", () => {
    const split = splitPackageTable({ dayPrices: [3000], extraDayCents: 300 }, [
      { dayPrices: [0], extraDayCents: 0 },
      { dayPrices: [0], extraDayCents: 0 },
    ]);
    expect(split.map((t) => t.dayPrices[0])).toEqual([1500, 1500]);
  });
});

describe("package components", () => {
  const components = [
    { slot: 0, rank: 0, itemId: 1 }, // adult ski
    { slot: 0, rank: 1, itemId: 2 }, // junior ski (height limit)
    { slot: 1, rank: 0, itemId: 3 }, // boots
  ];
  const limits: Record<number, { maxHeightCm: number | null; maxShoeSize: number | null }> = {
    1: { maxHeightCm: null, maxShoeSize: null },
    2: { maxHeightCm: 150, maxShoeSize: null },
    3: { maxHeightCm: null, maxShoeSize: null },
  };

  it("gives a child the junior model and an adult the adult one", () => {
    expect(componentsFor(components, (id) => componentScore(limits[id], "child")).map((c) => c?.itemId)).toEqual([2, 3]);
    expect(componentsFor(components, (id) => componentScore(limits[id], "adult")).map((c) => c?.itemId)).toEqual([1, 3]);
    expect(componentsFor(components, (id) => componentScore(limits[id], null)).map((c) => c?.itemId)).toEqual([1, 3]);
  });

  it("falls back to the next model that suits, and leaves a slot empty when none does", () => {
    expect(componentsFor(components, (id) => (id === 1 ? null : 0)).map((c) => c?.itemId)).toEqual([2, 3]);
    expect(componentsFor(components, (id) => (id === 3 ? null : 0))[1]).toBeNull();
  });

  it("knows a whole package from one missing or doubling a piece", () => {
    expect(isWholePackage([2, 3], components)).toBe(true);
    expect(isWholePackage([1, 3], components)).toBe(true);
    expect(isWholePackage([1], components)).toBe(false);
    expect(isWholePackage([1, 2], components)).toBe(false);
    expect(isWholePackage([1, 3, 9], components)).toBe(false);
  });

  it("puts the package of the person's level first", () => {
    const all = [
      { level: "beginner" as const, sort: 10 },
      { level: "intermediate" as const, sort: 20 },
      { level: "expert" as const, sort: 30 },
    ];
    expect(sortPackages(all, "expert").map((p) => p.level)).toEqual(["expert", "beginner", "intermediate"]);
    expect(sortPackages(all, null).map((p) => p.level)).toEqual(["beginner", "intermediate", "expert"]);
  });
});
