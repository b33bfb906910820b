/** The branch calendar a rental period is checked against (domain/periods). */
import { and, eq } from "drizzle-orm";
import type { ShopCalendar } from "../../domain/periods";
import type { Season } from "../../domain/vocabulary";
import { type Db, getDb } from "../db/client.server";
import { shopClosedDays, shopHours, shopStorefronts, shops, storefronts } from "../db/schema";

/** Opening hours for the storefront's season, closed days and season window; null when the branch does not serve it. */
export async function getShopCalendar(shopId: number, appId: Season, db: Db = getDb()): Promise<ShopCalendar | null> {
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
