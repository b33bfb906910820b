/**
 * One hand-out sent several times at once on PostgreSQL, each on a connection of its own (issue 33, point 6):
 * the order's row lock makes them take turns; the first hands out, the others find it handed out with the
 * same codes and answer as done. One hand-out in the audit trail, the order picked up once.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackOfficeUser } from "../../app/server/auth/back-office.server";
import { pickUpOrder } from "../../app/server/counter/handout.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";
import { paidOrder } from "../helpers/orders";

const PARALLEL = 6;
let database: Database & { url?: string };

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: PARALLEL + 4 });
  if (database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  setDatabase(database);
  await seedDemo(database.db);
  // Open the connections up front, so the hand-outs below really run side by side.
  await Promise.all(Array.from({ length: PARALLEL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
});
afterAll(async () => {
  await database?.close();
});

describe("one hand-out sent several times at once on PostgreSQL", () => {
  it(`${PARALLEL} identical hand-outs all answer as done, and the order is handed out once`, async () => {
    const db = database.db;
    const shops = await shopIds(db);
    const [clerk] = await db
      .insert(schema.users)
      .values({ email: "twice.clerk@test.example", name: "Twice Clerk", role: "admin" })
      .returning();
    const user: BackOfficeUser = { id: clerk.id, email: clerk.email, name: clerk.name, role: "admin", totpEnabled: false, shopIds: null };
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const held = { order: await paidOrder(db, holdRequest(shops.ciaslin, [rentalLine(ski.id)]), false) };
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, held.order.id));
    // The other unit than the reserved one: the first hand-out moves the reservation, the rest find it moved.
    const [reserved] = await db.select().from(schema.reservations).where(eq(schema.reservations.orderLineId, line.id));
    const [other] = await db
      .select()
      .from(schema.units)
      .where(and(eq(schema.units.itemId, ski.id), sql`${schema.units.id} <> ${reserved.unitId}`));
    const codes = { [line.id]: [other.code.toUpperCase()] };

    const results = await Promise.all(Array.from({ length: PARALLEL }, () => pickUpOrder(user, held.order.id, codes, { early: true })));
    expect(results).toEqual(Array.from({ length: PARALLEL }, () => ({ ok: true, value: undefined })));
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, held.order.id));
    expect(order.status).toBe("picked_up");
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, held.order.id), eq(schema.auditLog.action, "pickup")));
    expect(audit).toHaveLength(1);
    // Other codes for an order already out: still not possible.
    const again = await pickUpOrder(user, held.order.id, { [line.id]: [`${ski.slug}-9`.toUpperCase()] }, { early: true });
    expect(again).toMatchObject({ ok: false, reason: "invalid", errors: { form: "admin.orders.errors.notNow" } });
  });
});
