/** Categories in the back office: list, read, create, change, delete, each change in the audit log. */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { CategoryInput } from "../../domain/admin/category";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import type { Translated } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import type { ItemKind, Season } from "../../domain/vocabulary";
import { getDb } from "../db/client.server";
import { categories, items } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";

export type CategoryListQuery = {
  q?: string;
  sort: "sort" | "name" | "id";
  dir: "asc" | "desc";
  page: number;
  app?: Season;
  kind?: ItemKind;
};

export async function listCategories(query: CategoryListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q)
    filters.push(or(ilike(categories.id, likePattern(query.q)), sql`${categories.name}::text ilike ${likePattern(query.q)}`) as SQL);
  if (query.app) filters.push(eq(categories.appId, query.app));
  if (query.kind) filters.push(eq(categories.kind, query.kind));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = { sort: categories.sort, name: sql`${categories.name}->>'en'`, id: categories.id }[query.sort];
  const order = query.dir === "desc" ? desc(column) : asc(column);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ category: categories, items: count(items.id) })
      .from(categories)
      .leftJoin(items, eq(items.categoryId, categories.id))
      .where(where)
      .groupBy(categories.id)
      .orderBy(order, asc(categories.appId), asc(categories.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

export async function getCategory(id: string) {
  const db = getDb();
  const [category] = await db.select().from(categories).where(eq(categories.id, id));
  if (!category) return null;
  const [related, audit] = await Promise.all([
    db
      .select({ id: items.id, name: items.name, kind: items.kind, active: items.active })
      .from(items)
      .where(eq(items.categoryId, id))
      .orderBy(asc(items.sort), asc(items.id)),
    auditTrail("category", id),
  ]);
  return { category, items: related, audit };
}

const values = (input: CategoryInput) => ({
  appId: input.appId,
  kind: input.kind,
  name: input.name,
  description: Object.keys(input.description).length > 0 ? (input.description as Translated) : null,
  sort: input.sort,
});

export async function createCategory(userId: string, input: CategoryInput & { id: string }): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(categories)
      .values({ id: input.id, ...values(input) })
      .onConflictDoNothing()
      .returning();
    if (!created) return fail.invalid({ id: "admin.errors.idTaken" });
    await recordAudit(tx, { userId, action: "create", entity: "category", entityId: created.id, after: created });
    return ok();
  });
}

export async function updateCategory(userId: string, id: string, input: CategoryInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) return fail.notFound();
    // Items keep their storefront and kind from their category; moving a used category would mix them up.
    const [{ used }] = await tx.select({ used: count() }).from(items).where(eq(items.categoryId, id));
    if (used > 0 && (before.appId !== input.appId || before.kind !== input.kind))
      return fail.invalid({ form: "admin.errors.categoryInUse" });
    const [after] = await tx
      .update(categories)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(categories.id, id))
      .returning();
    await recordAudit(tx, { userId, action: "update", entity: "category", entityId: id, before, after });
    return ok();
  });
}

/** Deletes a category without items; refused while items still use it. */
export async function deleteCategory(userId: string, id: string): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) return fail.notFound();
    const [{ used }] = await tx.select({ used: count() }).from(items).where(eq(items.categoryId, id));
    if (used > 0) return fail.invalid({ form: "admin.errors.categoryInUse" });
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, { userId, action: "delete", entity: "category", entityId: id, before });
    return ok();
  });
}
