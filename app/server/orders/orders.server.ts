import { asc, eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { orderLines, orderPersons, orders, shops } from "../db/schema";

/** The order behind an unguessable public token, with its branch, persons and lines; null if none. */
export async function getOrderByToken(token: string) {
  const db = getDb();
  const [row] = await db
    .select({ order: orders, shop: shops })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.token, token))
    .limit(1);
  if (!row) return null;
  const [persons, lines] = await Promise.all([
    db.select().from(orderPersons).where(eq(orderPersons.orderId, row.order.id)).orderBy(asc(orderPersons.position)),
    db.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.id)),
  ]);
  return { ...row, persons, lines };
}
