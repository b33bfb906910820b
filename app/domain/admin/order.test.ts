import { describe, expect, it } from "vitest";
import {
  counterOrderSchema,
  counterStart,
  csvCell,
  csvDateTime,
  csvRow,
  daysUntilPickup,
  lineValue,
  orderActions,
  orderEmailKind,
  parseCodes,
  parseLineValue,
  pickupSchema,
} from "./order";

describe("what a clerk can do with an order", () => {
  it.each([
    ["pending_payment", ["cancel"]],
    ["paid", ["pickup", "change", "cancel", "resend"]],
    ["picked_up", ["return", "resend"]],
    ["returned", ["resend"]],
    ["cancelled", []],
    ["expired", []],
    ["refunded", []],
  ] as const)("%s: %j", (status, actions) => {
    expect(orderActions(status)).toEqual(actions);
  });
});

describe("scanned codes", () => {
  it("splits on spaces, commas, semicolons and new lines, in capitals", () => {
    expect(parseCodes(" ci-ski-0001,CI-SKI-0002\nci-skI-0003 ;  ")).toEqual(["CI-SKI-0001", "CI-SKI-0002", "CI-SKI-0003"]);
    expect(parseCodes("   ")).toEqual([]);
  });
});

describe("CSV cells", () => {
  it.each([
    ["plain", "plain"],
    ["Müller, Anna", '"Müller, Anna"'],
    ['say "hi"', '"say ""hi"""'],
    ["=1+1", "'=1+1"],
    ["+39 333", "'+39 333"],
    ["-5", "'-5"],
    ["@sum", "'@sum"],
    ["two\nlines", '"two\nlines"'],
  ])("%j becomes %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("joins a row and shows nothing for missing values", () => {
    expect(csvRow(["R-2026-000001", null, 12.5, undefined])).toBe("R-2026-000001,,12.5,");
  });
});

describe("CSV dates and times", () => {
  it("writes the shop's wall clock as a spreadsheet reads it, in winter and in summer time", () => {
    expect(csvDateTime(new Date("2026-12-10T08:00:00.000Z"))).toBe("2026-12-10 09:00");
    expect(csvDateTime(new Date("2027-07-01T07:30:45.123Z"))).toBe("2027-07-01 09:30");
  });

  it("crosses midnight into the shop's day, and follows the clock change", () => {
    expect(csvDateTime(new Date("2026-12-31T23:15:00Z"))).toBe("2027-01-01 00:15");
    // Clocks go forward at 02:00 on 28 March 2027 and back at 03:00 on 31 October 2027.
    expect(csvDateTime(new Date("2027-03-28T00:59:00Z"))).toBe("2027-03-28 01:59");
    expect(csvDateTime(new Date("2027-03-28T01:00:00Z"))).toBe("2027-03-28 03:00");
    expect(csvDateTime(new Date("2027-10-31T00:30:00Z"))).toBe("2027-10-31 02:30");
    expect(csvDateTime(new Date("2027-10-31T01:30:00Z"))).toBe("2027-10-31 02:30");
  });

  it("takes another zone, and leaves a missing instant empty", () => {
    expect(csvDateTime(new Date("2026-12-10T08:00:00Z"), "UTC")).toBe("2026-12-10 08:00");
    expect(csvDateTime(null)).toBe("");
    expect(csvDateTime(undefined)).toBe("");
  });
});

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

describe("daysUntilPickup", () => {
  it.each([
    // Counted in the shop's days: 23:30 UTC on the 9th is already the 10th in Rome.
    ["2026-12-09T23:30:00Z", "2026-12-10T08:00:00Z", 0],
    ["2026-12-09T12:00:00Z", "2026-12-10T08:00:00Z", 1],
    ["2026-11-24T12:00:00Z", "2026-12-10T08:00:00Z", 16],
    ["2026-12-11T12:00:00Z", "2026-12-10T08:00:00Z", -1],
  ])("from %s to a pickup at %s: %i", (now, pickup, days) => {
    expect(daysUntilPickup(new Date(pickup), new Date(now))).toBe(days);
  });
});

describe("orderEmailKind", () => {
  it("names each kind of an order's e-mails, resends and refunds by their suffix", () => {
    expect(orderEmailKind("confirmation")).toBe("confirmation");
    expect(orderEmailKind("confirmation-2")).toBe("resend");
    expect(orderEmailKind("cancellation")).toBe("cancellation");
    expect(orderEmailKind("refund-12-0")).toBe("refund");
    expect(orderEmailKind("refund-12-4500")).toBe("refund");
    expect(orderEmailKind("pickup-reminder")).toBe("pickupReminder");
    expect(orderEmailKind("return-reminder")).toBe("returnReminder");
    expect(orderEmailKind("refund")).toBe("other");
    expect(orderEmailKind("confirmation-x")).toBe("other");
    expect(orderEmailKind("something-new")).toBe("other");
  });
});

describe("binding fields at hand-out", () => {
  it("takes a release value in quarter steps, with a comma as well, and a sole length in mm", () => {
    const parsed = pickupSchema.parse({ codes: { "7": "CI-SKI-0001" }, binding: { "7": { value: "6,5", soleLengthMm: "305" } } });
    expect(parsed.binding).toEqual({ "7": { value: 6.5, soleLengthMm: 305 } });
    expect(pickupSchema.parse({ binding: { "7": { value: "", soleLengthMm: "" } } }).binding).toEqual({
      "7": { value: null, soleLengthMm: null },
    });
  });

  it("refuses a value off the scale's steps or range, and a sole no boot has", () => {
    for (const value of ["6.3", "0.25", "17", "high"])
      expect(pickupSchema.safeParse({ binding: { "7": { value } } }).success, value).toBe(false);
    for (const soleLengthMm of ["99", "400", "30.5"])
      expect(pickupSchema.safeParse({ binding: { "7": { soleLengthMm } } }).success, soleLengthMm).toBe(false);
  });
});
