import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
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

/** Public coupons still valid, for the home page's offers. */
export async function listPublicCoupons(now = new Date()) {
  return getDb()
    .select({
      code: coupons.code,
      kind: coupons.kind,
      value: coupons.value,
      description: coupons.description,
      validUntil: coupons.validUntil,
    })
    .from(coupons)
    .where(and(eq(coupons.public, true), eq(coupons.active, true), or(isNull(coupons.validUntil), gt(coupons.validUntil, now))))
    .orderBy(asc(coupons.code))
    .limit(6);
}
