import { describe, expect, it } from "vitest";
import { type CommissionRow, commissionCents, commissionCsv, reportTotals, shiftMonth } from "./hotel-reports";

const row = (overrides: Partial<CommissionRow> = {}): CommissionRow => ({
  hotelId: 1,
  name: "Hotel Stëla Alpina",
  town: "Ciaslin",
  active: true,
  commissionPercent: 12,
  orders: 2,
  revenueCents: 12345,
  commissionCents: 1481,
  ...overrides,
});

describe("partner hotels' commission report", () => {
  it("commission is the percent of the revenue, rounded half up to a cent", () => {
    expect(commissionCents(12345, 12)).toBe(1481); // 1481.4
    expect(commissionCents(1250, 10)).toBe(125);
    expect(commissionCents(1005, 10)).toBe(101); // 100.5 rounds up
    expect(commissionCents(0, 12)).toBe(0);
  });

  it("totals add up the rows", () => {
    expect(reportTotals([row(), row({ hotelId: 2, orders: 1, revenueCents: 1000, commissionCents: 80 })])).toEqual({
      orders: 3,
      revenueCents: 13345,
      commissionCents: 1561,
    });
  });

  it("months shift across the year end", () => {
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });

  it("CSV: comma and decimal point in English, semicolon and decimal comma elsewhere, quoted where needed", () => {
    const headers = ["Month", "Hotel", "Town", "Commission %", "Orders", "Revenue EUR", "Commission EUR"];
    expect(commissionCsv("2027-01", [row()], headers, "en")).toBe(
      "Month,Hotel,Town,Commission %,Orders,Revenue EUR,Commission EUR\r\n2027-01,Hotel Stëla Alpina,Ciaslin,12,2,123.45,14.81\r\n",
    );
    expect(commissionCsv("2027-01", [row({ name: 'Garni "Mugon"; Suites' })], headers, "de").split("\r\n")[1]).toBe(
      '2027-01;"Garni ""Mugon""; Suites";Ciaslin;12;2;123,45;14,81',
    );
    expect(commissionCsv("2027-01", [row({ name: "=HYPERLINK(1)" })], headers, "it").split("\r\n")[1]).toContain("'=HYPERLINK(1)");
  });
});
