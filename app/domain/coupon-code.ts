import { z } from "zod";

/** A coupon code as a customer types it into the bag; one of another shape is no coupon of the shop's. */
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, { message: "coupon.unknown" });
