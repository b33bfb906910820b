/**
 * Account flows of /login and /account (docs/decisions/016-accounts.md): sign in (with the second factor
 * when it is on), sign up, forgotten password by e-mailed link, password change, and "My orders". Each
 * answers with a Result whose refusals name the message the page shows (beside the field it is about,
 * or `form` for the whole form); the routes turn them into pages and redirects.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { accountKey, addressKey, RATE_LIMITS } from "../../domain/accounts";
import { type Locale, localizePath } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import type { Role } from "../../domain/vocabulary";
import { getDb } from "../db/client.server";
import { emailConfirmations, orders, passwordResets, shops, users } from "../db/schema";
import { enqueueEmail, kickMailer } from "../mail/mail.server";
import { passwordResetEmail } from "../mail/password-reset.server";
import { emailConfirmationEmail, welcomeEmail } from "../mail/welcome.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hitRateLimits } from "./rate-limit.server";
import { createUserSession, deleteSession, endUserSessions, getPendingSignIn } from "./session.server";
import { confirmTotpSetup, disableTotp, verifyTotpCode } from "./totp.server";
import { authenticate } from "./users.server";

/** A reset link holds for an hour, once. */
const RESET_VALID_MINUTES = 60;
/** A link that confirms the address holds a week: a welcome e-mail is often read days later. */
const CONFIRM_VALID_DAYS = 7;

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

/**
 * A new customer account, signed in at once, and its welcome e-mail in the page's language with the link
 * that confirms the address. One account per address (unique index), so a double click queues one welcome.
 */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  language: Locale;
  origin: string;
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
  const link = await confirmationLink({ id: created.id, email: input.email, name: input.name }, input.origin, input.language);
  await enqueueEmail({ orderId: null, kind: "welcome", to: input.email, language: input.language, ...welcomeEmail(link, input.language) });
  kickMailer();
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
async function confirmPassword(input: { userId: string; email: string; password: string; clientAddress: string }): Promise<Result> {
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

/**
 * A new link that confirms the user's present address: /account?confirm={token}. Only the SHA-256 of the
 * token is kept, with the address it was sent to, so a link never confirms another address.
 */
async function confirmationLink(user: { id: string; email: string; name: string }, origin: string, locale: Locale) {
  const token = randomBytes(32).toString("base64url");
  await getDb()
    .insert(emailConfirmations)
    .values({
      tokenHash: tokenHash(token),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + CONFIRM_VALID_DAYS * 24 * 3_600_000),
    });
  const confirmUrl = `${origin}${localizePath("/account", locale)}?confirm=${token}`;
  return { name: user.name, confirmUrl, validDays: CONFIRM_VALID_DAYS };
}

/** Sends the signed-in user a new link to confirm the address (the welcome e-mail's was lost, or the account is older). */
export async function sendEmailConfirmation(input: {
  user: { id: string; email: string; name: string };
  locale: Locale;
  origin: string;
}): Promise<Result> {
  const limit = await hitRateLimits([[RATE_LIMITS.confirmMail, input.user.id]]);
  if (!limit.allowed) return tooMany(limit.retryAfter);
  const link = await confirmationLink(input.user, input.origin, input.locale);
  const mail = emailConfirmationEmail(link, input.locale);
  await enqueueEmail({ orderId: null, kind: "email-confirmation", to: input.user.email, language: input.locale, ...mail });
  kickMailer();
  return ok();
}

/**
 * Confirms the address with a link from the welcome (or a later) e-mail. It must be opened by the signed-in
 * owner of the account it was made for, and the address must still be the one it was sent to: someone who
 * signed up with another person's address can neither read the link nor, having it, use it elsewhere.
 * Used again by the same user it changes nothing, so a double click is harmless.
 */
export async function confirmEmail(userId: string, token: string): Promise<Result> {
  const invalid = fail.invalid({ form: "account.errors.confirmInvalid" });
  return getDb().transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: emailConfirmations.userId })
      .from(emailConfirmations)
      .innerJoin(users, eq(users.id, emailConfirmations.userId))
      .where(
        and(
          eq(emailConfirmations.tokenHash, tokenHash(token)),
          eq(emailConfirmations.userId, userId),
          gt(emailConfirmations.expiresAt, new Date()),
          sql`lower(${emailConfirmations.email}) = lower(${users.email})`,
        ),
      )
      .limit(1);
    if (!link) return invalid;
    await tx
      .update(emailConfirmations)
      .set({ usedAt: new Date() })
      .where(eq(emailConfirmations.tokenHash, tokenHash(token)));
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return ok();
  });
}

/** Whether the user has confirmed the address they have now. */
export async function emailConfirmed(userId: string): Promise<boolean> {
  const [row] = await getDb().select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

/**
 * "My orders", newest first: the orders placed while signed in as this user and, once the user has
 * confirmed the address, the guest orders booked with it. A query rather than linking orders to the user at
 * confirmation: a guest order booked with the address later (signed out, on another device) shows too,
 * and nothing is written that would have to be undone if the address changed. Before the confirmation
 * none shows, since anyone can sign up with someone else's address.
 */
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
    .leftJoin(users, and(eq(users.id, userId), isNotNull(users.emailConfirmedAt)))
    .where(or(eq(orders.userId, userId), and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${users.email})`)))
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
