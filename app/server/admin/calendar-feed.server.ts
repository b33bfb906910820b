/**
 * Staff calendar feeds (decision 051): each back-office user may have one secret iCal URL with the pickups
 * and returns of their branches (all branches for an admin). Only the SHA-256 of the token is stored, so the
 * link is shown once, when it is made; a new link replaces the old one, which stops working at once. The
 * feed is read without a session (a calendar app has none): the token alone names the user, and the user's
 * current role, branches and active flag decide what it shows.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import {
  FEED_RATE_LIMIT,
  FEED_STATUSES,
  FEED_TOKEN_PATTERN,
  type FeedHandover,
  feedEvents,
  feedWindow,
} from "../../domain/admin/calendar-feed";
import { isLocale, type Locale, localizePath } from "../../domain/i18n";
import { calendarFile } from "../../domain/ics";
import { handoverPieces } from "../../domain/planner/calendar";
import { fail, ok, type Result } from "../../domain/result";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { hitRateLimit } from "../auth/rate-limit.server";
import { type Db, getDb } from "../db/client.server";
import { calendarFeeds, orderLines, orders, shops, userShops, users } from "../db/schema";
import { recordAudit } from "./audit.server";

function feedTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether the user has a link, since when, and when a calendar app last fetched it. */
export async function calendarFeedState(userId: string, db: Db = getDb()) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ? { createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null } : null;
}

/**
 * Makes the user's link, replacing the one they had: the returned token is the only time it exists outside
 * the calendar app it is pasted into. Audited without the token or its hash.
 */
export async function newCalendarFeed(userId: string, db: Db = getDb()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx
      .insert(calendarFeeds)
      .values({ userId, tokenHash: feedTokenHash(token) })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash: feedTokenHash(token), createdAt: sql`now()`, lastUsedAt: null },
      });
    await recordAudit(tx, {
      userId,
      action: before ? "feedRenew" : "feedCreate",
      entity: "calendar_feed",
      entityId: userId,
      before: before ? { createdAt: before.createdAt.toISOString() } : null,
    });
  });
  return token;
}

/**
 * The feed a token names, as an iCalendar file: notFound for a token of the wrong shape, an unknown or replaced
 * one, or a user who is inactive or no longer in the back office; limited after too many fetches of one link.
 */
export async function calendarFeedIcs(token: string, origin: string, now = new Date(), db: Db = getDb()): Promise<Result<string>> {
  if (!FEED_TOKEN_PATTERN.test(token)) return fail.notFound();
  const hash = feedTokenHash(token);
  const [owner] = await db
    .select({ id: users.id, role: users.role, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hash), eq(users.active, true), inArray(users.role, ["staff", "admin"])));
  if (!owner) return fail.notFound();
  // Counted only for a live link, so guessed tokens write nothing; keyed by part of the hash, never the token.
  const hit = await hitRateLimit(FEED_RATE_LIMIT, hash.slice(0, 32), now);
  if (!hit.allowed) return fail.limited(hit.retryAfter, {});
  const shopIds =
    owner.role === "admin"
      ? null
      : (await db.select({ shopId: userShops.shopId }).from(userShops).where(eq(userShops.userId, owner.id))).map((r) => r.shopId);
  const locale: Locale = isLocale(owner.language) ? owner.language : "en";
  const handovers = await feedHandovers(shopIds, now, db);
  await db.update(calendarFeeds).set({ lastUsedAt: now }).where(eq(calendarFeeds.userId, owner.id));
  const t = getT(locale, messages[locale]);
  const events = feedEvents(
    handovers,
    {
      summary: (h) =>
        t(h.kind === "pickup" ? "documents.staffCalendar.pickup" : "documents.staffCalendar.return", {
          number: h.number,
          name: h.customer,
          count: h.pieces,
        }),
      description: (h) => `${t("documents.orderNumber")}: ${h.number}\n${h.customer}`,
    },
    (orderId) => new URL(localizePath(`/admin/order/${orderId}`, locale), origin).href,
  );
  return ok(calendarFile(events, now));
}

/** Pickups and returns within the feed's window at the given branches (null: all), of paid and picked-up orders. */
async function feedHandovers(shopIds: number[] | null, now: Date, db: Db): Promise<FeedHandover[]> {
  const { from, to } = feedWindow(now);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customer: orders.invoiceName,
      pickupAt: orders.pickupAt,
      returnAt: orders.returnAt,
      shop: { name: shops.name, street: shops.street, postalCode: shops.postalCode, town: shops.town },
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(
        shopIds === null ? undefined : inArray(orders.shopId, shopIds.length > 0 ? shopIds : [-1]),
        inArray(orders.status, [...FEED_STATUSES]),
        or(and(gte(orders.pickupAt, from), lt(orders.pickupAt, to)), and(gte(orders.returnAt, from), lt(orders.returnAt, to))),
      ),
    );
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderLines.orderId, kind: orderLines.kind, quantity: orderLines.quantity })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    );
  const handovers: FeedHandover[] = [];
  for (const row of rows) {
    const own = lines.filter((l) => l.orderId === row.id);
    const common = {
      orderId: row.id,
      number: row.number,
      customer: row.customer,
      location: `${row.shop.name}, ${row.shop.street}, ${row.shop.postalCode} ${row.shop.town}`,
    };
    if (row.pickupAt >= from && row.pickupAt < to)
      handovers.push({ ...common, kind: "pickup", at: row.pickupAt, pieces: handoverPieces("pickup", own) });
    if (row.returnAt >= from && row.returnAt < to)
      handovers.push({ ...common, kind: "return", at: row.returnAt, pieces: handoverPieces("return", own) });
  }
  return handovers;
}
