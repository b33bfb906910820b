import { describe, expect, it } from "vitest";
import { zonedInstant } from "../periods";
import { chartScale, dashboardDays, dayRanges, revenueByDay, sumRevenue, utilisation } from "./dashboard";

describe("dashboard figures", () => {
  it("days are the shop's: just after midnight in Rome is already the next day", () => {
    const days = dashboardDays(new Date("2027-01-12T23:30:00Z")); // 00:30 on Wednesday 13 January in Rome
    expect(days).toEqual({ today: "2027-01-13", tomorrow: "2027-01-14", weekStart: "2027-01-11", revenueFrom: "2026-12-15" });
  });

  it("a day across the switch to summer time is 23 hours long", () => {
    const [day] = dayRanges("2027-03-28", 1);
    expect((day.end.getTime() - day.start.getTime()) / 3_600_000).toBe(23);
  });

  it("revenue per day by the shop's date of payment", () => {
    const revenue = revenueByDay(
      ["2027-01-11", "2027-01-12"],
      [
        { paidAt: new Date("2027-01-11T22:59:00Z"), totalCents: 1000 }, // 23:59 on the 11th in Rome
        { paidAt: new Date("2027-01-11T23:01:00Z"), totalCents: 2000, damageWaiverCents: 400 }, // 00:01 on the 12th
        { paidAt: new Date("2027-01-12T10:00:00Z"), totalCents: 500 },
        { paidAt: new Date("2027-01-20T10:00:00Z"), totalCents: 9999 }, // outside
      ],
    );
    expect(revenue).toEqual([
      { date: "2027-01-11", cents: 1000, waiverCents: 0, orders: 1 },
      { date: "2027-01-12", cents: 2500, waiverCents: 400, orders: 2 },
    ]);
    expect(sumRevenue(revenue)).toEqual({ cents: 3500, waiverCents: 400, orders: 3 });
  });

  it("utilisation: units booked today, and booked unit-days of the week", () => {
    const week = dayRanges("2027-01-11", 7);
    const today = week[1];
    const units = [
      { id: 1, categoryId: "ski" },
      { id: 2, categoryId: "ski" },
      { id: 3, categoryId: "ski" },
      { id: 4, categoryId: "ski" },
      { id: 5, categoryId: "ebike" },
    ];
    const bookings = [
      // unit 1: Monday 09:00 to Wednesday 18:00 (3 days of the week, today included)
      { unitId: 1, from: zonedInstant("2027-01-11", "09:00"), to: zonedInstant("2027-01-13", "18:00") },
      // unit 2: Saturday and Sunday
      { unitId: 2, from: zonedInstant("2027-01-16", "09:00"), to: zonedInstant("2027-01-17", "17:00") },
    ];
    const [ski, ebike] = utilisation(units, bookings, today, week);
    expect(ski).toEqual({ categoryId: "ski", units: 4, bookedToday: 1, today: 0.25, week: 5 / 28 });
    expect(ebike).toEqual({ categoryId: "ebike", units: 1, bookedToday: 0, today: 0, week: 0 });
  });

  it("a booking ending exactly at midnight does not count for the next day", () => {
    const [monday, tuesday] = dayRanges("2027-01-11", 2);
    const booking = { unitId: 1, from: monday.start, to: tuesday.start };
    expect(utilisation([{ id: 1, categoryId: "ski" }], [booking], tuesday, [monday, tuesday])[0]).toMatchObject({
      bookedToday: 0,
      week: 0.5,
    });
  });

  it("the chart's scale is a round number at or above the best day", () => {
    expect(chartScale(0)).toBe(10_000);
    expect(chartScale(12_345)).toBe(20_000); // 123.45 € → 200 €
    expect(chartScale(50_000)).toBe(50_000);
    expect(chartScale(50_001)).toBe(100_000);
    expect(chartScale(99)).toBe(100);
  });
});
