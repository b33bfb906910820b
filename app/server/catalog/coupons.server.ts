/** The public coupons (the home page's offers, `/coupon/{CODE}`), kept in memory with the catalogue (decision 035). */
import { and, asc, eq } from "drizzle-orm";
import type { Season } from "../../domain/vocabulary";
import { getDb } from "../db/client.server";
import { coupons } from "../db/schema";
import { catalogRead } from "./catalog-cache.server";

const publicCoupons = catalogRead("publicCoupons", async () =>
  getDb()
    .select()
    .from(coupons)
    .where(and(eq(coupons.public, true), eq(coupons.active, true)))
    .orderBy(asc(coupons.code)),
);

/** A public, active coupon by its code (case-insensitive), or null. */
export async function getPublicCoupon(code: string) {
  const wanted = code.toUpperCase();
  return (await publicCoupons()).find((coupon) => coupon.code === wanted) ?? null;
}

export async function listPublicCouponCodes() {
  return (await publicCoupons()).map(({ code, updatedAt }) => ({ code, updatedAt }));
}

/** Public coupons still valid for the season's storefront (none named = every storefront), for the home page's offers. */
export async function listPublicCoupons(season: Season, now = new Date()) {
  return (await publicCoupons())
    .filter((coupon) => coupon.validUntil === null || coupon.validUntil > now)
    .filter((coupon) => coupon.appIds.length === 0 || coupon.appIds.includes(season))
    .slice(0, 6)
    .map(({ code, kind, value, description, validUntil }) => ({ code, kind, value, description, validUntil }));
}
