/** The branch calendar a rental period is checked against (domain/periods), kept in memory with the catalogue (decision 035). */
import { and, eq } from "drizzle-orm";
import type { ShopCalendar } from "../../domain/periods";
import type { Season } from "../../domain/vocabulary";
import { catalogRead } from "../catalog/catalog-cache.server";
import { type Db, getDb } from "../db/client.server";
import { shopClosedDays, shopHours, shopStorefronts, shops, storefronts } from "../db/schema";

/**
 * Opening hours for the storefront's season, closed days and season window; null when the branch does not serve
 * it. Read from memory, or with `db` (a transaction) from the tables.
 */
export function getShopCalendar(shopId: number, appId: Season, db?: Db): Promise<ShopCalendar | null> {
  return db ? readShopCalendar(shopId, appId, db) : keptShopCalendar(shopId, appId);
}

const keptShopCalendar = catalogRead("getShopCalendar", (shopId: number, appId: Season) => readShopCalendar(shopId, appId, getDb()));

async function readShopCalendar(shopId: number, appId: Season, db: Db): Promise<ShopCalendar | null> {
  const [served] = await db
    .select({ seasonStart: storefronts.seasonStart, seasonEnd: storefronts.seasonEnd })
    .from(shopStorefronts)
    .innerJoin(storefronts, eq(storefronts.id, shopStorefronts.appId))
    .innerJoin(shops, eq(shops.id, shopStorefronts.shopId))
    .where(and(eq(shopStorefronts.shopId, shopId), eq(shopStorefronts.appId, appId), eq(storefronts.enabled, true), eq(shops.active, true)))
    .limit(1);
  if (!served) return null;
  const [hours, closed] = await Promise.all([
    db
      .select({ weekday: shopHours.weekday, opens: shopHours.opens, closes: shopHours.closes })
      .from(shopHours)
      .where(and(eq(shopHours.shopId, shopId), eq(shopHours.appId, appId))),
    db.select({ day: shopClosedDays.day }).from(shopClosedDays).where(eq(shopClosedDays.shopId, shopId)),
  ]);
  return { hours, closedDays: closed.map((c) => c.day), seasonStart: served.seasonStart, seasonEnd: served.seasonEnd };
}
