/**
 * Reading the settings, kept in memory with the catalogue (decision 035): every page needs some of them
 * (language cookie key, tag manager, offered languages), prices, holds and documents others. A save in the
 * back office reaches every process through the catalogue's notification before the next page is read.
 */
import type { Locale } from "../../domain/i18n";
import { offeredLanguages, type Settings, settingsSchema } from "../../domain/settings";
import { catalogRead } from "../catalog/catalog-cache.server";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { settings } from "../db/schema";

/** All settings, each row validated; a missing row takes its default. */
export const getSettings = catalogRead("getSettings", async (): Promise<Settings> => {
  const rows = await getDb().select().from(settings);
  return settingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
});

export type SiteSettings = {
  /** Name of the language cookie: the setting, else LANGUAGE_COOKIE from the environment. */
  languageCookie: string;
  /** Tag manager container: the setting, else GTM_ID from the environment, else none. */
  gtmId: string | null;
  /** Languages the language switcher offers. */
  languages: Locale[];
};

/** The settings every page needs, with the environment's values as defaults. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const current = await getSettings();
  const config = getConfig();
  return {
    languageCookie: current.languageCookie ?? config.LANGUAGE_COOKIE,
    gtmId: current.gtmId ?? config.GTM_ID ?? null,
    languages: offeredLanguages(current),
  };
}
