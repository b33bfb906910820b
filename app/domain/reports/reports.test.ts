import { describe, expect, it } from "vitest";
import { csvDialect } from "../admin/order";
import {
  cancellationRows,
  cancellationTotal,
  csvRows,
  hasOrders,
  percentOfShare,
  type ReportData,
  reportCsv,
  reportCsvQuery,
  reportRange,
  reportScope,
  reportsQuery,
  revenueDays,
  topItems,
  utilisationRows,
} from "./reports";

const name = (text: string) => ({ en: text, de: `${text} (de)` });

describe("the reports' URL and range", () => {
  it("defaults to the last 7 days ending today", () => {
    const range = reportRange(reportsQuery.parse({}), "2027-01-14");
    expect(range).toEqual({
      from: "2027-01-08",
      to: "2027-01-14",
      days: ["2027-01-08", "2027-01-09", "2027-01-10", "2027-01-11", "2027-01-12", "2027-01-13", "2027-01-14"],
    });
  });

  it("drops malformed values and keeps good ones", () => {
    expect(reportsQuery.parse({ from: "2027-02-30", to: "yesterday", shop: "01" })).toEqual({});
    expect(reportsQuery.parse({ from: "2027-01-01", to: "2027-01-31", shop: "3" })).toEqual({
      from: "2027-01-01",
      to: "2027-01-31",
      shop: 3,
    });
    expect(reportCsvQuery.parse({ report: "everything" }).report).toBe("revenue-by-day");
    expect(reportCsvQuery.parse({ report: "hotels" }).report).toBe("hotels");
  });

  it("takes a range as asked, both ends included, and a missing start as 6 days before the end", () => {
    expect(reportRange({ from: "2027-01-30", to: "2027-02-02" }, "2027-03-01").days).toEqual([
      "2027-01-30",
      "2027-01-31",
      "2027-02-01",
      "2027-02-02",
    ]);
    expect(reportRange({ to: "2027-02-02" }, "2027-03-01")).toMatchObject({ from: "2027-01-27", to: "2027-02-02" });
    expect(reportRange({ from: "2027-02-02", to: "2027-02-02" }, "2027-03-01").days).toEqual(["2027-02-02"]);
  });

  it("falls back to the default range when the end comes before the start or the range is longer than a year and a day", () => {
    const fallback = { from: "2027-02-23", to: "2027-03-01" };
    expect(reportRange({ from: "2027-02-10", to: "2027-02-01" }, "2027-03-01")).toMatchObject(fallback);
    expect(reportRange({ from: "2026-01-01", to: "2027-01-02" }, "2027-03-01")).toMatchObject(fallback);
    expect(reportRange({ from: "2026-01-01", to: "2027-01-01" }, "2027-03-01").days).toHaveLength(366);
  });

  it("covers the branch asked for, else all of the user's", () => {
    expect(reportScope(null, undefined)).toBeNull();
    expect(reportScope([1, 2], undefined)).toEqual([1, 2]);
    expect(reportScope(null, 4)).toEqual([4]);
  });
});

describe("the reports' figures", () => {
  it("fills every day of the range, oldest first", () => {
    expect(
      revenueDays(["2027-01-01", "2027-01-02", "2027-01-03"], [{ date: "2027-01-02", orders: 2, cents: 5000, waiverCents: 400 }]),
    ).toEqual([
      { date: "2027-01-01", orders: 0, cents: 0, waiverCents: 0 },
      { date: "2027-01-02", orders: 2, cents: 5000, waiverCents: 400 },
      { date: "2027-01-03", orders: 0, cents: 0, waiverCents: 0 },
    ]);
  });

  it("counts utilisation as booked over available unit-days, busiest first", () => {
    const rows = utilisationRows(
      [
        { itemId: 2, size: "M", units: 1, bookedDays: 1 },
        { itemId: 1, size: "170", units: 2, bookedDays: 3 },
        { itemId: 1, size: "160", units: 3, bookedDays: 0 },
      ],
      7,
    );
    expect(rows.map((r) => [r.itemId, r.size, r.availableDays, r.share])).toEqual([
      [1, "170", 14, 3 / 14],
      [2, "M", 7, 1 / 7],
      [1, "160", 21, 0],
    ]);
    expect(percentOfShare(3 / 14)).toBe(21.4);
    expect(percentOfShare(2 / 3)).toBe(66.7);
  });

  it("ranks the top items by revenue or by rental days, leaving out those with none", () => {
    const items = [
      { itemId: 1, revenueCents: 5000, rentalDays: 2, quantity: 1 },
      { itemId: 2, revenueCents: 9000, rentalDays: 0, quantity: 3 },
      { itemId: 3, revenueCents: 5000, rentalDays: 6, quantity: 2 },
    ];
    expect(topItems(items, "revenue").map((i) => i.itemId)).toEqual([2, 3, 1]);
    expect(topItems(items, "days").map((i) => i.itemId)).toEqual([3, 1]);
    expect(topItems(items, "revenue", 1).map((i) => i.itemId)).toEqual([2]);
  });

  it("gives each branch's cancellations a share of its cancelled and kept orders", () => {
    const revenue = [
      { shopId: 1, orders: 3, cents: 30000 },
      { shopId: 2, orders: 1, cents: 5000 },
    ];
    const cancelled = [
      { shopId: 2, cancelled: 1, cents: 7000 },
      { shopId: 3, cancelled: 2, cents: 9000 },
    ];
    expect(cancellationRows(revenue, cancelled)).toEqual([
      { shopId: 1, cancelled: 0, cents: 0, share: 0 },
      { shopId: 2, cancelled: 1, cents: 7000, share: 0.5 },
      { shopId: 3, cancelled: 2, cents: 9000, share: 1 },
    ]);
    expect(cancellationTotal(revenue, cancelled)).toEqual({ cancelled: 3, cents: 16000, share: 3 / 7 });
    expect(cancellationTotal([], [])).toEqual({ cancelled: 0, cents: 0, share: 0 });
  });
});

describe("the reports' CSV files", () => {
  const data: ReportData = {
    range: { from: "2027-01-01", to: "2027-01-02", days: ["2027-01-01", "2027-01-02"] },
    totals: { orders: 2, cents: 12345, waiverCents: 400 },
    days: [
      { date: "2027-01-01", orders: 0, cents: 0, waiverCents: 0 },
      { date: "2027-01-02", orders: 2, cents: 12345, waiverCents: 400 },
    ],
    branches: [{ shopId: 1, name: "Plan da Sëra", orders: 2, cents: 12345 }],
    channels: [{ source: "online", orders: 2, cents: 12345 }],
    categories: [{ categoryId: "ski", name: name("Ski"), orders: 2, cents: 11945 }],
    utilisation: [{ itemId: 1, name: name("Ski"), size: "170", units: 2, availableDays: 4, bookedDays: 1, share: 0.25 }],
    items: [
      { itemId: 1, name: name("Ski"), category: name("Ski"), revenueCents: 11945, rentalDays: 3, quantity: 1 },
      { itemId: 2, name: name("Hat"), category: name("Clothing"), revenueCents: 0, rentalDays: 0, quantity: 1 },
    ],
    coupons: [{ couponId: 1, code: "=WINTER", orders: 1, cents: 5000, discountCents: 500 }],
    hotels: [{ hotelId: 1, name: "Hotel, Ciasa", orders: 1, cents: 5000, discountCents: 250 }],
    cancellations: {
      rows: [{ shopId: 1, name: "Plan da Sëra", cancelled: 1, cents: 7000, share: 1 / 3 }],
      total: { cancelled: 1, cents: 7000, share: 1 / 3 },
    },
  };

  /** The messages a CSV file needs, as `t` gives them: the key itself, to see which was asked. */
  const words = (key: string) => `«${key}»`;

  it("writes figures as plain numbers, names and channels in the language's words, and a byte order mark", () => {
    expect(csvRows("revenue-by-day", data, "en", words)).toEqual([
      ["2027-01-01", 0, "0.00", "0.00"],
      ["2027-01-02", 2, "123.45", "4.00"],
    ]);
    expect(csvRows("utilisation", data, "en", words)).toEqual([["Ski", "170", 2, 4, 1, "25.0"]]);
    expect(csvRows("top-items", data, "en", words)).toEqual([
      ["Ski", "Ski", "119.45", 3, 1],
      ["Hat", "Clothing", "0.00", 0, 1],
    ]);
    expect(csvRows("cancellations", data, "en", words)).toEqual([["Plan da Sëra", 1, "33.3", "70.00"]]);
    expect(csvRows("revenue-by-channel", data, "en", words)).toEqual([["«admin.reports.channels.online»", 2, "123.45"]]);
    const file = reportCsv(
      ["Coupon", "Orders", "Revenue (EUR)", "Discount (EUR)"],
      csvRows("coupons", data, "en", words),
      csvDialect("en"),
    );
    expect(file).toBe("\uFEFFCoupon,Orders,Revenue (EUR),Discount (EUR)\r\n'=WINTER,1,50.00,5.00\r\n");
    expect(reportCsv(["Hotel"], csvRows("hotels", data, "en", words), csvDialect("en"))).toContain('"Hotel, Ciasa",1,50.00,2.50\r\n');
  });

  it("writes decimal commas and semicolons in the languages that write a decimal comma", () => {
    expect(csvRows("revenue-by-category", data, "de", words)).toEqual([
      ["Ski (de)", 2, "119,45"],
      ["«admin.dashboard.waiverColumn»", null, "4,00"],
    ]);
    expect(csvRows("utilisation", data, "da", words)).toEqual([["Ski", "170", 2, 4, 1, "25,0"]]);
    const file = reportCsv(["Hotel", "Bestellungen"], csvRows("hotels", data, "de", words), csvDialect("de"));
    expect(file).toBe("\uFEFFHotel;Bestellungen\r\nHotel, Ciasa;1;50,00;2,50\r\n");
  });

  it("knows when a range has no orders at all", () => {
    expect(hasOrders(data)).toBe(true);
    expect(
      hasOrders({
        totals: { orders: 0, cents: 0, waiverCents: 0 },
        cancellations: { rows: [], total: { cancelled: 0, cents: 0, share: 0 } },
      }),
    ).toBe(false);
    expect(
      hasOrders({
        totals: { orders: 0, cents: 0, waiverCents: 0 },
        cancellations: { rows: [], total: { cancelled: 1, cents: 0, share: 1 } },
      }),
    ).toBe(true);
  });
});
