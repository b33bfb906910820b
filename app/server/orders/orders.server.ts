/**
 * The one order view (issue 34): an order with its branch, partner hotel, persons and lines, as the order
 * page, its documents and e-mails, the back office (`getAdminOrder` adds what staff see) and the API read it.
 * What a partner may see of it beyond the order itself is decided here too (`partnerOrderLink`).
 */
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { type Locale, localizePath } from "../../domain/i18n";
import type { ApiScope } from "../../domain/integrations";
import { getDb } from "../db/client.server";
import { orderLines, orderPersons, orders, partnerHotels, shops } from "../db/schema";

/** The order page in a language, e.g. https://shop.example/de/order/{token} (English has no prefix). */
export function orderPageUrl(origin: string, token: string, locale: Locale): string {
  return new URL(localizePath(`/order/${encodeURIComponent(token)}`, locale), origin).toString();
}

/** The orders `where` names, each with its branch, partner hotel, persons (in their places) and lines, in no set order. */
async function findOrders(where: SQL) {
  const db = getDb();
  const rows = await db
    .select({ order: orders, shop: shops, hotel: { name: partnerHotels.name, discountPercent: partnerHotels.discountPercent } })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(partnerHotels, eq(partnerHotels.id, orders.hotelId))
    .where(where);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const [persons, lines] = await Promise.all([
    db.select().from(orderPersons).where(inArray(orderPersons.orderId, ids)).orderBy(asc(orderPersons.position)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    persons: persons.filter((p) => p.orderId === row.order.id),
    lines: lines.filter((l) => l.orderId === row.order.id),
  }));
}

async function findOrder(where: SQL) {
  const [found] = await findOrders(where);
  return found ?? null;
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

/** The order of a number (R-2026-000123), as a partner names it; null if none. */
export function getOrderByNumber(number: string) {
  return findOrder(eq(orders.number, number));
}

/** The orders of these ids, in the order of the ids (a list a caller has already sorted and paged). */
export async function getOrdersByIds(ids: string[]): Promise<OrderWithDetails[]> {
  if (ids.length === 0) return [];
  const found = new Map((await findOrders(inArray(orders.id, ids))).map((o) => [o.order.id, o]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** A partner reading an order through an API key: the key's scopes, and whether this very call made the order. */
export type PartnerReader = { scopes: readonly ApiScope[]; madeIt: boolean };

/**
 * The order page's address as a partner may see it, or null. The address is the customer's key: the page
 * cancels and refunds (issue 33). A partner gets it only with a key that may cancel anyway (`orders:manage`),
 * or in the answer that made the order, whose partner hands it to the customer. (The customer reads the
 * order through that address; staff see the whole order in the back office, `getAdminOrder`.)
 */
export function partnerOrderLink(reader: PartnerReader, order: { token: string; language: string }, origin: string): string | null {
  if (!reader.madeIt && !reader.scopes.includes("orders:manage")) return null;
  return orderPageUrl(origin, order.token, order.language as Locale);
}
