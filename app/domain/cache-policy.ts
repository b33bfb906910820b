/**
 * Which answers a browser or proxy may keep (issue 14, decision 025). Personal pages — the back office,
 * accounts, sign-in, the bag and the booking steps that show its persons and dates, order pages and their
 * documents, the payment page — must never be stored by anyone: `no-store`. Everything else is public; a
 * public page rendered for a request with cookies is `private` (the header shows who is signed in).
 */
import { splitLocale } from "./i18n";

export type CachePolicy = "no-store" | "public";

/** React Router's data requests (`/de/admin.data`, `/_root.data`, `/de/_.data`) are about the page they load. */
function pagePathOf(pathname: string): string {
  const page = pathname.replace(/\/_(root)?\.data$/, "/").replace(/\.data$/, "");
  return splitLocale(page.length > 1 ? page.replace(/\/$/, "") : page).path;
}

const PERSONAL = [
  /^\/admin(\/|$)/,
  /^\/account(\/|$)/,
  /^\/login(\/|$)/,
  /^\/logout(\/|$)/,
  /^\/order\//,
  /^\/pay\//,
  /^\/rental\/(bag|checkout)$/,
  // A branch's period step onwards read the bag: its dates, persons (names, heights, weights) and lines.
  /^\/rental\/[^/]+\/[^/]+(\/(persons|equipment))?$/,
];

export function cachePolicy(pathname: string): CachePolicy {
  const path = pagePathOf(pathname);
  return PERSONAL.some((pattern) => pattern.test(path)) ? "no-store" : "public";
}
