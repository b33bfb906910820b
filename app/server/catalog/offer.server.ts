/**
 * Read access to the catalogue for the public pages: what each branch rents and sells, the ski service,
 * depot and sports shop pages (with availability per branch), and one item's page.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Locale, pick } from "../../domain/i18n";
import { type ShopFilter, type ShopFilterKey, shopView } from "../../domain/shop-filter";
import type { ItemKind, Season } from "../../domain/vocabulary";
import { getDb } from "../db/client.server";
import { categories, items, priceTables, serviceCapacity, shopStorefronts, shops, stock, units } from "../db/schema";
import { getOfferPictures, surchargesOf } from "./catalog.server";
import { catalogRead } from "./catalog-cache.server";

/** Everything but rentals has a public page of its own (ski service, depot, sports shop). */
export type OfferKind = Exclude<ItemKind, "rental">;
type Item = typeof items.$inferSelect;

/** The price an item is shown "from": its unit price, or one day of its price table. */
function fromPrice(item: Item, table: { dayPrices: number[] } | undefined): number | null {
  return item.priceCents ?? table?.dayPrices[0] ?? null;
}

async function tablesOf(itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, typeof priceTables.$inferSelect>();
  const rows = await getDb().select().from(priceTables).where(inArray(priceTables.itemId, itemIds));
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** Active branches serving a storefront, in display order. */
async function branchesOf(appIds: string[]) {
  if (appIds.length === 0) return [];
  return getDb()
    .selectDistinct({ id: shops.id, slug: shops.slug, name: shops.name, town: shops.town, sort: shops.sort })
    .from(shops)
    .innerJoin(shopStorefronts, eq(shopStorefronts.shopId, shops.id))
    .where(and(eq(shops.active, true), inArray(shopStorefronts.appId, appIds as Season[])))
    .orderBy(asc(shops.sort), asc(shops.name));
}

/**
 * How much of each item each branch has: units (rental, depot), stock (sale, with its sizes) or jobs
 * per day (service). Keyed by item id, then shop id.
 */
async function amountsPerShop(kind: ItemKind, itemIds: number[]) {
  const result = new Map<number, Map<number, { count: number; sizes: { size: string; count: number }[] }>>();
  if (itemIds.length === 0) return result;
  const db = getDb();
  const rows: { itemId: number; shopId: number; size: string | null; count: number }[] =
    kind === "sale"
      ? await db
          .select({ itemId: stock.itemId, shopId: stock.shopId, size: stock.size, count: stock.quantity })
          .from(stock)
          .where(inArray(stock.itemId, itemIds))
      : kind === "service"
        ? await db
            .select({
              itemId: serviceCapacity.itemId,
              shopId: serviceCapacity.shopId,
              size: sql<null>`null`,
              count: serviceCapacity.perDay,
            })
            .from(serviceCapacity)
            .where(inArray(serviceCapacity.itemId, itemIds))
        : await db
            .select({ itemId: units.itemId, shopId: units.shopId, size: units.size, count: sql<number>`count(*)::int` })
            .from(units)
            .where(and(inArray(units.itemId, itemIds), eq(units.status, "active")))
            .groupBy(units.itemId, units.shopId, units.size);
  for (const row of rows) {
    const perShop = result.get(row.itemId) ?? new Map();
    const entry = perShop.get(row.shopId) ?? { count: 0, sizes: [] };
    entry.count += Number(row.count);
    if (row.size) entry.sizes.push({ size: row.size, count: Number(row.count) });
    perShop.set(row.shopId, entry);
    result.set(row.itemId, perShop);
  }
  return result;
}

/**
 * The ski service, ski depot or sports shop page: the categories of that kind with their items, price,
 * and per branch how much there is (stock, lockers) or, for a service, whether the branch offers it.
 */
const listOffer = catalogRead("listOffer", async (kind: OfferKind, locale: Locale) => {
  const db = getDb();
  const rows = await db
    .select({ item: items, category: categories })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(items.kind, kind), eq(items.active, true)))
    .orderBy(asc(categories.sort), asc(items.sort), asc(items.id));
  const ids = rows.map((r) => r.item.id);
  const appIds = [...new Set(rows.map((r) => r.item.appId))];
  const [tables, amounts, branches] = await Promise.all([tablesOf(ids), amountsPerShop(kind, ids), branchesOf(appIds)]);
  const grouped: { id: string; appId: string; name: string; items: OfferItem[] }[] = [];
  for (const { item, category } of rows) {
    let group = grouped.find((g) => g.id === category.id);
    if (!group) {
      group = { id: category.id, appId: category.appId, name: pick(category.name, locale), items: [] };
      grouped.push(group);
    }
    const perShop = amounts.get(item.id);
    group.items.push({
      id: item.id,
      slug: item.slug,
      name: pick(item.name, locale),
      description: pick(item.description, locale),
      pictures: item.pictures,
      sizes: item.sizes,
      fromCents: fromPrice(item, tables.get(item.id)),
      perDay: kind === "depot" && item.priceCents === null,
      branches: branches.map((b) => ({
        slug: b.slug,
        // A service's jobs per day are the back office's planning figure: customers learn only whether a branch offers it.
        count: kind === "service" ? Math.min(perShop?.get(b.id)?.count ?? 0, 1) : (perShop?.get(b.id)?.count ?? 0),
        sizes:
          perShop
            ?.get(b.id)
            ?.sizes.filter((s) => s.count > 0)
            .map((s) => s.size) ?? [],
      })),
    });
  }
  return { categories: grouped, branches: branches.map(({ slug, name, town }) => ({ slug, name, town })) };
});

/** The ski service or ski depot page: its offer and the pictures of its banner. */
export async function offerPage(kind: "service" | "depot", locale: Locale) {
  const [offer, pictures] = await Promise.all([listOffer(kind, locale), getOfferPictures()]);
  return { ...offer, pictures: pictures[kind] };
}

/**
 * The sports shop page for the chosen category and branch (issue 17): category tiles, or one category's
 * articles as cards, with the filter chips' counts. Only what the page shows travels to the browser.
 */
export const listSportsShop = catalogRead("listSportsShop", async (locale: Locale, wanted: ShopFilter, refused: ShopFilterKey[]) => {
  const { categories, branches } = await listOffer("sale", locale);
  return shopView(categories, branches, wanted, refused);
});

export type OfferItem = {
  id: number;
  slug: string;
  name: string;
  description: string;
  pictures: string[];
  sizes: string[];
  fromCents: number | null;
  perDay: boolean;
  branches: { slug: string; count: number; sizes: string[] }[];
};

/**
 * The rental items a branch can hand out: those with units at the branch, and those of its storefronts
 * that can be brought from another branch (not `local`), each with its price for one day. Grouped by
 * storefront in the order of `appIds` (the page puts the season it is first), then by category.
 */
export const shopRentals = catalogRead("shopRentals", async (shopId: number, appIds: string[], locale: Locale) => {
  if (appIds.length === 0) return [];
  const db = getDb();
  const rows = await db
    .select({ item: items, category: categories })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(
      and(
        eq(items.kind, "rental"),
        eq(items.active, true),
        inArray(items.appId, appIds as Season[]),
        sql`exists (select 1 from units u where u.item_id = ${items.id} and u.status = 'active'
              and (u.shop_id = ${shopId} or (not ${items.local}
                   and u.shop_id in (select sa.shop_id from shop_apps sa where sa.app_id = ${items.appId}))))`,
      ),
    )
    .orderBy(asc(categories.sort), asc(items.sort), asc(items.id));
  const tables = await tablesOf(rows.map((r) => r.item.id));
  const seasons = appIds.map((appId) => ({ appId, categories: [] as ShopRentalCategory[] }));
  for (const { item, category } of rows) {
    const season = seasons.find((s) => s.appId === item.appId);
    if (!season) continue;
    let group = season.categories.find((c) => c.id === category.id);
    if (!group) {
      group = { id: category.id, name: pick(category.name, locale), items: [] };
      season.categories.push(group);
    }
    group.items.push({ id: item.id, slug: item.slug, name: pick(item.name, locale), dayCents: fromPrice(item, tables.get(item.id)) });
  }
  return seasons.filter((s) => s.categories.length > 0);
});

type ShopRentalCategory = { id: string; name: string; items: { id: number; slug: string; name: string; dayCents: number | null }[] };

/** An active item's public page: the item, its category, prices and the branches that have it. */
/**
 * The peak windows still to come that put a surcharge on an item's days (issue 33): its page names them
 * beside the price table, so a New Year booking's price is no surprise.
 */
export async function upcomingPeaks(item: { id: number; appId: Season }, locale: Locale, today: string) {
  const windows = await surchargesOf(item.appId);
  return windows
    .filter((s) => (s.itemId === null || s.itemId === item.id) && s.percent > 0 && s.endsOn >= today)
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn))
    .map((s) => ({ name: pick(s.name, locale), percent: s.percent, startsOn: s.startsOn, endsOn: s.endsOn }));
}

export const getItemPage = catalogRead("getItemPage", async (slug: string, locale: Locale) => {
  const db = getDb();
  const [row] = await db
    .select({ item: items, category: categories })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(items.slug, slug), eq(items.active, true)))
    .limit(1);
  if (!row) return null;
  const { item, category } = row;
  const [tables, amounts, branches] = await Promise.all([
    tablesOf([item.id]),
    amountsPerShop(item.kind, [item.id]),
    branchesOf([item.appId]),
  ]);
  const perShop = amounts.get(item.id) ?? new Map();
  const total = [...perShop.values()].reduce((sum, entry) => sum + entry.count, 0);
  // A rental item that is not local can be handed out at every branch of its storefront.
  const movable = (item.kind === "rental" || item.kind === "depot") && !item.local && total > 0;
  const table = tables.get(item.id);
  return {
    item: {
      id: item.id,
      slug: item.slug,
      appId: item.appId,
      kind: item.kind,
      name: pick(item.name, locale),
      description: pick(item.description, locale),
      pictures: item.pictures,
      sizes: item.sizes,
      level: item.level,
      maxHeightCm: item.maxHeightCm,
      maxShoeSize: item.maxShoeSize,
      local: item.local,
      depositCents: item.depositCents,
      priceCents: item.priceCents,
      updatedAt: item.updatedAt,
    },
    category: { id: category.id, name: pick(category.name, locale) },
    prices: table ? { dayPrices: table.dayPrices, extraDayCents: table.extraDayCents } : null,
    fromCents: fromPrice(item, table),
    branches: branches
      .map((b) => ({ slug: b.slug, name: b.name, town: b.town, count: perShop.get(b.id)?.count ?? 0 }))
      .filter((b) => movable || b.count > 0),
    available: total > 0,
  };
});

/** Active items for the sitemaps. */
export const listItemSlugs = catalogRead("listItemSlugs", async () => {
  return getDb()
    .select({ slug: items.slug, updatedAt: items.updatedAt })
    .from(items)
    .where(eq(items.active, true))
    .orderBy(asc(items.appId), asc(items.id));
});
