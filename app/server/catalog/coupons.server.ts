import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { coupons } from "../db/schema";

/** A public, active coupon by its code (case-insensitive), or null. */
export async function getPublicCoupon(code: string) {
  const [coupon] = await getDb()
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.toUpperCase()), eq(coupons.public, true), eq(coupons.active, true)))
    .limit(1);
  return coupon ?? null;
}

export async function listPublicCouponCodes() {
  return getDb()
    .select({ code: coupons.code, updatedAt: coupons.updatedAt })
    .from(coupons)
    .where(and(eq(coupons.public, true), eq(coupons.active, true)));
}
