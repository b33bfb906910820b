/**
 * The back office's user: staff or an admin, with the branches they work for. Services take it to filter
 * and to refuse a record of another branch (with a `Result`); the guards of
 * `app/server/http/back-office-guards.server.ts` make one from the request's session.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { userShops } from "../db/schema";
import type { SessionUser } from "./session.server";

export type BackOfficeUser = SessionUser & {
  role: "staff" | "admin";
  /** The branches this user works for; null for an admin, who sees all of them. */
  shopIds: number[] | null;
};

/** The signed-in staff member or admin with their branches; null for a customer. */
export async function asBackOfficeUser(user: SessionUser): Promise<BackOfficeUser | null> {
  if (user.role === "admin") return { ...user, role: "admin", shopIds: null };
  if (user.role !== "staff") return null;
  const rows = await getDb().select({ shopId: userShops.shopId }).from(userShops).where(eq(userShops.userId, user.id));
  return { ...user, role: "staff", shopIds: rows.map((r) => r.shopId) };
}

/** Whether the user works for this branch (admins work for all). */
export function worksAt(user: BackOfficeUser, shopId: number): boolean {
  return user.shopIds === null || user.shopIds.includes(shopId);
}
