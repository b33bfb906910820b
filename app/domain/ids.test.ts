import { describe, expect, it } from "vitest";
import { rowId, rowIdSchema } from "./ids";

describe("rowId", () => {
  it("reads plain decimal ids and numbers", () => {
    expect(rowId.parse("1")).toBe(1);
    expect(rowId.parse("2147483647")).toBe(2147483647);
    expect(rowId.parse(42)).toBe(42);
  });

  it("refuses every other spelling, zero, and ids beyond 32 bits", () => {
    for (const bad of [
      "0x1",
      "1e1",
      " 1",
      "1 ",
      "01",
      "1.0",
      "+1",
      "-1",
      "0",
      "",
      "١",
      "2147483648",
      "99999999999",
      1.5,
      0,
      -3,
      Number.NaN,
    ])
      expect(rowId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("names the form's message", () => {
    const result = rowIdSchema("admin.errors.choose").safeParse("x");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("admin.errors.choose");
  });
});
