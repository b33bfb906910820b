/**
 * A unit leaving service while checkouts race (issue 33, point 1; decision 055), on PostgreSQL, from two
 * processes: a booking stranded on a unit in repair keeps one of the free units for itself however many
 * checkouts claim at once, and a unit going into repair while checkouts claim the last units gives each free
 * unit to exactly one of them (the moved booking or one checkout).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeUnit } from "../../app/server/admin/item-units.server";
import type { BackOfficeUser } from "../../app/server/auth/back-office.server";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { type Database, queryRows, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";

const PER_PROCESS = 20;
let database: Database & { url?: string };
let shops: Record<string, number>;
let clerk: BackOfficeUser;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: PER_PROCESS + 5 });
  if (database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  setDatabase(database);
  await seedDemo(database.db);
  shops = await shopIds(database.db);
  const [user] = await database.db
    .insert(schema.users)
    .values({ email: "workshop@test.example", name: "Workshop", role: "admin", passwordHash: "x" })
    .returning();
  clerk = { id: user.id, email: user.email, name: user.name, role: "admin", totpEnabled: false, shopIds: null };
  await Promise.all(Array.from({ length: PER_PROCESS }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
});
afterAll(async () => {
  await database?.close();
});

type Tally = { held: number; unavailable: number; other: string[] };

/** Starts the other process's checkouts (tests/concurrency/hold-worker.ts) and resolves with their tally. */
async function otherProcess(itemId: number): Promise<{ go: () => Promise<Tally> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/concurrency/hold-worker.ts"], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      SHOP_ID: String(shops.ciaslin),
      ITEM_ID: String(itemId),
      HOLDS: String(PER_PROCESS),
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const messages = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  expect(JSON.parse(String((await messages.next()).value))).toEqual({ ready: true });
  return {
    go: async () => {
      child.stdin!.end("go\n");
      const tally = JSON.parse(String((await messages.next()).value)) as Tally;
      await new Promise((resolve) => child.once("exit", resolve));
      return tally;
    },
  };
}

/** PER_PROCESS checkouts at once; with `holders`, every second one as an online customer (hold limits, decision 026). */
async function race(itemId: number, holders = false): Promise<Tally> {
  const results = await Promise.all(
    Array.from({ length: PER_PROCESS }, (_, n) =>
      holdOrder(holdRequest(shops.ciaslin, [rentalLine(itemId)], holders && n % 2 === 1 ? { holder: `198.51.100.${n}` } : {})),
    ),
  );
  const tally: Tally = { held: 0, unavailable: 0, other: [] };
  for (const result of results) {
    if (result.ok) tally.held += 1;
    else if (result.reason === "unavailable") tally.unavailable += 1;
    else tally.other.push(JSON.stringify(result));
  }
  return tally;
}

async function paid(itemId: number) {
  const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(itemId)]));
  if (!held.ok) throw new Error(JSON.stringify(held));
  await confirmOrder(held.value.id, database.db);
  return held.value;
}

async function unitOf(orderId: string) {
  const [row] = await database.db
    .select({ unitId: schema.reservations.unitId })
    .from(schema.reservations)
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(and(eq(schema.orderLines.orderId, orderId), eq(schema.reservations.state, "confirmed")));
  return row.unitId;
}

/** Live bookings of the January week on the item's active units, and on its units out of service. */
async function bookings(itemId: number) {
  const [row] = await queryRows<{ active: number; out: number; units: number; overlaps: number }>(
    sql`
      select count(*) filter (where u.status = 'active')::int as active,
             count(*) filter (where u.status <> 'active')::int as out,
             (select count(*) from units where item_id = ${itemId} and status = 'active')::int as units,
             (select count(*) from reservations a join reservations b on a.unit_id = b.unit_id and a.id < b.id
                and a.period && b.period and a.state in ('held', 'confirmed') and b.state in ('held', 'confirmed')
              join units x on x.id = a.unit_id where x.item_id = ${itemId})::int as overlaps
      from reservations r join units u on u.id = r.unit_id
      where u.item_id = ${itemId} and r.state in ('held', 'confirmed')
        and not (r.state = 'held' and r.expires_at <= now())`,
    database.db,
  );
  return row;
}

describe("a unit leaving service while checkouts race, on PostgreSQL", () => {
  /** Six units all booked, the first into repair with its booking stranded on it, four others cancelled. */
  async function strandedWithFiveFree() {
    const item = await createRentalItem(database.db, shops.ciaslin, 6);
    const orders = [];
    for (let n = 0; n < 6; n++) orders.push(await paid(item.id));
    const unit = await unitOf(orders[0].id);
    expect((await changeUnit(clerk, item.id, { unitId: unit, status: "maintenance", note: null, soleLengthMm: null })).ok).toBe(true);
    expect(await unitOf(orders[0].id)).toBe(unit);
    for (const order of orders.slice(1, 6)) await cancelOrder(order.id, {}, database.db);
    return item;
  }

  it("keeps a free unit for a stranded booking while checkouts claim the rest at once, 8 times over", async () => {
    for (let round = 1; round <= 8; round++) {
      const item = await strandedWithFiveFree();
      // Five units are free, one of them owed to the stranded booking: four checkouts get one.
      const tally = await race(item.id, round % 2 === 0);
      expect({ round, ...tally }).toEqual({ round, held: 4, unavailable: PER_PROCESS - 4, other: [] });
      expect(await bookings(item.id)).toEqual({ active: 4, out: 1, units: 5, overlaps: 0 });
    }
  });

  it("keeps it when the checkouts come from two processes", async () => {
    const item = await strandedWithFiveFree();
    const worker = await otherProcess(item.id);
    const [mine, theirs] = await Promise.all([race(item.id, true), worker.go()]);
    expect([...mine.other, ...theirs.other]).toEqual([]);
    expect(mine.held + theirs.held).toBe(4);
    expect(await bookings(item.id)).toEqual({ active: 4, out: 1, units: 5, overlaps: 0 });
  });

  it("gives each last free unit either to the booking moved off a unit going into repair or to one checkout", async () => {
    const item = await createRentalItem(database.db, shops.ciaslin, 4);
    const leaving = await paid(item.id);
    await paid(item.id);
    const unit = await unitOf(leaving.id);

    const worker = await otherProcess(item.id);
    const [repair, theirs] = await Promise.all([
      changeUnit(clerk, item.id, { unitId: unit, status: "maintenance", note: null, soleLengthMm: null }),
      worker.go(),
    ]);
    expect(repair.ok).toBe(true);
    expect(theirs.other).toEqual([]);
    const moved = (await unitOf(leaving.id)) !== unit;
    const after = await bookings(item.id);
    // Moved: it took one of the two free units, one checkout the other. Stranded: the checkouts were first.
    expect({ held: theirs.held, out: after.out }).toEqual(moved ? { held: 1, out: 0 } : { held: 2, out: 1 });
    expect(after).toMatchObject({ active: 3, units: 3, overlaps: 0 });
  });
});
