import { describe, expect, it } from "vitest";
import { zonedDate, zonedInstant } from "../periods";
import {
  barKind,
  barSpan,
  blockSchema,
  bufferStart,
  calendarView,
  dayPosition,
  isMovable,
  moveTargets,
  type PlannerUnit,
  packPlanner,
  plannerRange,
  plannerRows,
  todayStart,
  unpackPlanner,
  wallDate,
} from "./planner";

const at = (day: string, time: string) => zonedInstant(day, time);

describe("the planner's URL", () => {
  it("shows the planner unless the list is asked for", () => {
    expect(calendarView(new URLSearchParams(""))).toBe("planner");
    expect(calendarView(new URLSearchParams("view=planner&span=month"))).toBe("planner");
    expect(calendarView(new URLSearchParams("view=nonsense"))).toBe("planner");
    expect(calendarView(new URLSearchParams("view=month&month=2027-01"))).toBe("list");
    expect(calendarView(new URLSearchParams("view=week"))).toBe("list");
    expect(calendarView(new URLSearchParams("view=list"))).toBe("list");
  });

  it("shows two weeks from this Monday by default, and moves by a week", () => {
    const range = plannerRange({}, "2027-01-14");
    expect(range.span).toBe("fortnight");
    expect(range.start).toBe("2027-01-11");
    expect(range.days).toHaveLength(14);
    expect(range.end).toBe("2027-01-25");
    expect(range.previous).toBe("2027-01-04");
    expect(range.next).toBe("2027-01-18");
  });

  it("shows a week from any day", () => {
    const range = plannerRange({ start: "2027-01-13", span: "week" }, "2026-12-01");
    expect(range.days).toEqual(["2027-01-13", "2027-01-14", "2027-01-15", "2027-01-16", "2027-01-17", "2027-01-18", "2027-01-19"]);
    expect(range.next).toBe("2027-01-20");
  });

  it("shows a whole month from its first day, and moves by a month", () => {
    const range = plannerRange({ start: "2027-02-17", span: "month" }, "2026-12-01");
    expect(range.start).toBe("2027-02-01");
    expect(range.days).toHaveLength(28);
    expect(range.end).toBe("2027-03-01");
    expect(range.previous).toBe("2027-01-01");
    expect(range.next).toBe("2027-03-01");
    // A month named the list's way shows that month.
    expect(plannerRange({ month: "2027-01" }, "2026-12-01")).toMatchObject({ span: "month", start: "2027-01-01", end: "2027-02-01" });
  });

  it("leads Today to this week's Monday, or this month", () => {
    expect(todayStart("week", "2027-01-14")).toBe("2027-01-11");
    expect(todayStart("month", "2027-01-14")).toBe("2027-01-01");
  });
});

const unit = (id: number, code: string, over: Partial<PlannerUnit> = {}): PlannerUnit => ({
  id,
  code,
  size: "170",
  status: "active",
  itemId: 1,
  itemName: "Ski premium",
  itemSizes: ["150", "160", "170"],
  categoryId: "ski",
  categoryName: "Ski",
  categorySort: 1,
  inSeason: true,
  ...over,
});

describe("the planner's rows", () => {
  const units = [
    unit(1, "CI-SKI-0010"),
    unit(2, "CI-SKI-0002"),
    unit(3, "CI-SKI-0003", { size: "150" }),
    unit(4, "CI-HEL-0001", {
      itemId: 2,
      itemName: "Helmet",
      itemSizes: ["S", "M"],
      size: "M",
      categoryId: "helmets",
      categoryName: "Helmets",
      categorySort: 2,
    }),
    unit(5, "CI-SKB-0001", { itemId: 3, itemName: "Allmountain ski", size: "160" }),
    unit(6, "CI-SKI-0004", { size: "999" }),
    unit(7, "CI-SKI-0005", { status: "maintenance" }),
  ];

  it("groups units by category (by its sort), item (by name) and size (in the item's order), units by code", () => {
    expect(plannerRows(units).map((row) => (row.kind === "unit" ? row.code : `${row.kind}:${row.label}`))).toEqual([
      "category:Ski",
      "group:Allmountain ski · 160",
      "CI-SKB-0001",
      "group:Ski premium · 150",
      "CI-SKI-0003",
      "group:Ski premium · 170",
      "CI-SKI-0002",
      "CI-SKI-0005",
      "CI-SKI-0010",
      // A size the item no longer lists comes after its sizes.
      "group:Ski premium · 999",
      "CI-SKI-0004",
      "category:Helmets",
      "group:Helmet · M",
      "CI-HEL-0001",
    ]);
  });

  it("puts the categories of the storefront in season first", () => {
    const rows = plannerRows([
      unit(1, "CI-EBK-0001", {
        itemId: 5,
        itemName: "E-bike",
        categoryId: "ebike",
        categoryName: "E-bikes",
        categorySort: 0,
        inSeason: false,
      }),
      unit(2, "CI-SKI-0001"),
    ]);
    expect(rows.filter((row) => row.kind === "category").map((row) => row.label)).toEqual(["Ski", "E-bikes"]);
  });

  it("counts the units of each group", () => {
    const groups = plannerRows(units).filter((row) => row.kind === "group");
    expect(groups.map((row) => (row.kind === "group" ? row.count : 0))).toEqual([1, 1, 3, 1, 1]);
  });

  it("offers a bar the other units of the same item and size", () => {
    const rows = plannerRows(units);
    expect(moveTargets(rows, 1).map((row) => row.code)).toEqual(["CI-SKI-0002", "CI-SKI-0005"]);
    expect(moveTargets(rows, 3)).toEqual([]);
    expect(moveTargets(rows, 999)).toEqual([]);
  });

  it("names an item without sizes alone", () => {
    const rows = plannerRows([unit(1, "CI-DEP-0001", { size: null, itemName: "Ski depot", itemSizes: [] })]);
    expect(rows[1]).toMatchObject({ kind: "group", label: "Ski depot" });
  });
});

describe("a bar's place", () => {
  it("counts days from the first day shown, with the time in the working day as a fraction, in Rome's time", () => {
    expect(dayPosition(at("2027-01-11", "00:00"), "2027-01-11")).toBe(0);
    expect(dayPosition(at("2027-01-11", "07:00"), "2027-01-11")).toBe(0);
    expect(dayPosition(at("2027-01-12", "13:30"), "2027-01-11")).toBe(1.5);
    // The night takes no room: late evening is the column's end.
    expect(dayPosition(at("2027-01-12", "20:00"), "2027-01-11")).toBe(2);
    expect(dayPosition(at("2027-01-12", "23:30"), "2027-01-11")).toBe(2);
    // Summer time: 13:30 is still the middle of the working day.
    expect(dayPosition(at("2027-07-02", "13:30"), "2027-07-01")).toBe(1.5);
  });

  it("finds an instant's day on the shop's clock as zonedDate does, around the clock changes too", () => {
    const instants = [
      "2027-03-27T22:59:00Z",
      "2027-03-27T23:00:00Z",
      "2027-03-28T00:30:00Z",
      "2027-10-30T21:59:00Z",
      "2027-10-30T22:00:00Z",
    ];
    for (let hour = 0; hour < 24 * 3; hour += 1) instants.push(new Date(Date.UTC(2027, 2, 27, hour, 15)).toISOString());
    for (const iso of instants) expect(wallDate(new Date(iso)), iso).toBe(zonedDate(new Date(iso)));
  });

  it("starts at the pickup and ends after the buffer, which starts at the return", () => {
    const span = barSpan(
      { starts: at("2027-01-12", "09:00"), ends: at("2027-01-14", "18:00"), buffer: at("2027-01-14", "17:00") },
      "2027-01-11",
      14,
    );
    expect(span).toEqual({
      from: 1.1538,
      to: 3.8462,
      buffer: 3.7692,
      clippedStart: false,
      clippedEnd: false,
      startCol: 1,
      endCol: 3,
    });
  });

  it("is clipped to the days shown and says so", () => {
    const span = barSpan(
      { starts: at("2027-01-05", "09:00"), ends: at("2027-01-30", "18:00"), buffer: at("2027-01-30", "17:00") },
      "2027-01-11",
      7,
    );
    expect(span).toMatchObject({ from: 0, to: 7, buffer: null, clippedStart: true, clippedEnd: true, startCol: 0, endCol: 6 });
  });

  it("does not touch the day after one ending at midnight", () => {
    const span = barSpan({ starts: at("2027-01-11", "00:00"), ends: at("2027-01-13", "00:00"), buffer: null }, "2027-01-11", 7);
    expect(span).toMatchObject({ startCol: 0, endCol: 1, buffer: null });
  });

  it("is none for a reservation outside the days shown", () => {
    expect(barSpan({ starts: at("2027-01-01", "09:00"), ends: at("2027-01-11", "00:00"), buffer: null }, "2027-01-11", 7)).toBeNull();
    expect(barSpan({ starts: at("2027-01-18", "00:00"), ends: at("2027-01-19", "00:00"), buffer: null }, "2027-01-11", 7)).toBeNull();
  });

  it("shows the buffer from the order's return, or the turnaround's length before the end", () => {
    const starts = at("2027-01-12", "09:00");
    const ends = at("2027-01-14", "18:00");
    expect(bufferStart({ starts, ends, returnAt: at("2027-01-14", "17:00"), block: false }, 60)).toEqual(at("2027-01-14", "17:00"));
    // A change to other dates: the order's return is not in this reservation.
    expect(bufferStart({ starts, ends, returnAt: at("2027-02-01", "17:00"), block: false }, 60)).toEqual(at("2027-01-14", "17:00"));
    expect(bufferStart({ starts, ends, returnAt: null, block: false }, 30)).toEqual(at("2027-01-14", "17:30"));
    expect(bufferStart({ starts, ends, returnAt: at("2027-01-14", "17:00"), block: true }, 60)).toBeNull();
    expect(bufferStart({ starts, ends, returnAt: at("2027-01-14", "17:00"), block: false }, 0)).toBeNull();
  });

  it("tells a block, a hold and the order's state apart", () => {
    expect(barKind({ block: true, state: "confirmed", status: null })).toBe("block");
    expect(barKind({ block: false, state: "held", status: "pending_payment" })).toBe("held");
    expect(barKind({ block: false, state: "held", status: "paid" })).toBe("held");
    expect(barKind({ block: false, state: "confirmed", status: "paid" })).toBe("paid");
    expect(barKind({ block: false, state: "confirmed", status: "picked_up" })).toBe("picked_up");
    expect(barKind({ block: false, state: "confirmed", status: "returned" })).toBe("returned");
  });
});

describe("the block form", () => {
  it("takes a unit, two days in order and a note", () => {
    const parsed = blockSchema.safeParse({ unit: " CI-SKI-0001 ", from: "2027-01-11", to: "2027-01-11", note: "" });
    expect(parsed.success && parsed.data).toEqual({ unit: "CI-SKI-0001", from: "2027-01-11", to: "2027-01-11", note: null });
  });

  it("refuses a last day before the first, and a block of more than a year", () => {
    const before = blockSchema.safeParse({ unit: "X", from: "2027-01-11", to: "2027-01-10" });
    expect(before.success).toBe(false);
    expect(before.error?.issues[0]).toMatchObject({ path: ["to"], message: "admin.planner.errors.blockDates" });
    expect(blockSchema.safeParse({ unit: "X", from: "2027-01-11", to: "2028-01-11" }).success).toBe(true);
    const long = blockSchema.safeParse({ unit: "X", from: "2027-01-11", to: "2028-01-12" });
    // A malformed day is refused beside its field, not thrown on.
    const malformed = blockSchema.safeParse({ unit: "X", from: "0", to: "2027-02-30" });
    expect(malformed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["from"], "admin.errors.date"],
      [["to"], "admin.errors.date"],
    ]);
    expect(long.error?.issues[0]).toMatchObject({ path: ["to"], message: "admin.planner.errors.blockTooLong" });
  });
});

describe("the planner's wire", () => {
  it("packs rows, bars and orders into strings and back as they were", () => {
    const rows = plannerRows([
      unit(1, "CI-SKI-0001"),
      unit(2, "CI-DEP-0001", { size: null, itemId: 9, itemName: "Depot ¶ locker", itemSizes: [] }),
    ]);
    const bars = [
      {
        id: 7,
        unitId: 1,
        kind: "paid" as const,
        from: 0.375,
        to: 2.75,
        buffer: 2.7083,
        clippedStart: false,
        clippedEnd: true,
        startCol: 0,
        endCol: 2,
        firstDay: "2027-01-11",
        lastDay: "2027-01-13",
        order: 0,
        note: null,
        movable: true,
      },
      {
        id: 8,
        unitId: 2,
        kind: "block" as const,
        from: 0,
        to: 1,
        buffer: null,
        clippedStart: true,
        clippedEnd: false,
        startCol: 0,
        endCol: 0,
        firstDay: "2027-01-09",
        lastDay: "2027-01-11",
        order: null,
        note: "Edges ¦ wax",
        movable: true,
      },
    ];
    const orders = [{ id: "0b1c", number: "R-2027-000001", name: "Anna ¶ Test", status: "paid" }];
    const wire = packPlanner({ rows, bars, orders }, "2027-01-11");
    expect(Object.values(wire).every((value) => typeof value === "string")).toBe(true);
    const back = unpackPlanner(wire, "2027-01-11");
    expect(back.rows).toEqual(
      rows.map((row) => (row.kind === "group" && row.label.includes("¶") ? { ...row, label: "Depot   locker" } : row)),
    );
    expect(back.bars).toEqual([bars[0], { ...bars[1], note: "Edges   wax" }]);
    expect(back.orders).toEqual([{ ...orders[0], name: "Anna   Test" }]);
    expect(unpackPlanner(packPlanner({ rows: [], bars: [], orders: [] }, "2027-01-11"), "2027-01-11")).toEqual({
      rows: [],
      bars: [],
      orders: [],
    });
  });

  it("moves blocks and orders not handed out, nothing else", () => {
    expect((["block", "held", "paid", "picked_up", "returned"] as const).filter(isMovable)).toEqual(["block", "held", "paid"]);
  });
});
