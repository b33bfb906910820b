import { describe, expect, it } from "vitest";
import {
  allocate,
  type CouponInput,
  priceForDays,
  type QuoteInput,
  type QuoteLineInput,
  quoteRental,
  roundCents,
  vatIncluded,
  withDamageWaiver,
} from "./pricing";

// Ski Race Pro: 38 € a day, degressive, 23 € each day after the seventh.
const ski = { dayPrices: [3800, 7200, 10200, 12800, 15000, 17400, 19500], extraDayCents: 2300 };

const rental = (over: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
  key: "ski",
  itemId: 1,
  appId: "winter",
  categoryId: "ski-snowboard",
  kind: "rental",
  vatRateBp: 2200,
  quantity: 1,
  priceTable: ski,
  ...over,
});
const goggles: QuoteLineInput = {
  key: "goggles",
  itemId: 9,
  appId: "winter",
  categoryId: "goggles-helmets",
  kind: "sale",
  vatRateBp: 2200,
  quantity: 1,
  unitPriceCents: 7900,
};
const coupon = (over: Partial<CouponInput> = {}): CouponInput => ({
  code: "WELCOME10",
  kind: "percent",
  value: 10,
  active: true,
  validFrom: null,
  validUntil: null,
  minOrderCents: 0,
  appIds: [],
  categoryIds: [],
  usesLeft: null,
  usesLeftForCustomer: null,
  ...over,
});
const base = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  lines: [rental()],
  period: { pickupDate: "2027-01-11", returnDate: "2027-01-13" }, // 3 days
  now: new Date("2027-01-10T10:00:00Z"),
  today: "2027-01-10",
  ...over,
});

describe("priceForDays", () => {
  it.each([
    [1, 3800],
    [2, 7200],
    [7, 19500],
    [8, 21800],
    [10, 26400],
  ])("%d days cost %d cents", (days, cents) => {
    expect(priceForDays(ski, days)).toBe(cents);
  });

  it("refuses zero or fractional days", () => {
    expect(() => priceForDays(ski, 0)).toThrow(RangeError);
    expect(() => priceForDays(ski, 1.5)).toThrow(RangeError);
  });
});

describe("rounding and allocation", () => {
  it.each([
    [0.5, 1],
    [1.49, 1],
    [2.5, 3],
    [1234.5, 1235],
  ])("roundCents(%d) = %d", (value, expected) => {
    expect(roundCents(value)).toBe(expected);
  });

  it("extracts VAT included in a gross amount", () => {
    expect(vatIncluded(12200, 2200)).toBe(2200);
    expect(vatIncluded(10000, 2200)).toBe(1803); // 1803.27
    expect(vatIncluded(10000, 1000)).toBe(909); // 909.09
    expect(vatIncluded(0, 2200)).toBe(0);
  });

  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [10, [3, 0, 7], [3, 0, 7]],
    [1, [5, 5], [1, 0]],
    [0, [5, 5], [0, 0]],
    [7, [0, 0], [0, 0]],
  ])("allocate(%d, %j) = %j and adds up", (amount, weights, shares) => {
    expect(allocate(amount, weights)).toEqual(shares);
  });
});

describe("quoteRental", () => {
  it("prices a one-day rental", () => {
    const quote = quoteRental(base({ period: { pickupDate: "2027-01-11", returnDate: "2027-01-11" } }));
    expect(quote.lines[0]).toMatchObject({ days: 1, baseCents: 3800, totalCents: 3800 });
    expect(quote.totalCents).toBe(3800);
    expect(quote.vat).toEqual([{ rateBp: 2200, grossCents: 3800, netCents: 3115, vatCents: 685 }]);
  });

  it("prices the day tiers and the extra days, per piece", () => {
    expect(quoteRental(base()).totalCents).toBe(10200);
    expect(quoteRental(base({ period: { pickupDate: "2027-01-11", returnDate: "2027-01-20" } })).totalCents).toBe(26400);
    expect(quoteRental(base({ lines: [rental({ quantity: 2 })] })).totalCents).toBe(20400);
  });

  it("adds a peak surcharge for the days inside the window only", () => {
    const christmas = [{ itemId: null, appId: "winter", startsOn: "2026-12-24", endsOn: "2027-01-06", percent: 15 }];
    // 4 days, 2 of them in the window: 15 % of half the price.
    const quote = quoteRental(base({ period: { pickupDate: "2027-01-05", returnDate: "2027-01-08" }, surcharges: christmas }));
    expect(quote.lines[0]).toMatchObject({ baseCents: 12800, surchargeCents: 960, subtotalCents: 13760 });
    // A summer window or another item's window does not apply.
    const other = quoteRental(
      base({
        surcharges: [
          { itemId: null, appId: "summer", startsOn: "2027-01-01", endsOn: "2027-01-31", percent: 50 },
          { itemId: 2, appId: "winter", startsOn: "2027-01-01", endsOn: "2027-01-31", percent: 50 },
        ],
      }),
    );
    expect(other.lines[0].surchargeCents).toBe(0);
  });

  it("names the peak windows of a line's surcharge and on how many of its days each counted", () => {
    const peaks = [
      { id: 7, itemId: null, appId: "winter", startsOn: "2026-12-24", endsOn: "2027-01-06", percent: 15 },
      { id: 8, itemId: null, appId: "winter", startsOn: "2027-01-06", endsOn: "2027-01-07", percent: 20 },
    ];
    const quote = quoteRental(base({ period: { pickupDate: "2027-01-05", returnDate: "2027-01-08" }, surcharges: peaks }));
    // 5 Jan: 15 %; 6 Jan: both windows, the higher counts; 7 Jan: 20 %; 8 Jan: none.
    expect(quote.lines[0].peaks).toEqual([
      { surchargeId: 7, percent: 15, days: 1 },
      { surchargeId: 8, percent: 20, days: 2 },
    ]);
    expect(quote.lines[0].surchargeCents).toBe(Math.floor((12800 * 55) / 400 + 0.5));
    const outside = quoteRental(base({ period: { pickupDate: "2027-01-11", returnDate: "2027-01-12" }, surcharges: peaks }));
    expect(outside.lines[0]).toMatchObject({ surchargeCents: 0, peaks: [] });
  });

  it("gives the larger of early booking and partner hotel, never both, to rental lines only", () => {
    const early = { percent: 10, minDaysAhead: 14 };
    const ahead = { today: "2026-12-20" }; // 22 days before pickup
    const offer = quoteRental(base({ ...ahead, offer: early, lines: [rental(), goggles] }));
    expect(offer.discounts).toEqual([{ kind: "offer", percent: 10, label: "", amountCents: 1020 }]);
    expect(offer.lines[1].discountCents).toBe(0);
    const hotel = quoteRental(base({ ...ahead, offer: early, hotel: { name: "Hotel Lumina", discountPercent: 12 } }));
    expect(hotel.discounts).toEqual([{ kind: "hotel", percent: 12, label: "Hotel Lumina", amountCents: 1224 }]);
    const lateBooking = quoteRental(base({ offer: early }));
    expect(lateBooking.discounts).toEqual([]);
    const exactlyOnTime = quoteRental(base({ offer: early, today: "2026-12-28" }));
    expect(exactlyOnTime.discounts[0]?.amountCents).toBe(1020);
  });

  it("applies a percent coupon after the other discounts, to its scope", () => {
    const quote = quoteRental(
      base({ today: "2026-12-20", offer: { percent: 10, minDaysAhead: 14 }, coupon: coupon(), lines: [rental(), goggles] }),
    );
    // rental 10200 - 1020 = 9180; goggles 7900; coupon 10 % of 17080 = 1708
    expect(quote.discounts.map((d) => [d.kind, d.amountCents])).toEqual([
      ["offer", 1020],
      ["coupon", 1708],
    ]);
    expect(quote.totalCents).toBe(18100 - 1020 - 1708);
    expect(quote.coupon).toEqual({ code: "WELCOME10", applied: true });
    const scoped = quoteRental(base({ coupon: coupon({ categoryIds: ["ski-snowboard"] }), lines: [rental(), goggles] }));
    expect(scoped.lines.map((l) => l.discountCents)).toEqual([1020, 0]);
  });

  it("caps a fixed coupon at what it covers, and a 100 % coupon makes the order free", () => {
    const fixed = quoteRental(base({ coupon: coupon({ kind: "fixed", value: 50000 }) }));
    expect(fixed.totalCents).toBe(0);
    expect(fixed.discounts[0].amountCents).toBe(10200);
    const free = quoteRental(base({ coupon: coupon({ value: 100 }), lines: [rental(), goggles] }));
    expect(free.totalCents).toBe(0);
    expect(free.vatCents).toBe(0);
    expect(free.vat).toEqual([{ rateBp: 2200, grossCents: 0, netCents: 0, vatCents: 0 }]);
  });

  it.each([
    ["inactive", { active: false }, "coupon.inactive"],
    ["not yet valid", { validFrom: new Date("2027-02-01T00:00:00Z") }, "coupon.notYetValid"],
    ["expired", { validUntil: new Date("2027-01-01T00:00:00Z") }, "coupon.expired"],
    ["for another season", { appIds: ["summer"] }, "coupon.notApplicable"],
    ["used up", { usesLeft: 0 }, "coupon.usedUp"],
    ["used up by this customer", { usesLeftForCustomer: 0 }, "coupon.usedUp"],
  ] as [string, Partial<CouponInput>, string][])("refuses a coupon that is %s, and says why", (_name, over, reason) => {
    const quote = quoteRental(base({ coupon: coupon(over) }));
    expect(quote.coupon).toEqual({ code: "WELCOME10", applied: false, reason });
    expect(quote.totalCents).toBe(10200);
  });

  it("says how much is missing for a coupon below its minimum order, and charges the order without it", () => {
    const quote = quoteRental(base({ coupon: coupon({ minOrderCents: 10450 }) }));
    expect(quote.coupon).toEqual({ code: "WELCOME10", applied: false, reason: "coupon.minOrder", missingCents: 250 });
    expect(quote.discounts).toEqual([]);
    expect(quote.totalCents).toBe(10200);
    // Exactly at the minimum, it applies.
    expect(quoteRental(base({ coupon: coupon({ minOrderCents: 10200 }) })).coupon).toEqual({ code: "WELCOME10", applied: true });
  });

  it("breaks VAT down per rate and the parts add up", () => {
    const book: QuoteLineInput = { ...goggles, key: "book", itemId: 20, vatRateBp: 400, unitPriceCents: 1990 };
    const quote = quoteRental(base({ lines: [rental(), goggles, book], coupon: coupon({ value: 15 }) }));
    expect(quote.vat.map((v) => v.rateBp)).toEqual([2200, 400]);
    for (const v of quote.vat) {
      expect(v.netCents + v.vatCents).toBe(v.grossCents);
      expect(v.vatCents).toBe(vatIncluded(v.grossCents, v.rateBp));
    }
    expect(quote.vat.reduce((s, v) => s + v.grossCents, 0)).toBe(quote.totalCents);
    expect(quote.lines.reduce((s, l) => s + l.totalCents, 0)).toBe(quote.totalCents);
    expect(quote.subtotalCents - quote.discountCents).toBe(quote.totalCents);
  });

  it("prices sale articles, services and a season locker by the piece, a daily locker by the day", () => {
    const service: QuoteLineInput = { ...goggles, key: "wax", kind: "service", unitPriceCents: 1500, quantity: 2 };
    const seasonLocker: QuoteLineInput = { ...goggles, key: "locker-season", kind: "depot", unitPriceCents: 17500 };
    const dayLocker: QuoteLineInput = {
      ...goggles,
      key: "locker-day",
      kind: "depot",
      unitPriceCents: null,
      priceTable: { dayPrices: [800, 1500], extraDayCents: 600 },
    };
    const quote = quoteRental(base({ lines: [service, seasonLocker, dayLocker] }));
    expect(quote.lines.map((l) => [l.key, l.days, l.totalCents])).toEqual([
      ["wax", null, 3000],
      ["locker-season", null, 17500],
      ["locker-day", 3, 2100],
    ]);
  });

  it("refuses a line without a price or with a bad quantity", () => {
    expect(() => quoteRental(base({ lines: [rental({ priceTable: null })] }))).toThrow(RangeError);
    expect(() => quoteRental(base({ lines: [rental({ quantity: 0 })] }))).toThrow(RangeError);
  });
});

describe("damage waiver", () => {
  const waiver = (chosen = true) => ({ dayCents: 200, chosen });
  const helmet = rental({ key: "helmet", itemId: 3, quantity: 2, priceTable: { dayPrices: [500], extraDayCents: 500 } });
  const dayLocker: QuoteLineInput = {
    ...goggles,
    key: "locker",
    kind: "depot",
    unitPriceCents: null,
    priceTable: { dayPrices: [800], extraDayCents: 600 },
  };
  const wax: QuoteLineInput = { ...goggles, key: "wax", kind: "service", unitPriceCents: 1500 };

  it.each([
    // what is in the bag, the period, units covered, days, waiver in cents
    { name: "one pair of skis, 3 days", lines: [rental()], returnDate: "2027-01-13", units: 1, days: 3, cents: 600 },
    { name: "skis and two helmets, 3 days", lines: [rental(), helmet], returnDate: "2027-01-13", units: 3, days: 3, cents: 1800 },
    { name: "two pairs of skis, 6 days", lines: [rental({ quantity: 2 })], returnDate: "2027-01-16", units: 2, days: 6, cents: 2400 },
    { name: "one day", lines: [rental()], returnDate: "2027-01-11", units: 1, days: 1, cents: 200 },
    {
      name: "sale, service and locker are not covered",
      lines: [rental(), goggles, wax, dayLocker],
      returnDate: "2027-01-13",
      units: 1,
      days: 3,
      cents: 600,
    },
  ])("costs the price per unit and day: $name", ({ lines, returnDate, units, days, cents }) => {
    const without = quoteRental(base({ lines, period: { pickupDate: "2027-01-11", returnDate } }));
    const quote = quoteRental(base({ lines, period: { pickupDate: "2027-01-11", returnDate }, damageWaiver: waiver() }));
    expect(quote.damageWaiver).toMatchObject({ dayCents: 200, units, days, amountCents: cents, chosen: true });
    expect(quote.totalCents).toBe(without.totalCents + cents);
    expect(quote.subtotalCents).toBe(without.subtotalCents);
  });

  it("is quoted but not charged when offered and not chosen, and absent when not offered or nothing is rented", () => {
    const offered = quoteRental(base({ damageWaiver: waiver(false) }));
    expect(offered.damageWaiver).toMatchObject({ amountCents: 600, chosen: false });
    expect(offered.totalCents).toBe(10200);
    expect(quoteRental(base()).damageWaiver).toBeNull();
    expect(quoteRental(base({ damageWaiver: null })).damageWaiver).toBeNull();
    expect(quoteRental(base({ lines: [goggles, wax, dayLocker], damageWaiver: waiver() })).damageWaiver).toBeNull();
  });

  it("is not reduced by the early-booking offer, a partner hotel or a coupon", () => {
    const quote = quoteRental(
      base({ offer: { percent: 10, minDaysAhead: 1 }, coupon: coupon({ kind: "fixed", value: 1_000_000 }), damageWaiver: waiver() }),
    );
    // A coupon larger than the order makes the rentals free; the waiver is still paid.
    expect(quote.lines[0].totalCents).toBe(0);
    expect(quote.discountCents).toBe(10200);
    expect(quote.totalCents).toBe(600);
    expect(quote.vat).toEqual([{ rateBp: 2200, grossCents: 600, netCents: 492, vatCents: 108 }]);
  });

  it("carries the VAT of the rental lines it covers, each at its rate, rounded half up on the sums", () => {
    const lowVat = rental({ key: "bike", itemId: 5, vatRateBp: 1000, quantity: 1 });
    const quote = quoteRental(base({ lines: [rental(), lowVat, goggles], damageWaiver: waiver() }));
    expect(quote.damageWaiver?.byRate).toEqual([
      { rateBp: 2200, amountCents: 600 },
      { rateBp: 1000, amountCents: 600 },
    ]);
    // 22 %: skis 10200 + goggles 7900 + waiver 600 = 18700; 10 %: bike 10200 + waiver 600 = 10800.
    expect(quote.vat.map((v) => [v.rateBp, v.grossCents, v.vatCents])).toEqual([
      [2200, 18700, vatIncluded(18700, 2200)],
      [1000, 10800, vatIncluded(10800, 1000)],
    ]);
    expect(quote.vat.reduce((s, v) => s + v.grossCents, 0)).toBe(quote.totalCents);
    expect(vatIncluded(10800, 1000)).toBe(982); // 981.818… rounds up
  });

  it("taking the offered waiver afterwards gives the same quote as quoting with it", () => {
    const lowVat = rental({ key: "bike", itemId: 5, vatRateBp: 1000, quantity: 3 });
    for (const lines of [[rental()], [rental(), lowVat, goggles], [goggles]]) {
      const input = base({ lines, coupon: coupon({ value: 15 }), damageWaiver: waiver(false) });
      expect(withDamageWaiver(quoteRental(input))).toEqual(quoteRental({ ...input, damageWaiver: waiver(true) }));
    }
  });
});
