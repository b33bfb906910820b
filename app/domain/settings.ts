import { z } from "zod";
import { gtmContainerId } from "./analytics";
import { type Locale, locales } from "./i18n";

/** Business and legal data, shown on the impressum and privacy pages and in e-mails and invoices. */
const businessSchema = z.object({
  name: z.string().min(1).max(120),
  legalName: z.string().min(1).max(160),
  street: z.string().min(1).max(160),
  postalCode: z.string().min(1).max(20),
  town: z.string().min(1).max(80),
  country: z.string().length(2),
  vatId: z.string().min(1).max(40),
  registry: z.string().max(160).default(""),
  phone: z.string().min(1).max(40),
  email: z.email(),
});

export type Business = z.infer<typeof businessSchema>;

/** The demo shop's business data: placeholders a fresh install shows until the owner fills in the settings. */
export const DEMO_BUSINESS: Business = {
  name: "Dolomiti Rent",
  legalName: "Dolomiti Rent S.r.l.",
  street: "Via Dolomiti 1",
  postalCode: "39046",
  town: "Val Lumina",
  country: "IT",
  vatId: "IT00000000000",
  registry: "",
  phone: "+39 0471 000000",
  email: "info@dolomiti-rent.example",
};

/** The business fields a legal notice needs real values in, in the order of the settings form. */
export const LEGAL_FIELDS = ["legalName", "street", "town", "vatId", "phone", "email"] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): no one can receive mail there. */
const RESERVED_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|^example\.(com|net|org)$/i;

/**
 * The legal fields that still hold the demo's placeholder: the demo value itself, a VAT number of
 * zeros, a phone number ending in six zeros, or an e-mail address at a reserved domain. While any is
 * left, the legal notice says it shows demo data and the back office asks the owner to fill them in.
 * (The postcode is a real one, and the shop's name may well stay: neither is checked.)
 */
export function demoBusinessFields(business: Business): LegalField[] {
  const placeholder: Record<LegalField, boolean> = {
    legalName: business.legalName.trim() === DEMO_BUSINESS.legalName,
    street: business.street.trim() === DEMO_BUSINESS.street,
    town: business.town.trim() === DEMO_BUSINESS.town,
    vatId: /^[A-Z]{0,2}0+$/i.test(business.vatId.replace(/[\s.-]/g, "")),
    phone: /0{6}$/.test(business.phone.replace(/\D/g, "")),
    email: RESERVED_DOMAIN.test(business.email.trim().split("@").at(-1) ?? ""),
  };
  return LEGAL_FIELDS.filter((field) => placeholder[field]);
}

/** A cookie name browsers and proxies accept everywhere (the same rule as LANGUAGE_COOKIE in the environment). */
const cookieName = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, "may hold only letters, digits, _ and -")
  .max(40);

/**
 * Every setting with its default. Secrets (payment keys, SMTP password) never live here.
 *
 * `languageCookie` and `gtmId` override the environment's LANGUAGE_COOKIE and GTM_ID when set; null means
 * "use the environment's value" (docs/decisions/020-settings.md).
 */
export const settingsSchema = z.object({
  business: businessSchema.default(DEMO_BUSINESS),
  currency: z.literal("EUR").default("EUR"),
  defaultVatRateBp: z.number().int().min(0).max(10000).default(2200),
  /** The languages the language switcher offers; every language's pages keep working (links, bookmarks). */
  languages: z
    .array(z.enum(locales))
    .min(1)
    .refine((list) => list.includes("en"), "English is the fallback language and stays on")
    .default([...locales]),
  languageCookie: cookieName.nullable().default(null),
  gtmId: gtmContainerId.nullable().default(null),
  holdMinutes: z.number().int().min(5).max(240).default(30),
  turnaroundMinutes: z.number().int().min(0).max(1440).default(60),
  cancellationFreeHours: z.number().int().min(0).max(720).default(48),
  /** Staff and admins must sign in with a second factor (TOTP); until they set it up they are sent to do so. */
  requireStaffTotp: z.boolean().default(false),
  discountOffer: z
    .object({ percent: z.number().int().min(0).max(50), minDaysAhead: z.number().int().min(1).max(365) })
    .nullable()
    .default({ percent: 10, minDaysAhead: 14 }),
  /**
   * The damage waiver offered at checkout (null: not offered): cents per rented unit and rental day. It
   * covers repairs of accidental damage, not loss or theft (docs/decisions/029-damage-waiver.md).
   */
  damageWaiver: z
    .object({ dayCents: z.number().int().min(1).max(10_000) })
    .nullable()
    .default({ dayCents: 200 }),
  /** The reminder e-mails before a pickup and on the return day, each switched on or off (docs/decisions/047-reminders.md). */
  reminders: z.object({ pickup: z.boolean(), return: z.boolean() }).default({ pickup: true, return: true }),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

/** The offered languages in the order of the switcher (the order of `locales`), whatever order they were stored in. */
export function offeredLanguages(settings: Pick<Settings, "languages">): Locale[] {
  return locales.filter((locale) => settings.languages.includes(locale));
}
