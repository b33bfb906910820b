import { createHash } from "node:crypto";
import { isBackOfficePath, type Locale, locales } from "../domain/i18n";
import { registerBundle } from "./bundles";
import type { Messages } from "./i18n";
import be from "./lang/be.json";
import da from "./lang/da.json";
import de from "./lang/de.json";
import en from "./lang/en.json";
import it from "./lang/it.json";
import nl from "./lang/nl.json";

/** All six languages' messages; server only, so the browser bundle carries none of them. */
export const messages: Record<Locale, Messages> = { en, de, it, nl, be, da };

/** Messages only the server uses (e-mails, PDFs), and those only the back office shows. */
const SERVER_ONLY = new Set(["mail", "documents", "api"]);
const BACK_OFFICE = "admin";

export type Area = "site" | "admin";

type Bundle = { url: string; version: string; messages: Messages; json: string };

/**
 * A browser's share of one language: the public site's pages leave out the back office's messages (half
 * of every language file), no page gets the e-mails' and documents'. Named by its content's hash, so a
 * new build's messages get a new URL and a bundle can be cached for good.
 */
function buildBundle(locale: Locale, area: Area): Bundle {
  const share = Object.fromEntries(
    Object.entries(messages[locale]).filter(([name]) => !SERVER_ONLY.has(name) && (area === "admin" || name !== BACK_OFFICE)),
  ) as Messages;
  const json = JSON.stringify(share);
  const version = createHash("sha256").update(json).digest("hex").slice(0, 12);
  return { url: `/i18n/${locale}.${area}.${version}.json`, version, messages: share, json };
}

const bundles = new Map<string, Bundle>(
  locales.flatMap((locale) => (["site", "admin"] as const).map((area) => [`${locale}.${area}`, buildBundle(locale, area)] as const)),
);
for (const bundle of bundles.values()) registerBundle(bundle.url, bundle.messages);

/** The URL of the messages a page of this language and path needs in the browser. */
export function messagesUrl(locale: Locale, path: string): string {
  return (bundles.get(`${locale}.${isBackOfficePath(path) ? "admin" : "site"}`) as Bundle).url;
}

/** A bundle by language and area, for the route that serves it. */
export function messageBundle(locale: Locale, area: Area): Bundle {
  return bundles.get(`${locale}.${area}`) as Bundle;
}
