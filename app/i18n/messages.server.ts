import { isBackOfficePath, type Locale } from "../domain/i18n";
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
const SERVER_ONLY = new Set(["mail", "documents"]);
const BACK_OFFICE = "admin";

const cache = new Map<string, Messages>();

/**
 * The messages a page's browser needs, sent with the page: the public site's pages leave out the back
 * office's (half of every language file), no page gets the e-mails' and documents'.
 */
export function pageMessages(locale: Locale, path: string): Messages {
  const backOffice = isBackOfficePath(path);
  const key = `${locale}:${backOffice}`;
  let result = cache.get(key);
  if (!result) {
    result = Object.fromEntries(
      Object.entries(messages[locale]).filter(([name]) => !SERVER_ONLY.has(name) && (backOffice || name !== BACK_OFFICE)),
    ) as Messages;
    cache.set(key, result);
  }
  return result;
}
