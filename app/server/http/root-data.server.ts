/**
 * What the root route loads for every page: the language, the messages bundle, the visitor's cookies and
 * who is signed in. It lives here rather than in app/root.tsx so components read its type from the layer
 * below them (docs/architecture.md §4.2) instead of from the root route.
 */
import { redirect } from "react-router";
import { localizePath, negotiateLocale, splitLocale } from "../../domain/i18n";
import { messagesUrl } from "../../i18n/messages.server";
import { getSessionUser } from "../auth/session.server";
import { publicOrigin } from "../config.server";
import { getSiteSettings } from "../settings/settings.server";
import { readConsent, readLanguageCookie } from "./cookies.server";
import { readSeason } from "./season.server";

export async function rootData(request: Request) {
  const url = new URL(request.url);
  // The bare root picks the visitor's language: cookie, then Accept-Language, then English (docs/architecture.md §6.5).
  // Settings of every page (language cookie key, tag manager, offered languages): cached briefly, no query per page.
  const site = await getSiteSettings();
  if (url.pathname === "/") {
    const browser = negotiateLocale(request.headers.get("accept-language"));
    // The browser's language only when the shop offers it; a language the visitor chose (the cookie) always.
    const wanted = (await readLanguageCookie(request)) ?? (browser && site.languages.includes(browser) ? browser : null) ?? "en";
    if (wanted !== "en") throw redirect(`${localizePath("/", wanted)}${url.search}`, { headers: { Vary: "Cookie, Accept-Language" } });
  }
  const { locale, path } = splitLocale(url.pathname);
  const user = await getSessionUser(request);
  return {
    locale,
    path,
    messagesUrl: messagesUrl(locale, path),
    origin: publicOrigin(request),
    gtmId: site.gtmId,
    languages: site.languages,
    consent: readConsent(request),
    season: readSeason(request),
    user: user && { name: user.name, email: user.email, role: user.role },
  };
}

export type RootData = Awaited<ReturnType<typeof rootData>>;
