import { z } from "zod";
import { readCookie } from "./cookies.server";

export const SEASON_COOKIE = "season";
const season = z.enum(["winter", "summer"]);
export type Season = z.infer<typeof season>;

/** The storefront chosen for this visit (a session cookie), else the one whose season it is. */
export function readSeason(request: Request, today = new Date()): Season {
  const parsed = season.safeParse(readCookie(request, SEASON_COOKIE));
  if (parsed.success) return parsed.data;
  const month = today.getUTCMonth() + 1;
  return month >= 5 && month <= 10 ? "summer" : "winter";
}

/** Kept for the visit only: no Max-Age, so the browser drops it when it closes. */
export function seasonCookie(value: Season): string {
  return `${SEASON_COOKIE}=${value}; Path=/; SameSite=Lax`;
}

export const seasonSchema = season;
