/**
 * Sign-in sessions: a random id in a signed, httpOnly, SameSite=Lax cookie, backed by the sessions
 * table so that logout, a password change or a reset really end a session. Each role has an idle and an
 * absolute lifetime (domain/accounts SESSION_LIFETIMES); last_seen_at is written at most every few
 * minutes. A session with pending_totp has passed the password but not yet the second factor: it opens
 * nothing but the code form, so getSessionUser does not see it.
 */
import { randomBytes } from "node:crypto";
import { and, eq, lt, ne } from "drizzle-orm";
import { createCookie } from "react-router";
import { SESSION_TOUCH_MS, sessionExpiry, sessionVerdict } from "../../domain/accounts";
import type { Role } from "../../domain/vocabulary";
import { getConfig } from "../config.server";
import { type Db, getDb } from "../db/client.server";
import { sessions, users } from "../db/schema";
import { dataDirSecret } from "../secrets.server";
import { verifiedCookieReader } from "./signed-cookies.server";

/** The cookie-signing secret: SESSION_SECRET, or one generated into DATA_DIR. */
export function sessionSecret(): string {
  return dataDirSecret("session-secret", getConfig().SESSION_SECRET);
}

/** The signed-in visitor's cookie: a page rendered for them is never kept for anyone (decision 038). */
export const SESSION_COOKIE = "rental_session";

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().PUBLIC_URL?.startsWith("https://") ?? false,
    secrets: [sessionSecret()],
  });
  return cookie;
}

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Two-factor sign-in is on for this user. */
  totpEnabled: boolean;
};

/**
 * Starts a new session (always a fresh id: an id known before sign-in is never the one after it) and
 * returns its Set-Cookie header. `pendingTotp` makes the half-way session of a two-factor sign-in.
 */
export async function createUserSession(userId: string, request: Request, options: { pendingTotp?: boolean } = {}): Promise<string> {
  // The session this browser had before (another account, a half-way sign-in) ends with the new one.
  const previous = await currentSessionId(request);
  if (previous) await deleteSession(previous);
  const id = randomBytes(32).toString("base64url");
  const pendingTotp = options.pendingTotp ?? false;
  const [user] = await getDb().select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  const now = new Date();
  const expiresAt = sessionExpiry(user?.role ?? "customer", now, pendingTotp);
  await getDb()
    .insert(sessions)
    .values({
      id,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      pendingTotp,
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    });
  return sessionCookie().serialize(id, { maxAge: Math.round((expiresAt.getTime() - now.getTime()) / 1000) });
}

const readSessionCookie = verifiedCookieReader(sessionCookie);

/** The session id of a cookie that is signed by us and well formed, or null. */
async function currentSessionId(request: Request): Promise<string | null> {
  const value = await readSessionCookie(request);
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

type LiveSession = { id: string; pendingTotp: boolean; user: SessionUser };

/**
 * The loaders of one page each ask who is signed in (the root, the back office's layout, the page), at the same
 * moment, each with a request of its own (React Router copies it per loader): a GET joins the lookup of the same
 * session that is still on its way instead of asking again. Nothing is kept once it has answered, so every request
 * reads a session at least as fresh as itself; an action (which may sign in or out) always reads its own.
 */
const lookupsUnderWay = new Map<string, Promise<LiveSession | null>>();

async function liveSession(request: Request): Promise<LiveSession | null> {
  const id = await currentSessionId(request);
  if (!id) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return readLiveSession(id);
  let lookup = lookupsUnderWay.get(id);
  if (!lookup) {
    lookup = readLiveSession(id).finally(() => lookupsUnderWay.delete(id));
    lookupsUnderWay.set(id, lookup);
  }
  return lookup;
}

/** The session of this id if it still holds; an expired one is deleted on the way. */
async function readLiveSession(id: string): Promise<LiveSession | null> {
  const db = getDb();
  const [row] = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      pendingTotp: sessions.pendingTotp,
      user: { id: users.id, email: users.email, name: users.name, role: users.role, totpEnabledAt: users.totpEnabledAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), eq(users.active, true)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  const verdict = sessionVerdict(row, row.user.role, now);
  if (!verdict.alive) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (verdict.touch) {
    // Conditional, so several requests of one page do not all write.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_TOUCH_MS))));
  }
  const { totpEnabledAt, ...user } = row.user;
  return { id, pendingTotp: row.pendingTotp, user: { ...user, totpEnabled: totpEnabledAt !== null } };
}

/** The signed-in user, or null for a missing, forged, expired, ended or half-way (second factor pending) session. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await liveSession(request);
  return session && !session.pendingTotp ? session.user : null;
}

/** The signed-in user with the id of their session (to keep it while ending the others). */
export async function getSignedIn(request: Request): Promise<{ sessionId: string; user: SessionUser } | null> {
  const session = await liveSession(request);
  return session && !session.pendingTotp ? { sessionId: session.id, user: session.user } : null;
}

/** A sign-in waiting for its second factor: the password was right, the code is still to come. */
export async function getPendingSignIn(request: Request): Promise<{ sessionId: string; user: SessionUser } | null> {
  const session = await liveSession(request);
  return session?.pendingTotp ? { sessionId: session.id, user: session.user } : null;
}

/** Deletes one session by id. */
export async function deleteSession(id: string): Promise<void> {
  await getDb().delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user, but `keep` when given (after a password change in that session). */
export async function endUserSessions(userId: string, keep?: string, db: Db = getDb()): Promise<void> {
  await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/** The Set-Cookie header that clears the session cookie. */
function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends the session in the database and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = await currentSessionId(request);
  if (id) await deleteSession(id);
  return clearSessionCookie();
}
