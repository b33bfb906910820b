/**
 * Account flows of /login and /account (docs/decisions/016-accounts.md): sign in (with the second factor
 * when it is on), sign up, forgotten password by e-mailed link, password change, and "My orders". Each
 * returns what happened; the routes turn that into pages and redirects.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { accountKey, addressKey, RATE_LIMITS, type Role } from "../../domain/accounts";
import { type Locale, localizePath } from "../../domain/i18n";
import { getDb } from "../db/client.server";
import { orders, passwordResets, shops, users } from "../db/schema";
import { enqueueEmail, kickMailer } from "../mail/mail.server";
import { passwordResetEmail } from "../mail/password-reset.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hitRateLimits } from "./rate-limit.server";
import { createUserSession, deleteSession, endUserSessions, getPendingSignIn } from "./session.server";
import { confirmTotpSetup, disableTotp, verifyTotpCode } from "./totp.server";
import { authenticate } from "./users.server";

/** A reset link holds for an hour, once. */
export const RESET_VALID_MINUTES = 60;

type Limited = { kind: "limited"; retryAfter: number };

function byEmail(email: string) {
  return sql`lower(${users.email}) = ${email.toLowerCase()}`;
}

export type SignInResult =
  | Limited
  | { kind: "failed" }
  | { kind: "signedIn"; cookie: string; role: Role }
  | { kind: "code"; cookie: string };

/**
 * Checks e-mail and password, at most 10 failures a minute per client address and per e-mail address
 * (counted before the password is checked, so parallel guesses are counted too; a success gives its
 * attempt back). With two-factor sign-in on, the session it starts waits for the code.
 */
export async function signIn(input: { email: string; password: string; clientAddress: string; request: Request }): Promise<SignInResult> {
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.login, accountKey(input.email)],
  ]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter };
  const user = await authenticate(input.email, input.password);
  if (!user) return { kind: "failed" };
  await limit.refund();
  if (user.totpEnabledAt) return { kind: "code", cookie: await createUserSession(user.id, input.request, { pendingTotp: true }) };
  return { kind: "signedIn", cookie: await createUserSession(user.id, input.request), role: user.role };
}

export type CodeResult = Limited | { kind: "noPending" } | { kind: "wrong" } | { kind: "signedIn"; cookie: string; role: Role };

/** The second step of a two-factor sign-in: the code ends the half-way session and starts a real one (a new id). */
export async function completeTotpSignIn(input: { code: string; clientAddress: string; request: Request }): Promise<CodeResult> {
  const pending = await getPendingSignIn(input.request);
  if (!pending) return { kind: "noPending" };
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.totp, pending.user.id],
  ]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter };
  if (!(await verifyTotpCode(pending.user.id, input.code))) return { kind: "wrong" };
  await limit.refund();
  await deleteSession(pending.sessionId);
  return { kind: "signedIn", cookie: await createUserSession(pending.user.id, input.request), role: pending.user.role };
}

export type SignUpResult = Limited | { kind: "exists" } | { kind: "created"; cookie: string };

/** A new customer account, signed in at once. */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  language: Locale;
  clientAddress: string;
  request: Request;
}): Promise<SignUpResult> {
  const limit = await hitRateLimits([[RATE_LIMITS.signup, addressKey(input.clientAddress)]]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter };
  const passwordHash = await hashPassword(input.password);
  const [created] = await getDb()
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      passwordHash,
      role: "customer",
      language: input.language,
      passwordChangedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) return { kind: "exists" };
  return { kind: "created", cookie: await createUserSession(created.id, input.request) };
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * "Forgot password": e-mails a reset link when an active account has this address. The caller answers
 * the same whatever happened here, so the answer never tells whether the address has an account.
 */
export async function requestPasswordReset(input: {
  email: string;
  locale: Locale;
  origin: string;
  clientAddress: string;
}): Promise<Limited | { kind: "done" }> {
  const limit = await hitRateLimits([[RATE_LIMITS.resetRequest, addressKey(input.clientAddress)]]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter };
  // Per address typed, whether or not it has an account; over the limit the answer stays the same, only no e-mail goes out.
  const perAccount = await hitRateLimits([[RATE_LIMITS.resetMail, accountKey(input.email)]]);
  const db = getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(byEmail(input.email), eq(users.active, true)))
    .limit(1);
  if (!user || !perAccount.allowed) return { kind: "done" };
  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResets).values({
    tokenHash: tokenHash(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_VALID_MINUTES * 60_000),
  });
  const resetUrl = `${input.origin}${localizePath("/login", input.locale)}?reset=${token}`;
  const mail = passwordResetEmail({ name: user.name, resetUrl, validMinutes: RESET_VALID_MINUTES }, input.locale);
  await enqueueEmail({ orderId: null, kind: "password-reset", to: user.email, language: input.locale, ...mail });
  kickMailer();
  return { kind: "done" };
}

/** Whether a reset link can still be used (shown before the new password is typed). */
export async function resetTokenUsable(token: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Sets a new password through a reset link: the link is used up in the same statement that checks it
 * (so it works once, however many tabs send it), the user's other links die with it, and every session
 * of the user ends.
 */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  if (!(await resetTokenUsable(token))) return false;
  const passwordHash = await hashPassword(password);
  return getDb().transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!used) return false;
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, used.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    await endUserSessions(used.userId, undefined, tx);
    return true;
  });
}

export type ChangePasswordResult = Limited | { kind: "wrong" } | { kind: "changed"; cookie: string };

/**
 * Changes the password of the signed-in user, who must know the current one (counted like sign-in
 * attempts). Every other session ends, and this one continues under a new id.
 */
export async function changePassword(input: {
  userId: string;
  email: string;
  sessionId: string;
  current: string;
  password: string;
  clientAddress: string;
  request: Request;
}): Promise<ChangePasswordResult> {
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.login, accountKey(input.email)],
  ]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter };
  const [user] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.current))) return { kind: "wrong" };
  await limit.refund();
  const passwordHash = await hashPassword(input.password);
  await getDb().update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, input.userId));
  await endUserSessions(input.userId);
  return { kind: "changed", cookie: await createUserSession(input.userId, input.request) };
}

/** Checks the current password of a signed-in user before a sensitive change (turning two-factor sign-in off). */
export async function confirmPassword(input: { userId: string; email: string; password: string; clientAddress: string }) {
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.login, accountKey(input.email)],
  ]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter } as const;
  const [user] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.password))) return { kind: "wrong" } as const;
  await limit.refund();
  return { kind: "ok" } as const;
}

/** "My orders": the orders placed while signed in as this user, newest first. */
export async function customerOrders(userId: string) {
  return getDb()
    .select({
      token: orders.token,
      number: orders.number,
      status: orders.status,
      pickupAt: orders.pickupAt,
      returnAt: orders.returnAt,
      totalCents: orders.totalCents,
      shopName: shops.name,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(100);
}

export type TotpChangeResult = Limited | { kind: "wrong" } | { kind: "done" };

/**
 * Turns two-factor sign-in on with the first code from the app (rate limited like sign-in codes). The
 * user's other sessions began without the second factor, so they end.
 */
export async function enableTotp(input: { userId: string; sessionId: string; code: string }): Promise<TotpChangeResult> {
  const limit = await hitRateLimits([[RATE_LIMITS.totp, input.userId]]);
  if (!limit.allowed) return { kind: "limited", retryAfter: limit.retryAfter };
  if (!(await confirmTotpSetup(input.userId, input.code))) return { kind: "wrong" };
  await limit.refund();
  await endUserSessions(input.userId, input.sessionId);
  return { kind: "done" };
}

/** Turns two-factor sign-in off after the password is confirmed. */
export async function turnOffTotp(input: {
  userId: string;
  email: string;
  password: string;
  clientAddress: string;
}): Promise<TotpChangeResult> {
  const confirmed = await confirmPassword(input);
  if (confirmed.kind !== "ok") return confirmed;
  await disableTotp(input.userId);
  return { kind: "done" };
}
