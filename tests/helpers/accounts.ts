/**
 * Accounts for the tests over real HTTP: a user of a role (staff with the branches they work at), created in
 * the test database with a password, and signed in through the real login form.
 */
import { hashPassword } from "../../app/server/auth/password.server";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import type { TestShop } from "./http";

const TEST_PASSWORD = "a long test password";

type Role = "customer" | "staff" | "admin";
type AccountOptions = { branches?: number[]; password?: string; name?: string; language?: string };

/** Inserts a user of the role, working at `branches` (staff), and returns its row. */
export async function createAccount(db: Db, email: string, role: Role, options: AccountOptions = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({
      email,
      name: options.name ?? email.split("@")[0],
      role,
      passwordHash: await hashPassword(options.password ?? TEST_PASSWORD),
      language: options.language ?? "en",
    })
    .returning();
  const branches = options.branches ?? [];
  if (branches.length > 0) await db.insert(schema.userShops).values(branches.map((shopId) => ({ userId: user.id, shopId })));
  return user;
}

/** A new user of the role, signed in: returns its session cookie ("name=value"). */
export async function signedIn(shop: TestShop, email: string, role: Role, options: AccountOptions = {}) {
  await createAccount(shop.database.db, email, role, options);
  return shop.login(email, options.password ?? TEST_PASSWORD);
}
