import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGetItem, adminGetShop, adminListCategories, adminListItems } from "../../app/server/admin/records.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createTestDatabase, testDbKind } from "../helpers/db";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe(`back-office records on ${testDbKind}`, () => {
  it("lists items a page at a time with their category name and real unit counts", async () => {
    const first = await adminListItems(1);
    const all = await database.db.select({ n: count() }).from(schema.items);
    expect(first.total).toBe(all[0].n);
    expect(first.rows.length).toBe(Math.min(first.pageSize, first.total));
    const second = await adminListItems(2);
    expect(second.rows.map((r) => r.item.id)).not.toContain(first.rows[0].item.id);
    for (const row of [...first.rows, ...second.rows]) {
      const [{ n }] = await database.db.select({ n: count() }).from(schema.units).where(eq(schema.units.itemId, row.item.id));
      expect(row.units, row.item.slug).toBe(n);
      expect(row.category.en).toBeTruthy();
    }
    expect([...first.rows, ...second.rows].some((r) => r.units > 1)).toBe(true);
  });

  it("shows one item with its price table and units, one shop with its hours", async () => {
    const [rental] = await database.db.select().from(schema.items).where(eq(schema.items.kind, "rental")).limit(1);
    const item = await adminGetItem(rental.id);
    expect(item?.prices?.dayPrices.length).toBeGreaterThan(0);
    expect(item?.units.length).toBeGreaterThan(0);
    expect(await adminGetItem(999_999)).toBeNull();
    const [shop] = await database.db.select().from(schema.shops).limit(1);
    const record = await adminGetShop(shop.id);
    expect(record?.hours.length).toBeGreaterThan(0);
    expect(record?.units).toBeGreaterThan(0);
  });

  it("counts the items of each category", async () => {
    const categories = await adminListCategories();
    const total = categories.reduce((sum, c) => sum + c.items, 0);
    const [{ n }] = await database.db.select({ n: count() }).from(schema.items);
    expect(total).toBe(n);
  });
});
