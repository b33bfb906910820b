/**
 * The catalogue kept in memory by two server processes on one PostgreSQL database (decision 035): a price
 * changed in one process's back office shows in the other within a second, and a process whose connections
 * to the database all broke serves nothing it could have missed meanwhile.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import type { Database } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { createTestDatabase } from "../helpers/db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ShopProcess, startShopProcess } from "../helpers/server-process";
import { createVisitor, pageText } from "../helpers/visitor";

const ITEM = "ski-easy-carve";
let database: Database & { url?: string };
let first: ShopProcess;
let second: ShopProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The catalogue test needs PostgreSQL (TEST_DB=postgres).");
  const env = { DATABASE_URL: database.url, WEB_CONCURRENCY: "1" };
  first = await startShopProcess(env);
  second = await startShopProcess(env);
}, 180_000);
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
});

async function itemPrices() {
  const [row] = await database.db
    .select({ id: schema.items.id, dayPrices: schema.priceTables.dayPrices, extraDayCents: schema.priceTables.extraDayCents })
    .from(schema.items)
    .innerJoin(schema.priceTables, eq(schema.priceTables.itemId, schema.items.id))
    .where(eq(schema.items.slug, ITEM));
  return row;
}

/** The item page's text as a process serves it. */
const itemPage = async (shop: ShopProcess) => pageText(await createVisitor(shop.url).get(`/item/${ITEM}`));

describe("the catalogue in memory, on two processes", () => {
  it("shows a price changed in one process's back office in the other within a second", async () => {
    const before = await itemPrices();
    const oldPrice = formatMoney(before.dayPrices[0], "en");
    // Both processes have read the item, so both keep it.
    for (const shop of [first, second]) expect(await itemPage(shop)).toContain(oldPrice);

    const admin = createVisitor(first.url);
    expect((await admin.post("/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(302);
    const raised = before.dayPrices.map((cents) => cents + 123);
    const form = new URLSearchParams([
      ["intent", "prices"],
      ["extraDay", String(before.extraDayCents / 100)],
    ]);
    for (const cents of raised) form.append("dayPrices[]", (cents / 100).toFixed(2));
    const saved = await admin.request(`/admin/item/${before.id}`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url },
    });
    expect(saved.status).toBe(302);
    expect((await itemPrices()).dayPrices).toEqual(raised);

    const newPrice = formatMoney(raised[0], "en");
    // The process that saved it shows it at once; the other within a second (a notification, not a timer).
    expect(await itemPage(first)).toContain(newPrice);
    await expect.poll(() => itemPage(second), { timeout: 1000, interval: 25 }).toContain(newPrice);
    expect(await itemPage(second)).not.toContain(oldPrice);
  });

  it("forgets everything when its connections broke, so a change made meanwhile is not missed", async () => {
    for (const shop of [first, second]) await itemPage(shop);
    // Every connection of both processes ends; the change below is told to no one.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const { id, dayPrices } = await itemPrices();
    const lowered = dayPrices.map((cents) => cents - 57);
    await database.db.update(schema.priceTables).set({ dayPrices: lowered }).where(eq(schema.priceTables.itemId, id));
    const newPrice = formatMoney(lowered[0], "en");
    for (const shop of [first, second]) await expect.poll(() => itemPage(shop), { timeout: 10_000, interval: 100 }).toContain(newPrice);
  });
});
