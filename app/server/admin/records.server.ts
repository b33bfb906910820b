/**
 * Read access to every record the back office lists or shows. Editing comes with the back-office issue;
 * every function here is called only after requireAdmin().
 */
import { and, asc, count, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import {
  apps,
  categories,
  coupons,
  items,
  orders,
  priceTables,
  shopApps,
  shopClosedDays,
  shopHours,
  shops,
  units,
  userShops,
  users,
} from "../db/schema";

const PAGE = 50;

export async function adminListApps() {
  return getDb().select().from(apps).orderBy(asc(apps.sort));
}

export async function adminGetApp(id: "winter" | "summer") {
  const db = getDb();
  const [app] = await db.select().from(apps).where(eq(apps.id, id));
  if (!app) return null;
  const [cats, branches] = await Promise.all([
    db.select().from(categories).where(eq(categories.appId, id)).orderBy(asc(categories.sort)),
    db
      .select({ id: shops.id, name: shops.name })
      .from(shopApps)
      .innerJoin(shops, eq(shops.id, shopApps.shopId))
      .where(eq(shopApps.appId, id)),
  ]);
  return { app, categories: cats, shops: branches };
}

export async function adminListItems(page = 1) {
  const db = getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ item: items, category: categories.name, units: count(units.id) })
      .from(items)
      .innerJoin(categories, eq(categories.id, items.categoryId))
      .leftJoin(units, eq(units.itemId, items.id))
      .groupBy(items.id, categories.id)
      .orderBy(asc(items.appId), asc(categories.sort), asc(items.sort), asc(items.id))
      .limit(PAGE)
      .offset((page - 1) * PAGE),
    db.select({ total: count() }).from(items),
  ]);
  return { rows, total, page, pageSize: PAGE };
}

export async function adminGetItem(id: number) {
  const db = getDb();
  const [item] = await db.select().from(items).where(eq(items.id, id));
  if (!item) return null;
  const [[prices], unitRows] = await Promise.all([
    db.select().from(priceTables).where(eq(priceTables.itemId, id)),
    db
      .select({ id: units.id, code: units.code, size: units.size, status: units.status, shop: shops.name })
      .from(units)
      .innerJoin(shops, eq(shops.id, units.shopId))
      .where(eq(units.itemId, id))
      .orderBy(asc(shops.sort), asc(units.code)),
  ]);
  return { item, prices: prices ?? null, units: unitRows };
}

export async function adminListShops() {
  return getDb().select().from(shops).orderBy(asc(shops.sort), asc(shops.name));
}

export async function adminGetShop(id: number) {
  const db = getDb();
  const [shop] = await db.select().from(shops).where(eq(shops.id, id));
  if (!shop) return null;
  const [hours, closed, unitCount] = await Promise.all([
    db.select().from(shopHours).where(eq(shopHours.shopId, id)).orderBy(asc(shopHours.appId), asc(shopHours.weekday), asc(shopHours.opens)),
    db.select().from(shopClosedDays).where(eq(shopClosedDays.shopId, id)).orderBy(asc(shopClosedDays.day)),
    db.select({ total: count() }).from(units).where(eq(units.shopId, id)),
  ]);
  return { shop, hours, closed, units: unitCount[0]?.total ?? 0 };
}

export async function adminListUsers() {
  return getDb()
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, active: users.active, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.email))
    .limit(PAGE);
}

export async function adminGetUser(id: string) {
  const db = getDb();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      active: users.active,
      language: users.language,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!user) return null;
  const [branches, userOrders] = await Promise.all([
    db
      .select({ id: shops.id, name: shops.name })
      .from(userShops)
      .innerJoin(shops, eq(shops.id, userShops.shopId))
      .where(eq(userShops.userId, id)),
    db
      .select({ id: orders.id, number: orders.number, status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt)),
  ]);
  return { user, shops: branches, orders: userOrders };
}

export async function adminListOrders() {
  return getDb()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      name: orders.invoiceName,
      pickupAt: orders.pickupAt,
      totalCents: orders.totalCents,
      shop: shops.name,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .orderBy(desc(orders.createdAt))
    .limit(PAGE);
}

export async function adminGetOrder(id: string) {
  const [row] = await getDb()
    .select({ order: orders, shop: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, id));
  return row ?? null;
}

export async function adminListCoupons() {
  return getDb().select().from(coupons).orderBy(asc(coupons.code));
}

export async function adminGetCoupon(id: number) {
  const [coupon] = await getDb().select().from(coupons).where(eq(coupons.id, id));
  return coupon ?? null;
}

export async function adminListCategories() {
  return getDb()
    .select({ category: categories, items: count(items.id) })
    .from(categories)
    .leftJoin(items, eq(items.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.appId), asc(categories.sort));
}

export async function adminGetCategory(id: string) {
  const db = getDb();
  const [category] = await db.select().from(categories).where(eq(categories.id, id));
  if (!category) return null;
  const categoryItems = await db
    .select({ id: items.id, name: items.name, kind: items.kind })
    .from(items)
    .where(eq(items.categoryId, id))
    .orderBy(asc(items.sort));
  return { category, items: categoryItems };
}

/** Pickups and returns in [from, to), for the calendar. */
export async function adminCalendar(from: Date, to: Date) {
  const rows = await getDb()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      name: orders.invoiceName,
      pickupAt: orders.pickupAt,
      returnAt: orders.returnAt,
      shop: shops.name,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(
        or(and(gte(orders.pickupAt, from), lt(orders.pickupAt, to)), and(gte(orders.returnAt, from), lt(orders.returnAt, to))),
        sql`${orders.status} in ('paid', 'picked_up', 'returned')`,
      ),
    )
    .orderBy(asc(orders.pickupAt));
  const closed = await getDb()
    .select({ day: shopClosedDays.day, shop: shops.name })
    .from(shopClosedDays)
    .innerJoin(shops, eq(shops.id, shopClosedDays.shopId))
    .where(and(gte(shopClosedDays.day, from.toISOString().slice(0, 10)), lt(shopClosedDays.day, to.toISOString().slice(0, 10))))
    .orderBy(asc(shopClosedDays.day));
  return { orders: rows, closed };
}

/** Counts for the dashboard. */
export async function adminDashboard() {
  const db = getDb();
  const [[itemCount], [unitCount], [orderCount], [pending]] = await Promise.all([
    db.select({ n: count() }).from(items),
    db.select({ n: count() }).from(units),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "pending_payment")),
  ]);
  return { items: itemCount.n, units: unitCount.n, orders: orderCount.n, pendingPayments: pending.n };
}
