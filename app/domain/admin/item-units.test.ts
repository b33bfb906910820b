import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms";
import {
  addUnitsSchema,
  branchPrefix,
  calendarRow,
  checkUnitSize,
  itemPrefix,
  monthDays,
  nextUnitCodes,
  shiftMonth,
  unitChangeSchema,
} from "./item-units";

describe("unit codes", () => {
  it("use the branch's and the item's prefixes already in use", () => {
    expect(branchPrefix("plan-da-sera", ["PS-SKI-0001", "PS-LCK-0002", "odd code"])).toBe("PS");
    expect(itemPrefix("ski-new", [], ["CI-SKI-0001", "PS-SKI-0009", "CI-SBT-0001"])).toBe("SKI");
    expect(itemPrefix("ski-new", ["CI-XYZ-0001"], ["CI-SKI-0001"])).toBe("XYZ");
  });

  it("fall back to the slugs when nothing is in use yet", () => {
    expect(branchPrefix("ciaslin", [])).toBe("CI");
    expect(branchPrefix("plan-da-sera", [])).toBe("PDS");
    expect(itemPrefix("e-scooter", [], [])).toBe("ESC");
  });

  it("count on from the highest number of the prefix, four digits at least", () => {
    expect(nextUnitCodes("CI-SKI", ["CI-SKI-0041", "CI-SKI-0007", "CI-SKIX-0099", "PS-SKI-0100"], 2)).toEqual([
      "CI-SKI-0042",
      "CI-SKI-0043",
    ]);
    expect(nextUnitCodes("RU-EBK", [], 1)).toEqual(["RU-EBK-0001"]);
    expect(nextUnitCodes("RU-EBK", ["RU-EBK-9999"], 1)).toEqual(["RU-EBK-10000"]);
  });

  it("a typed code is for one unit and is written in capitals", () => {
    expect(addUnitsSchema.parse({ shopId: "1", count: "1", code: "ci-ski-0099", size: "" })).toEqual({
      shopId: 1,
      count: 1,
      code: "CI-SKI-0099",
      size: null,
      soleLengthMm: null,
    });
    const refused = addUnitsSchema.safeParse({ shopId: "1", count: "3", code: "CI-SKI-0099" });
    expect(refused.success ? {} : fieldErrors(refused.error)).toEqual({ count: "admin.items.errors.oneTypedCode" });
    const bad = addUnitsSchema.safeParse({ shopId: "1", count: "1", code: "CI SKI/1" });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ code: "admin.items.errors.unitCode" });
  });

  it("a unit's size is one of the item's, or none for an item without sizes", () => {
    expect(checkUnitSize("148", ["140", "148"])).toBeNull();
    expect(checkUnitSize("150", ["140", "148"])).toBe("admin.items.errors.unitSize");
    expect(checkUnitSize(null, ["140"])).toBe("admin.items.errors.unitSize");
    expect(checkUnitSize(null, [])).toBeNull();
  });
});

describe("the booking calendar", () => {
  it("has the days of the month and moves between months across the year end", () => {
    expect(monthDays("2027-02")).toHaveLength(28);
    expect(monthDays("2028-02").at(-1)).toBe("2028-02-29");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });

  it("turns a unit's bookings into cells spanning their days; a shared day and each free day get a cell of their own", () => {
    const days = monthDays("2027-01").slice(0, 10);
    const booking = (orderId: string, from: string, to: string) => ({
      unitId: 1,
      orderId,
      number: orderId,
      state: "confirmed" as const,
      from,
      to,
    });
    const cells = calendarRow(days, [booking("a", "2026-12-30", "2027-01-03"), booking("b", "2027-01-03", "2027-01-05")]);
    expect(cells.map((c) => [c.from, c.span, c.bookings.map((b) => b.orderId).join("+")])).toEqual([
      ["2027-01-01", 2, "a"],
      ["2027-01-03", 1, "a+b"],
      ["2027-01-04", 2, "b"],
      ...["06", "07", "08", "09", "10"].map((d) => [`2027-01-${d}`, 1, ""]),
    ]);
    expect(cells.reduce((sum, c) => sum + c.span, 0)).toBe(days.length);
  });
});

describe("a boot's sole length", () => {
  it("is kept in mm within what boots have, and may stay empty", () => {
    expect(unitChangeSchema.parse({ unitId: "4", status: "active", note: "", soleLengthMm: "305" }).soleLengthMm).toBe(305);
    expect(unitChangeSchema.parse({ unitId: "4", status: "active", note: "", soleLengthMm: "" }).soleLengthMm).toBeNull();
    for (const wrong of ["30.5", "120", "420", "abc"])
      expect(unitChangeSchema.safeParse({ unitId: "4", status: "active", soleLengthMm: wrong }).success, wrong).toBe(false);
  });
});
