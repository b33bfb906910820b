/**
 * The settings screen's form: one section per group, each a Zod schema whose messages are i18n keys. The
 * form posts the whole page; `changedSettings` tells which keys differ, so only those are written and
 * audited.
 */
import { z } from "zod";
import { isLocale, locales } from "../i18n";
import type { SettingKey, Settings } from "../settings";
import { checkbox, email, euros, integer, optionalText, requiredText } from "./fields";

/** The sections of the screen, in their order, with the keys each saves. */
const SETTINGS_SECTIONS = {
  business: ["business"],
  tax: ["defaultVatRateBp"],
  languages: ["languages", "languageCookie", "gtmId"],
  booking: ["holdMinutes", "turnaroundMinutes", "cancellationFreeHours"],
  offer: ["discountOffer"],
  waiver: ["damageWaiver"],
  reminders: ["reminders"],
  security: ["requireStaffTotp"],
} as const satisfies Record<string, readonly SettingKey[]>;

export type EditableSettingKey = (typeof SETTINGS_SECTIONS)[keyof typeof SETTINGS_SECTIONS][number];

const trimmed = z.string().trim();

const businessSection = z.object({
  business: z.object({
    name: requiredText(120),
    legalName: requiredText(160),
    street: requiredText(160),
    postalCode: requiredText(20),
    town: requiredText(80),
    country: trimmed.toUpperCase().regex(/^[A-Z]{2}$/, { message: "admin.settings.errors.country" }),
    vatId: requiredText(40),
    registry: optionalText(160).transform((value) => value ?? ""),
    phone: requiredText(40),
    email,
  }),
});

/**
 * A VAT rate as typed ("22", "10", "5,5", "5.5") in percent, kept in basis points (2200 = 22 %), as items
 * and orders keep it.
 */
const vatRate = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().replace(/\s*%$/, "").replace(",", ".") : value),
  z
    .string({ message: "admin.errors.required" })
    .min(1, { message: "admin.errors.required" })
    .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: "admin.settings.errors.vatRate" })
    .transform((value) => Math.round(Number(value) * 100))
    .pipe(z.number().max(10000, { message: "admin.settings.errors.vatRate" })),
);

const taxSection = z.object({ defaultVatRateBp: vatRate });

const languagesSection = z.object({
  languages: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string())
      .min(1, { message: "admin.settings.errors.languages" })
      .refine((list) => list.every(isLocale), { message: "admin.settings.errors.languages" })
      .refine((list) => list.includes("en"), { message: "admin.settings.errors.englishRequired" })
      // Stored in the switcher's order, without repeats, so an unchanged choice is never "a change".
      .transform((list) => locales.filter((locale) => list.includes(locale))),
  ),
  /** Empty: the environment's LANGUAGE_COOKIE (default "lang"). */
  languageCookie: optionalText(40).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { message: "admin.settings.errors.languageCookie" })
      .nullable(),
  ),
  /** Empty: the environment's GTM_ID, or no tag manager. */
  gtmId: optionalText(40).pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, { message: "admin.settings.errors.gtmId" })
      .nullable(),
  ),
});

const bookingSection = z.object({
  holdMinutes: integer(5, 240),
  turnaroundMinutes: integer(0, 1440),
  cancellationFreeHours: integer(0, 720),
});

/** The online discount: off, or a percentage for booking at least N days ahead. Its numbers count only when it is on. */
const offerSection = z.object({
  discountOffer: z
    .object({ enabled: checkbox, percent: z.unknown().optional(), minDaysAhead: z.unknown().optional() })
    .optional()
    .transform((offer, ctx) => {
      if (!offer?.enabled) return null;
      const percent = integer(1, 50).safeParse(offer.percent);
      const minDaysAhead = integer(1, 365).safeParse(offer.minDaysAhead);
      if (!percent.success) ctx.addIssue({ code: "custom", path: ["percent"], message: percent.error.issues[0].message });
      if (!minDaysAhead.success) ctx.addIssue({ code: "custom", path: ["minDaysAhead"], message: minDaysAhead.error.issues[0].message });
      if (!percent.success || !minDaysAhead.success) return z.NEVER;
      return { percent: percent.data as number, minDaysAhead: minDaysAhead.data as number };
    }),
});

/** The damage waiver: off, or a price per rented item and day (at most 100 €). Its price counts only when it is on. */
const waiverSection = z.object({
  damageWaiver: z
    .object({ enabled: checkbox, dayPrice: z.unknown().optional() })
    .optional()
    .transform((waiver, ctx) => {
      if (!waiver?.enabled) return null;
      const price = euros().safeParse(waiver.dayPrice);
      const dayCents = price.success ? price.data : null;
      if (!price.success) ctx.addIssue({ code: "custom", path: ["dayPrice"], message: price.error.issues[0].message });
      else if (dayCents === null || dayCents < 1 || dayCents > 10_000)
        ctx.addIssue({ code: "custom", path: ["dayPrice"], message: "admin.errors.range" });
      if (dayCents === null || dayCents < 1 || dayCents > 10_000) return z.NEVER;
      return { dayCents };
    }),
});

/** The reminder e-mails: one box each, ticked to send it. */
const remindersSection = z.object({
  reminders: z.object({ pickup: checkbox, return: checkbox }).default({ pickup: false, return: false }),
});

const securitySection = z.object({ requireStaffTotp: checkbox });

/** The whole settings form: every section at once, every error reported. */
export const settingsFormSchema = z.object({
  ...businessSection.shape,
  ...taxSection.shape,
  ...languagesSection.shape,
  ...bookingSection.shape,
  ...offerSection.shape,
  ...waiverSection.shape,
  ...remindersSection.shape,
  ...securitySection.shape,
});

export type SettingsInput = z.infer<typeof settingsFormSchema>;

/** The keys whose values differ between what is stored and what was posted, in the screen's order. */
export function changedSettings(current: Settings, input: SettingsInput): EditableSettingKey[] {
  const keys = Object.values(SETTINGS_SECTIONS).flat() as EditableSettingKey[];
  return keys.filter((key) => JSON.stringify(current[key]) !== JSON.stringify(input[key]));
}

/** The settings as the form shows (and posts) them: strings, percent instead of basis points, the offer with its on/off box. */
export function settingsFormValues(settings: Settings): Record<string, unknown> {
  return {
    business: settings.business,
    defaultVatRateBp: String(settings.defaultVatRateBp / 100),
    languages: settings.languages,
    languageCookie: settings.languageCookie ?? "",
    gtmId: settings.gtmId ?? "",
    holdMinutes: String(settings.holdMinutes),
    turnaroundMinutes: String(settings.turnaroundMinutes),
    cancellationFreeHours: String(settings.cancellationFreeHours),
    discountOffer: settings.discountOffer
      ? { enabled: "true", percent: String(settings.discountOffer.percent), minDaysAhead: String(settings.discountOffer.minDaysAhead) }
      : { enabled: "", percent: "", minDaysAhead: "" },
    damageWaiver: settings.damageWaiver
      ? { enabled: "true", dayPrice: (settings.damageWaiver.dayCents / 100).toFixed(2) }
      : { enabled: "", dayPrice: "" },
    reminders: { pickup: settings.reminders.pickup ? "true" : "", return: settings.reminders.return ? "true" : "" },
    requireStaffTotp: settings.requireStaffTotp ? "true" : "",
  };
}

/**
 * A setting as its audit entry keeps it: a record (the business data) as itself, so the trail lists the
 * fields that changed; a single value under its own name.
 */
export function auditRecord(key: SettingKey, value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { [key]: value };
}
