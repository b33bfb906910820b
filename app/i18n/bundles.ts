/**
 * The browser's messages as files of their own, one per language and area (public site or back office),
 * content-hashed and cached for a year, instead of riding in every page's HTML (decision 024). The root
 * loader names the page's bundle (`messagesUrl`); the server registers every bundle at start, the
 * browser loads its bundle before hydrating and before a page in another language or area renders.
 */
import type { Messages } from "./i18n";

const bundles = new Map<string, Messages>();
const loading = new Map<string, Promise<Messages>>();

export function registerBundle(url: string, messages: Messages) {
  bundles.set(url, messages);
}

/** The bundle at this URL if it is here (always on the server; in the browser once loaded). */
export function bundleAt(url: string): Messages | undefined {
  return bundles.get(url);
}

/** Fetches a bundle once; a failed fetch may be tried again. */
export function loadBundle(url: string): Promise<Messages> {
  const known = bundles.get(url);
  if (known) return Promise.resolve(known);
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`messages ${url}: HTTP ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => {
        bundles.set(url, messages);
        return messages;
      })
      .finally(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}

/** Where the page names its bundle for the browser: `<meta name="messages" content="/i18n/…">`. */
export const MESSAGES_META = "messages";
