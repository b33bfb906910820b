/**
 * A coupon as the back office edits it. The rules that price it live in app/domain/pricing.ts (decision
 * 009): a percent (1–100) or a fixed amount, a validity window, a minimum order, use limits counted by the
 * server and enforced by the database (`used_count <= max_uses`), and a scope of storefronts AND categories.
 */
import { z } from "zod";
import { slugSchema } from "../ids";
import { addDays, zonedDate, zonedInstant } from "../periods";
import { COUPON_KINDS } from "../vocabulary";
import { checkbox, euros, oneOf, optionalDate, optionalInteger, translatedText } from "./fields";
import { storefrontIdList } from "./storefront";

/** Upper-case letters, digits and single dashes: what customers type and what /coupon/{code} shows. */
const couponCode = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { message: "admin.errors.required" })
  .max(40, { message: "admin.errors.tooLong" })
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, { message: "admin.coupons.errors.code" })
  .refine((code) => code.length >= 3, { message: "admin.coupons.errors.codeShort" });

/** Category ids posted by checkboxes (`categoryIds[]`). */
const categoryIdList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(slugSchema("admin.errors.choose"))
    .max(200)
    .transform((ids) => [...new Set(ids)].sort()),
);

/** The start of a validity day in the shop's time zone. */
function validFromInstant(day: string): Date {
  return zonedInstant(day, "00:00");
}

/** The last second of a validity day in the shop's time zone: a coupon "valid until 15 April" works all that day. */
function validUntilInstant(day: string): Date {
  return new Date(zonedInstant(addDays(day, 1), "00:00").getTime() - 1000);
}

/** The calendar day (shop time) a stored validity instant stands for, for the date inputs. */
export function validityDay(instant: Date | string | null): string | null {
  return instant ? zonedDate(new Date(instant)) : null;
}

/** A coupon's value as stored (whole percent, or cents), or null when it is not one for its kind. */
function couponValue(kind: unknown, text: string): number | null {
  if (kind === "percent") {
    const percent = Number(text.replace(/\s|%/g, "").replace(",", "."));
    return Number.isInteger(percent) && percent >= 1 && percent <= 100 ? percent : null;
  }
  const cents = euros().safeParse(text);
  return cents.success && cents.data > 0 ? cents.data : null;
}

export const couponSchema = z
  .object({
    code: couponCode,
    kind: oneOf(COUPON_KINDS),
    /** Percent as a whole number, or euros; which one depends on `kind`. */
    value: z.string().trim().optional().default(""),
    description: translatedText(400),
    validFrom: optionalDate,
    validUntil: optionalDate,
    minOrder: euros(true),
    maxUses: optionalInteger(1, 1_000_000),
    maxUsesPerCustomer: optionalInteger(1, 1_000),
    appIds: storefrontIdList,
    categoryIds: categoryIdList,
    public: checkbox,
    active: checkbox,
  })
  // The rules between fields run even when another field failed (`when`), so the form names every
  // mistake at once: a bad code does not hide a percentage above 100.
  .superRefine(
    (form, ctx) => {
      if (form.value === "") ctx.addIssue({ code: "custom", path: ["value"], message: "admin.errors.required" });
      else if (couponValue(form.kind, form.value) === null)
        ctx.addIssue({
          code: "custom",
          path: ["value"],
          message: form.kind === "percent" ? "admin.coupons.errors.percent" : "admin.coupons.errors.amount",
        });
      if (typeof form.validFrom === "string" && typeof form.validUntil === "string" && form.validUntil < form.validFrom)
        ctx.addIssue({ code: "custom", path: ["validUntil"], message: "admin.coupons.errors.window" });
      const [total, perCustomer] = [form.maxUses, form.maxUsesPerCustomer];
      // Only limits that passed their own range check are compared.
      const valid = (limit: unknown): limit is number => Number.isInteger(limit) && (limit as number) >= 1;
      if (valid(total) && valid(perCustomer) && perCustomer > total)
        ctx.addIssue({ code: "custom", path: ["maxUsesPerCustomer"], message: "admin.coupons.errors.perCustomerAboveTotal" });
    },
    { when: () => true },
  )
  .transform((form) => {
    const value = couponValue(form.kind, form.value) as number;
    return {
      code: form.code,
      kind: form.kind,
      value,
      description: form.description,
      validFrom: form.validFrom ? validFromInstant(form.validFrom) : null,
      validUntil: form.validUntil ? validUntilInstant(form.validUntil) : null,
      minOrderCents: form.minOrder ?? 0,
      maxUses: form.maxUses,
      maxUsesPerCustomer: form.maxUsesPerCustomer,
      appIds: form.appIds as string[],
      categoryIds: form.categoryIds,
      public: form.public,
      active: form.active,
    };
  });

export type CouponInput = z.infer<typeof couponSchema>;

/** A stored coupon as the edit form shows it (euros with a decimal comma or point as typed, dates as days). */
export function couponFormValues(coupon: {
  code: string;
  kind: string;
  value: number;
  description: unknown;
  validFrom: Date | string | null;
  validUntil: Date | string | null;
  minOrderCents: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  appIds: string[];
  categoryIds: string[];
  public: boolean;
  active: boolean;
}): Record<string, unknown> {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === "percent" ? String(coupon.value) : centsText(coupon.value),
    description: coupon.description,
    validFrom: validityDay(coupon.validFrom),
    validUntil: validityDay(coupon.validUntil),
    minOrder: coupon.minOrderCents > 0 ? centsText(coupon.minOrderCents) : "",
    maxUses: coupon.maxUses,
    maxUsesPerCustomer: coupon.maxUsesPerCustomer,
    appIds: coupon.appIds,
    categoryIds: coupon.categoryIds,
    public: coupon.public,
    active: coupon.active,
  };
}

/** 2500 -> "25.00": a value the euros field reads back unchanged. */
function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A scope that can never apply: pricing requires a line to match the storefronts AND the categories, so a
 * category of a storefront left out of the scope would never get the discount.
 */
export function scopeProblem(appIds: string[], categories: { id: string; appId: string }[]): string | null {
  if (appIds.length === 0) return null;
  return categories.some((c) => !appIds.includes(c.appId)) ? "admin.coupons.errors.scope" : null;
}

/** Uses left in total (null = unlimited). */
export function usesLeft(coupon: { maxUses: number | null; usedCount: number }): number | null {
  return coupon.maxUses === null ? null : Math.max(0, coupon.maxUses - coupon.usedCount);
}
