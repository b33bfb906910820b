/**
 * Branches in the back office: list, read, create, change, delete, opening hours and closed days; each
 * change in the audit log, in the same transaction.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import { type HoursInput, type ShopInput, shopDeleteBlock, type WeekdaySlot, weekText } from "../../domain/admin/shop";
import type { Translated } from "../../domain/i18n";
import { OPEN_STATUSES } from "../../domain/order-states";
import { zonedDate } from "../../domain/periods";
import { fail, ok, type Result } from "../../domain/result";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import { SEASONS, type Season } from "../../domain/vocabulary";
import { type Db, getDb } from "../db/client.server";
import {
  bagLines,
  bags,
  orders,
  serviceCapacity,
  shopHours,
  shopStorefronts,
  shops,
  stock,
  storefronts,
  units,
  userShops,
  users,
} from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";
import { closeDay, listClosedDays, reopenDay } from "./closed-days.server";

export type ShopListQuery = {
  q?: string;
  sort: "sort" | "name" | "town";
  dir: "asc" | "desc";
  page: number;
  app?: Season;
  active?: "yes" | "no";
};

// Written out: inside a one-table select Drizzle leaves columns unqualified, and a subquery would read its own.
const servedStorefronts = sql<
  Season[]
>`coalesce((select json_agg(sa.app_id order by sa.app_id) from shop_apps sa where sa.shop_id = "shops"."id"), '[]'::json)`;

export async function listShops(query: ShopListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(shops.name, pattern), ilike(shops.slug, pattern), ilike(shops.town, pattern)) as SQL);
  }
  if (query.app) filters.push(sql`exists (select 1 from shop_apps sa where sa.shop_id = "shops"."id" and sa.app_id = ${query.app})`);
  if (query.active) filters.push(eq(shops.active, query.active === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = { sort: shops.sort, name: shops.name, town: shops.town }[query.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        shop: shops,
        appIds: servedStorefronts,
        units: sql<number>`(select count(*)::int from units u where u.shop_id = "shops"."id")`,
      })
      .from(shops)
      .where(where)
      .orderBy(query.dir === "desc" ? desc(column) : asc(column), asc(shops.name), asc(shops.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(shops).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

async function usesOf(db: Db, id: number) {
  // One after the other: inside a transaction the queries share one connection anyway.
  const [o] = await db.select({ n: count() }).from(orders).where(eq(orders.shopId, id));
  const [u] = await db.select({ n: count() }).from(units).where(eq(units.shopId, id));
  const [s] = await db
    .select({ n: count() })
    .from(stock)
    .where(and(eq(stock.shopId, id), gt(stock.quantity, 0)));
  return { orders: o.n, units: u.n, stock: s.n };
}

/** Today in the shop's time zone: closed days before it are history. */
export function shopToday(now = new Date()): string {
  return zonedDate(now);
}

export async function getShop(id: number) {
  const db = getDb();
  const [shop] = await db.select().from(shops).where(eq(shops.id, id));
  if (!shop) return null;
  const [served, hours, closed, staff, storefrontRows, uses, audit] = await Promise.all([
    db.select({ appId: shopStorefronts.appId }).from(shopStorefronts).where(eq(shopStorefronts.shopId, id)),
    db
      .select({ appId: shopHours.appId, weekday: shopHours.weekday, opens: shopHours.opens, closes: shopHours.closes })
      .from(shopHours)
      .where(eq(shopHours.shopId, id))
      .orderBy(asc(shopHours.weekday), asc(shopHours.opens)),
    listClosedDays(id, shopToday()),
    db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, active: users.active })
      .from(userShops)
      .innerJoin(users, eq(users.id, userShops.userId))
      .where(eq(userShops.shopId, id))
      .orderBy(asc(users.email)),
    db.select({ id: storefronts.id, name: storefronts.name }).from(storefronts).orderBy(asc(storefronts.sort)),
    usesOf(db, id),
    auditTrail("shop", id),
  ]);
  const appIds = SEASONS.filter((a) => served.some((s) => s.appId === a));
  return {
    shop: { ...shop, appIds },
    /** Per storefront, the week as the hours editor shows it. */
    weeks: Object.fromEntries(SEASONS.map((appId) => [appId, weekText(hours.filter((h) => h.appId === appId))])) as Record<
      Season,
      Record<string, string>
    >,
    closed,
    staff,
    storefronts: storefrontRows,
    uses,
    audit,
  };
}

const values = (input: ShopInput) => ({
  name: input.name,
  description: input.description as Translated,
  street: input.street,
  postalCode: input.postalCode,
  town: input.town,
  country: input.country,
  latitude: input.latitude,
  longitude: input.longitude,
  phone: input.phone,
  email: input.email,
  active: input.active,
  sort: input.sort,
});

/** Makes the storefronts a branch serves exactly `appIds`; returns the list before. Opening hours stay, for when it serves them again. */
async function setServedStorefronts(tx: Db, shopId: number, appIds: Season[]): Promise<Season[]> {
  const before = (await tx.select({ appId: shopStorefronts.appId }).from(shopStorefronts).where(eq(shopStorefronts.shopId, shopId))).map(
    (r) => r.appId,
  );
  await tx
    .delete(shopStorefronts)
    .where(and(eq(shopStorefronts.shopId, shopId), appIds.length > 0 ? notInArray(shopStorefronts.appId, appIds) : undefined));
  if (appIds.length > 0)
    await tx
      .insert(shopStorefronts)
      .values(appIds.map((appId) => ({ shopId, appId })))
      .onConflictDoNothing();
  return SEASONS.filter((a) => before.includes(a));
}

export async function createShop(userId: string, input: ShopInput & { slug: string }): Promise<Result<{ id: number }>> {
  return getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(shops)
      .values({ slug: input.slug, ...values(input) })
      .onConflictDoNothing({ target: shops.slug })
      .returning();
    if (!created) return fail.invalid({ slug: "admin.shops.errors.slugTaken" });
    await setServedStorefronts(tx, created.id, input.appIds);
    await recordAudit(tx, { userId, action: "create", entity: "shop", entityId: created.id, after: { ...created, appIds: input.appIds } });
    return ok({ id: created.id });
  });
}

export async function updateShop(userId: string, id: number, input: ShopInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(shops).where(eq(shops.id, id)).for("update");
    if (!before) return fail.notFound();
    const [after] = await tx
      .update(shops)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(shops.id, id))
      .returning();
    const storefrontsBefore = await setServedStorefronts(tx, id, input.appIds);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "shop",
      entityId: id,
      before: { ...before, appIds: storefrontsBefore },
      after: { ...after, appIds: input.appIds },
    });
    return ok();
  });
}

/** The week of one storefront as the audit log keeps it: "hours.winter.1" -> "08:00–12:30, 14:30–18:30". */
function hoursSnapshot(appId: Season, slots: WeekdaySlot[]) {
  return Object.fromEntries(Object.entries(weekText(slots)).map(([day, text]) => [`hours.${appId}.${day}`, text]));
}

/** Replaces a branch's opening hours for one storefront (the whole week at once). */
export async function saveHours(userId: string, id: number, input: HoursInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, id)).for("update");
    if (!shop) return fail.notFound();
    const [serves] = await tx
      .select({ appId: shopStorefronts.appId })
      .from(shopStorefronts)
      .where(and(eq(shopStorefronts.shopId, id), eq(shopStorefronts.appId, input.appId)));
    if (!serves) return fail.invalid({ form: "admin.shops.errors.notServed" });
    const before = await tx
      .delete(shopHours)
      .where(and(eq(shopHours.shopId, id), eq(shopHours.appId, input.appId)))
      .returning({ weekday: shopHours.weekday, opens: shopHours.opens, closes: shopHours.closes });
    if (input.slots.length > 0) await tx.insert(shopHours).values(input.slots.map((slot) => ({ shopId: id, appId: input.appId, ...slot })));
    await recordAudit(tx, {
      userId,
      action: "hours",
      entity: "shop",
      entityId: id,
      before: hoursSnapshot(input.appId, before),
      after: hoursSnapshot(input.appId, input.slots),
    });
    return ok();
  });
}

/** Live bookings with a pickup or a return at the branch on a day: they need a call when it closes that day. */
async function bookingsOn(shopId: number, day: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        inArray(orders.status, ["pending_payment", ...OPEN_STATUSES]),
        sql`(${day}::date in ((${orders.pickupAt} at time zone ${SHOP_TIME_ZONE})::date, (${orders.returnAt} at time zone ${SHOP_TIME_ZONE})::date))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Closes a branch on a day from today on (a past day changes nothing); answers with how many live
 * bookings have a pickup or return that day.
 */
export async function closeShopDay(
  userId: string,
  id: number,
  day: string,
  reason: Partial<Translated>,
  today = shopToday(),
): Promise<Result<{ affected: number }>> {
  const [shop] = await getDb().select({ id: shops.id }).from(shops).where(eq(shops.id, id));
  if (!shop) return fail.notFound();
  if (day < today) return fail.invalid({ day: "admin.shops.errors.pastDay" });
  // Refused only when the branch went away since the check above: on its own page that is a page gone.
  if (!(await closeDay(userId, id, day, Object.keys(reason).length > 0 ? reason : null)).ok) return fail.notFound();
  return ok({ affected: await bookingsOn(id, day) });
}

/** Opens a branch again on a day; refused when it was not closed. */
export async function reopenShopDay(userId: string, id: number, day: string): Promise<Result> {
  return reopenDay(userId, id, day);
}

/**
 * Deletes a branch that never had orders, units or stock; refused when it had (the page says which, from
 * `shopDeleteBlock`). Its hours, closed days, storefront links and staff assignments go with it (cascade);
 * open bags at it start over.
 */
export async function deleteShop(userId: string, id: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(shops).where(eq(shops.id, id)).for("update");
    if (!before) return fail.notFound();
    if (shopDeleteBlock(await usesOf(tx, id))) return fail.invalid({ form: "admin.shops.deleteRefused" });
    const bagIds = tx.select({ id: bags.id }).from(bags).where(eq(bags.shopId, id));
    await tx.delete(bagLines).where(inArray(bagLines.bagId, bagIds));
    await tx.update(bags).set({ shopId: null, updatedAt: sql`now()` }).where(eq(bags.shopId, id));
    await tx.delete(stock).where(eq(stock.shopId, id));
    await tx.delete(serviceCapacity).where(eq(serviceCapacity.shopId, id));
    await tx.delete(shops).where(eq(shops.id, id));
    await recordAudit(tx, { userId, action: "delete", entity: "shop", entityId: id, before });
    return ok();
  });
}
