import { describe, expect, it } from "vitest";
import { ownUnitsOnly } from "./branch-units";

describe("ownUnitsOnly", () => {
  it("keeps a counter order to the branch's own shelf and lets booked-ahead orders bring units", () => {
    expect(ownUnitsOnly("counter")).toBe(true);
    expect(ownUnitsOnly("online")).toBe(false);
    expect(ownUnitsOnly("api")).toBe(false);
  });
});
