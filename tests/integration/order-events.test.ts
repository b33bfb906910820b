import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";

let database: Database;
let db: Database["db"];
let shopId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  db = database.db;
  await seedDemo(db);
  shopId = (await shopIds(db)).ciaslin;
});
afterAll(async () => {
  await database?.close();
});

async function eventsOf(orderId: string) {
  return db
    .select({ type: schema.orderEvents.type, data: schema.orderEvents.data, eventId: schema.orderEvents.eventId })
    .from(schema.orderEvents)
    .where(eq(schema.orderEvents.orderId, orderId))
    .orderBy(asc(schema.orderEvents.id));
}

describe("order events (decision 050)", () => {
  it("records an order's creation and each status it reaches, in order, with the order as it was, and a delivery per subscribed endpoint", async () => {
    const [paidOnly] = await db
      .insert(schema.webhookEndpoints)
      .values({ url: "https://example.com/hook", events: ["order.paid"], secretCiphertext: "x" })
      .returning();
    await db
      .insert(schema.webhookEndpoints)
      .values({ url: "https://example.com/off", events: ["order.paid"], secretCiphertext: "x", active: false });
    const item = await createRentalItem(db, shopId, 1);
    const held = await holdOrder(holdRequest(shopId, [rentalLine(item.id)]));
    if (!held.ok) throw new Error(held.reason);
    const orderId = held.value.id;
    expect((await eventsOf(orderId)).map((e) => e.type)).toEqual(["order.created"]);
    expect(await confirmOrder(orderId)).toMatchObject({ ok: true, value: { outcome: "paid" } });
    await cancelOrder(orderId);
    const events = await eventsOf(orderId);
    expect(events.map((e) => e.type)).toEqual(["order.created", "order.paid", "order.cancelled"]);
    expect(events[0].data).toMatchObject({ id: held.value.number, status: "pending_payment", totalCents: held.value.totalCents });
    expect(events[1].data).toMatchObject({ status: "paid" });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
    const deliveries = await db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.orderId, orderId));
    expect(deliveries.map((d) => [d.endpointId, d.status])).toEqual([[paidOnly.id, "pending"]]);
  });
});
