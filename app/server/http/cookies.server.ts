/** Preference cookies: the interface language, the analytics consent. */
import { z } from "zod";
import { LANGUAGE_COOKIE_DAYS } from "../../domain/cookies";
import { type Locale, locales } from "../../domain/i18n";
import { rawCookie } from "../auth/signed-cookies.server";
import { getConfig } from "../config.server";
import { getSiteSettings } from "../settings/settings.server";

const YEAR = LANGUAGE_COOKIE_DAYS * 24 * 3600;

export function readCookie(request: Request, name: string): string | undefined {
  const raw = rawCookie(request, name);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function serialize(name: string, value: string, maxAge: number, secure: boolean) {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const secure = () => getConfig().PUBLIC_URL?.startsWith("https://") ?? false;

const localeValue = z.enum(locales);

/**
 * The language kept in the cookie (365 days, path /, SameSite Lax: docs/spec.md §9). Its key is the setting, else
 * LANGUAGE_COOKIE from the environment (read from the briefly cached settings: no query per request).
 */
export async function readLanguageCookie(request: Request): Promise<Locale | null> {
  const parsed = localeValue.safeParse(readCookie(request, (await getSiteSettings()).languageCookie));
  return parsed.success ? parsed.data : null;
}

export async function languageCookie(locale: Locale): Promise<string> {
  return serialize((await getSiteSettings()).languageCookie, locale, YEAR, secure());
}

const CONSENT_COOKIE = "consent";
const consentValue = z.enum(["all", "necessary"]);
export type Consent = z.infer<typeof consentValue>;

export function readConsent(request: Request): Consent | null {
  const parsed = consentValue.safeParse(readCookie(request, CONSENT_COOKIE));
  return parsed.success ? parsed.data : null;
}

export function consentCookie(consent: Consent): string {
  return serialize(CONSENT_COOKIE, consent, Math.round(YEAR / 2), secure());
}
