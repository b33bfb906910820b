/**
 * Staff calendar feeds (issue 21, decision 051): a secret iCal URL per back-office user with the pickups and
 * returns of their branches. Pure parts: the token's shape and hash, the window and statuses a feed covers,
 * and its events (the page imports this file too, so nothing of Node here). Storage and HTTP in app/server/admin/calendar-feed.server.ts.
 */
import type { CalendarEvent } from "../ics";
import { OPEN_STATUSES } from "../order-states";

const MINUTE = 60_000;

/** 24 random bytes as base64url: 32 characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A feed shows 30 days back (for the odd late return) to 180 days ahead (the season's bookings). */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
const DAY_MS = 24 * 60 * MINUTE;

export function feedWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS), to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS) };
}

/**
 * The orders whose handovers a feed shows: paid (to hand out, then take back) and picked up (to take back;
 * its pickup stays in the feed as what happened). Orders waiting for payment may still lapse; cancelled,
 * returned and refunded ones need nobody at the counter.
 */
export const FEED_STATUSES = OPEN_STATUSES;

/** Calendar apps poll every few minutes to hours; 60 fetches an hour per link is plenty and stops a scraper. */
export const FEED_RATE_LIMIT = { name: "calendar-feed", max: 60, windowMs: 60 * MINUTE };

/** One handover as the feed's query returns it. */
export type FeedHandover = {
  orderId: string;
  number: string;
  customer: string;
  kind: "pickup" | "return";
  at: Date;
  pieces: number;
  /** Branch name and address. */
  location: string;
};

/** The texts of the feed in the user's language. */
export type FeedText = {
  /** e.g. "Pickup {{number}} · {{name}} ({{count}} items)", placeholders filled by `summary`. */
  summary: (handover: FeedHandover) => string;
  description: (handover: FeedHandover) => string;
};

/** Each handover as a 30-minute event linking to the order in the back office; UIDs stable across fetches. */
export function feedEvents(handovers: FeedHandover[], text: FeedText, orderUrl: (orderId: string) => string): CalendarEvent[] {
  return [...handovers]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.number.localeCompare(b.number) || a.kind.localeCompare(b.kind))
    .map((handover) => {
      const url = orderUrl(handover.orderId);
      return {
        // Not the customer's UID (`{number}-pickup@host`): a clerk who also imported the customer's file keeps both.
        uid: `staff-${handover.orderId}-${handover.kind}@${new URL(url).hostname}`,
        start: handover.at,
        end: new Date(handover.at.getTime() + 30 * MINUTE),
        summary: text.summary(handover),
        location: handover.location,
        description: text.description(handover),
        url,
      };
    });
}
