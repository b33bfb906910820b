/**
 * A storefront (app) as the back office edits it. The kinds of storefront are a database enum: a new kind
 * needs a developer, so creating one is only possible for a kind that does not exist yet.
 */
import { z } from "zod";
import { SEASONS, type Season } from "../vocabulary";
import { checkbox, idList, integer, oneOf, translatedText } from "./fields";

/** Days per month; 29 for February, so a season may end on 29 February in a leap year. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether "MM-DD" names a day of the year. */
export function isMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [month, day] = [Number(match[1]), Number(match[2])];
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1];
}

/** Whether a season window runs over the new year (12-01 .. 04-15). */
export function wrapsYearEnd(start: string, end: string): boolean {
  return start > end;
}

/**
 * A day of the year, posted as two selects (`seasonStart.month`, `seasonStart.day`) or as "MM-DD";
 * stored as "MM-DD", the form `inSeason` (app/domain/periods.ts) compares.
 */
const monthDay = z.preprocess(
  (value) => {
    if (value && typeof value === "object") {
      const { month, day } = value as { month?: unknown; day?: unknown };
      if (typeof month !== "string" || typeof day !== "string" || !month || !day) return "";
      return `${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
    }
    return typeof value === "string" ? value.trim() : "";
  },
  z.string().min(1, { message: "admin.errors.required" }).refine(isMonthDay, { message: "admin.apps.errors.monthDay" }),
);

/** Storefront ids posted by checkboxes (`appIds[]`). */
export const storefrontIdList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(oneOf(SEASONS)).transform((ids) => SEASONS.filter((id) => ids.includes(id))),
);

const storefrontFields = {
  name: translatedText(80),
  description: translatedText(600),
  seasonStart: monthDay,
  seasonEnd: monthDay,
  enabled: checkbox,
  sort: integer(0, 999),
  /** The branches that serve this storefront. */
  shopIds: idList,
};

function seasonRule(storefront: { seasonStart: string; seasonEnd: string }, ctx: z.RefinementCtx) {
  // Equal days would be a one-day season; far more likely someone meant "all year", which is 01-01 .. 12-31.
  if (storefront.seasonStart === storefront.seasonEnd)
    ctx.addIssue({ code: "custom", path: ["seasonEnd"], message: "admin.apps.errors.sameDay" });
}

export const storefrontSchema = z.object(storefrontFields).superRefine(seasonRule);
export const newStorefrontSchema = z.object({ id: oneOf(SEASONS), ...storefrontFields }).superRefine(seasonRule);

export type StorefrontInput = z.infer<typeof storefrontSchema>;

/** The kinds of storefront that can still be created, given the ones that exist. */
export function missingStorefrontIds(existing: readonly string[]): Season[] {
  return SEASONS.filter((id) => !existing.includes(id));
}

/** Why a storefront cannot be deleted (message key and count), or null. */
export function storefrontDeleteBlock(uses: { categories: number; items: number; orders: number }): { key: string; count: number } | null {
  if (uses.orders > 0) return { key: "admin.apps.deleteBlocked.orders", count: uses.orders };
  if (uses.items > 0) return { key: "admin.apps.deleteBlocked.items", count: uses.items };
  if (uses.categories > 0) return { key: "admin.apps.deleteBlocked.categories", count: uses.categories };
  return null;
}
