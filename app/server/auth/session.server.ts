/**
 * Sign-in sessions: a random id in a signed, httpOnly, SameSite=Lax cookie, backed by the sessions
 * table so that logout (and later a password change) really ends a session.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, gt } from "drizzle-orm";
import { createCookie, data, redirect } from "react-router";
import { type Locale, localizePath, splitLocale } from "../../domain/i18n";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { sessions, users } from "../db/schema";

const SESSION_DAYS = 14;

/**
 * The cookie-signing secret: SESSION_SECRET, or one generated on first start and kept in DATA_DIR
 * (never in the repository or the database). See docs/decisions/004-session-secret.md.
 */
function sessionSecret(): string {
  const config = getConfig();
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(config.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie("rental_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().PUBLIC_URL?.startsWith("https://") ?? false,
    secrets: [sessionSecret()],
    maxAge: SESSION_DAYS * 24 * 3600,
  });
  return cookie;
}

export type SessionUser = { id: string; email: string; name: string; role: "customer" | "staff" | "admin" };

/** Starts a new session (always a fresh id) and returns its Set-Cookie header. */
export async function createUserSession(userId: string, request: Request): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await getDb()
    .insert(sessions)
    .values({
      id,
      userId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000),
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    });
  return sessionCookie().serialize(id);
}

async function sessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The signed-in user, or null for a missing, forged, expired or ended session. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id = await sessionId(request);
  if (!id) return null;
  const [row] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/** Ends the session in the database and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = await sessionId(request);
  if (id) await getDb().delete(sessions).where(eq(sessions.id, id));
  return sessionCookie().serialize("", { maxAge: 0 });
}

function loginUrl(request: Request, locale: Locale): string {
  const url = new URL(request.url);
  return `${localizePath("/login", locale)}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Guards every admin loader and action: anonymous visitors go to the login page (and come back),
 * signed-in users without the admin role get 403.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  const { locale } = splitLocale(new URL(request.url).pathname);
  if (!user) throw redirect(loginUrl(request, locale));
  if (user.role !== "admin") throw data({ message: "Forbidden" }, { status: 403 });
  return user;
}
