import { z } from "zod";
import { localizePath, splitLocale } from "./i18n";

/** A same-site path to go back to after a form post; anything else (//evil, https://...) becomes "/". */
export const returnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .catch("/");

/**
 * Where the season switch goes: the page it was pressed on, unless that page belongs to the other season
 * (a booking step under /rental/winter, a summer item); then the start of the chosen season's booking, in
 * the page's language.
 */
export function afterSeasonSwitch(to: string, chosen: string, pageSeason: string | undefined): string {
  if (!pageSeason || pageSeason === chosen) return to;
  return localizePath(`/rental/${chosen}`, splitLocale(to.split("?")[0]).locale);
}
