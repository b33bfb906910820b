/**
 * A shoe size as a customer knows it: EU, UK, US or Mondopoint. The shop keeps every size as a whole EU size
 * (boots are rented by EU size); the conversions are those of domain/sizing.ts (docs/decisions/007-sizing.md).
 * No zod and no React: the persons step's hint uses this in the browser.
 */
import type { Locale } from "./i18n";
import { bootSizes, CHILD_HEIGHT_CM, childBootScales, euFromMondo, euFromUk, euFromUsMen, roundHalf } from "./sizing";

export const SHOE_SYSTEMS = ["eu", "uk", "us", "mondo"] as const;
export type ShoeSystem = (typeof SHOE_SYSTEMS)[number];

/** The EU sizes a person may give (children's 20 to the largest adult boot). */
export const SHOE_SIZE_EU = { min: 20, max: 52 } as const;

/**
 * The system the select starts with, per language. All six are EU countries; English stays EU too, because
 * a British and an American size of the same number differ and the shop cannot tell which one is meant.
 */
export const DEFAULT_SHOE_SYSTEM: Record<Locale, ShoeSystem> = { en: "eu", de: "eu", it: "eu", nl: "eu", be: "eu", da: "eu" };

/** The message for a size out of range or unreadable, per system (it names that system's range). */
export const SHOE_SIZE_MESSAGE: Record<ShoeSystem, string> = {
  eu: "booking.errors.shoeSize",
  uk: "booking.errors.shoeSizeUk",
  us: "booking.errors.shoeSizeUs",
  mondo: "booking.errors.shoeSizeMondo",
};

/** The system posted with a size: one of SHOE_SYSTEMS, else EU (as before the select existed). */
export function shoeSystemOf(value: unknown): ShoeSystem {
  return typeof value === "string" && (SHOE_SYSTEMS as readonly string[]).includes(value) ? (value as ShoeSystem) : "eu";
}

/**
 * A size as typed: "8", "8.5", "8,5", "8½", "8 1/2"; a trailing "C" or "K" marks the UK and US children's
 * scales ("12C"). Null when it is no size.
 */
export function readShoeSize(text: string): { value: number; child: boolean } | null {
  const match = /^(\d{1,3})(?:[.,](\d)|\s*(½|1\/2))?\s*([ck])?$/i.exec(text.trim());
  if (!match) return null;
  const tenths = match[2] ? Number(match[2]) / 10 : match[3] ? 0.5 : 0;
  return { value: Number(match[1]) + tenths, child: match[4] !== undefined };
}

/** The largest size of the UK and US children's scales; the adult scale's 1 follows it. */
const CHILD_SCALE_MAX = 13.5;

function inRange(eu: number): number | null {
  return Number.isFinite(eu) && eu >= SHOE_SIZE_EU.min && eu <= SHOE_SIZE_EU.max ? eu : null;
}

/**
 * The whole EU size for a size typed in a system, or null when it is no size or outside SHOE_SIZE_EU.
 * EU halves go up to the whole size (half a size up is wearable, down is not). Mondopoint is in cm (or mm
 * from 100 on: "275"). A UK or US number without "C" is on the adult scale, except for a person shorter
 * than CHILD_HEIGHT_CM when it is a children's size there ("UK 12" for a child of 120 cm is EU 30, not 47).
 */
export function shoeSizeToEu(system: ShoeSystem, text: string, heightCm?: number | null): number | null {
  const size = readShoeSize(text);
  if (!size || size.value <= 0) return null;
  const { value, child } = size;
  switch (system) {
    case "eu":
      return child ? null : inRange(Math.ceil(roundHalf(value)));
    case "mondo":
      return child ? null : inRange(euFromMondo(value >= 100 ? value / 10 : value));
    case "uk":
    case "us": {
      const toEu = system === "uk" ? euFromUk : euFromUsMen;
      const childEu = value <= CHILD_SCALE_MAX ? inRange(toEu(value, true)) : null;
      if (child) return childEu;
      const small = typeof heightCm === "number" && heightCm > 0 && heightCm < CHILD_HEIGHT_CM;
      return (small ? childEu : null) ?? inRange(toEu(value));
    }
  }
}

/** A size to halves as shown: "8", "8.5"; a children's scale with "C". */
function shown(value: number, child: boolean): string {
  return `${roundHalf(value)}${child ? "C" : ""}`;
}

/** An EU size in each system, as the hint shows it (US is the men's and unisex scale boots are sold by). */
export function shoeSizeIn(eu: number): Record<ShoeSystem, string> {
  const sizes = bootSizes(eu);
  const child = childBootScales(eu);
  return { eu: shown(sizes.eu, false), uk: shown(sizes.uk, child.uk), us: shown(sizes.usMen, child.us), mondo: shown(sizes.mondo, false) };
}

/** The hint beside the field: "EU 42 · UK 8 · US 9 · Mondo 27". */
export function shoeSizeHint(eu: number): string {
  const sizes = shoeSizeIn(eu);
  return `EU ${sizes.eu} · UK ${sizes.uk} · US ${sizes.us} · Mondo ${sizes.mondo}`;
}

/** The short name of a system in the select (the same in every language). */
export const SHOE_SYSTEM_LABEL: Record<ShoeSystem, string> = { eu: "EU", uk: "UK", us: "US", mondo: "Mondo" };
