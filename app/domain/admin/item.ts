/**
 * The item (a rental model, a sale article, a service or a depot locker) as the back office edits it:
 * the form's Zod schemas, the rules that need the chosen category, and the record as the form shows it.
 * Messages are i18n keys (`admin.errors.*`, `admin.items.errors.*`).
 */
import { z } from "zod";
import type { Translated } from "../i18n";
import { rowIdKey } from "../ids";
import { type ItemKind, SEASONS, type Season, SIZING_KINDS, SKILLS } from "../vocabulary";
import { checkbox, euros, integer, isoDate, oneOf, optionalInteger, slug, translatedText } from "./fields";

/** Kinds rented out as physical units (with a price table, surcharges and a booking calendar). */
const UNIT_KINDS: readonly ItemKind[] = ["rental", "depot"];
/** Kinds sold or booked at one fixed price. */
const PRICED_KINDS: readonly ItemKind[] = ["sale", "service"];

export const usesUnits = (kind: ItemKind) => UNIT_KINDS.includes(kind);
const usesPrice = (kind: ItemKind) => PRICED_KINDS.includes(kind);

const MAX_SIZES = 40;
export const MAX_PRICE_DAYS = 30;

/** "140, 148" or one size a line, in display order; blanks dropped, each size once. */
const sizeList = z
  .preprocess((value) => (typeof value === "string" ? value : ""), z.string().max(2000, { message: "admin.errors.tooLong" }))
  .transform((text) =>
    text
      .split(/[,;\n\r]+/)
      .map((size) => size.trim())
      .filter(Boolean),
  )
  .superRefine((sizes, ctx) => {
    if (sizes.length > MAX_SIZES) ctx.addIssue({ code: "custom", message: "admin.items.errors.tooManySizes" });
    if (sizes.some((size) => size.length > 20)) ctx.addIssue({ code: "custom", message: "admin.errors.tooLong" });
    if (new Set(sizes.map((size) => size.toLowerCase())).size !== sizes.length)
      ctx.addIssue({ code: "custom", message: "admin.items.errors.sizeTwice" });
  });

/** A VAT rate as staff type it ("22", "10", "5,5") stored as basis points (2200). */
const vatRate = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string({ message: "admin.errors.required" })
    .trim()
    .transform((value, ctx) => {
      const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(value);
      const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : Number.NaN;
      if (!(bp >= 0 && bp <= 10000)) {
        ctx.addIssue({ code: "custom", message: "admin.items.errors.vat" });
        return z.NEVER;
      }
      return bp;
    }),
);

const optionalLevel = z.preprocess((value) => (value === "" || value === undefined ? null : value), oneOf(SKILLS).nullable());

/** The item form of the edit screen; the slug is chosen once, at creation. */
export const itemSchema = z.object({
  appId: oneOf(SEASONS),
  categoryId: z.string({ message: "admin.errors.choose" }).trim().min(1, { message: "admin.errors.choose" }).max(60),
  name: translatedText(120),
  description: translatedText(2000, false),
  sizes: sizeList,
  sizing: oneOf(SIZING_KINDS),
  level: optionalLevel,
  maxHeightCm: optionalInteger(50, 250),
  maxShoeSize: optionalInteger(15, 55),
  local: checkbox,
  vatRate,
  price: euros(true),
  deposit: euros(true),
  active: checkbox,
  sort: integer(0, 999),
});

export const newItemSchema = itemSchema.extend({ slug });

export type ItemInput = z.infer<typeof itemSchema>;
export type NewItemInput = z.infer<typeof newItemSchema>;

export type CategoryRef = { id: string; appId: Season; kind: ItemKind };

/** What the item has that belongs to its kind and storefront: these pin the category's kind and storefront. */
export type ItemTies = { orderLines: number; units: number; stock: number; capacity: number };

/**
 * The rules that need the chosen category (and, for an existing item, what it already has):
 * - the category belongs to the chosen storefront, and decides the kind;
 * - sale articles and services need their price;
 * - an item that has orders, units, stock or capacity keeps its kind and storefront: its order lines
 *   were priced and claimed as that kind, its units stand in branches of that storefront. It may move
 *   to another category of the same kind and storefront (e.g. from skis to helmets), which breaks nothing.
 */
export function itemRules(
  input: Pick<ItemInput, "appId" | "price">,
  category: CategoryRef | null,
  current?: { appId: Season; kind: ItemKind; ties: ItemTies },
): Record<string, string> {
  if (!category) return { categoryId: "admin.errors.choose" };
  if (category.appId !== input.appId) return { categoryId: "admin.items.errors.categoryApp" };
  const errors: Record<string, string> = {};
  if (current && (current.kind !== category.kind || current.appId !== category.appId)) {
    const { orderLines, units, stock, capacity } = current.ties;
    if (orderLines > 0) errors.categoryId = "admin.items.errors.kindLockedOrders";
    else if (units + stock + capacity > 0) errors.categoryId = "admin.items.errors.kindLockedUnits";
  }
  if (usesPrice(category.kind) && input.price === null) errors.price = "admin.items.errors.priceRequired";
  return errors;
}

/** The columns of an item from the checked form; the price exists only for sale articles and services. */
export function itemValues(input: ItemInput, category: CategoryRef) {
  return {
    appId: category.appId,
    categoryId: category.id,
    kind: category.kind,
    name: input.name,
    description: input.description,
    sizes: input.sizes,
    sizing: input.sizing,
    level: input.level,
    maxHeightCm: input.maxHeightCm,
    maxShoeSize: input.maxShoeSize,
    local: input.local,
    vatRateBp: input.vatRate,
    priceCents: usesPrice(category.kind) ? input.price : null,
    depositCents: input.deposit ?? 0,
    active: input.active,
    sort: input.sort,
  };
}

/** Cents as the form shows them: 1250 -> "12.50", 1200 -> "12". */
export function centsText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, "0")}`;
}

/** Basis points as a percentage for the form: 2200 -> "22", 550 -> "5.5". */
function percentText(bp: number): string {
  return String(bp / 100);
}

type ItemRecord = {
  slug: string;
  appId: Season;
  categoryId: string;
  name: Partial<Translated>;
  description: Partial<Translated>;
  sizes: string[];
  sizing: string;
  level: string | null;
  maxHeightCm: number | null;
  maxShoeSize: number | null;
  local: boolean;
  vatRateBp: number;
  priceCents: number | null;
  depositCents: number;
  active: boolean;
  sort: number;
};

/** A stored item as the values of its edit form (the strings an input shows). */
export function itemFormValues(item: ItemRecord): Record<string, unknown> {
  return {
    slug: item.slug,
    appId: item.appId,
    categoryId: item.categoryId,
    name: item.name,
    description: item.description,
    sizes: item.sizes.join(", "),
    sizing: item.sizing,
    level: item.level ?? "",
    maxHeightCm: item.maxHeightCm ?? "",
    maxShoeSize: item.maxShoeSize ?? "",
    local: item.local,
    vatRate: percentText(item.vatRateBp),
    price: centsText(item.priceCents),
    deposit: item.depositCents > 0 ? centsText(item.depositCents) : "",
    active: item.active,
    sort: item.sort,
  };
}

// ---------------------------------------------------------------------------------------------
// Price table and surcharges

/**
 * The price table as posted: `dayPrices[]` (the total for 1, 2, ... days) and `extraDay`. A longer rental
 * never costs less than a shorter one: a customer would otherwise book an extra day to pay less.
 */
export const priceTableSchema = z
  .object({
    dayPrices: z.preprocess(
      (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
      z.array(euros()).min(1, { message: "admin.items.errors.noDays" }).max(MAX_PRICE_DAYS, { message: "admin.items.errors.tooManyDays" }),
    ),
    extraDay: euros(),
  })
  .superRefine((table, ctx) => {
    table.dayPrices.forEach((cents, i) => {
      if (i > 0 && cents < table.dayPrices[i - 1])
        ctx.addIssue({ code: "custom", path: ["dayPrices", i], message: "admin.items.errors.pricesDecrease" });
    });
  });

export type PriceTableInput = z.infer<typeof priceTableSchema>;

/** The price table as the editor shows it; a new item starts with one empty day. */
export function priceTableValues(table: { dayPrices: number[]; extraDayCents: number } | null) {
  if (!table) return { dayPrices: [""], extraDay: "" };
  return { dayPrices: table.dayPrices.map(centsText), extraDay: centsText(table.extraDayCents) };
}

/** Posted day prices as the editor's columns: a list of texts, whatever shape the form came in. */
function dayTexts(values: unknown): string[] {
  return (Array.isArray(values) ? values : values === undefined ? [] : [values]).map((v) => (typeof v === "string" ? v : ""));
}

/** The day columns of the editor after "add a day" or "remove the last day", keeping what was typed. */
export function changeDays(values: unknown, change: "add" | "remove"): string[] {
  const days = dayTexts(values);
  if (change === "add") return days.length >= MAX_PRICE_DAYS ? days : [...days, ""];
  return days.length <= 1 ? days : days.slice(0, -1);
}

/** The price editor's values from a posted (refused or round-tripped) form: what was typed, in the editor's shape. */
export function postedPriceValues(values: Record<string, unknown>): { dayPrices: string[]; extraDay: string } {
  return {
    dayPrices: dayTexts(values.dayPrices).slice(0, MAX_PRICE_DAYS),
    extraDay: typeof values.extraDay === "string" ? values.extraDay : "",
  };
}

/** A seasonal surcharge of an item: a translated name, a window of days (inclusive) and a percentage. */
export const surchargeSchema = z
  .object({
    name: translatedText(80),
    startsOn: isoDate,
    endsOn: isoDate,
    percent: integer(0, 200),
  })
  .refine((s) => s.startsOn <= s.endsOn, { path: ["endsOn"], message: "admin.items.errors.endsBeforeStart" });

export type SurchargeInput = z.infer<typeof surchargeSchema>;

// ---------------------------------------------------------------------------------------------
// Sale stock and service capacity

/** A size by its place in the item's list of sizes. */
const sizeIndex = z.string().regex(/^\d{1,9}$/);

/**
 * Sale stock as posted: `stock.{shopId}.{size index}.quantity`, with `.was`, the quantity the form was
 * loaded with (a cell changed meanwhile by a checkout is refused, not overwritten).
 */
export const stockSchema = z.object({
  stock: z
    .record(
      rowIdKey,
      z.record(sizeIndex, z.object({ quantity: integer(0, 100_000), was: z.coerce.number().int().min(0).max(1_000_000_000) })),
    )
    .default({}),
});

export type StockGrid = z.infer<typeof stockSchema>["stock"];

/** Service jobs per day and branch, posted as `capacity.{shopId}`; empty = the branch does not offer it. */
export const capacitySchema = z.object({ capacity: z.record(rowIdKey, optionalInteger(0, 999)).default({}) });
