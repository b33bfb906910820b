import { describe, expect, it } from "vitest";
import { API_HOLD_LIMITS, HOLD_LIMITS, holdLimitBreach } from "./hold-limits";

const ski = (quantity: number, size: string | null = "170", itemId = 1) => ({ itemId, size, quantity });

describe("holdLimitBreach", () => {
  it("lets a family hold its equipment", () => {
    const family = [ski(2, "170"), ski(1, "150"), ski(1, "120"), ski(4, null, 2), ski(4, "M", 3), ski(4, "42", 4)];
    expect(holdLimitBreach(0, [], family)).toBeNull();
    // A second and third booking side by side.
    expect(holdLimitBreach(2, family, [ski(1, "160")])).toBeNull();
  });

  it("refuses a fourth order waiting for payment", () => {
    expect(holdLimitBreach(HOLD_LIMITS.MAX_OPEN_ORDERS, [ski(1)], [ski(1, "150")])).toBe("orders");
  });

  it("refuses more units than a large family needs", () => {
    expect(holdLimitBreach(0, [], [ski(HOLD_LIMITS.MAX_UNITS + 1, null)])).toBe("units");
    expect(holdLimitBreach(1, [ski(20, null, 2)], [ski(6, null, 3), ski(5, null, 4)])).toBe("units");
    expect(holdLimitBreach(1, [ski(20, null, 2)], [ski(6, null, 3), ski(4, null, 4)])).toBeNull();
  });

  it("refuses a whole size of one item, counted across the address's open orders", () => {
    expect(holdLimitBreach(0, [], [ski(HOLD_LIMITS.MAX_UNITS_PER_SIZE)])).toBeNull();
    expect(holdLimitBreach(0, [], [ski(HOLD_LIMITS.MAX_UNITS_PER_SIZE + 1)])).toBe("size");
    expect(holdLimitBreach(2, [ski(3), ski(3)], [ski(1)])).toBe("size");
    // Another size, or another item in the same size, is something else.
    expect(holdLimitBreach(2, [ski(3), ski(3)], [ski(1, "163")])).toBeNull();
    expect(holdLimitBreach(2, [ski(3), ski(3)], [ski(1, "170", 2)])).toBeNull();
    // Held units of a size the new order does not touch do not refuse it.
    expect(holdLimitBreach(1, [ski(9, "150")], [ski(1, "160")])).toBeNull();
  });

  it("gives an API key more orders and units than an address, but the same share of a size (issue 33)", () => {
    expect(holdLimitBreach(HOLD_LIMITS.MAX_OPEN_ORDERS, [ski(1)], [ski(1, "150")], API_HOLD_LIMITS)).toBeNull();
    expect(holdLimitBreach(API_HOLD_LIMITS.MAX_OPEN_ORDERS, [ski(1)], [ski(1, "150")], API_HOLD_LIMITS)).toBe("orders");
    expect(holdLimitBreach(0, [], [ski(12)], API_HOLD_LIMITS)).toBe("size");
    expect(holdLimitBreach(1, [ski(5)], [ski(2)], API_HOLD_LIMITS)).toBe("size");
    expect(holdLimitBreach(0, [], [ski(API_HOLD_LIMITS.MAX_UNITS + 1, null)], API_HOLD_LIMITS)).toBe("units");
  });
});
