import { describe, expect, it } from "vitest";
import { type CalendarEntry, calendarGrid, calendarQuery, calendarRange, closeDaySchema, handoverPieces, mondayOf } from "./calendar";

const parse = (params: Record<string, string>) => calendarQuery.parse(params);

describe("the back-office calendar", () => {
  it("falls back to this month when the URL says nothing or nonsense", () => {
    const range = calendarRange(parse({ view: "year", month: "2027-13", shop: "x" }), "2027-01-12");
    expect(range).toMatchObject({ view: "month", month: "2027-01", week: "2027-01-11", end: "2027-02-01" });
    expect(range.days).toHaveLength(31);
    expect(range.previous).toEqual({ view: "month", month: "2026-12" });
    expect(range.next).toEqual({ view: "month", month: "2027-02" });
  });

  it("a week runs Monday to Sunday from any day named in the URL", () => {
    const range = calendarRange(parse({ view: "week", week: "2027-01-14" }), "2026-12-01");
    expect(range.days).toEqual(["2027-01-11", "2027-01-12", "2027-01-13", "2027-01-14", "2027-01-15", "2027-01-16", "2027-01-17"]);
    expect(range).toMatchObject({ month: "2027-01", end: "2027-01-18" });
    expect(range.previous).toEqual({ view: "week", week: "2027-01-04" });
    expect(mondayOf("2027-01-17")).toBe("2027-01-11");
  });

  it("a week across two months leads back to the month it was opened from", () => {
    const fromJanuary = calendarRange(parse({ view: "week", week: "2026-12-28", month: "2027-01" }), "2026-11-22");
    expect(fromJanuary).toMatchObject({ week: "2026-12-28", month: "2027-01" });
    expect(calendarRange(parse({ view: "week", week: "2026-12-28" }), "2026-11-22").month).toBe("2026-12"); // Thursday 31 December
    expect(calendarRange(parse({ view: "week", week: "2027-03-29", month: "2027-01" }), "2026-11-22").month).toBe("2027-04");
  });

  it("switching from a month to the week view starts at that month's first week", () => {
    expect(calendarRange(parse({ view: "month", month: "2027-02" }), "2027-01-12").week).toBe("2027-02-01");
    expect(calendarRange(parse({ view: "week", month: "2027-03" }), "2027-01-12").week).toBe("2027-03-01");
  });

  it("puts each entry and closed day in its day's row and branch's column", () => {
    const entry = (kind: "pickup" | "return", shopId: number, date: string, at: string): CalendarEntry => ({
      orderId: `${kind}-${shopId}-${date}`,
      number: "R-2027-000001",
      name: "Anna",
      status: "paid",
      shopId,
      kind,
      at,
      date,
      pieces: 1,
    });
    const rows = calendarGrid(
      ["2027-01-11", "2027-01-12"],
      [2, 1],
      [
        entry("return", 1, "2027-01-12", "2027-01-12T16:00:00Z"),
        entry("pickup", 1, "2027-01-11", "2027-01-11T08:00:00Z"),
        entry("pickup", 3, "2027-01-11", "2027-01-11T08:00:00Z"),
      ],
      [{ shopId: 2, day: "2027-01-12", reason: { en: "Inventory" } }],
    );
    expect(rows.map((r) => r.cells.map((c) => c.shopId))).toEqual([
      [2, 1],
      [2, 1],
    ]);
    expect(rows[0].cells[1].pickups).toHaveLength(1);
    expect(rows[1].cells[1].returns).toHaveLength(1);
    expect(rows[1].cells[0].closed?.reason).toEqual({ en: "Inventory" });
    expect(rows.flatMap((r) => r.cells).flatMap((c) => [...c.pickups, ...c.returns])).toHaveLength(2);
  });

  it("closing a day: branch and date required, the reason optional and in any languages", () => {
    expect(closeDaySchema.parse({ shopId: "1", day: "2027-01-12" })).toEqual({ shopId: 1, day: "2027-01-12", reason: null });
    expect(closeDaySchema.parse({ shopId: "1", day: "2027-01-12", reason: { en: "", de: "Inventur" } }).reason).toEqual({ de: "Inventur" });
    expect(closeDaySchema.safeParse({ shopId: "", day: "12.01.2027" }).success).toBe(false);
  });
});

describe("the pieces of a handover", () => {
  const lines = [
    { kind: "rental" as const, quantity: 1 },
    { kind: "rental" as const, quantity: 2 },
    { kind: "sale" as const, quantity: 2 },
    { kind: "service" as const, quantity: 1 },
    { kind: "depot" as const, quantity: 1 },
  ];
  it("counts rented equipment and bought articles at the pickup, only rented equipment at the return", () => {
    expect(handoverPieces("pickup", lines)).toBe(5);
    expect(handoverPieces("return", lines)).toBe(3);
    expect(handoverPieces("return", [{ kind: "service", quantity: 1 }])).toBe(0);
  });
});
