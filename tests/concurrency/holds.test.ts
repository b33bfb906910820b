/**
 * Checkouts racing for the last units and the last coupon uses, on PostgreSQL with a connection per
 * checkout, and once from two processes. The database has the last word; these tests prove it is used.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdOrder } from "../../app/server/booking/holds.server";
import { type Database, queryRows, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";

const PARALLEL = 50;
/**
 * Holds race on this many connections at once (the rest wait for one): enough for the race, and with the
 * other files running beside it and the second process's pool, within PostgreSQL's 100 connections.
 */
const CONNECTIONS = 25;
let database: Database & { url?: string };
let shops: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: CONNECTIONS + 5 });
  if (database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  setDatabase(database);
  await seedDemo(database.db);
  shops = await shopIds(database.db);
  // Open every connection up front, so the holds below really run side by side.
  await Promise.all(Array.from({ length: PARALLEL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
});
afterAll(async () => {
  await database?.close();
});

type Tally = { held: number; unavailable: number; other: string[] };

async function race(itemId: number, n: number): Promise<Tally> {
  const results = await Promise.allSettled(Array.from({ length: n }, () => holdOrder(holdRequest(shops.ciaslin, [rentalLine(itemId)]))));
  const tally: Tally = { held: 0, unavailable: 0, other: [] };
  for (const result of results) {
    if (result.status === "rejected") tally.other.push(String(result.reason));
    else if (result.value.ok) tally.held += 1;
    else if (result.value.reason === "unavailable") tally.unavailable += 1;
    else tally.other.push(JSON.stringify(result.value));
  }
  return tally;
}

/** Pairs of live reservations on one unit whose periods overlap: must always be none. */
async function overlaps(itemId: number) {
  return queryRows<{ a: number; b: number }>(
    sql`
      select a.id as a, b.id as b
      from reservations a join reservations b on a.unit_id = b.unit_id and a.id < b.id and a.period && b.period
      join units u on u.id = a.unit_id
      where u.item_id = ${itemId} and a.state in ('held', 'confirmed') and b.state in ('held', 'confirmed')`,
    database.db,
  );
}

async function liveUnits(itemId: number) {
  const rows = await queryRows<{ unit_id: number }>(
    sql`select r.unit_id from reservations r join units u on u.id = r.unit_id
        where u.item_id = ${itemId} and r.state in ('held', 'confirmed')`,
    database.db,
  );
  return rows.map((r) => r.unit_id);
}

describe("parallel checkouts on PostgreSQL", () => {
  it(`${PARALLEL} holds on an item with 3 free units give exactly 3 holds, 20 times over`, async () => {
    for (let round = 1; round <= 20; round++) {
      const item = await createRentalItem(database.db, shops.ciaslin, 3);
      const tally = await race(item.id, PARALLEL);
      expect({ round, ...tally }).toEqual({ round, held: 3, unavailable: PARALLEL - 3, other: [] });
      expect(await overlaps(item.id)).toEqual([]);
      const units = await liveUnits(item.id);
      expect(new Set(units).size).toBe(3);
    }
  });

  it("gives the same answer when the holds come from two processes", async () => {
    const item = await createRentalItem(database.db, shops.ciaslin, 3);
    const half = PARALLEL / 2;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/concurrency/hold-worker.ts"], {
      cwd: new URL("../..", import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: database.url, SHOP_ID: String(shops.ciaslin), ITEM_ID: String(item.id), HOLDS: String(half) },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const output = createInterface({ input: child.stdout! });
    const messages = output[Symbol.asyncIterator]();
    const ready = await messages.next();
    expect(JSON.parse(String(ready.value))).toEqual({ ready: true });

    child.stdin!.end("go\n");
    const [mine, theirs] = await Promise.all([race(item.id, half), messages.next().then((m) => JSON.parse(String(m.value)) as Tally)]);
    await new Promise((resolve) => child.once("exit", resolve));

    expect(mine.other).toEqual([]);
    expect(theirs.other).toEqual([]);
    expect(mine.held + theirs.held).toBe(3);
    expect(mine.unavailable + theirs.unavailable).toBe(PARALLEL - 3);
    expect(await overlaps(item.id)).toEqual([]);
    expect(new Set(await liveUnits(item.id)).size).toBe(3);
  });

  it("uses a coupon limited to 5 uses exactly 5 times when 30 orders redeem it at once", async () => {
    const item = await createRentalItem(database.db, shops.ciaslin, 40);
    const text = { en: "Five", de: "Fünf", it: "Cinque", nl: "Vijf", be: "Vijf", da: "Fem" };
    const [coupon] = await database.db
      .insert(schema.coupons)
      .values({ code: "FIVEONLY", kind: "fixed", value: 500, description: text, maxUses: 5 })
      .returning();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        holdOrder(
          holdRequest(shops.ciaslin, [rentalLine(item.id)], {
            couponCode: "FIVEONLY",
            invoice: { ...holdRequest(0, []).invoice, email: `guest${n}@example.com` },
          }),
        ),
      ),
    );
    const held = results.filter((r) => r.ok).length;
    const usedUp = results.filter((r) => !r.ok && r.reason === "coupon" && r.code === "coupon.usedUp").length;
    expect({ held, usedUp }).toEqual({ held: 5, usedUp: 25 });
    const [after] = await database.db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
    expect(after.usedCount).toBe(5);
    const redemptions = await database.db.select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.couponId, coupon.id));
    expect(redemptions).toHaveLength(5);
    // Nothing half-written for the 25 that lost: their orders do not exist and their units are free.
    expect(await liveUnits(item.id)).toHaveLength(5);
  });
});
