import { describe, expect, it } from "vitest";
import { fieldErrors, formToObject } from "../forms";
import { couponFormValues, couponSchema, scopeProblem, usesLeft, validityDay } from "./coupon";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return formToObject(data);
};

const base: [string, string][] = [
  ["code", " spring-25 "],
  ["kind", "percent"],
  ["value", "25"],
  ["description.en", "25 % off."],
  ["validFrom", "2027-03-01"],
  ["validUntil", "2027-04-15"],
  ["minOrder", "50"],
  ["maxUses", "100"],
  ["maxUsesPerCustomer", "1"],
  ["appIds[]", "winter"],
  ["active", "on"],
];

const errorsOf = (changes: [string, string][]) => {
  const entries = base.filter(([name]) => !changes.some(([n]) => n === name)).concat(changes);
  const result = couponSchema.safeParse(form(entries));
  return result.success ? {} : fieldErrors(result.error);
};

describe("a coupon as the back office posts it", () => {
  it("upper-cases the code and keeps the validity days whole in the shop's time zone", () => {
    const coupon = couponSchema.parse(form(base));
    expect(coupon).toMatchObject({ code: "SPRING-25", kind: "percent", value: 25, minOrderCents: 5000, maxUses: 100, public: false });
    expect(coupon.validFrom?.toISOString()).toBe("2027-02-28T23:00:00.000Z");
    // 15 April (summer time) until its last second.
    expect(coupon.validUntil?.toISOString()).toBe("2027-04-15T21:59:59.000Z");
    expect(validityDay(coupon.validFrom)).toBe("2027-03-01");
    expect(validityDay(coupon.validUntil)).toBe("2027-04-15");
  });

  it("a fixed amount is in euros, stored as cents", () => {
    expect(
      couponSchema.parse(form([...base.filter(([n]) => n !== "kind" && n !== "value"), ["kind", "fixed"], ["value", "12,50"]])).value,
    ).toBe(1250);
  });

  it.each([
    [[["code", "SPRING 25"]], { code: "admin.coupons.errors.code" }],
    [[["code", "AB"]], { code: "admin.coupons.errors.codeShort" }],
    [[["value", "0"]], { value: "admin.coupons.errors.percent" }],
    [[["value", "101"]], { value: "admin.coupons.errors.percent" }],
    [[["value", "12.5"]], { value: "admin.coupons.errors.percent" }],
    [
      [
        ["kind", "fixed"],
        ["value", "0"],
      ],
      { value: "admin.coupons.errors.amount" },
    ],
    [[["value", ""]], { value: "admin.errors.required" }],
    [[["validUntil", "2027-02-01"]], { validUntil: "admin.coupons.errors.window" }],
    [[["maxUsesPerCustomer", "101"]], { maxUsesPerCustomer: "admin.coupons.errors.perCustomerAboveTotal" }],
    [[["maxUses", "0"]], { maxUses: "admin.errors.range" }],
  ] as [[string, string][], Record<string, string>][])("%j is refused with %j", (changes, errors) => {
    expect(errorsOf(changes)).toEqual(errors);
  });

  it("shows a stored coupon in the form so that saving it unchanged changes nothing", () => {
    const stored = couponSchema.parse(form(base));
    const values = couponFormValues({ ...stored, description: stored.description });
    const entries = Object.entries(values).flatMap(([name, value]): [string, string][] => {
      if (Array.isArray(value)) return value.map((v) => [`${name}[]`, String(v)]);
      if (typeof value === "boolean") return value ? [[name, "on"]] : [];
      if (value && typeof value === "object") return Object.entries(value).map(([l, v]) => [`${name}.${l}`, String(v)]);
      return value === null ? [] : [[name, String(value)]];
    });
    expect(couponSchema.parse(form(entries))).toEqual(stored);
  });

  it("a category outside the chosen storefronts would never apply", () => {
    expect(scopeProblem([], [{ id: "ebike-fully", appId: "summer" }])).toBeNull();
    expect(scopeProblem(["summer"], [{ id: "ebike-fully", appId: "summer" }])).toBeNull();
    expect(scopeProblem(["winter"], [{ id: "ebike-fully", appId: "summer" }])).toBe("admin.coupons.errors.scope");
  });

  it("counts uses left", () => {
    expect(usesLeft({ maxUses: null, usedCount: 7 })).toBeNull();
    expect(usesLeft({ maxUses: 10, usedCount: 7 })).toBe(3);
  });
});
