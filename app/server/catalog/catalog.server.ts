/** Read access to the storefronts, branches and catalogue for the public pages, kept in memory (decision 035). */
import { and, asc, count, eq, gte, inArray } from "drizzle-orm";
import { hoursSummary } from "../../domain/opening-hours";
import { type IsoDate, seasonOrder } from "../../domain/periods";
import type { OfferKind } from "../../domain/pictures";
import type { Season } from "../../domain/vocabulary";
import { getDb } from "../db/client.server";
import {
  categories,
  items,
  offerPictures,
  partnerHotels,
  priceSurcharges,
  priceTables,
  shopClosedDays,
  shopHours,
  shopStorefronts,
  shops,
  storefronts,
} from "../db/schema";
import { catalogRead } from "./catalog-cache.server";

export const listStorefronts = catalogRead("listStorefronts", async () =>
  getDb().select().from(storefronts).where(eq(storefronts.enabled, true)).orderBy(asc(storefronts.sort)),
);

/** Active branches with the storefronts each serves. */
export const listShops = catalogRead("listShops", async () => {
  const db = getDb();
  const [rows, links] = await Promise.all([
    db.select().from(shops).where(eq(shops.active, true)).orderBy(asc(shops.sort), asc(shops.name)),
    db.select().from(shopStorefronts),
  ]);
  return rows.map((shop) => ({ ...shop, appIds: links.filter((l) => l.shopId === shop.id).map((l) => l.appId) }));
});

/**
 * The branches for `/stores`: each with its storefronts, the one whose season it is first, and its
 * opening hours in short for `today` (a date in the shop's time zone).
 */
export const listShopCards = catalogRead("listShopCards", async (today: IsoDate) => {
  const db = getDb();
  const [rows, seasons, hours, closed] = await Promise.all([
    listShops(),
    listStorefronts(),
    db.select().from(shopHours),
    db.select({ shopId: shopClosedDays.shopId, day: shopClosedDays.day }).from(shopClosedDays).where(eq(shopClosedDays.day, today)),
  ]);
  return rows.map((shop) => {
    const served = seasonOrder(
      today,
      seasons.filter((s) => shop.appIds.includes(s.id)),
    );
    return {
      ...shop,
      appIds: served.map((s) => s.id),
      hours: hoursSummary(
        today,
        served,
        hours.filter((h) => h.shopId === shop.id),
        closed.filter((c) => c.shopId === shop.id).map((c) => c.day),
      ),
    };
  });
});

/** One branch by its slug with hours per storefront, closed days from `today` on and what it rents; null if none. */
export const getShop = catalogRead("getShop", async (slug: string, today: IsoDate) => {
  const db = getDb();
  const [shop] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.slug, slug), eq(shops.active, true)))
    .limit(1);
  if (!shop) return null;
  const [hours, closed, links] = await Promise.all([
    db.select().from(shopHours).where(eq(shopHours.shopId, shop.id)).orderBy(asc(shopHours.weekday), asc(shopHours.opens)),
    db
      .select()
      .from(shopClosedDays)
      .where(and(eq(shopClosedDays.shopId, shop.id), gte(shopClosedDays.day, today)))
      .orderBy(asc(shopClosedDays.day)),
    db.select({ appId: shopStorefronts.appId }).from(shopStorefronts).where(eq(shopStorefronts.shopId, shop.id)),
  ]);
  const appIds = links.map((l) => l.appId);
  const offer =
    appIds.length === 0
      ? []
      : await db
          .select({
            id: categories.id,
            name: categories.name,
            appId: categories.appId,
            kind: categories.kind,
            pictures: categories.pictures,
            items: count(items.id),
          })
          .from(categories)
          .innerJoin(items, and(eq(items.categoryId, categories.id), eq(items.active, true)))
          .where(inArray(categories.appId, appIds))
          .groupBy(categories.id)
          .orderBy(asc(categories.sort));
  return { shop, hours, closed, appIds, offer };
});

/** Public slugs for the sitemap. */
export const listShopSlugs = catalogRead("listShopSlugs", async () =>
  getDb().select({ slug: shops.slug, updatedAt: shops.updatedAt }).from(shops).where(eq(shops.active, true)).orderBy(asc(shops.sort)),
);

/** The pictures of the three offers (ski service, depot, sports shop); an offer without a row has none. */
export const getOfferPictures = catalogRead("getOfferPictures", async (): Promise<Record<OfferKind, string[]>> => {
  const rows = await getDb().select().from(offerPictures);
  const of = (offer: OfferKind) => rows.find((row) => row.offer === offer)?.pictures ?? [];
  return { service: of("service"), depot: of("depot"), sale: of("sale") };
});

/**
 * What pricing and the equipment step read of every item (decision 035): all items, active or not (a bag may
 * hold one that was since deactivated, and the quote must say so), their price tables, a storefront's peak
 * surcharges, the active partner hotels. Inside a transaction (holds) the tables are read directly instead.
 */
export const allItems = catalogRead("allItems", async () => getDb().select().from(items).orderBy(asc(items.sort), asc(items.id)));

export const allPriceTables = catalogRead("allPriceTables", async () => getDb().select().from(priceTables));

/** Every category, in the shop's order (per storefront, then as sorted in the back office). */
export const allCategories = catalogRead("allCategories", async () =>
  getDb().select().from(categories).orderBy(asc(categories.appId), asc(categories.sort), asc(categories.id)),
);

export const surchargesOf = catalogRead("surchargesOf", async (appId: Season) =>
  getDb().select().from(priceSurcharges).where(eq(priceSurcharges.appId, appId)),
);

export const activePartnerHotels = catalogRead("activePartnerHotels", async () =>
  getDb().select().from(partnerHotels).where(eq(partnerHotels.active, true)).orderBy(asc(partnerHotels.name)),
);
