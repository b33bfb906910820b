import { describe, expect, it } from "vitest";
import { hotelChoiceLabel, hotelNote, hotelOutcome } from "./partner-hotel";
import { quoteRental } from "./pricing";

const hotel = { name: "Hotel Alpenrose", discountPercent: 10 };
const quote = (offer: { percent: number; minDaysAhead: number } | null, kind: "rental" | "sale" = "rental") =>
  quoteRental({
    lines: [
      {
        key: "l1",
        itemId: 1,
        appId: "winter",
        categoryId: "ski",
        kind,
        vatRateBp: 2200,
        quantity: 1,
        ...(kind === "rental" ? { priceTable: { dayPrices: [3000, 5500, 8000], extraDayCents: 2000 } } : { unitPriceCents: 4000 }),
      },
    ],
    period: { pickupDate: "2027-01-11", returnDate: "2027-01-13" },
    now: new Date("2026-12-01T10:00:00Z"),
    today: "2026-12-01",
    hotel,
    offer,
  });

describe("what became of the partner hotel's discount", () => {
  it("is in the order when it is the better discount", () => {
    expect(hotelOutcome(quote({ percent: 5, minDaysAhead: 14 }).discounts)).toBe("applied");
    expect(hotelOutcome(quote(null).discounts)).toBe("applied");
  });

  it("gives way to a better early-booking discount, and to an equal one", () => {
    expect(hotelOutcome(quote({ percent: 15, minDaysAhead: 14 }).discounts)).toBe("offerBetter");
    expect(hotelOutcome(quote({ percent: 10, minDaysAhead: 14 }).discounts)).toBe("offerBetter");
  });

  it("has nothing to give on an order without rentals", () => {
    expect(hotelOutcome(quote(null, "sale").discounts)).toBe("noDiscount");
  });

  it("names the hotel with the message of its outcome, and nothing without a hotel", () => {
    expect(hotelNote(hotel, quote({ percent: 15, minDaysAhead: 14 }).discounts)).toEqual({
      key: "order.hotel.offerBetter",
      values: { hotel: "Hotel Alpenrose" },
    });
    expect(hotelNote(null, [])).toBeNull();
  });
});

describe("a partner hotel in the bag's list", () => {
  it("names the town only where the hotel's name does not", () => {
    expect(hotelChoiceLabel({ name: "Garni Ciasa Mugon", town: "Runcadoz" })).toBe("Garni Ciasa Mugon, Runcadoz");
    expect(hotelChoiceLabel({ name: "Alpine Lodge Plan da Sëra", town: "Plan da Sëra" })).toBe("Alpine Lodge Plan da Sëra");
    expect(hotelChoiceLabel({ name: "Hotel Ciaslin", town: "ciaslin" })).toBe("Hotel Ciaslin");
  });
});
