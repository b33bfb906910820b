import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../app/domain/periods";
import { getAvailability } from "../../app/server/booking/availability.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createTestDatabase, testDbKind } from "../helpers/db";

let database: Database;
let shops: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  shops = Object.fromEntries((await database.db.select().from(schema.shops)).map((s) => [s.slug, s.id]));
});
afterAll(async () => {
  await database?.close();
});

const at = (date: string, time: string) => zonedInstant(date, time);
const period = { pickupAt: at("2027-01-11", "09:00"), returnAt: at("2027-01-13", "17:00"), turnaroundMinutes: 60 };

async function itemBySlug(slug: string) {
  const [item] = await database.db.select().from(schema.items).where(eq(schema.items.slug, slug));
  if (!item) throw new Error(`no item ${slug}`);
  return item;
}

async function unitsOf(itemId: number, size: string | null) {
  const rows = await database.db.select().from(schema.units).where(eq(schema.units.itemId, itemId));
  return rows.filter((u) => u.size === size && u.status === "active");
}

async function book(unitIds: number[], from: Date, to: Date, state: "held" | "confirmed" | "released", expiresAt: Date | null = null) {
  await database.db.insert(schema.reservations).values(
    unitIds.map((unitId) => ({
      unitId,
      period: `[${from.toISOString()},${to.toISOString()})`,
      state,
      expiresAt: state === "held" ? expiresAt : null,
    })),
  );
}

describe(`availability on ${testDbKind}`, () => {
  it("lists the storefront's rental items with free units per size", async () => {
    const list = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period });
    expect(list.length).toBeGreaterThan(10);
    const sale = await database.db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.kind, "sale"));
    for (const entry of list) {
      expect(sale.map((s) => s.id)).not.toContain(entry.itemId);
      expect(entry.free).toBe(entry.sizes.reduce((s, x) => s + x.free, 0));
      expect(entry.state).toBe("available");
    }
  });

  it("keeps a local item at its own branch and brings others from the storefront's branches", async () => {
    const local = await itemBySlug("ski-freeride-powder");
    expect(local.local).toBe(true);
    const atCiaslin = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, itemIds: [local.id] });
    expect(atCiaslin).toEqual([]);
    const atHome = await getAvailability({ shopId: shops["plan-da-sera"], appId: "winter", ...period, itemIds: [local.id] });
    expect(atHome[0].free).toBeGreaterThan(0);

    const [transferable] = await database.db
      .select()
      .from(schema.items)
      .where(and(eq(schema.items.kind, "rental"), eq(schema.items.local, false), eq(schema.items.appId, "winter")));
    const units = await database.db
      .select()
      .from(schema.units)
      .where(and(eq(schema.units.itemId, transferable.id), eq(schema.units.status, "active")));
    const [entry] = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, itemIds: [transferable.id] });
    expect(entry.sizes.reduce((s, x) => s + x.total, 0)).toBe(units.length);
  });

  it("counts held and confirmed reservations that overlap the period plus the buffer, and nothing else", async () => {
    // The busiest size of a transferable winter item: its units at every winter branch count.
    const rental = await database.db
      .select()
      .from(schema.items)
      .where(and(eq(schema.items.kind, "rental"), eq(schema.items.local, false), eq(schema.items.appId, "winter")));
    const groups = await Promise.all(
      rental.flatMap((item) => item.sizes.map(async (size) => ({ item, size, units: await unitsOf(item.id, size) }))),
    );
    const { item, size, units } = groups.sort((a, b) => b.units.length - a.units.length)[0];
    expect(units.length).toBeGreaterThanOrEqual(3);
    const query = () => getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, itemIds: [item.id] });
    const freeOf = async () => (await query())[0].sizes.find((s) => s.size === size)?.free;
    const before = await freeOf();
    expect(before).toBe(units.length);

    // Confirmed over the same days: one fewer.
    await book([units[0].id], at("2027-01-12", "09:00"), at("2027-01-14", "18:00"), "confirmed");
    expect(await freeOf()).toBe(units.length - 1);
    // A live hold blocks too; an expired hold and a released reservation do not.
    await book([units[1].id], at("2027-01-10", "09:00"), at("2027-01-11", "10:00"), "held", new Date(Date.now() + 30 * 60_000));
    await book([units[2].id], at("2027-01-12", "09:00"), at("2027-01-12", "17:00"), "held", new Date(Date.now() - 60_000));
    expect(await freeOf()).toBe(units.length - 2);
    await database.db
      .update(schema.reservations)
      .set({ state: "released", expiresAt: null })
      .where(inArray(schema.reservations.unitId, [units[1].id]));
    expect(await freeOf()).toBe(units.length - 1);
  });

  it("frees a unit for the next customer only after the turnaround buffer", async () => {
    const item = await itemBySlug("ski-freeride-powder");
    const size = item.sizes[1];
    const units = await unitsOf(item.id, size);
    // Every unit of the size out until 2027-01-11 08:30 (+ 60 min buffer stored with it = 09:30).
    await book(
      units.map((u) => u.id),
      at("2027-01-08", "09:00"),
      new Date(at("2027-01-11", "08:30").getTime() + 60 * 60_000),
      "confirmed",
    );
    const freeFrom = async (date: string, time: string) =>
      (
        await getAvailability({
          shopId: shops["plan-da-sera"],
          appId: "winter",
          pickupAt: at(date, time),
          returnAt: at("2027-01-13", "17:00"),
          turnaroundMinutes: 60,
          itemIds: [item.id],
        })
      )[0].sizes.find((s) => s.size === size)?.free;
    expect(await freeFrom("2027-01-11", "09:00")).toBe(0); // inside the buffer
    expect(await freeFrom("2027-01-11", "09:30")).toBe(units.length); // half-open: free the instant it ends
    const entry = (
      await getAvailability({
        shopId: shops["plan-da-sera"],
        appId: "winter",
        pickupAt: at("2027-01-09", "09:00"),
        returnAt: at("2027-01-10", "17:00"),
        turnaroundMinutes: 60,
        itemIds: [item.id],
      })
    )[0];
    expect(entry.sizes.find((s) => s.size === size)?.free).toBe(0);
  });

  it("leaves out units in maintenance and says 'not available' when nothing is free", async () => {
    const item = await itemBySlug("ski-freeride-powder");
    const allUnits = await database.db.select().from(schema.units).where(eq(schema.units.itemId, item.id));
    const window = { pickupAt: at("2027-02-01", "09:00"), returnAt: at("2027-02-02", "17:00"), turnaroundMinutes: 60 };
    await database.db.update(schema.units).set({ status: "maintenance" }).where(eq(schema.units.id, allUnits[0].id));
    const [entry] = await getAvailability({ shopId: shops["plan-da-sera"], appId: "winter", ...window, itemIds: [item.id] });
    expect(entry.sizes.reduce((s, x) => s + x.total, 0)).toBe(allUnits.filter((u) => u.status === "active").length - 1);
    const active = allUnits.filter((u) => u.id !== allUnits[0].id && u.status === "active");
    await book(
      active.map((u) => u.id),
      window.pickupAt,
      window.returnAt,
      "confirmed",
    );
    const [after] = await getAvailability({ shopId: shops["plan-da-sera"], appId: "winter", ...window, itemIds: [item.id] });
    expect(after).toMatchObject({ free: 0, state: "not available" });
  });
});
