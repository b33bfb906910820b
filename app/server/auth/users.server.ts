import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { users } from "../db/schema";
import { hashPassword, verifyPassword } from "./password.server";

function byEmail(email: string) {
  return sql`lower(${users.email}) = ${email.toLowerCase()}`;
}

/** The active user with this e-mail and password, or null (same time whether or not the e-mail exists). */
export async function authenticate(email: string, password: string) {
  const [user] = await getDb().select().from(users).where(byEmail(email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash, password);
  return ok && user?.active ? user : null;
}

/**
 * Makes sure an admin account exists. With ADMIN_EMAIL/ADMIN_PASSWORD that account is created (or its
 * password set); without them, on a database with no admin, one is generated and its password returned
 * once so the start-up can print it.
 */
export async function ensureAdmin(options: { email?: string; password?: string }): Promise<{ email: string; password?: string } | null> {
  const db = getDb();
  if (options.email && options.password) {
    const passwordHash = await hashPassword(options.password);
    const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(options.email)).limit(1);
    if (existing) await db.update(users).set({ passwordHash, role: "admin", active: true }).where(eq(users.id, existing.id));
    else await db.insert(users).values({ email: options.email, name: "Admin", passwordHash, role: "admin" });
    return { email: options.email };
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (admin) return null;
  const email = options.email ?? "admin@dolomiti-rent.example";
  const password = randomBytes(12).toString("base64url");
  await db.insert(users).values({ email, name: "Admin", passwordHash: await hashPassword(password), role: "admin" });
  return { email, password };
}
