/**
 * Rate limits in the rate_limits table, so every server process counts the same attempts: a counter per
 * fixed window, and the sliding estimate over the current and the previous window decides
 * (domain/accounts `slidingCount`). The hit itself is one statement (insert or add one, returning the
 * count): no "read then write" race between processes. Old windows are deleted every few minutes by
 * whichever process notices first.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { RATE_LIMIT_RETENTION_MS, type RateLimit, retryAfterSeconds, slidingCount, windowStart } from "../../domain/accounts";
import { getDb, queryPrepared } from "../db/client.server";
import { emailConfirmations, passwordResets, rateLimits, sessions } from "../db/schema";
import { logger } from "../log.server";

export type Hit = { key: string; windowStart: Date; count: number; allowed: boolean; retryAfter: number };

/** Counts one attempt against `limit` for `subject`; `allowed` is false from the (max + 1)th in the window. */
export async function hitRateLimit(limit: RateLimit, subject: string, now = new Date()): Promise<Hit> {
  const key = `${limit.name}:${subject}`;
  const start = windowStart(now, limit.windowMs);
  // The hit and the previous window's count in one round trip: every checkout and sign-in counts here.
  const [row] = await queryPrepared<{ count: number; before: number | null }>(
    "rate-limit-hit",
    sql`with hit as (
          insert into rate_limits (key, window_start, count) values (${key}, ${start.toISOString()}, 1)
          on conflict (key, window_start) do update set count = rate_limits.count + 1
          returning count)
        select (select count from hit) as count,
               (select count from rate_limits where key = ${key} and window_start = ${new Date(start.getTime() - limit.windowMs).toISOString()}) as before`,
  );
  sweepSoon(now);
  const count = slidingCount(row.count, row.before ?? 0, now, limit.windowMs);
  return { key, windowStart: start, count: row.count, allowed: count <= limit.max, retryAfter: retryAfterSeconds(now, limit.windowMs) };
}

/** Several limits at once (e.g. per address and per account); refused when any one is exhausted. */
export async function hitRateLimits(hits: [RateLimit, string][], now = new Date()) {
  const results = await Promise.all(hits.map(([limit, subject]) => hitRateLimit(limit, subject, now)));
  const refused = results.filter((h) => !h.allowed);
  return {
    allowed: refused.length === 0,
    retryAfter: Math.max(0, ...refused.map((h) => h.retryAfter)),
    /** Gives the attempts back, after a success: the limits count failures, not people who get in. */
    refund: () => refundRateLimits(results),
  };
}

/** Takes back one counted attempt of each hit (in the same window). */
export async function refundRateLimits(hits: Hit[]): Promise<void> {
  const db = getDb();
  await Promise.all(
    hits.map((h) =>
      db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, h.key), eq(rateLimits.windowStart, h.windowStart))),
    ),
  );
}

const SWEEP_EVERY_MS = 5 * 60_000;
let lastSweep = 0;

/** Deletes past rate-limit windows, ended sessions and used or expired reset links; at most every few minutes per process. */
function sweepSoon(now: Date) {
  if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now.getTime();
  void sweepAuthTables(now).catch((error) => logger.warn({ err: error }, "auth table sweep failed"));
}

export async function sweepAuthTables(now = new Date()) {
  const db = getDb();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(now.getTime() - 24 * 3_600_000)));
  await db.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, new Date(now.getTime() - 24 * 3_600_000)));
}
