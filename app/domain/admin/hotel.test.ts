import { describe, expect, it } from "vitest";
import { hotelSchema } from "./hotel";

describe("partner hotels", () => {
  it("the form: percentages 0 to 100, a street may be left empty", () => {
    const parsed = hotelSchema.parse({
      name: " Hotel Test ",
      town: "Ciaslin",
      street: "",
      discountPercent: "5",
      commissionPercent: "10",
      active: "on",
    });
    expect(parsed).toEqual({ name: "Hotel Test", town: "Ciaslin", street: "", discountPercent: 5, commissionPercent: 10, active: true });
    const refused = hotelSchema.safeParse({ name: "", town: "X", discountPercent: "101", commissionPercent: "-1" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`).sort()).toEqual([
      "commissionPercent:admin.errors.range",
      "discountPercent:admin.errors.range",
      "name:admin.errors.required",
    ]);
  });
});
