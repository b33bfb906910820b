import { type Season, seasonOn, seasonSchema } from "../../domain/vocabulary";
import { readCookie } from "./cookies.server";

const SEASON_COOKIE = "season";

/** The storefront chosen for this visit (a session cookie), else the one whose season it is. */
export function readSeason(request: Request, today = new Date()): Season {
  const parsed = seasonSchema.safeParse(readCookie(request, SEASON_COOKIE));
  return parsed.success ? parsed.data : seasonOn(today);
}

/** Kept for the visit only: no Max-Age, so the browser drops it when it closes. */
export function seasonCookie(value: Season): string {
  return `${SEASON_COOKIE}=${value}; Path=/; SameSite=Lax`;
}
