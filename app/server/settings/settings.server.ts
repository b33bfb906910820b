/**
 * Reading the settings. `getSettings` asks the database every time (prices, holds, documents: a change
 * applies at once). What every page needs (language cookie key, tag manager, offered languages) comes from
 * `getSiteSettings`, which keeps the settings for a few seconds in the process, so a page view costs no
 * extra query; saving in the back office forgets them at once in this process, and other processes pick
 * the change up within `SITE_SETTINGS_TTL_MS` (docs/decisions/020-settings.md).
 */
import type { Locale } from "../../domain/i18n";
import { offeredLanguages, type Settings, settingsSchema } from "../../domain/settings";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { settings } from "../db/schema";

/** All settings, each row validated; a missing row takes its default. */
export async function getSettings(): Promise<Settings> {
  const rows = await getDb().select().from(settings);
  return settingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

export const SITE_SETTINGS_TTL_MS = 10_000;

// On globalThis: the route modules (server build) and the Express entry (sources) are two copies of this
// module, and a save in one must be seen by the other.
const key = Symbol.for("rental.settingsCache");
type Cache = { at: number; settings: Promise<Settings> };
type Holder = { [key]?: Cache };

function cachedSettings(now = Date.now()): Promise<Settings> {
  const holder = globalThis as Holder;
  const cache = holder[key];
  if (cache && now - cache.at < SITE_SETTINGS_TTL_MS) return cache.settings;
  const fresh: Cache = { at: now, settings: getSettings() };
  holder[key] = fresh;
  // A failed read is not kept: the next request asks the database again.
  fresh.settings.catch(() => {
    if (holder[key] === fresh) delete holder[key];
  });
  return fresh.settings;
}

/** Forgets the kept settings, so the next page reads them anew (after a save). */
export function forgetSiteSettings(): void {
  delete (globalThis as Holder)[key];
}

export type SiteSettings = {
  /** Name of the language cookie: the setting, else LANGUAGE_COOKIE from the environment. */
  languageCookie: string;
  /** Tag manager container: the setting, else GTM_ID from the environment, else none. */
  gtmId: string | null;
  /** Languages the language switcher offers. */
  languages: Locale[];
};

/** The settings every page needs, with the environment's values as defaults; cached briefly (see above). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const current = await cachedSettings();
  const config = getConfig();
  return {
    languageCookie: current.languageCookie ?? config.LANGUAGE_COOKIE,
    gtmId: current.gtmId ?? config.GTM_ID ?? null,
    languages: offeredLanguages(current),
  };
}
