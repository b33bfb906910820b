import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "../../app/domain/i18n";
import { type Database, queryPrepared } from "../../app/server/db/client.server";
import { sqlState } from "../../app/server/db/retry.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createTestDatabase, testDbKind } from "../helpers/db";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => {
  await database?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: any table of the schema
const rows = async (table: any) => (await database.db.select({ n: count() }).from(table))[0].n;

describe(`demo shop on ${testDbKind}`, () => {
  it("has three branches, both apps, every category of the spec and at least 40 items", async () => {
    expect(await rows(schema.shops)).toBe(3);
    expect((await database.db.select().from(schema.storefronts)).map((a) => a.id).sort()).toEqual(["summer", "winter"]);
    const categoryIds = (await database.db.select({ id: schema.categories.id }).from(schema.categories)).map((c) => c.id);
    for (const id of [
      "clothing",
      "shoes",
      "ski-service",
      "sledding",
      "depot",
      "goggles-helmets",
      "ski-snowboard",
      "backpacks",
      "windbreakers",
      "sweaters",
      "hats",
      "other",
    ]) {
      expect(categoryIds).toContain(id);
    }
    expect(await rows(schema.items)).toBeGreaterThanOrEqual(40);
    expect(await rows(schema.coupons)).toBe(2);
    expect(await rows(schema.partnerHotels)).toBe(3);
  });

  it("covers the kinds of equipment the issue asks for", async () => {
    const items = await database.db.select().from(schema.items);
    expect(items.some((i) => i.maxShoeSize !== null && i.appId === "winter")).toBe(true); // kids' skis
    expect(items.some((i) => i.maxHeightCm !== null && i.categoryId === "ebike-junior")).toBe(true);
    expect(items.filter((i) => i.categoryId === "ebike-fully").length).toBeGreaterThan(0);
    expect(items.filter((i) => i.categoryId === "ebike-hardtail").length).toBeGreaterThan(0);
    for (const kind of ["rental", "sale", "service", "depot"] as const) expect(items.some((i) => i.kind === kind)).toBe(true);
    for (const level of ["beginner", "intermediate", "expert"] as const) expect(items.some((i) => i.level === level)).toBe(true);
    expect(items.some((i) => i.local)).toBe(true);
  });

  it("writes every text in all six languages", async () => {
    for (const item of await database.db.select().from(schema.items)) {
      for (const locale of locales) {
        expect(item.name[locale], `${item.slug} name ${locale}`).toBeTruthy();
        expect(item.description[locale], `${item.slug} description ${locale}`).toBeTruthy();
      }
    }
    for (const category of await database.db.select().from(schema.categories)) {
      for (const locale of locales) expect(category.name[locale]).toBeTruthy();
    }
  });

  it("gives every rental item a price table and units with unique codes at its branches", async () => {
    const rental = await database.db.select().from(schema.items).where(eq(schema.items.kind, "rental"));
    const prices = await database.db.select().from(schema.priceTables);
    for (const item of rental)
      expect(
        prices.find((p) => p.itemId === item.id),
        item.slug,
      ).toBeDefined();
    const units = await database.db.select({ itemId: schema.units.itemId, shopId: schema.units.shopId }).from(schema.units);
    for (const item of rental)
      expect(
        units.some((u) => u.itemId === item.id),
        item.slug,
      ).toBe(true);
  });

  it("seeds only an empty database", async () => {
    expect(await seedDemo(database.db)).toEqual({ seeded: false });
    expect(await rows(schema.shops)).toBe(3);
  });
});

describe(`constraints on ${testDbKind}`, () => {
  const period = (from: string, to: string) => `[${from},${to})`;
  async function aUnit() {
    const [unit] = await database.db.select().from(schema.units).limit(1);
    return unit;
  }

  it("never lets two held or confirmed reservations of one unit overlap", async () => {
    const unit = await aUnit();
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    await database.db
      .insert(schema.reservations)
      .values({ unitId: unit.id, period: period("2027-01-10 09:00+01", "2027-01-12 17:00+01"), state: "held", expiresAt });
    await expect(
      database.db
        .insert(schema.reservations)
        .values({ unitId: unit.id, period: period("2027-01-12 09:00+01", "2027-01-13 17:00+01"), state: "confirmed" }),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
    // Half-open: the next rental may start the instant the previous one ends.
    await database.db
      .insert(schema.reservations)
      .values({ unitId: unit.id, period: period("2027-01-12 17:00+01", "2027-01-14 17:00+01"), state: "confirmed" });
    // Released reservations no longer block.
    await database.db
      .insert(schema.reservations)
      .values({ unitId: unit.id, period: period("2027-01-11 09:00+01", "2027-01-11 17:00+01"), state: "released" });
  });

  it("requires an expiry on holds and a bounded, non-empty period", async () => {
    const unit = await aUnit();
    await expect(
      database.db
        .insert(schema.reservations)
        .values({ unitId: unit.id, period: period("2027-02-01 09:00+01", "2027-02-02 09:00+01"), state: "held" }),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
    await expect(
      database.db.insert(schema.reservations).values({ unitId: unit.id, period: "[2027-02-01 09:00+01,)", state: "confirmed" }),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
  });

  it("never lets sale stock go below zero", async () => {
    const [row] = await database.db.select().from(schema.stock).limit(1);
    await expect(
      database.db
        .update(schema.stock)
        .set({ quantity: sql`${schema.stock.quantity} - ${row.quantity + 1}` })
        .where(
          sql`${schema.stock.itemId} = ${row.itemId} and ${schema.stock.shopId} = ${row.shopId} and ${schema.stock.size} = ${row.size}`,
        ),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
  });

  it("keeps e-mail addresses unique regardless of case", async () => {
    await database.db.insert(schema.users).values({ email: "Anna@Example.com" });
    await expect(database.db.insert(schema.users).values({ email: "anna@example.com" })).rejects.toMatchObject({
      cause: { code: "23505" },
    });
  });
});

describe(`prepared statements on ${testDbKind}`, () => {
  it("keep their connection when a statement fails, and give it up when the connection itself is gone", async () => {
    // One connection, so every statement below runs on the same one unless it is replaced.
    const single = await createTestDatabase({ poolSize: 1 });
    try {
      const pid = async () => (await queryPrepared<{ pid: number }>("test-pid", sql`select pg_backend_pid() as pid`, single.db))[0].pid;
      const first = await pid();
      // A failure on purpose (a checkout short of units raises RU001): the connection stays.
      const short = await queryPrepared("test-short", sql`select units_short(${"1 170"})`, single.db).catch((error: unknown) => error);
      expect(sqlState(short)).toBe("RU001");
      expect(await pid()).toBe(first);
      if (testDbKind === "postgres") {
        // Killed by the server (57P01): a new connection answers the next statement.
        await expect(queryPrepared("test-kill", sql`select pg_terminate_backend(pg_backend_pid())`, single.db)).rejects.toBeDefined();
        expect(await pid()).not.toBe(first);
      }
    } finally {
      await single.close();
    }
  });
});
