/**
 * Users in the back office: list, read (with their orders), change the role and a staff member's
 * branches, deactivate and reactivate. No create and no delete: users sign up or are created at checkout,
 * and an account with orders stays on record. Each change is in the audit log, in the same transaction.
 */
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE, pageOf } from "../../domain/admin/list";
import { accessChangeRefusal, type UserInput } from "../../domain/admin/user";
import { fail, ok, type Result } from "../../domain/result";
import type { Role } from "../../domain/vocabulary";
import { type Db, getDb } from "../db/client.server";
import { orders, sessions, shops, userShops, users } from "../db/schema";
import { auditTrail, recordAudit } from "./audit.server";
import { foldedMatch } from "./search.server";

export type UserListQuery = {
  q?: string;
  sort: "email" | "name" | "created";
  dir: "asc" | "desc";
  page: number;
  role?: Role;
  active?: "yes" | "no";
};

/** What the back office shows of a user: never the password hash or the second-factor secret. */
const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  active: users.active,
  language: users.language,
  createdAt: users.createdAt,
};

export async function listUsers(query: UserListQuery) {
  const db = getDb();
  const filters: SQL[] = [];
  if (query.q) filters.push(or(foldedMatch(users.email, query.q), foldedMatch(users.name, query.q)) as SQL);
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.active) filters.push(eq(users.active, query.active === "yes"));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = { email: sql`lower(${users.email})`, name: sql`lower(${users.name})`, created: users.createdAt }[query.sort];
  const [rows, [{ total }]] = await Promise.all([
    db
      // Written out: inside a one-table select Drizzle leaves columns unqualified, and the subquery would read its own.
      .select({ ...publicColumns, orders: sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id")` })
      .from(users)
      .where(where)
      .orderBy(query.dir === "desc" ? desc(column) : asc(column), asc(users.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

export async function getUser(id: string) {
  const db = getDb();
  const [user] = await db.select(publicColumns).from(users).where(eq(users.id, id));
  if (!user) return null;
  const [branches, allShops, userOrders, [live], audit] = await Promise.all([
    db.select({ shopId: userShops.shopId }).from(userShops).where(eq(userShops.userId, id)),
    db
      .select({ id: shops.id, name: shops.name, town: shops.town, active: shops.active })
      .from(shops)
      .orderBy(asc(shops.sort), asc(shops.name)),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        totalCents: orders.totalCents,
        pickupAt: orders.pickupAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`)),
    auditTrail("user", id),
  ]);
  return {
    user: { ...user, shopIds: branches.map((b) => b.shopId).sort((a, b) => a - b) },
    shops: allShops,
    orders: userOrders,
    sessions: live?.n ?? 0,
    audit,
  };
}

/**
 * Locks the user and every active admin, so two admins demoting each other at the same moment cannot
 * leave the shop without one; returns the user and the number of active admins.
 */
async function lockForAccessChange(tx: Db, id: string) {
  const rows = await tx
    .select({ id: users.id, role: users.role, active: users.active })
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.role, "admin"), eq(users.active, true))))
    .orderBy(asc(users.id))
    .for("update");
  const user = rows.find((r) => r.id === id) ?? null;
  return { user, activeAdmins: rows.filter((r) => r.role === "admin" && r.active).length };
}

/** Changes the role and, for staff, the branches; refuses what would lock the back office. */
export async function updateUser(actorId: string, id: string, input: UserInput): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const { user, activeAdmins } = await lockForAccessChange(tx, id);
    if (!user) return fail.notFound();
    const refusal = accessChangeRefusal(actorId, user, { role: input.role, active: user.active }, activeAdmins);
    if (refusal) return fail.invalid({ role: refusal });
    if (input.shopIds.length > 0) {
      const found = await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, input.shopIds));
      if (found.length !== input.shopIds.length) return fail.invalid({ shopIds: "admin.errors.choose" });
    }
    const shopsBefore = (await tx.delete(userShops).where(eq(userShops.userId, id)).returning({ shopId: userShops.shopId }))
      .map((r) => r.shopId)
      .sort((a, b) => a - b);
    if (input.shopIds.length > 0) await tx.insert(userShops).values(input.shopIds.map((shopId) => ({ userId: id, shopId })));
    await tx.update(users).set({ role: input.role, updatedAt: sql`now()` }).where(eq(users.id, id));
    await recordAudit(tx, {
      userId: actorId,
      action: "update",
      entity: "user",
      entityId: id,
      before: { role: user.role, shopIds: shopsBefore },
      after: { role: input.role, shopIds: input.shopIds },
    });
    return ok();
  });
}

/**
 * Deactivates (ending every session at once: the user is signed out everywhere) or reactivates a user;
 * refuses deactivating oneself or the last active admin.
 */
export async function setUserActive(actorId: string, id: string, active: boolean): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const { user, activeAdmins } = await lockForAccessChange(tx, id);
    if (!user) return fail.notFound();
    const refusal = accessChangeRefusal(actorId, user, { role: user.role, active }, activeAdmins);
    if (refusal) return fail.invalid({ form: refusal });
    if (user.active === active) return ok();
    await tx.update(users).set({ active, updatedAt: sql`now()` }).where(eq(users.id, id));
    const ended = active ? [] : await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await recordAudit(tx, {
      userId: actorId,
      action: active ? "reactivate" : "deactivate",
      entity: "user",
      entityId: id,
      before: { active: user.active },
      after: active ? { active } : { active, sessionsEnded: ended.length },
    });
    return ok();
  });
}
