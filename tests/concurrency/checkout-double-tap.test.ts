/**
 * A double tap on the checkout's pay button (issue 33, point 6), on two server processes
 * (WEB_CONCURRENCY=2) on PostgreSQL: each bag's form arrives three times at once, through either process.
 * Each bag gets one order, every copy is sent to that order's payment page, and no order expires at once.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, shopIds } from "../helpers/booking";
import { bagAtCheckout, bagOf, INVOICE } from "../helpers/booking-flow";
import { createTestDatabase } from "../helpers/db";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";
import { createVisitor, locationOf, type Visitor } from "../helpers/visitor";

const BAGS = 6;
const COPIES = 3;
let database: Database & { url?: string };
let shop: ShopProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The double-tap race needs PostgreSQL (TEST_DB=postgres).");
  shop = await startShopProcess({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2" });
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await database?.close();
});

const fillBag = (visitor: Visitor, itemId: number) => bagAtCheckout(database.db, visitor, itemId, "Tap");

describe("the same checkout form sent three times at once", () => {
  it("makes one order per bag, and every copy goes to its payment page", async () => {
    const { ciaslin } = await shopIds(database.db);
    const item = await createRentalItem(database.db, ciaslin, BAGS * COPIES, { local: true });
    const visitors = Array.from({ length: BAGS }, () => createVisitor(shop.url));
    const totals = await Promise.all(visitors.map((visitor) => fillBag(visitor, item.id)));

    const answers = await Promise.all(
      visitors.map((visitor, i) =>
        Promise.all(Array.from({ length: COPIES }, () => visitor.post("/rental/checkout", { ...INVOICE, total: totals[i] }))),
      ),
    );
    for (const copies of answers) {
      expect(copies.map((a) => a.status)).toEqual(Array(COPIES).fill(302));
      const pages = new Set(copies.map(locationOf));
      expect(pages.size).toBe(1);
      expect([...pages][0]).toContain("/pay/demo/");
    }

    const lines = await database.db
      .select({ orderId: schema.orderLines.orderId })
      .from(schema.orderLines)
      .where(eq(schema.orderLines.itemId, item.id));
    const orders = await database.db
      .select()
      .from(schema.orders)
      .where(
        inArray(
          schema.orders.id,
          lines.map((l) => l.orderId),
        ),
      );
    expect(orders.map((o) => o.status)).toEqual(Array(BAGS).fill("pending_payment"));
    for (const visitor of visitors) {
      const [bag] = await database.db
        .select()
        .from(schema.bags)
        .where(eq(schema.bags.id, bagOf(visitor)));
      expect(orders.map((o) => o.id)).toContain(bag.orderId);
    }
  });
});
