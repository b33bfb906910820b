import { describe, expect, it } from "vitest";
import { jsonLdText, localBusiness, product, seasonDates } from "./structured-data";

describe("seasonDates", () => {
  it.each([
    ["12-01", "04-15", "2026-11-22", "2026-12-01", "2027-04-15"], // before a winter season: the coming one
    ["12-01", "04-15", "2027-02-10", "2026-12-01", "2027-04-15"], // inside it, in its second year
    ["12-01", "04-15", "2026-12-24", "2026-12-01", "2027-04-15"], // inside it, in its first year
    ["12-01", "04-15", "2027-04-16", "2027-12-01", "2028-04-15"], // just after: the next one
    ["05-01", "10-31", "2026-11-22", "2027-05-01", "2027-10-31"], // summer, after its end: next year
    ["05-01", "10-31", "2026-07-01", "2026-05-01", "2026-10-31"],
    ["05-01", "10-31", "2026-10-31", "2026-05-01", "2026-10-31"], // the last day still counts
  ])("%s..%s on %s is %s..%s", (start, end, today, validFrom, validThrough) => {
    expect(seasonDates(start, end, today)).toEqual({ validFrom, validThrough });
  });
});

describe("localBusiness", () => {
  const business = localBusiness({
    url: "https://rent.example/de/shop/ciaslin",
    name: "Ciaslin",
    description: "Am Lift",
    street: "Strada Dolomites 1",
    postalCode: "39030",
    town: "La Villa",
    country: "IT",
    latitude: "46.587100",
    longitude: "11.900000",
    phone: "+39 0471 000000",
    email: "ciaslin@example.com",
    today: "2026-11-22",
    hours: [
      { weekday: 1, opens: "08:30:00", closes: "12:00:00", season: { start: "12-01", end: "04-15" } },
      { weekday: 7, opens: "14:00:00", closes: "18:30:00" },
    ],
  });

  it("has the address, the position as numbers and an id others can point at", () => {
    expect(business).toMatchObject({
      "@type": "LocalBusiness",
      "@id": "https://rent.example/de/shop/ciaslin#business",
      address: { "@type": "PostalAddress", streetAddress: "Strada Dolomites 1", addressLocality: "La Villa", addressCountry: "IT" },
      geo: { latitude: 46.5871, longitude: 11.9 },
    });
  });

  it("gives the hours per weekday in HH:MM, with the season's dates where known", () => {
    expect(business.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Monday",
        opens: "08:30",
        closes: "12:00",
        validFrom: "2026-12-01",
        validThrough: "2027-04-15",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Sunday", opens: "14:00", closes: "18:30" },
    ]);
  });
});

describe("product", () => {
  const base = {
    url: "https://rent.example/item/carving-ski",
    name: "Carving ski",
    description: "Easy turns",
    category: "Skis",
    sku: "carving-ski",
    images: [],
    brand: "Dolomiti Rent",
    sellers: [{ url: "https://rent.example/shop/ciaslin", name: "Ciaslin" }],
  };

  it("offers the price in euros with two decimals, in stock, at the branches", () => {
    expect(product({ ...base, priceCents: 2850, available: true }).offers).toEqual({
      "@type": "Offer",
      url: base.url,
      price: "28.50",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      availableAtOrFrom: [{ "@type": "Place", "@id": "https://rent.example/shop/ciaslin#business", name: "Ciaslin" }],
    });
  });

  it("says out of stock when no unit is left, and has no offer without a price", () => {
    expect(product({ ...base, priceCents: 100, available: false }).offers?.availability).toBe("https://schema.org/OutOfStock");
    expect(product({ ...base, priceCents: null, available: true })).not.toHaveProperty("offers");
  });
});

describe("jsonLdText", () => {
  it("cannot close the script element it sits in", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
