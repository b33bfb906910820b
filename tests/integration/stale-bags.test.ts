import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BAG_COOKIE_DAYS } from "../../app/domain/cookies";
import { sweepExpiredHolds } from "../../app/server/booking/expiry.server";
import type { Database } from "../../app/server/db/client.server";
import { bags } from "../../app/server/db/schema";
import { createTestDatabase } from "../helpers/db";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A moment `days` days before now, in the database's clock, as the sweep judges by. */
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

// A bag is a row per visitor who chose something; its cookie lives BAG_COOKIE_DAYS, so an older bag can
// never be asked for again and only fills the table.
describe("the periodic sweep forgets bags", () => {
  it("deletes a bag untouched for longer than its cookie lives and keeps the younger ones", async () => {
    const { db } = database;
    const [stale, nearly, fresh] = await db
      .insert(bags)
      .values([{ updatedAt: daysAgo(BAG_COOKIE_DAYS + 1) }, { updatedAt: daysAgo(BAG_COOKIE_DAYS - 1) }, {}])
      .returning({ id: bags.id });

    expect(await sweepExpiredHolds(db)).toBe(0);

    const left = await db.select({ id: bags.id }).from(bags);
    expect(left.map((bag) => bag.id).sort()).toEqual([nearly.id, fresh.id].sort());
    expect(left.map((bag) => bag.id)).not.toContain(stale.id);
  });
});
