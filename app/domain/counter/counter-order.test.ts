import { describe, expect, it } from "vitest";
import { counterOrderSchema, counterStart, lineValue, parseLineValue } from "./counter-order";

describe("the counter form", () => {
  it("line values carry item and size", () => {
    expect(lineValue(12, "156")).toBe("12|156");
    expect(lineValue(7, null)).toBe("7");
    expect(parseLineValue("12|156")).toEqual({ itemId: 12, size: "156" });
    expect(parseLineValue("7")).toEqual({ itemId: 7, size: null });
  });

  const valid = {
    shopId: "1",
    appId: "winter",
    pickupDate: "2027-01-11",
    pickupTime: "09:00",
    returnDate: "2027-01-12",
    returnTime: "17:00",
    persons: [{ firstName: "Walter", heightCm: "178" }],
    lines: [{ person: "0", item: "12|156", quantity: "1" }],
    name: "Walter Walk-in",
    language: "de",
    method: "cash",
  };

  it("accepts a walk-in with only a name, leaving what was not asked empty", () => {
    const parsed = counterOrderSchema.parse(valid);
    expect(parsed.persons[0]).toEqual({
      firstName: "Walter",
      lastName: null,
      heightCm: 178,
      weightKg: null,
      age: null,
      skill: null,
      shoeSize: null,
    });
    expect(parsed).toMatchObject({ email: null, phone: null, note: null });
  });

  it("refuses a missing name, a bad e-mail and an impossible height", () => {
    const result = counterOrderSchema.safeParse({ ...valid, name: " ", email: "walter@", persons: [{ firstName: "W", heightCm: "400" }] });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["name", "email", "persons.0.heightCm"]));
  });
});

describe("counterStart", () => {
  const calendar = {
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: "08:30", closes: "17:30" })),
    closedDays: ["2026-12-25"],
    seasonStart: "12-01",
    seasonEnd: "04-15",
  };
  it.each([
    // A November morning: the winter branches open on 1 December, so the form starts there.
    ["2026-11-25T09:00:00Z", { pickupDate: "2026-12-01", pickupTime: "08:30", returnDate: "2026-12-01", returnTime: "17:30" }],
    // In season and open: from the next quarter hour (12:07 in Rome is 11:07 UTC) until closing time.
    ["2026-12-10T11:07:00Z", { pickupDate: "2026-12-10", pickupTime: "12:15", returnDate: "2026-12-10", returnTime: "17:30" }],
    // After closing: the next morning.
    ["2026-12-10T18:00:00Z", { pickupDate: "2026-12-11", pickupTime: "08:30", returnDate: "2026-12-11", returnTime: "17:30" }],
    // Christmas Eve evening: the 25th is closed, so the 26th.
    ["2026-12-24T19:00:00Z", { pickupDate: "2026-12-26", pickupTime: "08:30", returnDate: "2026-12-26", returnTime: "17:30" }],
  ])("at %s", (now, expected) => {
    expect(counterStart(calendar, new Date(now))).toEqual(expected);
  });

  it("is null for a branch that never opens", () => {
    expect(counterStart({ ...calendar, hours: [] }, new Date("2026-12-10T09:00:00Z"))).toBeNull();
  });
});
