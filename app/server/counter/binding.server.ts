/**
 * Binding release settings at the counter (issue 20, decision 043): for each ski line of an order, the
 * ISO 11088 setting from the person's data and the sole length of the boots that person gets, shown before
 * hand-out and stored on the line when the skis go out.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import {
  bindingFor,
  hasBinding,
  type LineBinding,
  type SkiLineBinding,
  settleBinding,
  soleLengthOfSize,
} from "../../domain/counter/binding";
import type { Db } from "../db/client.server";
import { items, type orderLines, type orderPersons, units } from "../db/schema";

type Line = Pick<typeof orderLines.$inferSelect, "id" | "itemId" | "personId" | "kind" | "size" | "unitId">;
type Person = Pick<typeof orderPersons.$inferSelect, "id" | "weightKg" | "heightCm" | "age" | "skill">;

/** What the clerk posts per ski line at hand-out: the sole length read off the heel, the value they set. */
export type ClerkBinding = { value: number | null; soleLengthMm: number | null };

/**
 * The table's setting for every ski line that belongs to a person. `bootUnits` are the boot units being
 * handed out now (by the boot line's id); otherwise a boot line's own unit, once handed out, counts.
 */
export async function skiLineBindings(
  db: Db,
  shopId: number,
  lines: Line[],
  persons: Person[],
  options: { bootUnits?: Map<number, number>; clerk?: Record<string, ClerkBinding> } = {},
): Promise<SkiLineBinding[]> {
  const rental = lines.filter((l) => l.kind === "rental" && l.personId !== null);
  if (rental.length === 0) return [];
  const sizing = new Map(
    (
      await db
        .select({ id: items.id, sizing: items.sizing })
        .from(items)
        .where(
          inArray(
            items.id,
            rental.map((l) => l.itemId),
          ),
        )
    ).map((i) => [i.id, i.sizing]),
  );
  const skiLines = rental.filter((l) => hasBinding(sizing.get(l.itemId) ?? "none"));
  if (skiLines.length === 0) return [];
  const bootOf = (personId: number | null) => rental.find((l) => l.personId === personId && sizing.get(l.itemId) === "boot") ?? null;

  const bootUnitIds = new Map<number, number>();
  for (const ski of skiLines) {
    const boot = bootOf(ski.personId);
    const unitId = boot && (options.bootUnits?.get(boot.id) ?? boot.unitId);
    if (boot && unitId) bootUnitIds.set(boot.id, unitId);
  }
  const soleOfUnit = new Map(
    bootUnitIds.size === 0
      ? []
      : (
          await db
            .select({ id: units.id, sole: units.soleLengthMm })
            .from(units)
            .where(inArray(units.id, [...bootUnitIds.values()]))
        ).map((u) => [u.id, u.sole]),
  );

  const result: SkiLineBinding[] = [];
  for (const ski of skiLines) {
    const person = persons.find((p) => p.id === ski.personId);
    if (!person) continue;
    const boot = bootOf(ski.personId);
    const clerkSole = options.clerk?.[String(ski.id)]?.soleLengthMm ?? null;
    let soleLengthMm: number | null = null;
    let soleFrom: SkiLineBinding["soleFrom"] = null;
    if (clerkSole !== null) [soleLengthMm, soleFrom] = [clerkSole, "clerk"];
    else if (boot && bootUnitIds.has(boot.id)) {
      soleLengthMm = soleOfUnit.get(bootUnitIds.get(boot.id)!) ?? null;
      soleFrom = soleLengthMm === null ? null : "boot";
    } else if (boot) {
      soleLengthMm = await sizeSoleLength(db, shopId, boot.itemId, boot.size);
      soleFrom = soleLengthMm === null ? null : "size";
    }
    result.push({ lineId: ski.id, setting: bindingFor(person, soleLengthMm), soleLengthMm, soleFrom });
  }
  return result;
}

async function sizeSoleLength(db: Db, shopId: number, itemId: number, size: string | null): Promise<number | null> {
  const rows = await db
    .select({ sole: units.soleLengthMm })
    .from(units)
    .where(
      and(
        eq(units.itemId, itemId),
        eq(units.shopId, shopId),
        size === null ? undefined : eq(units.size, size),
        ne(units.status, "retired"),
      ),
    );
  return soleLengthOfSize(rows.map((r) => r.sole));
}

/** The settings to store on the ski lines at hand-out: the clerk's value where given, else the table's. */
export function settledBindings(bindings: SkiLineBinding[], clerk: Record<string, ClerkBinding>): Map<number, LineBinding | null> {
  return new Map(bindings.map((b) => [b.lineId, settleBinding(b.setting, b.soleLengthMm, clerk[String(b.lineId)]?.value ?? null)]));
}
