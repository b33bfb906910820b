import { describe, expect, it } from "vitest";
import { changedFields, snapshot } from "./audit";

describe("audit snapshots and changes", () => {
  it("keeps plain JSON and drops the bookkeeping timestamps", () => {
    const at = new Date("2026-11-22T10:00:00Z");
    expect(snapshot({ id: 1, name: { en: "Ski" }, validFrom: at, createdAt: at, updatedAt: at })).toEqual({
      id: 1,
      name: { en: "Ski" },
      validFrom: "2026-11-22T10:00:00.000Z",
    });
    expect(snapshot(null)).toBeNull();
  });

  it("lists changed, added and removed fields, and nothing for equal values", () => {
    const before = { id: 1, name: { en: "Ski", de: "Ski" }, sort: 2, note: "old" };
    const after = { id: 1, name: { en: "Ski", de: "Skier" }, sort: 2, active: true };
    expect(changedFields(before, after)).toEqual([
      { field: "active", before: null, after: true },
      { field: "name", before: { en: "Ski", de: "Ski" }, after: { en: "Ski", de: "Skier" } },
      { field: "note", before: "old", after: null },
    ]);
    expect(changedFields(before, before)).toEqual([]);
  });

  it("shows every field of a created or deleted record", () => {
    expect(changedFields(null, { id: 7, name: "x" }).map((c) => c.field)).toEqual(["id", "name"]);
    expect(changedFields({ id: 7 }, null)).toEqual([{ field: "id", before: 7, after: null }]);
  });
});
