/**
 * The built shop as two server processes on one PostgreSQL database (WEB_CONCURRENCY=2), booked through
 * both at once over HTTP: twelve customers want one of three pairs of skis. Exactly three get an order,
 * every paid order is there once with its e-mail, no unit is booked twice, and both processes served.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { shopIds } from "../helpers/booking";
import { addItem, INVOICE, startBooking } from "../helpers/booking-flow";
import { text } from "../helpers/browser-booking";
import { createTestDatabase } from "../helpers/db";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

const CUSTOMERS = 12;
const UNITS = 3;
let database: Database & { url?: string };
let shop: ShopProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The process tests need PostgreSQL (TEST_DB=postgres).");
  shop = await startShopProcess({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2", LOG_LEVEL: "info", SHUTDOWN_TIMEOUT_MS: "30000" });
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await database?.close();
});

/** Everything up to the invoice form; returns the total the checkout page shows. */
async function toCheckout(visitor: Visitor, itemId: number) {
  const [person] = await startBooking(database.db, visitor, "en", [{ firstName: "Racer", heightCm: "180" }]);
  await addItem(visitor, `person=${person.id}`, { itemId, size: "170" });
  const bag = await visitor.post("/rental/bag", { intent: "continue" });
  expect(locationOf(bag)).toBe("/rental/checkout");
  const page = await (await visitor.get("/rental/checkout")).text();
  return /name="total" value="(\d+)"/.exec(page)?.[1] as string;
}

describe("two server processes on PostgreSQL", () => {
  it("book the last units concurrently through both: no double booking, no lost order", async () => {
    const [item] = await database.db
      .insert(schema.items)
      .values({
        slug: "race-ski",
        appId: "winter",
        categoryId: "ski-snowboard",
        kind: "rental",
        name: { en: "Race ski", de: "Race ski", it: "Race ski", nl: "Race ski", be: "Race ski", da: "Race ski" },
        description: { en: "x", de: "x", it: "x", nl: "x", be: "x", da: "x" },
        sizes: ["170"],
        sizing: "ski",
      })
      .returning();
    await database.db.insert(schema.priceTables).values({ itemId: item.id, dayPrices: [3000, 5500, 7800], extraDayCents: 2000 });
    const { ciaslin } = await shopIds(database.db);
    await database.db
      .insert(schema.units)
      .values(Array.from({ length: UNITS }, (_, n) => ({ itemId: item.id, shopId: ciaslin, size: "170", code: `RACE-${n + 1}` })));

    // Every customer fills the bag first (the unit is free for all of them), then all pay at once.
    const visitors = Array.from({ length: CUSTOMERS }, () => createVisitor(shop.url));
    const totals = await Promise.all(visitors.map((visitor) => toCheckout(visitor, item.id)));
    const answers = await Promise.all(visitors.map((visitor, i) => visitor.post("/rental/checkout", { ...INVOICE, total: totals[i] })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const toProvider = answers.filter((a) => a.status === 302 && locationOf(a).includes("/pay/demo/"));
    expect(toProvider).toHaveLength(UNITS);
    // The others are told on the page, in their language, which item is gone.
    for (const refused of answers.filter((a) => !toProvider.includes(a))) {
      expect(refused.status).toBe(409);
      expect(await pageText(refused)).toContain(text("en", "booking.checkout.unavailable", { item: "Race ski (170)" }));
    }

    // The three pay, through whichever process answers.
    await Promise.all(
      toProvider.map(async (answer) => {
        const visitor = visitors[answers.indexOf(answer)];
        const location = new URL(locationOf(answer), shop.url);
        const paid = await visitor.post(location.pathname, {
          c: location.searchParams.get("c") as string,
          method: "card",
          outcome: "paid",
        });
        expect(paid.status).toBe(302);
      }),
    );

    const orders = await database.db
      .select()
      .from(schema.orders)
      .innerJoin(schema.orderLines, eq(schema.orderLines.orderId, schema.orders.id))
      .where(eq(schema.orderLines.itemId, item.id));
    expect(orders.map((o) => o.orders.status).sort()).toEqual(Array(UNITS).fill("paid"));
    const orderIds = orders.map((o) => o.orders.id);
    const mails = await database.db.select().from(schema.emailOutbox).where(inArray(schema.emailOutbox.orderId, orderIds));
    expect(mails).toHaveLength(UNITS);
    const overlapping = await queryRows<{ a: number }>(
      sql`select a.id as a from reservations a join reservations b on a.unit_id = b.unit_id and a.id < b.id and a.period && b.period
          join units u on u.id = a.unit_id
          where u.item_id = ${item.id} and a.state in ('held', 'confirmed') and b.state in ('held', 'confirmed')`,
      database.db,
    );
    expect(overlapping).toEqual([]);
    const units = await queryRows<{ n: number }>(
      sql`select count(distinct r.unit_id)::int as n from reservations r join units u on u.id = r.unit_id
          where u.item_id = ${item.id} and r.state = 'confirmed'`,
      database.db,
    );
    expect(units[0].n).toBe(UNITS);

    // Both processes answered requests.
    const workers = new Set(
      shop
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => (JSON.parse(line) as { worker?: number }).worker),
    );
    expect(workers.size).toBe(2);
    expect([...workers].every((w) => typeof w === "number")).toBe(true);
  });

  it("replaces a process that dies, and stops all of them on SIGTERM", async () => {
    const primary = shop.child.pid as number;
    const first = childrenOf(primary);
    expect(first).toHaveLength(2);
    process.kill(first[0], "SIGKILL");
    // The other process keeps answering while the primary starts a replacement.
    await expect.poll(async () => (await fetch(`${shop.url}/readyz`)).status, { timeout: 30_000, interval: 100 }).toBe(200);
    await expect.poll(() => childrenOf(primary).filter((pid) => !first.includes(pid)).length, { timeout: 60_000, interval: 250 }).toBe(1);
    expect(childrenOf(primary)).toHaveLength(2);
    await expect.poll(async () => (await fetch(`${shop.url}/stores`)).status, { timeout: 60_000, interval: 250 }).toBe(200);

    const workers = childrenOf(primary);
    expect(await shop.stop()).toBe(0);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});

/** The processes whose parent is `pid`, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.ts")) return false;
        // Field 4 of /proc/{pid}/stat is the parent; the command name before it may hold spaces, so split after ")".
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
