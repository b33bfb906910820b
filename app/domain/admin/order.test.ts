import { describe, expect, it } from "vitest";
import { csvCell, csvDateTime, csvRow, daysUntilPickup, orderActions, orderEmailKind, parseCodes, pickupSchema } from "./order";

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
