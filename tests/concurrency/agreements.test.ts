/**
 * Signings of one order's contract racing on PostgreSQL, each on a connection of its own (decision 044): the
 * order's row lock makes them take versions one after the other, so every signing gets a version, none is
 * lost to the unique (order, version) index and each stored PDF matches its hash.
 */
import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackOfficeUser } from "../../app/server/auth/back-office.server";
import { signAgreement } from "../../app/server/counter/agreements.server";
import { pickUpOrder } from "../../app/server/counter/handout.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";
import { paidOrder } from "../helpers/orders";

const PARALLEL = 8;
let database: Database & { url?: string };

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: PARALLEL + 4 });
  if (database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  setDatabase(database);
  await seedDemo(database.db);
  // Open the connections up front, so the signings below really run side by side.
  await Promise.all(Array.from({ length: PARALLEL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
});
afterAll(async () => {
  await database?.close();
});

describe("signings racing on PostgreSQL", () => {
  it(`${PARALLEL} signings of one order at once give versions 1 to ${PARALLEL}, each stored with its hash`, async () => {
    const db = database.db;
    const shops = await shopIds(db);
    const [clerk] = await db
      .insert(schema.users)
      .values({ email: "race.clerk@test.example", name: "Race Clerk", role: "admin" })
      .returning();
    const user: BackOfficeUser = { id: clerk.id, email: clerk.email, name: clerk.name, role: "admin", totpEnabled: false, shopIds: null };
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const held = { order: await paidOrder(db, holdRequest(shops.ciaslin, [rentalLine(ski.id)]), false) };
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, held.order.id));
    expect(await pickUpOrder(user, held.order.id, { [line.id]: [`${ski.slug}-1`.toUpperCase()] }, { early: true })).toEqual({ ok: true });

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        signAgreement(
          user,
          held.order.id,
          { signerName: `Signer ${n}`, kind: "typed", typedName: `Signer ${n}`, signature: null },
          "http://localhost",
        ),
      ),
    );
    const versions = results.map((r) => (r.ok ? r.value.version : 0)).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: PARALLEL }, (_, n) => n + 1));
    const rows = await db
      .select()
      .from(schema.agreements)
      .where(eq(schema.agreements.orderId, held.order.id))
      .orderBy(asc(schema.agreements.version));
    expect(rows.map((r) => r.version)).toEqual(versions);
    for (const row of rows) expect(createHash("sha256").update(row.pdf).digest("hex")).toBe(row.sha256);
    const audits = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, held.order.id));
    expect(audits.filter((a) => a.action === "sign")).toHaveLength(PARALLEL);
  });
});
