import { describe, expect, it } from "vitest";
import { counterOrderSchema, csvCell, csvRow, lineValue, orderActions, parseCodes, parseLineValue } from "./order";

describe("what a clerk can do with an order", () => {
  it.each([
    ["pending_payment", ["cancel"]],
    ["paid", ["pickup", "cancel", "resend"]],
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
    expect(parsed.persons[0]).toEqual({ firstName: "Walter", lastName: null, heightCm: 178, weightKg: null, skill: null, shoeSize: null });
    expect(parsed).toMatchObject({ email: null, phone: null, note: null });
  });

  it("refuses a missing name, a bad e-mail and an impossible height", () => {
    const result = counterOrderSchema.safeParse({ ...valid, name: " ", email: "walter@", persons: [{ firstName: "W", heightCm: "400" }] });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["name", "email", "persons.0.heightCm"]));
  });
});
