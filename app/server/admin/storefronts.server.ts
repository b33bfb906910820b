/** Storefronts (the `apps` table, `/admin/apps`) in the back office: list, read, create, change, delete, each change in the audit log. */
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import { missingStorefrontIds, type StorefrontInput, storefrontDeleteBlock } from "../../domain/admin/storefront";
import { fail, ok, type Result } from "../../domain/result";
import type { Season } from "../../domain/vocabulary";
import { type Db, getDb } from "../db/client.server";
import { bagLines, bags, categories, items, orders, priceSurcharges, shopStorefronts, shops, storefronts } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";

export type StorefrontListQuery = {
  q?: string;
  sort: "sort" | "name" | "id";
  dir: "asc" | "desc";
  page: number;
  enabled?: "yes" | "no";
};

export async function listStorefronts(query: StorefrontListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q)
    filters.push(
      or(ilike(sql`${storefronts.id}::text`, likePattern(query.q)), sql`${storefronts.name}::text ilike ${likePattern(query.q)}`) as SQL,
    );
  if (query.enabled) filters.push(eq(storefronts.enabled, query.enabled === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = { sort: storefronts.sort, name: sql`${storefronts.name}->>'en'`, id: storefronts.id }[query.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        storefront: storefronts,
        // Written out: inside a one-table select Drizzle leaves columns unqualified, and a subquery would read its own.
        categories: sql<number>`(select count(*)::int from categories c where c.app_id = "apps"."id")`,
        shops: sql<number>`(select count(*)::int from shop_apps s where s.app_id = "apps"."id")`,
      })
      .from(storefronts)
      .where(where)
      .orderBy(query.dir === "desc" ? desc(column) : asc(column), asc(storefronts.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(storefronts).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

async function usesOf(db: Db, id: Season) {
  // One after the other: inside a transaction the queries share one connection anyway.
  const [c] = await db.select({ n: count() }).from(categories).where(eq(categories.appId, id));
  const [i] = await db.select({ n: count() }).from(items).where(eq(items.appId, id));
  const [o] = await db.select({ n: count() }).from(orders).where(eq(orders.appId, id));
  return { categories: c.n, items: i.n, orders: o.n };
}

export async function getStorefront(id: Season) {
  const db = getDb();
  const [storefront] = await db.select().from(storefronts).where(eq(storefronts.id, id));
  if (!storefront) return null;
  const [related, branches, served, uses, audit] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, kind: categories.kind, items: count(items.id) })
      .from(categories)
      .leftJoin(items, eq(items.categoryId, categories.id))
      .where(eq(categories.appId, id))
      .groupBy(categories.id)
      .orderBy(asc(categories.sort), asc(categories.id)),
    allShops(),
    db.select({ shopId: shopStorefronts.shopId }).from(shopStorefronts).where(eq(shopStorefronts.appId, id)),
    usesOf(db, id),
    auditTrail("app", id),
  ]);
  return {
    storefront: { ...storefront, shopIds: served.map((s) => s.shopId).sort((a, b) => a - b) },
    categories: related,
    shops: branches,
    uses,
    audit,
  };
}

/** Every branch, for the "served by" checkboxes. */
export async function allShops() {
  return getDb()
    .select({ id: shops.id, name: shops.name, town: shops.town, active: shops.active })
    .from(shops)
    .orderBy(asc(shops.sort), asc(shops.name));
}

/** The kinds of storefront not created yet (the database enum lists every kind there can be). */
export async function creatableStorefrontIds(): Promise<Season[]> {
  const rows = await getDb().select({ id: storefronts.id }).from(storefronts);
  return missingStorefrontIds(rows.map((r) => r.id));
}

const values = (input: StorefrontInput) => ({
  name: input.name,
  description: input.description,
  seasonStart: input.seasonStart,
  seasonEnd: input.seasonEnd,
  enabled: input.enabled,
  sort: input.sort,
});

async function unknownShops(tx: Db, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const found = await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, ids));
  return found.length !== ids.length;
}

/** Makes the branches serving a storefront exactly `shopIds`; returns the list before. */
async function setServingShops(tx: Db, id: Season, shopIds: number[]): Promise<number[]> {
  const before = (await tx.select({ shopId: shopStorefronts.shopId }).from(shopStorefronts).where(eq(shopStorefronts.appId, id))).map(
    (r) => r.shopId,
  );
  await tx
    .delete(shopStorefronts)
    .where(and(eq(shopStorefronts.appId, id), shopIds.length > 0 ? notInArray(shopStorefronts.shopId, shopIds) : undefined));
  if (shopIds.length > 0)
    await tx
      .insert(shopStorefronts)
      .values(shopIds.map((shopId) => ({ shopId, appId: id })))
      .onConflictDoNothing();
  return before.sort((a, b) => a - b);
}

export async function createStorefront(userId: string, input: StorefrontInput & { id: Season }): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    if (await unknownShops(tx, input.shopIds)) return fail.invalid({ shopIds: "admin.errors.choose" });
    const [created] = await tx
      .insert(storefronts)
      .values({ id: input.id, ...values(input) })
      .onConflictDoNothing()
      .returning();
    if (!created) return fail.invalid({ id: "admin.apps.errors.exists" });
    await setServingShops(tx, input.id, input.shopIds);
    await recordAudit(tx, { userId, action: "create", entity: "app", entityId: created.id, after: { ...created, shopIds: input.shopIds } });
    return ok();
  });
}

export async function updateStorefront(userId: string, id: Season, input: StorefrontInput): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(storefronts).where(eq(storefronts.id, id)).for("update");
    if (!before) return fail.notFound();
    if (await unknownShops(tx, input.shopIds)) return fail.invalid({ shopIds: "admin.errors.choose" });
    const [after] = await tx
      .update(storefronts)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(storefronts.id, id))
      .returning();
    const shopsBefore = await setServingShops(tx, id, input.shopIds);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "app",
      entityId: id,
      before: { ...before, shopIds: shopsBefore },
      after: { ...after, shopIds: input.shopIds },
    });
    return ok();
  });
}

/**
 * Deletes a storefront that nothing was ever sold or catalogued in; refused when something was
 * (categories, items or orders: the page says which, from `storefrontDeleteBlock`). Its branch links, opening
 * hours (cascade) and storefront-wide peak surcharges go with it; open bags on it start over.
 */
export async function deleteStorefront(userId: string, id: Season): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(storefronts).where(eq(storefronts.id, id)).for("update");
    if (!before) return fail.notFound();
    if (storefrontDeleteBlock(await usesOf(tx, id))) return fail.invalid({ form: "admin.apps.deleteRefused" });
    const bagIds = tx.select({ id: bags.id }).from(bags).where(eq(bags.appId, id));
    await tx.delete(bagLines).where(inArray(bagLines.bagId, bagIds));
    await tx.update(bags).set({ appId: null, shopId: null, updatedAt: sql`now()` }).where(eq(bags.appId, id));
    await tx.delete(priceSurcharges).where(eq(priceSurcharges.appId, id));
    await tx.delete(storefronts).where(eq(storefronts.id, id));
    await recordAudit(tx, { userId, action: "delete", entity: "app", entityId: id, before });
    return ok();
  });
}
