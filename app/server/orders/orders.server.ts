import { asc, eq, type SQL } from "drizzle-orm";
import { type Locale, localizePath } from "../../domain/i18n";
import { getDb } from "../db/client.server";
import { orderLines, orderPersons, orders, partnerHotels, shops } from "../db/schema";

/** The order page in a language, e.g. https://shop.example/de/order/{token} (English has no prefix). */
export function orderPageUrl(origin: string, token: string, locale: Locale): string {
  return new URL(localizePath(`/order/${encodeURIComponent(token)}`, locale), origin).toString();
}

async function findOrder(where: SQL) {
  const db = getDb();
  const [row] = await db
    .select({ order: orders, shop: shops, hotel: { name: partnerHotels.name, discountPercent: partnerHotels.discountPercent } })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(partnerHotels, eq(partnerHotels.id, orders.hotelId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const [persons, lines] = await Promise.all([
    db.select().from(orderPersons).where(eq(orderPersons.orderId, row.order.id)).orderBy(asc(orderPersons.position)),
    db.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.id)),
  ]);
  return { ...row, persons, lines };
}

export type OrderWithDetails = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The order behind an unguessable public token, with its branch, partner hotel (or null), persons and lines; null if none. */
export function getOrderByToken(token: string) {
  return findOrder(eq(orders.token, token));
}

/** The order of an id (internal callers: webhooks, staff), with its branch, persons and lines; null if none. */
export function getOrderById(id: string) {
  return findOrder(eq(orders.id, id));
}
