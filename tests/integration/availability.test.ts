import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../app/domain/periods";
import { nearestAvailableSize, recommendSize } from "../../app/domain/sizing";
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
  it("lists every item of the storefront the branch offers, each with free pieces per size", async () => {
    const list = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period });
    const winter = await database.db.select().from(schema.items).where(eq(schema.items.appId, "winter"));
    const kinds = new Set(list.map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual(["depot", "rental", "sale", "service"]);
    for (const entry of list) {
      const item = winter.find((i) => i.id === entry.itemId);
      expect(item?.kind).toBe(entry.kind);
      expect(entry.free).toBe(entry.sizes.reduce((s, x) => s + x.free, 0));
      expect(entry.state).toBe(entry.free > 0 ? "available" : "not available");
    }
    const summer = await getAvailability({ shopId: shops.ciaslin, appId: "summer", ...period });
    expect(summer.every((entry) => !winter.some((i) => i.id === entry.itemId))).toBe(true);
  });

  it("answers an ask for some items, of any mix of kinds, as the whole storefront's list does", async () => {
    const list = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period });
    const ofKind = (kind: string) => list.filter((entry) => entry.kind === kind).map((entry) => entry.itemId);
    const asks = [
      ofKind("service"),
      ofKind("sale"),
      [...ofKind("depot"), ...ofKind("rental").slice(0, 3)],
      [ofKind("service")[0], ofKind("sale")[0]],
      [ofKind("sale")[0], ofKind("rental")[0], ofKind("service")[0], ofKind("depot")[0]],
    ];
    for (const itemIds of asks) {
      expect(itemIds.length).toBeGreaterThan(0);
      const answer = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, itemIds });
      const expected = list.filter((entry) => itemIds.includes(entry.itemId));
      expect(answer).toEqual(expected);
    }
    // An id no item has: asked with every part, answered with nothing for it.
    const withUnknown = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, itemIds: [ofKind("sale")[0], 987654] });
    expect(withUnknown).toEqual(list.filter((entry) => entry.itemId === ofKind("sale")[0]));
  });

  it("counts sale articles from the branch's own stock, per size", async () => {
    const socks = await itemBySlug("ski-socks");
    const stock = await database.db.select().from(schema.stock).where(eq(schema.stock.itemId, socks.id));
    const [entry] = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, itemIds: [socks.id] });
    const here = stock.filter((row) => row.shopId === shops.ciaslin);
    expect(entry.kind).toBe("sale");
    expect(entry.sizes).toEqual(
      here
        .map((row) => ({ size: row.size || null, free: row.quantity, total: row.quantity }))
        .sort((a, b) => String(a.size).localeCompare(String(b.size))),
    );
  });

  it("recommends the nearest size that is still free when the ideal one is booked out", async () => {
    const ski = await itemBySlug("ski-all-mountain");
    const body = { heightCm: 176, weightKg: 72, skill: "intermediate" as const };
    const ideal = Number(recommendSize("ski", body));
    const nearest = (sizes: string[]) =>
      sizes.reduce((best, s) => (Math.abs(Number(s) - ideal) < Math.abs(Number(best) - ideal) ? s : best));
    const window = { pickupAt: at("2027-02-15", "09:00"), returnAt: at("2027-02-16", "17:00"), turnaroundMinutes: 60 };
    const pickFor = async () => {
      const [entry] = await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...window, itemIds: [ski.id], person: body });
      return nearestAvailableSize(
        "ski",
        String(ideal),
        entry.sizes.map((s) => ({ size: s.size ?? "", free: s.free })),
      );
    };
    const first = await pickFor();
    expect(first).toBe(nearest(ski.sizes));
    await book(
      (await unitsOf(ski.id, first)).map((u) => u.id),
      window.pickupAt,
      window.returnAt,
      "confirmed",
    );
    expect(await pickFor()).toBe(nearest(ski.sizes.filter((s) => s !== first)));
  });

  it("leaves out items a person is too tall or whose feet are too big for", async () => {
    const junior = await itemBySlug("ski-junior-easy");
    expect(junior.maxHeightCm).not.toBeNull();
    const ids = async (person: { heightCm?: number | null; shoeSizeEu?: number | null }) =>
      (await getAvailability({ shopId: shops.ciaslin, appId: "winter", ...period, person })).map((e) => e.itemId);
    expect(await ids({ heightCm: (junior.maxHeightCm ?? 0) - 5 })).toContain(junior.id);
    expect(await ids({ heightCm: (junior.maxHeightCm ?? 0) + 1 })).not.toContain(junior.id);
    // Unknown height never hides anything.
    expect(await ids({ heightCm: null })).toContain(junior.id);
    const boots = await itemBySlug("ski-boots-junior");
    expect(boots.maxShoeSize).not.toBeNull();
    expect(await ids({ shoeSizeEu: (boots.maxShoeSize ?? 0) + 1 })).not.toContain(boots.id);
    expect(await ids({ shoeSizeEu: boots.maxShoeSize })).toContain(boots.id);
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
