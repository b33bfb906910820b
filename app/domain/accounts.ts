/**
 * The rules of customer and staff accounts (docs/decisions/016-accounts.md): the forms of /login and
 * /account, how long a session lives per role, and how many attempts the rate limits allow.
 */
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, newPassword } from "./passwords";
import { returnPath } from "./redirect";
import type { Role } from "./vocabulary";

const email = z.string().trim().min(1, "validation.required").max(254, "validation.email").pipe(z.email("validation.email"));
const currentPassword = z.string().min(1, "validation.required").max(MAX_PASSWORD_LENGTH, "validation.invalid");

export const loginForm = z.object({
  email,
  password: currentPassword,
  next: returnPath.optional(),
});

export const signupForm = z.object({
  name: z.string().trim().min(1, "validation.required").max(100, "account.errors.nameLong"),
  email,
  password: newPassword,
  next: returnPath.optional(),
});

export const forgotForm = z.object({ email });

/** The token of a reset link: 32 random bytes, base64url. */
export const resetToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "account.errors.resetInvalid");

export const resetForm = z.object({ token: resetToken, password: newPassword });

export const changePasswordForm = z.object({ current: currentPassword, password: newPassword });

/** A six-digit code from an authenticator app; spaces between the groups are fine. */
const totpCode = z
  .string()
  .transform((s) => s.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, "validation.required")
      .regex(/^\d{6}$/, "account.errors.codeFormat"),
  );

export const codeForm = z.object({ code: totpCode, next: returnPath.optional() });

// ---------------------------------------------------------------------------------------------
// Sessions

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a session lives without use (idle) and at most (absolute), per role. Customers come back over
 * a holiday's planning; staff and admins can change orders and money, and their screens stand on shop
 * counters, so they sign in again after a pause and at least once a working day.
 */
export const SESSION_LIFETIMES: Record<Role, { idleMs: number; absoluteMs: number }> = {
  customer: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  staff: { idleMs: 60 * MINUTE, absoluteMs: 12 * HOUR },
  admin: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR },
};

/** A session whose password was right but whose second factor is still to come: time to type the code. */
export const PENDING_TOTP_MS = 10 * MINUTE;

/** last_seen_at is written at most this often, so reading pages does not write to the database each time. */
export const SESSION_TOUCH_MS = 5 * MINUTE;

export type SessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date; pendingTotp: boolean };

/** When a new session ends at the latest (its expires_at and its cookie's lifetime). */
export function sessionExpiry(role: Role, createdAt: Date, pendingTotp = false): Date {
  return new Date(createdAt.getTime() + (pendingTotp ? PENDING_TOTP_MS : SESSION_LIFETIMES[role].absoluteMs));
}

/**
 * Whether a session still holds, by the limits of the user's role now (a customer made staff gets the
 * staff limits at once), and whether its last_seen_at is old enough to be written again.
 */
export function sessionVerdict(session: SessionTimes, role: Role, now: Date): { alive: boolean; touch: boolean } {
  const t = now.getTime();
  const limits = SESSION_LIFETIMES[role];
  const absoluteEnd = Math.min(
    session.expiresAt.getTime(),
    session.createdAt.getTime() + (session.pendingTotp ? PENDING_TOTP_MS : limits.absoluteMs),
  );
  const idleEnd = session.lastSeenAt.getTime() + limits.idleMs;
  const alive = t < absoluteEnd && t < idleEnd;
  return { alive, touch: alive && t - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS };
}

// ---------------------------------------------------------------------------------------------
// Rate limits: fixed windows counted in the database, shared by every server process

export type RateLimit = { name: string; max: number; windowMs: number };

export const RATE_LIMITS = {
  /** Sign-in attempts, per client address and per e-mail address typed: the 11th in a minute gets 429. */
  login: { name: "login", max: 10, windowMs: MINUTE },
  /** Codes of the second factor per account: a six-digit code is guessed far sooner than a password. */
  totp: { name: "totp", max: 10, windowMs: 15 * MINUTE },
  /** New accounts per client address. */
  signup: { name: "signup", max: 10, windowMs: 10 * MINUTE },
  /** "Forgot password" requests per client address. */
  resetRequest: { name: "reset", max: 10, windowMs: 10 * MINUTE },
  /** Reset e-mails per account, so nobody can flood someone's inbox. */
  resetMail: { name: "reset-mail", max: 3, windowMs: HOUR },
  /** Links to confirm the address sent again from /account, per account: the same care for someone's inbox. */
  confirmMail: { name: "confirm-mail", max: 3, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/** Counters older than this are deleted (the longest window, with room). */
export const RATE_LIMIT_RETENTION_MS = 2 * HOUR;

/** The start of the fixed window a moment falls in. */
export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Attempts in the last `windowMs` as a sliding window estimates them from two fixed ones: all of the
 * current window and the previous one's share still inside the last `windowMs`. Fixed windows alone let
 * twice the limit through around a window's edge (ten attempts just before a full minute, ten after).
 */
export function slidingCount(current: number, previous: number, now: Date, windowMs: number): number {
  const elapsed = (now.getTime() - windowStart(now, windowMs).getTime()) / windowMs;
  return current + previous * (1 - elapsed);
}

/** Seconds until the window of `now` ends: the Retry-After of a 429. */
export function retryAfterSeconds(now: Date, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStart(now, windowMs).getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * The client address as a rate-limit subject. An IPv6 client usually holds a whole /64 and can pick any
 * address in it, so the /64 is the subject; IPv4-mapped IPv6 addresses count as the IPv4 address.
 */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? "").trim().replace(/%.*$/, "").toLowerCase();
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const [head, tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  if (right.some((part) => part.includes("."))) right.splice(right.length - 1, 1, "0", "0");
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/** The e-mail address as a rate-limit subject (the same whether or not an account has it). */
export function accountKey(emailAddress: string): string {
  return emailAddress.trim().toLowerCase().slice(0, 254);
}
