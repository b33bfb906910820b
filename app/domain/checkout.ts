/**
 * The booking forms' rules, one Zod schema each, used by the server at every step (and the same messages
 * shown by the page). Error messages are i18n keys under `booking.errors`; the three texts of spec §5 are
 * `booking.errors.firstName`, `booking.errors.emptyBag` and `booking.errors.invoiceFirst`.
 */
import { z } from "zod";
import type { Locale } from "./i18n";

/** Countries offered for the invoice address: the EU, the EEA, Switzerland and the UK. */
export const COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CH",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GB",
  "GR",
  "HR",
  "HU",
  "IE",
  "IS",
  "IT",
  "LI",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;

/** The invoice country preselected for a language; English speakers come from everywhere, so the shop's own. */
export const DEFAULT_COUNTRY: Record<Locale, (typeof COUNTRIES)[number]> = {
  en: "IT",
  de: "DE",
  it: "IT",
  nl: "NL",
  be: "BE",
  da: "DK",
};

export const appIdSchema = z.enum(["winter", "summer"]);

export const shopSlugSchema = z.string().regex(/^[a-z0-9-]{1,60}$/);

const categoryIdSchema = z.string().regex(/^[a-z0-9-]{1,60}$/);

/**
 * The category a public page (ski service, depot, sports shop) sent the visitor to book: carried as
 * `?category=` through the period and persons steps to the equipment for the whole bag. Null if absent
 * or malformed.
 */
export function wantedCategory(url: URL): string | null {
  const parsed = categoryIdSchema.safeParse(url.searchParams.get("category"));
  return parsed.success ? parsed.data : null;
}

export const SKILLS = ["beginner", "intermediate", "expert"] as const;
/** Most persons a bag takes: a big family or a school group is handled at the counter. */
export const MAX_PERSONS = 12;

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).optional());
const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, { message: "booking.errors.tooLong" }).optional());

/** The plausible range of each body measure a person may give (height cm, weight kg, EU shoe size). */
export const PERSON_LIMITS = { heightCm: [70, 230], weightKg: [10, 200], shoeSize: [20, 52] } as const;

export const personSchema = z.object({
  firstName: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ message: "booking.errors.firstName" })
      .min(1, { message: "booking.errors.firstName" })
      .max(60, { message: "booking.errors.tooLong" }),
  ),
  lastName: optionalText(60),
  heightCm: optionalInt(...PERSON_LIMITS.heightCm, "booking.errors.height"),
  weightKg: optionalInt(...PERSON_LIMITS.weightKg, "booking.errors.weight"),
  skill: z.preprocess(emptyToUndefined, z.enum(SKILLS, { message: "booking.errors.skill" }).optional()),
  shoeSize: optionalInt(...PERSON_LIMITS.shoeSize, "booking.errors.shoeSize"),
});
export type PersonInput = z.infer<typeof personSchema>;

export const invoiceSchema = z.object({
  name: z.string().trim().min(2, { message: "booking.errors.name" }).max(120, { message: "booking.errors.tooLong" }),
  company: optionalText(120),
  vatId: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[0-9A-Z+*. ]{2,14}$/, { message: "booking.errors.vatId" })
      .optional(),
  ),
  street: z.string().trim().min(3, { message: "booking.errors.street" }).max(160, { message: "booking.errors.tooLong" }),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, { message: "booking.errors.postalCode" }),
  city: z.string().trim().min(2, { message: "booking.errors.city" }).max(80, { message: "booking.errors.tooLong" }),
  country: z.enum(COUNTRIES, { message: "booking.errors.country" }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "booking.errors.email" })),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()/-]{6,24}$/, { message: "booking.errors.phone" }),
});
export type InvoiceInput = z.infer<typeof invoiceSchema>;

export const periodSchema = z.object({
  pickupDate: z.iso.date({ message: "booking.errors.date" }),
  returnDate: z.iso.date({ message: "booking.errors.date" }),
  pickupTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" }),
  returnTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" }),
});

export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, { message: "coupon.unknown" });

/** Cancellation policy: free until `freeHours` before pickup, for orders not yet picked up. */
export function canCancel(order: { status: string; pickupAt: Date }, freeHours: number, now: Date): boolean {
  if (order.status !== "paid" && order.status !== "pending_payment") return false;
  return now.getTime() <= order.pickupAt.getTime() - freeHours * 3_600_000;
}
