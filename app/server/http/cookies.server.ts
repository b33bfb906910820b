/** Preference cookies (the interface language, the analytics consent) and the reading of signed ones. */
import type { Cookie } from "react-router";
import { z } from "zod";
import { LANGUAGE_COOKIE_DAYS } from "../../domain/cookies";
import { type Locale, locales } from "../../domain/i18n";
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

export const CONSENT_COOKIE = "consent";
const consentValue = z.enum(["all", "necessary"]);
export type Consent = z.infer<typeof consentValue>;

export function readConsent(request: Request): Consent | null {
  const parsed = consentValue.safeParse(readCookie(request, CONSENT_COOKIE));
  return parsed.success ? parsed.data : null;
}

export function consentCookie(consent: Consent): string {
  return serialize(CONSENT_COOKIE, consent, Math.round(YEAR / 2), secure());
}

/** How many verified values each signed cookie remembers: a busy hour's visitors, a few hundred kB at most. */
const VERIFIED_KEPT = 2_000;

/**
 * Reads a signed cookie (React Router's `createCookie`, made on first use) and remembers what its signature check gave for that exact
 * value: checking an HMAC is most of what reading the bag or the session cookie costs, and every step of a booking
 * reads the bag several times. The same string always verifies the same way under the same secret, so a kept answer
 * is the answer; a forged value is checked once and kept as null.
 */
export function verifiedCookieReader(cookieOf: () => Cookie) {
  const verified = new Map<string, Promise<unknown>>();
  return (request: Request): Promise<unknown> => {
    const cookie = cookieOf();
    const raw = rawCookie(request, cookie.name);
    if (raw === undefined) return Promise.resolve(null);
    let value = verified.get(raw);
    if (!value) {
      value = cookie.parse(`${cookie.name}=${raw}`);
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
      verified.set(raw, value);
    }
    return value;
  };
}

/** The cookie's value as sent, still encoded. */
function rawCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
