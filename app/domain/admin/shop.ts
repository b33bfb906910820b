/**
 * A branch as the back office edits it: its details, the storefronts it serves, its opening hours per
 * storefront and weekday, and its closed days. Opening hours are typed the way a shop door shows them,
 * one line per weekday ("08:30–12:30, 14:30–18:30"; empty = closed), so the editor needs no JavaScript
 * and a lunch break is simply a second slot. The rental core reads them (app/domain/periods.ts).
 */
import { z } from "zod";
import { fail, ok, type Result } from "../result";
import { SEASONS } from "../vocabulary";
import { checkbox, email, integer, isoDate, oneOf, requiredText, slug, translatedText } from "./fields";
import { storefrontIdList } from "./storefront";

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** More slots than this on one day is a typing mistake, not a timetable. */
const MAX_SLOTS_PER_DAY = 4;

export type Slot = { opens: string; closes: string };
export type WeekdaySlot = Slot & { weekday: number };

/** A coordinate in decimal degrees, typed with a point or a comma, stored with six decimals (about 10 cm). */
function coordinate(limit: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(",", ".") : value),
    z
      .string()
      .min(1, { message: "admin.errors.required" })
      .regex(/^[-+]?\d{1,3}(\.\d{1,8})?$/, { message })
      .transform(Number)
      .refine((n) => Math.abs(n) <= limit, { message })
      .transform((n) => n.toFixed(6)),
  );
}

const shopFields = {
  name: requiredText(120),
  description: translatedText(800),
  street: requiredText(120),
  postalCode: requiredText(12),
  town: requiredText(80),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: "admin.shops.errors.country" }),
  latitude: coordinate(90, "admin.shops.errors.latitude"),
  longitude: coordinate(180, "admin.shops.errors.longitude"),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()/.-]{4,28}[0-9]$/, { message: "admin.shops.errors.phone" }),
  email,
  active: checkbox,
  sort: integer(0, 999),
  /** The storefronts this branch serves. */
  appIds: storefrontIdList,
};

export const shopSchema = z.object(shopFields);
/** The slug is the branch's public address (/shop/{slug}): chosen once, at creation. */
export const newShopSchema = z.object({ slug, ...shopFields });

export type ShopInput = z.infer<typeof shopSchema>;

// ---------------------------------------------------------------------------------------------
// Opening hours

const TIME = /^(\d{1,2})(?:[:.](\d{2}))?$/;

/** "8", "8:30", "08.30" -> "08:30"; null for anything that is not a time of day. */
function clock(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2] ?? "0")];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** A day's slots refused: the message, as `form` of the one text that was read. */
const refusedSlots = (message: string) => fail.invalid({ form: message });

/**
 * One weekday's opening slots as typed: "08:00-12:30, 14:30-18:30" (any dash; commas, semicolons or
 * spaces between slots); empty means closed. Slots come back sorted; each opens before it closes and
 * none overlaps another (one may start when the previous closes).
 */
export function parseSlots(text: string): Result<Slot[]> {
  const normalized = text.trim().replace(/\s*[-–—]\s*/g, "-");
  if (normalized === "") return ok([]);
  const parts = normalized.split(/[\s,;]+/).filter(Boolean);
  const slots: Slot[] = [];
  for (const part of parts) {
    const [from, to, extra] = part.split("-");
    const opens = clock(from ?? "");
    const closes = clock(to ?? "");
    if (extra !== undefined || !opens || !closes) return refusedSlots("admin.shops.errors.slotFormat");
    if (opens >= closes) return refusedSlots("admin.shops.errors.slotOrder");
    slots.push({ opens, closes });
  }
  if (slots.length > MAX_SLOTS_PER_DAY) return refusedSlots("admin.shops.errors.tooManySlots");
  slots.sort((a, b) => a.opens.localeCompare(b.opens));
  for (let i = 1; i < slots.length; i++) {
    if (slots[i].opens < slots[i - 1].closes) return refusedSlots("admin.shops.errors.slotOverlap");
  }
  return ok(slots);
}

/** Slots as the editor shows them: "08:00–12:30, 14:30–18:30". */
function formatSlots(slots: Slot[]): string {
  return [...slots]
    .sort((a, b) => a.opens.localeCompare(b.opens))
    .map((slot) => `${slot.opens.slice(0, 5)}–${slot.closes.slice(0, 5)}`)
    .join(", ");
}

/** A storefront's week as the editor shows it: weekday -> "08:00–12:30, 14:30–18:30" ("" = closed). */
export function weekText(hours: WeekdaySlot[]): Record<string, string> {
  return Object.fromEntries(WEEKDAYS.map((day) => [String(day), formatSlots(hours.filter((h) => h.weekday === day))]));
}

/** The hours form of one storefront: `appId` and `hours.1` .. `hours.7` (ISO weekdays, 1 = Monday). */
export const hoursSchema = z
  .object({
    appId: oneOf(SEASONS),
    hours: z
      .record(z.string(), z.unknown())
      .optional()
      .transform((value) => value ?? {}),
  })
  .transform((form, ctx) => {
    const slots: WeekdaySlot[] = [];
    for (const weekday of WEEKDAYS) {
      const raw = form.hours[String(weekday)];
      const reading = parseSlots(typeof raw === "string" ? raw.slice(0, 200) : "");
      if (!reading.ok) ctx.addIssue({ code: "custom", path: ["hours", String(weekday)], message: reading.errors?.form });
      else slots.push(...reading.value.map((slot) => ({ weekday, ...slot })));
    }
    return { appId: form.appId, slots };
  });

export type HoursInput = z.infer<typeof hoursSchema>;

// ---------------------------------------------------------------------------------------------
// Closed days

export const closedDaySchema = z.object({
  day: isoDate,
  // No reason fields posted at all is no reason.
  reason: z.preprocess((value) => value ?? {}, translatedText(160, false)),
});

export const reopenDaySchema = z.object({ day: isoDate });

/** Why a branch cannot be deleted (message key and count), or null. */
export function shopDeleteBlock(uses: { orders: number; units: number; stock: number }): { key: string; count: number } | null {
  if (uses.orders > 0) return { key: "admin.shops.deleteBlocked.orders", count: uses.orders };
  if (uses.units > 0) return { key: "admin.shops.deleteBlocked.units", count: uses.units };
  if (uses.stock > 0) return { key: "admin.shops.deleteBlocked.stock", count: uses.stock };
  return null;
}
