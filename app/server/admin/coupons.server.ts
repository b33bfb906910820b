/**
 * Coupons in the back office: list, read (with the orders that used them), create, change, delete; each
 * change in the audit log. Redemptions are written by the checkout (app/server/booking/holds.server.ts);
 * the database keeps `used_count <= max_uses`, so a limit below the uses so far is refused here first.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { type CouponInput, scopeProblem } from "../../domain/admin/coupon";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import type { Translated } from "../../domain/i18n";
import { type FieldErrors, fail, ok, type Result } from "../../domain/result";
import type { CouponKind } from "../../domain/vocabulary";
import { type Db, getDb } from "../db/client.server";
import { sqlState } from "../db/retry.server";
import { categories, couponRedemptions, coupons, orders, storefronts } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";

export type CouponListQuery = {
  q?: string;
  sort: "code" | "validUntil" | "used";
  dir: "asc" | "desc";
  page: number;
  kind?: CouponKind;
  active?: "yes" | "no";
  public?: "yes" | "no";
};

export async function listCoupons(query: CouponListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q)
    filters.push(or(ilike(coupons.code, likePattern(query.q)), sql`${coupons.description}::text ilike ${likePattern(query.q)}`) as SQL);
  if (query.kind) filters.push(eq(coupons.kind, query.kind));
  if (query.active) filters.push(eq(coupons.active, query.active === "yes"));
  if (query.public) filters.push(eq(coupons.public, query.public === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = { code: coupons.code, validUntil: coupons.validUntil, used: coupons.usedCount }[query.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(query.dir === "desc" ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(coupons.code))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

/** The storefronts and categories a coupon's scope can name. */
export async function scopeChoices() {
  const db = getDb();
  const [storefrontRows, categoryRows] = await Promise.all([
    db.select({ id: storefronts.id, name: storefronts.name }).from(storefronts).orderBy(asc(storefronts.sort)),
    db
      .select({ id: categories.id, name: categories.name, appId: categories.appId })
      .from(categories)
      .orderBy(asc(categories.appId), asc(categories.sort), asc(categories.id)),
  ]);
  return { storefronts: storefrontRows, categories: categoryRows };
}

async function ordersUsing(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.couponId, id));
  return row?.n ?? 0;
}

export async function getCoupon(id: number) {
  const db = getDb();
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!coupon) return null;
  const [used, choices, audit] = await Promise.all([
    // Every order placed with the coupon; those whose use was given back (cancelled, expired) have no redemption.
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        email: orders.email,
        totalCents: orders.totalCents,
        couponCents: sql<number>`coalesce((select sum((d->>'amountCents')::int) from jsonb_array_elements(${orders.discounts}) d where d->>'kind' = 'coupon'), 0)::int`,
        createdAt: orders.createdAt,
        redeemed: sql<boolean>`${couponRedemptions.orderId} is not null`,
      })
      .from(orders)
      .leftJoin(couponRedemptions, and(eq(couponRedemptions.orderId, orders.id), eq(couponRedemptions.couponId, id)))
      .where(eq(orders.couponId, id))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    scopeChoices(),
    auditTrail("coupon", id),
  ]);
  return { coupon, orders: used, choices, audit };
}

/** Scope categories that exist and fit the storefronts chosen; an error per field otherwise. */
async function scopeErrors(tx: Db, input: CouponInput): Promise<FieldErrors | null> {
  if (input.categoryIds.length === 0) return null;
  const found = await tx
    .select({ id: categories.id, appId: categories.appId })
    .from(categories)
    .where(inArray(categories.id, input.categoryIds));
  if (found.length !== input.categoryIds.length) return { categoryIds: "admin.errors.choose" };
  const problem = scopeProblem(input.appIds, found);
  return problem ? { categoryIds: problem } : null;
}

const values = (input: CouponInput) => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  description: input.description as Translated,
  validFrom: input.validFrom,
  validUntil: input.validUntil,
  minOrderCents: input.minOrderCents,
  maxUses: input.maxUses,
  maxUsesPerCustomer: input.maxUsesPerCustomer,
  appIds: input.appIds,
  categoryIds: input.categoryIds,
  public: input.public,
  active: input.active,
});

const CODE_TAKEN = "admin.coupons.errors.codeTaken";

/** Runs a save; a code taken meanwhile (unique violation) comes back as a message on the code. */
async function unlessCodeTaken<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === "23505") return fail.invalid({ code: CODE_TAKEN });
    throw error;
  }
}

export async function createCoupon(userId: string, input: CouponInput): Promise<Result<{ id: number }>> {
  return unlessCodeTaken(() =>
    getDb().transaction(async (tx): Promise<Result<{ id: number }>> => {
      const scope = await scopeErrors(tx, input);
      if (scope) return fail.invalid(scope);
      const [created] = await tx.insert(coupons).values(values(input)).onConflictDoNothing({ target: coupons.code }).returning();
      if (!created) return fail.invalid({ code: CODE_TAKEN });
      await recordAudit(tx, { userId, action: "create", entity: "coupon", entityId: created.id, after: created });
      return ok({ id: created.id });
    }),
  );
}

export async function updateCoupon(userId: string, id: number, input: CouponInput): Promise<Result> {
  return unlessCodeTaken(() =>
    getDb().transaction(async (tx): Promise<Result> => {
      // Locked, so a checkout redeeming it now waits and the use count below is final.
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!before) return fail.notFound();
      const errors: FieldErrors = { ...(await scopeErrors(tx, input)) };
      // Orders and invoices name the coupon by its code; once used, it keeps it.
      if (input.code !== before.code && (before.usedCount > 0 || (await ordersUsing(tx, id)) > 0))
        errors.code = "admin.coupons.errors.codeLocked";
      if (input.maxUses !== null && input.maxUses < before.usedCount) errors.maxUses = "admin.coupons.errors.maxUsesBelowUsed";
      if (!errors.code && input.code !== before.code) {
        const [other] = await tx
          .select({ id: coupons.id })
          .from(coupons)
          .where(and(eq(coupons.code, input.code), ne(coupons.id, id)));
        if (other) errors.code = CODE_TAKEN;
      }
      if (Object.keys(errors).length > 0) return fail.invalid(errors);
      const [after] = await tx
        .update(coupons)
        .set({ ...values(input), updatedAt: sql`now()` })
        .where(eq(coupons.id, id))
        .returning();
      await recordAudit(tx, { userId, action: "update", entity: "coupon", entityId: id, before, after });
      return ok();
    }),
  );
}

/** Deletes a coupon no order ever used; refused once one did (deactivate it instead). */
export async function deleteCoupon(userId: string, id: number): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) return fail.notFound();
    const [redeemed] = await tx.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id));
    const used = await ordersUsing(tx, id);
    const uses = Math.max(redeemed.n, used, before.usedCount);
    if (uses > 0) return fail.invalid({ form: "admin.coupons.deleteRefused" });
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, { userId, action: "delete", entity: "coupon", entityId: id, before });
    return ok();
  });
}
