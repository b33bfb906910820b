/**
 * Zod building blocks for the back office's forms. Every message is an i18n key under `admin.errors`; the
 * form shows it beside the field. Values arrive as the strings a form posts.
 */
import { z } from "zod";
import { locales, type Translated } from "../i18n";
import { rowIdSchema } from "../ids";

const trimmed = z.string().trim();
const empty = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** A required line of text. */
export const requiredText = (max = 200) =>
  trimmed.min(1, { message: "admin.errors.required" }).max(max, { message: "admin.errors.tooLong" });

/** An optional line of text: empty becomes null. */
export const optionalText = (max = 200) =>
  z.preprocess((value) => (empty(value) ? null : value), trimmed.max(max, { message: "admin.errors.tooLong" }).nullable());

/**
 * A text in the six languages, posted as `name.en`, `name.de`, ...: English is required, the others fall
 * back to English (or Dutch for Belgian Dutch) when left empty, so they are left out rather than stored empty.
 */
export const translatedText = (max = 200, required = true) =>
  z
    .object(
      Object.fromEntries(
        locales.map((locale) => [
          locale,
          locale === "en" && required
            ? requiredText(max)
            : z.preprocess((value) => (empty(value) ? undefined : value), trimmed.max(max, { message: "admin.errors.tooLong" }).optional()),
        ]),
      ) as unknown as Record<(typeof locales)[number], z.ZodType<string | undefined>>,
    )
    .transform((text) => Object.fromEntries(Object.entries(text).filter(([, value]) => value)) as Translated);

/** A URL-safe name: lower-case letters, digits and single dashes. */
export const slug = trimmed
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: "admin.errors.slug" })
  .max(60, { message: "admin.errors.tooLong" });

/** A whole number in a range. */
export function integer(min: number, max: number) {
  return z.preprocess((value) => (empty(value) ? undefined : value), wholeNumber(min, max));
}

/** A whole number in a range, or null for an empty field. */
export function optionalInteger(min: number, max: number) {
  return z.preprocess((value) => (empty(value) ? null : value), wholeNumber(min, max).nullable());
}

function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ message: "admin.errors.number" })
    .int({ message: "admin.errors.number" })
    .min(min, { message: "admin.errors.range" })
    .max(max, { message: "admin.errors.range" });
}

/** An amount in euros as staff type it ("12", "12.50", "12,50", "1.234,50") stored as integer cents. */
const cents = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const normalized = value.replace(/\s|€/g, "");
    // A comma followed by 1–2 digits at the end is the decimal comma; other separators group thousands.
    const match = /^(\d{1,3}(?:[.,']\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(normalized);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "admin.errors.money" });
      return z.NEVER;
    }
    const whole = Number(match[1].replace(/[.,']/g, ""));
    const fraction = Number((match[2] ?? "0").padEnd(2, "0"));
    const result = whole * 100 + fraction;
    if (result > 100_000_000) {
      ctx.addIssue({ code: "custom", message: "admin.errors.range" });
      return z.NEVER;
    }
    return result;
  });

export function euros(): z.ZodType<number>;
export function euros(optional: true): z.ZodType<number | null>;
export function euros(optional = false): z.ZodType<number | null> {
  return optional
    ? z.preprocess((value) => (empty(value) ? null : value), cents.nullable())
    : (z.preprocess((value) => (empty(value) ? undefined : value), z.string({ message: "admin.errors.required" }).pipe(cents)) as z.ZodType<
        number | null
      >);
}

/** A checkbox: present ("on") is true, absent is false. */
export const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** One of a list of values, with "choose one" as the message. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: "admin.errors.choose" });

export const isoDate = z.iso.date({ message: "admin.errors.date" });
export const optionalDate = z.preprocess((value) => (empty(value) ? null : value), isoDate.nullable());
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "admin.errors.time" });
export const email = trimmed.toLowerCase().pipe(z.email({ message: "admin.errors.email" }));

/** Ids posted by a group of checkboxes (`shopIds[]`): none ticked is an empty list. */
export const idList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(rowIdSchema("admin.errors.choose"))
    .max(200)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);
