/**
 * Account flows of /login and /account (docs/decisions/016-accounts.md): sign in (with the second factor
 * when it is on), sign up, forgotten password by e-mailed link, password change, and "My orders". Each
 * answers with a Result whose refusals name the message the page shows (beside the field it is about,
 * or `form` for the whole form); the routes turn them into pages and redirects.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { accountKey, addressKey, RATE_LIMITS } from "../../domain/accounts";
import { type Locale, localizePath } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import type { Role } from "../../domain/vocabulary";
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

/** Every limit of these flows answers with the same words; the page fills in the minutes (`refuse`). */
function tooMany(retryAfter: number) {
  return fail.limited(retryAfter, { form: "account.errors.tooMany" });
}

function byEmail(email: string) {
  return sql`lower(${users.email}) = ${email.toLowerCase()}`;
}

/** A new session: its cookie, and the role that decides where the user lands. */
export type SignedIn = { cookie: string; role: Role };
/** The password was right, but the session waits for the second factor's code. */
export type AwaitingCode = { cookie: string; pendingCode: true };

/**
 * Checks e-mail and password, at most 10 failures a minute per client address and per e-mail address
 * (counted before the password is checked, so parallel guesses are counted too; a success gives its
 * attempt back). With two-factor sign-in on, the session it starts waits for the code.
 */
export async function signIn(input: {
  email: string;
  password: string;
  clientAddress: string;
  request: Request;
}): Promise<Result<SignedIn | AwaitingCode>> {
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.login, accountKey(input.email)],
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  const user = await authenticate(input.email, input.password);
  // One message for an unknown address and a wrong password: the answer must not tell which accounts exist.
  if (!user) return fail.invalid({ form: "login.failed" });
  await limit.refund();
  if (user.totpEnabledAt) return ok({ cookie: await createUserSession(user.id, input.request, { pendingTotp: true }), pendingCode: true });
  return ok({ cookie: await createUserSession(user.id, input.request), role: user.role });
}

/**
 * The second step of a two-factor sign-in: the code ends the half-way session and starts a real one (a new id).
 * `notFound` when no sign-in waits for a code (it expired, or the visitor never typed a password).
 */
export async function completeTotpSignIn(input: { code: string; clientAddress: string; request: Request }): Promise<Result<SignedIn>> {
  const pending = await getPendingSignIn(input.request);
  if (!pending) return fail.notFound();
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.totp, pending.user.id],
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  if (!(await verifyTotpCode(pending.user.id, input.code))) return fail.invalid({ code: "account.errors.codeWrong" });
  await limit.refund();
  await deleteSession(pending.sessionId);
  return ok({ cookie: await createUserSession(pending.user.id, input.request), role: pending.user.role });
}

/** A new customer account, signed in at once. */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  language: Locale;
  clientAddress: string;
  request: Request;
}): Promise<Result<{ cookie: string }>> {
  const limit = await hitRateLimits([[RATE_LIMITS.signup, addressKey(input.clientAddress)]]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
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
  // Invalid rather than a conflict: the sign-up page has always answered 400 here, beside the e-mail.
  if (!created) return fail.invalid({ email: "account.errors.emailTaken" });
  return ok({ cookie: await createUserSession(created.id, input.request) });
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
}): Promise<Result> {
  const limit = await hitRateLimits([[RATE_LIMITS.resetRequest, addressKey(input.clientAddress)]]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  // Per address typed, whether or not it has an account; over the limit the answer stays the same, only no e-mail goes out.
  const perAccount = await hitRateLimits([[RATE_LIMITS.resetMail, accountKey(input.email)]]);
  const db = getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(byEmail(input.email), eq(users.active, true)))
    .limit(1);
  if (!user || !perAccount.allowed) return ok();
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
  return ok();
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
export async function resetPassword(token: string, password: string): Promise<Result> {
  const unusable = fail.invalid({ form: "account.errors.resetInvalid" });
  if (!(await resetTokenUsable(token))) return unusable;
  const passwordHash = await hashPassword(password);
  return getDb().transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!used) return unusable;
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, used.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    await endUserSessions(used.userId, undefined, tx);
    return ok();
  });
}

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
}): Promise<Result<{ cookie: string }>> {
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.login, accountKey(input.email)],
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  const [user] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.current))) return fail.invalid({ current: "account.errors.currentWrong" });
  await limit.refund();
  const passwordHash = await hashPassword(input.password);
  await getDb().update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, input.userId));
  await endUserSessions(input.userId);
  return ok({ cookie: await createUserSession(input.userId, input.request) });
}

/**
 * Checks the current password of a signed-in user before a sensitive change (turning two-factor sign-in
 * off), posted as `password`.
 */
export async function confirmPassword(input: { userId: string; email: string; password: string; clientAddress: string }): Promise<Result> {
  const limit = await hitRateLimits([
    [RATE_LIMITS.login, addressKey(input.clientAddress)],
    [RATE_LIMITS.login, accountKey(input.email)],
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  const [user] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.password))) return fail.invalid({ password: "account.errors.currentWrong" });
  await limit.refund();
  return ok();
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

/**
 * Turns two-factor sign-in on with the first code from the app (rate limited like sign-in codes). The
 * user's other sessions began without the second factor, so they end.
 */
export async function enableTotp(input: { userId: string; sessionId: string; code: string }): Promise<Result> {
  const limit = await hitRateLimits([[RATE_LIMITS.totp, input.userId]]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  if (!(await confirmTotpSetup(input.userId, input.code))) return fail.invalid({ code: "account.errors.codeWrong" });
  await limit.refund();
  await endUserSessions(input.userId, input.sessionId);
  return ok();
}

/** Turns two-factor sign-in off after the password is confirmed. */
export async function turnOffTotp(input: { userId: string; email: string; password: string; clientAddress: string }): Promise<Result> {
  const confirmed = await confirmPassword(input);
  if (!confirmed.ok) return confirmed;
  await disableTotp(input.userId);
  return ok();
}
