/**
 * Packages on the equipment step (decision 030): which packages a person can take, with the component and
 * size each slot gives them and the package's price for the period, and putting one into the bag as its
 * component lines. The lines stay ordinary lines, so availability and holds claim one real unit each.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { pick } from "../../domain/i18n";
import { componentScore, componentsFor, isWholePackage, packageTableFor, sortPackages, splitPackageTable } from "../../domain/packages";
import { zonedDate } from "../../domain/periods";
import { type PriceTable, quoteRental } from "../../domain/pricing";
import { fail, ok, type Result } from "../../domain/result";
import { fitsItemLimits, nearestAvailableSize, recommendSize, sizeLabel } from "../../domain/sizing";
import { fitFor } from "../../domain/suitability";
import type { AgeBand, Season, Skill } from "../../domain/vocabulary";
import { getAvailability } from "../booking/availability.server";
import type { Bag } from "../booking/bag-store.server";
import type { equipmentFor } from "../booking/flow.server";
import { type Db, getDb } from "../db/client.server";
import { bagLines, packageItems, packages } from "../db/schema";
import { getSettings } from "../settings/settings.server";
import { allItems, allPriceTables, surchargesOf } from "./catalog.server";
import { catalogRead } from "./catalog-cache.server";

export type PackageRow = typeof packages.$inferSelect;

/** A storefront's active packages with their components, in display order; from memory, or with `db` (a transaction) from the tables. */
function activePackages(appId: Season, db?: Db) {
  return db ? readActivePackages(appId, db) : keptActivePackages(appId);
}

const keptActivePackages = catalogRead("activePackages", (appId: Season) => readActivePackages(appId, getDb()));

async function readActivePackages(appId: Season, db: Db) {
  const rows = await db
    .select()
    .from(packages)
    .where(and(eq(packages.appId, appId), eq(packages.active, true)))
    .orderBy(asc(packages.sort), asc(packages.id));
  const components =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(packageItems)
          .where(
            inArray(
              packageItems.packageId,
              rows.map((r) => r.id),
            ),
          );
  return rows.map((row) => ({ ...row, components: components.filter((c) => c.packageId === row.id) }));
}

/**
 * The price tables of the package lines of a bag, and the package's name, by line: each whole package of a
 * person split over its component lines (domain/packages.ts). Lines of a package that is no longer whole or
 * active keep their items' prices and are no longer shown as the package's.
 */
export async function packageLineTables(
  lines: { key: string; itemId: number; packageId: number | null; ageBand: AgeBand | null; person: number | null }[],
  itemTables: Map<number, PriceTable>,
  appId: Season,
  tx?: Db,
): Promise<{ tables: Map<string, PriceTable>; names: Map<string, PackageRow["name"]> }> {
  const tables = new Map<string, PriceTable>();
  const names = new Map<string, PackageRow["name"]>();
  const ids = [...new Set(lines.map((l) => l.packageId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return { tables, names };
  const rows = (await activePackages(appId, tx)).filter((row) => ids.includes(row.id));
  for (const row of rows) {
    const parts = row.components;
    const persons = new Set(lines.filter((l) => l.packageId === row.id).map((l) => l.person));
    for (const person of persons) {
      const group = lines.filter((l) => l.packageId === row.id && l.person === person);
      if (
        person === null ||
        !isWholePackage(
          group.map((l) => l.itemId),
          parts,
        )
      )
        continue;
      const own = group.map((l) => itemTables.get(l.itemId) ?? { dayPrices: [0], extraDayCents: 0 });
      const split = splitPackageTable(packageTableFor(row, group[0].ageBand), own);
      for (const [i, line] of group.entries()) {
        tables.set(line.key, split[i]);
        names.set(line.key, row.name);
      }
    }
  }
  return { tables, names };
}

export type PackageEntry = {
  id: number;
  slug: string;
  name: string;
  description: string;
  level: Skill;
  /** The package for the level the person gave. */
  recommended: boolean;
  /** The person pays the children's price. */
  childPrice: boolean;
  priceCents: number;
  /** `missingSize`: the person's size, as the page shows it, when it is not free but others are. */
  components: { itemId: number; name: string; size: string | null; free: number; missingSize: string | null }[];
  state: "available" | "not available" | "added";
};

/** The packages a person can take at the branch for the period, recommended first, each with its components and sizes. */
export async function packagesFor(list: Parameters<typeof equipmentFor>[0]): Promise<PackageEntry[]> {
  const person = list.personId === null ? null : list.bag.persons.find((p) => p.id === list.personId);
  if (!person) return [];
  const all = await activePackages(list.appId);
  if (all.length === 0) return [];
  const itemIds = [...new Set(all.flatMap((p) => p.components.map((c) => c.itemId)))];
  const body = { heightCm: person.heightCm, weightKg: person.weightKg, skill: person.skill, shoeSizeEu: person.shoeSize };
  // The catalogue from memory (decision 035); only availability is asked of the database.
  const [settings, everyItem, everyTable, surcharges] = await Promise.all([
    getSettings(),
    allItems(),
    allPriceTables(),
    surchargesOf(list.appId),
  ]);
  const wanted = new Set(itemIds);
  const itemRows = everyItem.filter((item) => item.active && wanted.has(item.id));
  const tables = everyTable.filter((table) => wanted.has(table.itemId));
  const availability = await getAvailability({
    shopId: list.shopId,
    appId: list.appId,
    pickupAt: list.period.pickupAt,
    returnAt: list.period.returnAt,
    turnaroundMinutes: settings.turnaroundMinutes,
    itemIds,
    person: body,
  });
  const itemOf = new Map(itemRows.map((i) => [i.id, i]));
  const tableOf = new Map(tables.map((t) => [t.itemId, { dayPrices: t.dayPrices, extraDayCents: t.extraDayCents }]));
  // What the rest of the bag already asks of an item and size: a family's packages share the branch's units.
  const others = list.bag.lines.filter((l) => l.personId !== person.id);
  const askedByOthers = (itemId: number, size: string | null) =>
    others.filter((l) => l.itemId === itemId && l.size === size).reduce((sum, l) => sum + l.quantity, 0);
  const entries: PackageEntry[] = [];
  for (const pkg of sortPackages(all, person.skill)) {
    const chosen = componentsFor(pkg.components, (itemId) => {
      const item = itemOf.get(itemId);
      // An item booked out everywhere is still the person's component: the package then shows as booked out.
      // fitFor also judges boots: a child's 31 gets no adult boots from 36, the children's boots instead.
      if (!item || !fitsItemLimits(item, body) || fitFor(item, body).verdict === "unsuitable") return null;
      return componentScore(item, person.ageBand);
    });
    // A package some slot of which nothing suits the person is not offered to them.
    if (chosen.some((c) => c === null)) continue;
    const components = chosen.map((c) => {
      const item = itemOf.get(c!.itemId)!;
      const offer = availability.find((a) => a.itemId === item.id) ?? { sizes: [], free: 0 };
      const sizes = offer.sizes.map((s) => ({ size: s.size ?? "", free: s.free - askedByOthers(item.id, s.size) }));
      const ideal = recommendSize(item.sizing, body);
      const size = item.sizes.length > 0 ? nearestAvailableSize(item.sizing, ideal, sizes) : null;
      const free = item.sizes.length > 0 ? (sizes.find((s) => s.size === size)?.free ?? 0) : offer.free - askedByOthers(item.id, null);
      // Sizes are left, but none near the person's: say so rather than hand them another (issue 33).
      const missingSize =
        item.sizes.length > 0 && size === null && ideal !== null && sizes.some((s) => s.free > 0) ? sizeLabel(item.sizing, ideal) : null;
      return { itemId: item.id, name: pick(item.name, list.locale), size, free, missingSize };
    });
    const own = components.map((c) => tableOf.get(c.itemId) ?? { dayPrices: [0], extraDayCents: 0 });
    const split = splitPackageTable(packageTableFor(pkg, person.ageBand), own);
    const quote = quoteRental({
      lines: components.map((c, i) => {
        const item = itemOf.get(c.itemId)!;
        return {
          key: String(i),
          itemId: item.id,
          appId: item.appId,
          categoryId: item.categoryId,
          kind: item.kind,
          vatRateBp: item.vatRateBp,
          quantity: 1,
          priceTable: split[i],
        };
      }),
      period: list.period,
      now: list.now,
      today: zonedDate(list.now),
      surcharges: surcharges.map((s) => ({ itemId: s.itemId, appId: s.appId, startsOn: s.startsOn, endsOn: s.endsOn, percent: s.percent })),
    });
    const added = components.every((c) =>
      list.bag.lines.some((l) => l.personId === person.id && l.packageId === pkg.id && l.itemId === c.itemId),
    );
    entries.push({
      id: pkg.id,
      slug: pkg.slug,
      name: pick(pkg.name, list.locale),
      description: pick(pkg.description, list.locale),
      level: pkg.level,
      recommended: person.skill === pkg.level,
      childPrice: person.ageBand === "child",
      priceCents: quote.subtotalCents,
      components,
      state: added ? "added" : components.every((c) => c.free > 0) ? "available" : "not available",
    });
  }
  return entries;
}

/**
 * Puts a package into the bag for the person of the list: its components in the sizes recommended for
 * them, replacing the person's earlier package and their own lines of the same items. Refused, writing
 * nothing, when a component is booked out or the package is not one the person is offered.
 */
export async function addPackage(list: Parameters<typeof equipmentFor>[0], packageId: number, db: Db = getDb()): Promise<Result> {
  if (list.personId === null) return fail.invalid({ form: "booking.equipment.invalid" });
  const entry = (await packagesFor(list)).find((p) => p.id === packageId);
  if (!entry) return fail.invalid({ form: "booking.equipment.invalid" });
  const missing = entry.components.find((c) => c.missingSize !== null);
  if (missing && entry.state !== "added") return fail.conflict({ form: "booking.package.sizeMissingRefused" }, { item: missing.name });
  const soldOut = entry.components.find((c) => c.free <= 0);
  if (soldOut && entry.state !== "added") return fail.conflict({ form: "booking.equipment.soldOut" }, { item: soldOut.name });
  const personId = list.personId;
  const replaced = list.bag.lines.filter(
    (l) => l.personId === personId && (l.packageId !== null || entry.components.some((c) => c.itemId === l.itemId)),
  );
  await db.transaction(async (tx) => {
    if (replaced.length > 0)
      await tx.delete(bagLines).where(
        and(
          eq(bagLines.bagId, list.bag.id),
          inArray(
            bagLines.id,
            replaced.map((l) => l.id),
          ),
        ),
      );
    await tx.insert(bagLines).values(
      entry.components.map((c) => ({
        bagId: list.bag.id,
        personId,
        itemId: c.itemId,
        size: c.size,
        quantity: 1,
        packageId: entry.id,
        shownPriceCents: null,
      })),
    );
  });
  return ok();
}

/** Takes a person's package out of the bag: all its component lines at once (a package is not sold in part). */
export async function removePackage(bag: Bag, personId: number, packageId: number, db: Db = getDb()) {
  await db.delete(bagLines).where(and(eq(bagLines.bagId, bag.id), eq(bagLines.personId, personId), eq(bagLines.packageId, packageId)));
}
