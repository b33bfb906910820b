/**
 * The booking steps' server side (docs/architecture.md §6.1): what each step needs from the bag and the rental core,
 * and where to send a visitor who skipped a step. Route modules stay thin and call these.
 */
import { and, asc, eq } from "drizzle-orm";
import { type Locale, localizePath, pick } from "../../domain/i18n";
import { checkPeriod, type PeriodError, type RentalPeriod, type ShopCalendar, zonedDate } from "../../domain/periods";
import { type LinePeak, type Quote, quoteRental } from "../../domain/pricing";
import { nearestAvailableSize, recommendSize, sizeLabel } from "../../domain/sizing";
import { type Fit, fitFor } from "../../domain/suitability";
import type { ItemKind, Season } from "../../domain/vocabulary";
import { activePartnerHotels, allItems, allPriceTables, surchargesOf } from "../catalog/catalog.server";
import { catalogRead } from "../catalog/catalog-cache.server";
import { getDb } from "../db/client.server";
import { categories, shopStorefronts, shops, storefronts } from "../db/schema";
import { getSettings } from "../settings/settings.server";
import { getAvailability, type ItemAvailability } from "./availability.server";
import type { Bag } from "./bag-store.server";
import { getShopCalendar } from "./calendar.server";
import { type BagLine, linePeaks, quoteBag } from "./quote.server";

export type Step = "branch" | "period" | "persons" | "equipment" | "bag" | "invoice" | "payment";

/** An enabled storefront, from memory (decision 035). */
export const getStorefront = catalogRead("getStorefront", async (appId: Season) => {
  const [storefront] = await getDb()
    .select()
    .from(storefronts)
    .where(and(eq(storefronts.id, appId), eq(storefronts.enabled, true)));
  return storefront ?? null;
});

/** A branch by its id, active or not (a bag keeps the branch it was started at); from memory (decision 035). */
export const getShopById = catalogRead("getShopById", async (id: number) => {
  const [shop] = await getDb().select().from(shops).where(eq(shops.id, id));
  return shop ?? null;
});

/** The branch of a slug if it serves the storefront, with its calendar for the season; from memory (decision 035). */
export const getBranch = catalogRead("getBranch", async (appId: Season, slug: string) => {
  const [shop] = await getDb()
    .select()
    .from(shops)
    .innerJoin(shopStorefronts, and(eq(shopStorefronts.shopId, shops.id), eq(shopStorefronts.appId, appId)))
    .where(and(eq(shops.slug, slug), eq(shops.active, true)));
  if (!shop) return null;
  const calendar = await getShopCalendar(shop.shops.id, appId);
  return calendar ? { shop: shop.shops, calendar } : null;
});

/** The bag's period as instants, when it has one that still passes the branch's rules. */
export function bagPeriod(bag: Bag | null, calendar: ShopCalendar, now: Date): { period: RentalPeriod | null; errors: PeriodError[] } {
  if (!bag?.pickupDate || !bag.returnDate || !bag.pickupTime || !bag.returnTime) return { period: null, errors: [] };
  const checked = checkPeriod(
    {
      pickupDate: bag.pickupDate,
      returnDate: bag.returnDate,
      pickupTime: bag.pickupTime.slice(0, 5),
      returnTime: bag.returnTime.slice(0, 5),
    },
    calendar,
    now,
  );
  return checked.ok ? { period: checked.value, errors: [] } : { period: null, errors: checked.errors };
}

/**
 * Where (a path in the visitor's language) a visitor of a later step belongs when an earlier one is missing, or
 * null when the step can be shown. The route redirects: a service answers no HTTP.
 */
export function missingStep(
  bag: Bag | null,
  step: Step,
  context: { appId: Season; shopId: number; slug: string; period: RentalPeriod | null },
  locale: Locale,
): string | null {
  const base = `/rental/${context.appId}/${context.slug}`;
  const sameShop = bag?.appId === context.appId && bag?.shopId === context.shopId;
  if (step === "period") return null;
  if (!bag || !sameShop || !context.period) return localizePath(base, locale);
  if (step === "persons") return null;
  if (bag.persons.length === 0) return localizePath(`${base}/persons`, locale);
  return null;
}

export type EquipmentEntry = {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Its first picture's base name, or none (decision 031). */
  pictures: string[];
  kind: ItemKind;
  categoryId: string;
  sizes: { size: string; free: number }[];
  recommendedSize: string | null;
  /** The person's size, as the page names it, when it is not free but other sizes are (nothing is recommended then). */
  missingSize: string | null;
  priceCents: number;
  state: "available" | "not available" | "added";
  addedLineId: number | null;
  maxHeightCm: number | null;
  maxShoeSize: number | null;
  /** Whether the item suits the person whose list this is (always "suits" on the whole bag's list). */
  fit: Fit;
};

/** The items of one category at the branch for the period, for one person (or for nobody: shop, service, depot). */
export async function equipmentFor(params: {
  bag: Bag;
  appId: Season;
  shopId: number;
  period: RentalPeriod;
  personId: number | null;
  categoryId: string;
  locale: Locale;
  now: Date;
}): Promise<EquipmentEntry[]> {
  const person = params.personId === null ? null : (params.bag.persons.find((p) => p.id === params.personId) ?? null);
  const [settings, everyItem, surcharges, everyTable] = await Promise.all([
    getSettings(),
    allItems(),
    surchargesOf(params.appId),
    allPriceTables(),
  ]);
  const rows = everyItem.filter((item) => item.appId === params.appId && item.categoryId === params.categoryId && item.active);
  if (rows.length === 0) return [];
  const body = person
    ? { heightCm: person.heightCm, weightKg: person.weightKg, skill: person.skill, shoeSizeEu: person.shoeSize }
    : undefined;
  const availability = await getAvailability({
    shopId: params.shopId,
    appId: params.appId,
    pickupAt: params.period.pickupAt,
    returnAt: params.period.returnAt,
    turnaroundMinutes: settings.turnaroundMinutes,
    itemIds: rows.map((r) => r.id),
    person: body,
  });
  const byItem = new Map<number, ItemAvailability>(availability.map((a) => [a.itemId, a]));
  const tableOf = new Map(everyTable.map((t) => [t.itemId, t]));
  const quote = quoteRental({
    lines: rows.map((item) => {
      const table = tableOf.get(item.id);
      return {
        key: String(item.id),
        itemId: item.id,
        appId: item.appId,
        categoryId: item.categoryId,
        kind: item.kind,
        vatRateBp: item.vatRateBp,
        quantity: 1,
        priceTable: table ? { dayPrices: table.dayPrices, extraDayCents: table.extraDayCents } : null,
        unitPriceCents: item.priceCents,
      };
    }),
    period: params.period,
    now: params.now,
    today: zonedDate(params.now),
    surcharges: surcharges.map((s) => ({ itemId: s.itemId, appId: s.appId, startsOn: s.startsOn, endsOn: s.endsOn, percent: s.percent })),
  });
  const priceOf = new Map(quote.lines.map((l) => [Number(l.key), l.subtotalCents]));
  const entries: EquipmentEntry[] = [];
  for (const item of rows) {
    const offer = byItem.get(item.id);
    // Left out: items the branch does not offer at all, or (for a person) items the person does not fit.
    if (!offer) continue;
    const sizes = offer.sizes.map((s) => ({ size: s.size ?? "", free: s.free }));
    const added =
      params.personId === null
        ? params.bag.lines.find((l) => l.personId === null && l.itemId === item.id)
        : params.bag.lines.find((l) => l.personId === params.personId && l.itemId === item.id);
    const fit: Fit = body ? fitFor(item, body) : { verdict: "suits", reason: null };
    const ideal = body ? recommendSize(item.sizing, body) : null;
    // Nothing is recommended on an item that does not suit the person: its nearest size is still wrong.
    const recommended = item.sizes.length > 0 && fit.verdict !== "unsuitable" ? nearestAvailableSize(item.sizing, ideal, sizes) : null;
    const missingSize =
      !added && item.sizes.length > 0 && fit.verdict !== "unsuitable" && ideal !== null && recommended === null && offer.free > 0
        ? sizeLabel(item.sizing, ideal)
        : null;
    entries.push({
      id: item.id,
      slug: item.slug,
      name: pick(item.name, params.locale),
      description: pick(item.description, params.locale),
      // The card shows the first picture only.
      pictures: item.pictures.slice(0, 1),
      kind: item.kind,
      categoryId: item.categoryId,
      sizes: item.sizes.length > 0 ? item.sizes.map((size) => ({ size, free: sizes.find((s) => s.size === size)?.free ?? 0 })) : [],
      recommendedSize: added?.size ?? recommended,
      missingSize,
      priceCents: priceOf.get(item.id) ?? 0,
      state: added ? "added" : offer.free > 0 ? "available" : "not available",
      addedLineId: added?.id ?? null,
      maxHeightCm: item.maxHeightCm,
      maxShoeSize: item.maxShoeSize,
      fit,
    });
  }
  // What suits the person comes first; what does not is still shown, last, with the reason.
  const order = { suits: 0, above: 1, unsuitable: 2 } as const;
  return entries.sort((a, b) => order[a.fit.verdict] - order[b.fit.verdict]);
}

/** The storefront's categories with what kind of thing each holds, in display order. */
export const categoriesOf = catalogRead("categoriesOf", async (appId: Season, locale: Locale) => {
  const rows = await getDb().select().from(categories).where(eq(categories.appId, appId)).orderBy(asc(categories.sort));
  return rows.map((c) => ({ id: c.id, kind: c.kind, name: pick(c.name, locale) }));
});

export function quoteLinesOf(bag: Bag): BagLine[] {
  return bag.lines.map((line) => ({
    key: String(line.id),
    itemId: line.itemId,
    size: line.size,
    quantity: line.quantity,
    personIndex: line.personId === null ? null : bag.persons.findIndex((p) => p.id === line.personId),
    packageId: line.packageId,
    ageBand: bag.persons.find((p) => p.id === line.personId)?.ageBand ?? null,
  }));
}

export type BagView = {
  quote: Quote;
  lines: {
    id: number;
    personId: number | null;
    itemId: number;
    name: string;
    kind: string;
    size: string | null;
    sizes: { size: string; free: number }[];
    quantity: number;
    totalCents: number;
    subtotalCents: number;
    available: boolean;
    /** The package the line is a component of, in the page's language (decision 030). */
    packageName: string | null;
    /** The peak surcharge in `subtotalCents` and the windows it comes from, named in the page's language. */
    surchargeCents: number;
    peaks: LinePeak[];
  }[];
  hotels: { id: number; name: string; town: string; discountPercent: number }[];
};

/** Everything the bag shows: each line priced and checked against availability, the discounts, VAT and total. */
export async function bagView(bag: Bag, period: RentalPeriod, locale: Locale, now: Date, email?: string | null): Promise<BagView | null> {
  if (!bag.appId || !bag.shopId) return null;
  const lines = quoteLinesOf(bag);
  const [priced, settings, hotels] = await Promise.all([
    quoteBag({ appId: bag.appId, period, lines, couponCode: bag.couponCode, hotelId: bag.hotelId, email, now }),
    getSettings(),
    activePartnerHotels(),
  ]);
  if (!priced.ok) return null;
  const availability =
    lines.length === 0
      ? []
      : await getAvailability({
          shopId: bag.shopId,
          appId: bag.appId,
          pickupAt: period.pickupAt,
          returnAt: period.returnAt,
          turnaroundMinutes: settings.turnaroundMinutes,
          itemIds: [...new Set(lines.map((l) => l.itemId))],
        });
  const freeOf = (itemId: number, size: string | null) =>
    availability.find((a) => a.itemId === itemId)?.sizes.find((s) => (s.size ?? null) === (size ?? null))?.free ?? 0;
  const { quote, items: itemRows, packageNames, peakNames } = priced.value;
  // What the bag already asks of each item and size, to say when a line no longer fits.
  const wanted = new Map<string, number>();
  return {
    quote,
    lines: bag.lines.map((line) => {
      const item = itemRows.get(line.itemId)!;
      const q = quote.lines.find((l) => l.key === String(line.id))!;
      const key = `${line.itemId}:${line.size ?? ""}`;
      wanted.set(key, (wanted.get(key) ?? 0) + line.quantity);
      return {
        id: line.id,
        personId: line.personId,
        itemId: line.itemId,
        name: pick(item.name, locale),
        kind: item.kind,
        size: line.size,
        sizes: item.sizes.map((size) => ({ size, free: freeOf(item.id, size) })),
        quantity: line.quantity,
        subtotalCents: q.subtotalCents,
        totalCents: q.totalCents,
        available: (wanted.get(key) ?? 0) <= freeOf(line.itemId, line.size),
        packageName: packageNames.has(String(line.id)) ? pick(packageNames.get(String(line.id)), locale) : null,
        surchargeCents: q.surchargeCents,
        peaks: linePeaks(q, peakNames, locale),
      };
    }),
    hotels: hotels.map((h) => ({ id: h.id, name: h.name, town: h.town, discountPercent: h.discountPercent })),
  };
}

export type BookingSummary = {
  shopName: string;
  pickupAt: string;
  returnAt: string;
  days: number;
  persons: number;
  items: number;
  /** What the bag costs now, discounts included; null when a line can no longer be priced (the bag says why). */
  totalCents: number | null;
  /**
   * The discounts in that total (early booking, partner hotel, coupon): the item cards show prices before
   * them, so the running total says what it took off (issue 33).
   */
  discounts: Quote["discounts"];
};

/** The booking so far, as the steps between the period and the bag show it above their form. */
export async function bookingSummary(bag: Bag, shopName: string, period: RentalPeriod, now = new Date()): Promise<BookingSummary> {
  const lines = quoteLinesOf(bag);
  const priced =
    bag.appId && lines.length > 0
      ? await quoteBag({
          appId: bag.appId,
          period,
          lines,
          couponCode: bag.couponCode,
          hotelId: bag.hotelId,
          email: bag.invoice?.email,
          now,
        })
      : null;
  return {
    shopName,
    pickupAt: period.pickupAt.toISOString(),
    returnAt: period.returnAt.toISOString(),
    days: period.days,
    persons: bag.persons.length,
    items: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalCents: priced === null ? 0 : priced.ok ? priced.value.quote.totalCents : null,
    discounts: priced?.ok ? priced.value.quote.discounts : [],
  };
}
