/**
 * Items in the back office: the list, the record with everything that hangs on it, and every change
 * (the item, its price table, its seasonal surcharges, sale stock, service capacity), each in one
 * transaction with its audit entry. Units and the booking calendar are in item-units.server.ts,
 * pictures in ../media/pictures.server.ts.
 *
 * Staff see items read-only and only their own branches' units, stock and capacity: every reading
 * function takes the user's `shopIds` (null = all branches, for admins).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type CategoryRef,
  type ItemInput,
  type ItemTies,
  itemRules,
  itemValues,
  type NewItemInput,
  type PriceTableInput,
  type StockGrid,
  type SurchargeInput,
  usesUnits,
} from "../../domain/admin/item";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import type { Locale } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import type { ItemKind, Season } from "../../domain/vocabulary";
import { catalogRead } from "../catalog/catalog-cache.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import {
  bagLines,
  categories,
  items,
  orderLines,
  packageItems,
  priceSurcharges,
  priceTables,
  reservations,
  serviceCapacity,
  shopStorefronts,
  shops,
  stock,
  units,
} from "../db/schema";
import { removePictures } from "../media/pictures.server";
import { auditTrail, recordAudit } from "./audit.server";

/** The branches a user works for; null for an admin (all of them). */
export type ShopScope = number[] | null;

const inScope = (column: AnyPgColumn, shopIds: ShopScope) => (shopIds === null ? undefined : inArray(column, shopIds));

export type ItemListQuery = {
  q?: string;
  sort: "category" | "name" | "price" | "units";
  dir: "asc" | "desc";
  page: number;
  app?: Season;
  category?: string;
  kind?: ItemKind;
  active?: "yes" | "no";
};

/** The item's name in the given language, as the list sorts it (Belgian Dutch falls back to Dutch, all to English). */
const nameIn = (locale: Locale) =>
  locale === "be"
    ? sql`coalesce(${items.name}->>'be', ${items.name}->>'nl', ${items.name}->>'en')`
    : sql`coalesce(${items.name}->>${locale}, ${items.name}->>'en')`;

/** Items a page at a time, with their category, price (the one-day price for rentals) and units in service. */
export async function listItems(query: ItemListQuery, scope: { shopIds: ShopScope; locale: Locale }) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(
        sql`${items.slug} ilike ${pattern}`,
        sql`exists (select 1 from jsonb_each_text(${items.name}) as n(locale, text) where n.text ilike ${pattern})`,
      ) as SQL,
    );
  }
  if (query.app) filters.push(eq(items.appId, query.app));
  if (query.category) filters.push(eq(items.categoryId, query.category));
  if (query.kind) filters.push(eq(items.kind, query.kind));
  if (query.active) filters.push(eq(items.active, query.active === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const scoped = scope.shopIds === null ? sql`true` : scope.shopIds.length === 0 ? sql`false` : inArray(units.shopId, scope.shopIds);
  const unitCount = sql<number>`(select count(*)::int from ${units} where ${units.itemId} = ${items.id} and ${units.status} <> 'retired' and ${scoped})`;
  const price = sql<number | null>`coalesce(${items.priceCents}, (${priceTables.dayPrices}->>0)::int)`;
  const by = (column: SQL | typeof items.sort) => (query.dir === "desc" ? desc(column) : asc(column));
  const order =
    query.sort === "category"
      ? [by(sql`${categories.appId}`), by(sql`${categories.sort}`), by(sql`${categories.id}`), asc(items.sort)]
      : query.sort === "name"
        ? [by(nameIn(scope.locale))]
        : query.sort === "price"
          ? [query.dir === "desc" ? sql`${price} desc nulls last` : sql`${price} asc nulls last`]
          : [by(unitCount)];

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: items.id,
        slug: items.slug,
        name: items.name,
        appId: items.appId,
        kind: items.kind,
        active: items.active,
        pictures: items.pictures,
        category: categories.name,
        price,
        units: unitCount,
      })
      .from(items)
      .innerJoin(categories, eq(categories.id, items.categoryId))
      .leftJoin(priceTables, eq(priceTables.itemId, items.id))
      .where(where)
      .orderBy(...order, asc(items.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(items).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

/** The categories an item may belong to, for the form's choice and the list's filter: catalogue, kept in memory. */
export const itemCategories = catalogRead("itemCategories", () =>
  getDb()
    .select({ id: categories.id, appId: categories.appId, kind: categories.kind, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.appId), asc(categories.sort), asc(categories.id)),
);

async function itemTies(db: Db, itemId: number): Promise<ItemTies> {
  const [[lines], [unitRows], [stockRows], [capacityRows]] = await Promise.all([
    db.select({ n: count() }).from(orderLines).where(eq(orderLines.itemId, itemId)),
    db.select({ n: count() }).from(units).where(eq(units.itemId, itemId)),
    db.select({ n: count() }).from(stock).where(eq(stock.itemId, itemId)),
    db.select({ n: count() }).from(serviceCapacity).where(eq(serviceCapacity.itemId, itemId)),
  ]);
  return { orderLines: lines.n, units: unitRows.n, stock: stockRows.n, capacity: capacityRows.n };
}

/**
 * The branches the user works for that serve the item's storefront (`serves`), and any other branch that
 * still holds units of it (a branch that stopped serving the season keeps its units listed).
 */
async function itemBranches(item: { id: number; appId: Season }, shopIds: ShopScope, db: Db = getDb()) {
  return db
    .select({ id: shops.id, slug: shops.slug, name: shops.name, serves: sql<boolean>`${shopStorefronts.shopId} is not null` })
    .from(shops)
    .leftJoin(shopStorefronts, and(eq(shopStorefronts.shopId, shops.id), eq(shopStorefronts.appId, item.appId)))
    .where(
      and(
        or(
          isNotNull(shopStorefronts.shopId),
          sql`exists (select 1 from ${units} where ${units.shopId} = ${shops.id} and ${units.itemId} = ${item.id})`,
        ),
        inScope(shops.id, shopIds),
      ),
    )
    .orderBy(asc(shops.sort), asc(shops.id));
}

/** Inside a transaction: PGlite has one connection, so a query outside the transaction would wait for it forever. */
const servingBranches = async (db: Db, item: { id: number; appId: Season }) =>
  (await itemBranches(item, null, db)).filter((b) => b.serves).map((b) => b.id);

/**
 * An item with its category, price table, surcharges (its own and the storefront's), sale stock and
 * service capacity of the user's branches, whether it has orders, and its audit trail.
 */
export async function getItem(id: number, shopIds: ShopScope) {
  const db = getDb();
  const [found] = await db
    .select({ item: items, category: categories })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(eq(items.id, id));
  if (!found) return null;
  const { item } = found;
  const [[prices], surcharges, stockRows, capacityRows, branches, ties, audit] = await Promise.all([
    db.select().from(priceTables).where(eq(priceTables.itemId, id)),
    db
      .select()
      .from(priceSurcharges)
      .where(or(eq(priceSurcharges.itemId, id), and(isNull(priceSurcharges.itemId), eq(priceSurcharges.appId, item.appId))))
      .orderBy(asc(priceSurcharges.startsOn), asc(priceSurcharges.id)),
    db
      .select()
      .from(stock)
      .where(and(eq(stock.itemId, id), inScope(stock.shopId, shopIds))),
    db
      .select()
      .from(serviceCapacity)
      .where(and(eq(serviceCapacity.itemId, id), inScope(serviceCapacity.shopId, shopIds))),
    itemBranches(item, shopIds),
    itemTies(db, id),
    auditTrail("item", id, 30, shopIds),
  ]);
  return {
    item,
    category: found.category,
    prices: prices ?? null,
    surcharges: surcharges.filter((s) => s.itemId === id),
    storefrontSurcharges: surcharges.filter((s) => s.itemId === null),
    stock: stockRows,
    capacity: capacityRows,
    branches,
    ties,
    audit,
  };
}

async function categoryRef(db: Db, id: string): Promise<CategoryRef | null> {
  const [category] = await db
    .select({ id: categories.id, appId: categories.appId, kind: categories.kind })
    .from(categories)
    .where(eq(categories.id, id));
  return category ?? null;
}

export async function createItem(userId: string, input: NewItemInput): Promise<Result<{ id: number }>> {
  return getDb().transaction(async (tx) => {
    const category = await categoryRef(tx, input.categoryId);
    const errors = itemRules(input, category);
    if (!category || Object.keys(errors).length > 0) return fail.invalid(errors);
    const [created] = await tx
      .insert(items)
      .values({ slug: input.slug, ...itemValues(input, category) })
      .onConflictDoNothing()
      .returning();
    if (!created) return fail.invalid({ slug: "admin.items.errors.slugTaken" });
    await recordAudit(tx, { userId, action: "create", entity: "item", entityId: created.id, after: created });
    return ok({ id: created.id });
  });
}

export async function updateItem(userId: string, id: number, input: ItemInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(items).where(eq(items.id, id)).for("update");
    if (!before) return fail.notFound();
    const category = await categoryRef(tx, input.categoryId);
    const errors = itemRules(input, category, { appId: before.appId, kind: before.kind, ties: await itemTies(tx, id) });
    // A size that units or stock still have stays: availability and the counter look units up by size.
    const held = await queryRows<{ size: string }>(
      sql`select ${units.size} as size from ${units} where ${units.itemId} = ${id} and ${units.size} is not null and ${units.status} <> 'retired'
          union select ${stock.size} from ${stock} where ${stock.itemId} = ${id} and ${stock.size} <> '' and ${stock.quantity} > 0`,
      tx,
    );
    if (held.some((row) => !input.sizes.includes(row.size))) errors.sizes ??= "admin.items.errors.sizeInUse";
    if (!category || Object.keys(errors).length > 0) return fail.invalid(errors);
    const [after] = await tx
      .update(items)
      .set({ ...itemValues(input, category), updatedAt: sql`now()` })
      .where(eq(items.id, id))
      .returning();
    await recordAudit(tx, { userId, action: "update", entity: "item", entityId: id, before, after });
    return ok();
  });
}

/** Takes an item off the shop without deleting it: the way out for an item that has orders. */
export async function deactivateItem(userId: string, id: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(items).where(eq(items.id, id)).for("update");
    if (!before) return fail.notFound();
    if (!before.active) return ok();
    const [after] = await tx.update(items).set({ active: false, updatedAt: sql`now()` }).where(eq(items.id, id)).returning();
    await recordAudit(tx, { userId, action: "deactivate", entity: "item", entityId: id, before, after });
    return ok();
  });
}

/**
 * Deletes an item that was never ordered, with its price table, surcharges, units, stock, capacity and
 * pictures; customers' bags that still hold it lose that line. An item with order lines (or a unit with
 * a reservation) is refused: its orders must keep what they sold.
 */
export async function deleteItem(userId: string, id: number): Promise<Result> {
  const result = await getDb().transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(items).where(eq(items.id, id)).for("update");
    if (!before) return fail.notFound();
    const [[lines], [booked]] = await Promise.all([
      tx.select({ n: count() }).from(orderLines).where(eq(orderLines.itemId, id)),
      tx.select({ n: count() }).from(reservations).innerJoin(units, eq(units.id, reservations.unitId)).where(eq(units.itemId, id)),
    ]);
    if (lines.n > 0 || booked.n > 0) return fail.conflict({ form: "admin.items.deleteRefused" });
    // A package's slot must not lose its item unnoticed (decision 030).
    const [inPackage] = await tx.select({ n: count() }).from(packageItems).where(eq(packageItems.itemId, id));
    if (inPackage.n > 0) return fail.conflict({ form: "admin.items.deleteRefusedPackage" });
    await tx.delete(bagLines).where(eq(bagLines.itemId, id));
    await tx.delete(items).where(eq(items.id, id));
    await recordAudit(tx, { userId, action: "delete", entity: "item", entityId: id, before });
    return ok();
  });
  // The files go only once the record is gone: a failed delete must not leave an item without its pictures.
  if (result.ok) await removePictures("items", id);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Price table and surcharges

async function lockItem(db: Db, id: number) {
  const [item] = await db.select().from(items).where(eq(items.id, id)).for("update");
  return item ?? null;
}

/** Replaces the item's price table (rental and depot items only). */
export async function savePriceTable(userId: string, itemId: number, input: PriceTableInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item || !usesUnits(item.kind)) return fail.notFound();
    const [before] = await tx.select().from(priceTables).where(eq(priceTables.itemId, itemId));
    const values = { dayPrices: input.dayPrices, extraDayCents: input.extraDay };
    const [after] = await tx
      .insert(priceTables)
      .values({ itemId, ...values })
      .onConflictDoUpdate({ target: priceTables.itemId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    await recordAudit(tx, { userId, action: "prices", entity: "item", entityId: itemId, before: before ?? null, after });
    return ok();
  });
}

export async function addSurcharge(userId: string, itemId: number, input: SurchargeInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item || !usesUnits(item.kind)) return fail.notFound();
    const [after] = await tx
      .insert(priceSurcharges)
      .values({ appId: item.appId, itemId, name: input.name, startsOn: input.startsOn, endsOn: input.endsOn, percent: input.percent })
      .returning();
    await recordAudit(tx, { userId, action: "surchargeAdd", entity: "item", entityId: itemId, after });
    return ok();
  });
}

/** Changes one of the item's own surcharges; not found when the item has no such surcharge. */
export async function updateSurcharge(userId: string, itemId: number, surchargeId: number, input: SurchargeInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const where = and(eq(priceSurcharges.id, surchargeId), eq(priceSurcharges.itemId, itemId));
    const [before] = await tx.select().from(priceSurcharges).where(where).for("update");
    if (!before) return fail.notFound();
    const [after] = await tx
      .update(priceSurcharges)
      .set({ name: input.name, startsOn: input.startsOn, endsOn: input.endsOn, percent: input.percent })
      .where(where)
      .returning();
    await recordAudit(tx, { userId, action: "surchargeChange", entity: "item", entityId: itemId, before, after });
    return ok();
  });
}

export async function deleteSurcharge(userId: string, itemId: number, surchargeId: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const where = and(eq(priceSurcharges.id, surchargeId), eq(priceSurcharges.itemId, itemId));
    const [before] = await tx.delete(priceSurcharges).where(where).returning();
    if (!before) return fail.notFound();
    await recordAudit(tx, { userId, action: "surchargeDelete", entity: "item", entityId: itemId, before });
    return ok();
  });
}

// ---------------------------------------------------------------------------------------------
// Sale stock and service capacity

/** The sizes stock is kept in: the item's sizes, or "" for an article without sizes. */
const stockSizes = (sizes: string[]) => (sizes.length > 0 ? sizes : [""]);

/**
 * Sets the sale stock of branches and sizes. Each cell carries the quantity the form was loaded with:
 * holds take stock off while the clerk counts the shelf, and a changed cell is refused rather than
 * overwritten with a stale number.
 */
export async function saveStock(userId: string, itemId: number, grid: StockGrid): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const item = await lockItem(tx, itemId);
    if (item?.kind !== "sale") return fail.notFound();
    const sizes = stockSizes(item.sizes);
    const cells = Object.entries(grid).flatMap(([shopId, row]) =>
      Object.entries(row)
        .filter(([index]) => Number(index) < sizes.length)
        .map(([index, cell]) => ({ shopId: Number(shopId), size: sizes[Number(index)], ...cell })),
    );
    const branches = new Set(await servingBranches(tx, item));
    const before = await tx.select().from(stock).where(eq(stock.itemId, itemId)).for("update");
    const current = new Map(before.map((row) => [`${row.shopId}|${row.size}`, row.quantity]));
    const errors: Record<string, string> = {};
    const changed = cells.filter((cell) => branches.has(cell.shopId) && sizes.includes(cell.size) && cell.quantity !== cell.was);
    for (const cell of changed) {
      if ((current.get(`${cell.shopId}|${cell.size}`) ?? 0) !== cell.was)
        errors[`stock.${cell.shopId}.${sizes.indexOf(cell.size)}.quantity`] = "admin.items.errors.stockChanged";
    }
    // The shelf was counted on a stale form: the clerk counts again rather than overwrite someone's change.
    if (Object.keys(errors).length > 0) return fail.conflict(errors);
    if (changed.length === 0) return ok();
    for (const cell of changed) {
      await tx
        .insert(stock)
        .values({ itemId, shopId: cell.shopId, size: cell.size, quantity: cell.quantity })
        .onConflictDoUpdate({ target: [stock.itemId, stock.shopId, stock.size], set: { quantity: cell.quantity } });
    }
    const after = await tx.select().from(stock).where(eq(stock.itemId, itemId));
    await recordAudit(tx, {
      userId,
      action: "stock",
      entity: "item",
      entityId: itemId,
      before: { stock: before },
      after: { stock: after },
    });
    return ok();
  });
}

/** Sets the jobs per day each branch takes for a service; an empty value means the branch does not offer it. */
export async function saveCapacity(userId: string, itemId: number, perDay: Record<string, number | null>): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const item = await lockItem(tx, itemId);
    if (item?.kind !== "service") return fail.notFound();
    const branches = await servingBranches(tx, item);
    const before = await tx.select().from(serviceCapacity).where(eq(serviceCapacity.itemId, itemId));
    for (const shopId of branches) {
      if (!(shopId in perDay)) continue;
      const value = perDay[shopId];
      const where = and(eq(serviceCapacity.itemId, itemId), eq(serviceCapacity.shopId, shopId));
      if (value === null) await tx.delete(serviceCapacity).where(where);
      else
        await tx
          .insert(serviceCapacity)
          .values({ itemId, shopId, perDay: value })
          .onConflictDoUpdate({ target: [serviceCapacity.itemId, serviceCapacity.shopId], set: { perDay: value } });
    }
    const after = await tx.select().from(serviceCapacity).where(eq(serviceCapacity.itemId, itemId));
    await recordAudit(tx, {
      userId,
      action: "capacity",
      entity: "item",
      entityId: itemId,
      before: { capacity: before },
      after: { capacity: after },
    });
    return ok();
  });
}
