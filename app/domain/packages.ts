/**
 * Packages (decision 030): equipment for one person (ski, boots and helmet; e-bike and helmet) at one price
 * per level. A package's components stay ordinary lines, each claiming its own unit; the package's price
 * table is split over them, so quoteRental prices them with the one rule of item prices (priceForDays,
 * surcharges, discounts) and the lines of a package add up to exactly the package's price.
 */
import { allocate, type PriceTable } from "./pricing";
import type { AgeBand, Skill } from "./vocabulary";

export type PackagePrices = {
  dayPrices: number[];
  extraDayCents: number;
  childDayPrices: number[];
  childExtraDayCents: number;
};

/** The table a person pays: children (up to 11) pay the children's table; youths and adults the package's. */
export function packageTableFor(prices: PackagePrices, ageBand: AgeBand | null | undefined): PriceTable {
  return ageBand === "child"
    ? { dayPrices: prices.childDayPrices, extraDayCents: prices.childExtraDayCents }
    : { dayPrices: prices.dayPrices, extraDayCents: prices.extraDayCents };
}

/**
 * The package's table split over its components in proportion to their own one-day prices: component i
 * gets table i, and for any number of days the components' prices add up to the package's price (each
 * entry of the table, and the extra day, is split to the cent).
 */
export function splitPackageTable(table: PriceTable, componentTables: PriceTable[]): PriceTable[] {
  const weights = componentTables.map((t) => Math.max(0, t.dayPrices[0] ?? 0));
  // Components without a price of their own share the package equally.
  const shares = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
  const days = table.dayPrices.map((price) => allocate(price, shares));
  const extra = allocate(table.extraDayCents, shares);
  return componentTables.map((_, i) => ({ dayPrices: days.map((d) => d[i]), extraDayCents: extra[i] }));
}

/** Packages for a person's level come first (the recommended one), then the others by their order. */
export function sortPackages<P extends { level: Skill; sort: number }>(packages: P[], skill: Skill | null | undefined): P[] {
  return [...packages].sort((a, b) => Number(b.level === skill) - Number(a.level === skill) || a.sort - b.sort);
}

/**
 * One item per slot for a person: of the slot's items that are offered and suit them (`score` not null),
 * the lowest score, then the first by rank. Null for a slot nothing of which suits the person.
 */
export function componentsFor<C extends { slot: number; rank: number; itemId: number }>(
  components: C[],
  score: (itemId: number) => number | null,
): (C | null)[] {
  const slots = [...new Set(components.map((c) => c.slot))].sort((a, b) => a - b);
  return slots.map((slot) => {
    const scored = components
      .filter((c) => c.slot === slot)
      .map((c) => ({ c, score: score(c.itemId) }))
      .filter((s): s is { c: C; score: number } => s.score !== null)
      .sort((a, b) => a.score - b.score || a.c.rank - b.c.rank);
    return scored[0]?.c ?? null;
  });
}

/**
 * How well a slot's item suits a person: children get the children's models first (the items with a
 * height or shoe size limit: junior skis and boots, kids' helmets), everyone else the adult ones.
 */
export function componentScore(
  item: { maxHeightCm: number | null; maxShoeSize: number | null },
  ageBand: AgeBand | null | undefined,
): number {
  const forChildren = item.maxHeightCm !== null || item.maxShoeSize !== null;
  return ageBand === "child" ? Number(!forChildren) : Number(forChildren);
}

/** Whether the lines of a package in a bag are still the whole package: one line per slot, nothing else. */
export function isWholePackage(lineItemIds: number[], components: { slot: number; itemId: number }[]): boolean {
  const slots = new Set(components.map((c) => c.slot));
  if (lineItemIds.length !== slots.size) return false;
  const filled = new Set<number>();
  for (const itemId of lineItemIds) {
    const component = components.find((c) => c.itemId === itemId);
    if (!component || filled.has(component.slot)) return false;
    filled.add(component.slot);
  }
  return true;
}
