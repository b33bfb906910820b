/**
 * schema.org JSON-LD for search engines: a branch is a `LocalBusiness` with its address, position and
 * opening hours per season; an item is a `Product` with an `Offer` (its price "from", in euros, and
 * whether it can be had). Pure: the pages pass what they loaded.
 */
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export type BusinessInput = {
  url: string;
  name: string;
  description: string;
  street: string;
  postalCode: string;
  town: string;
  country: string;
  latitude: string | number;
  longitude: string | number;
  phone: string;
  email: string;
  image?: string;
  /** Opening hours, 1 = Monday (ISO), with the season window ("MM-DD") of their storefront. */
  hours: { weekday: number; opens: string; closes: string; season?: { start: string; end: string } }[];
  /** Today in the shop's time zone (YYYY-MM-DD): which season's dates the hours are valid for. */
  today: string;
};

const hhmm = (time: string) => time.slice(0, 5);

/**
 * The dates of a season window ("MM-DD" to "MM-DD", inclusive, possibly wrapping the year end) for the
 * season that is running on `today`, or else the next one.
 */
export function seasonDates(start: string, end: string, today: string): { validFrom: string; validThrough: string } {
  const year = Number(today.slice(0, 4));
  const day = today.slice(5);
  const wraps = end < start;
  // A wrapping season still running in its second year began the year before.
  const first = wraps ? (day <= end ? year - 1 : year) : day > end ? year + 1 : year;
  return { validFrom: `${first}-${start}`, validThrough: `${wraps ? first + 1 : first}-${end}` };
}

export function localBusiness(input: BusinessInput) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${input.url}#business`,
    url: input.url,
    name: input.name,
    description: input.description,
    ...(input.image ? { image: input.image } : {}),
    telephone: input.phone,
    email: input.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: input.street,
      postalCode: input.postalCode,
      addressLocality: input.town,
      addressCountry: input.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: Number(input.latitude), longitude: Number(input.longitude) },
    openingHoursSpecification: input.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAYS[h.weekday - 1]}`,
      opens: hhmm(h.opens),
      closes: hhmm(h.closes),
      ...(h.season ? seasonDates(h.season.start, h.season.end, input.today) : {}),
    })),
  };
}

export type ProductInput = {
  url: string;
  name: string;
  description: string;
  category: string;
  sku: string;
  images: string[];
  /** The lowest price (one rental day, or the unit price), in cents; null when the item has no price. */
  priceCents: number | null;
  available: boolean;
  brand: string;
  /** The branches where it is handed out, as LocalBusiness ids (`{shop url}#business`). */
  sellers: { url: string; name: string }[];
};

const euros = (cents: number) => (cents / 100).toFixed(2);

export function product(input: ProductInput) {
  const availability = input.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${input.url}#product`,
    url: input.url,
    name: input.name,
    description: input.description,
    category: input.category,
    sku: input.sku,
    brand: { "@type": "Brand", name: input.brand },
    ...(input.images.length > 0 ? { image: input.images } : {}),
    ...(input.priceCents === null
      ? {}
      : {
          offers: {
            "@type": "Offer",
            url: input.url,
            price: euros(input.priceCents),
            priceCurrency: "EUR",
            availability,
            ...(input.sellers.length > 0
              ? {
                  availableAtOrFrom: input.sellers.map((s) => ({ "@type": "Place", "@id": `${s.url}#business`, name: s.name })),
                }
              : {}),
          },
        }),
  };
}

/**
 * The text of a `<script type="application/ld+json">`: JSON with `<` escaped, so no value (a name, a
 * description typed in the back office) can close the script element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
