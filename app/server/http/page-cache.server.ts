/**
 * Pages kept whole (decision 038). A page of links (a `static` handle: home, about, branches, offers, items)
 * rendered for a visitor who is not signed in is the same for every such visitor with the same cookies
 * (consent, season, language; no such page shows the bag) until the catalogue changes, the day turns or a
 * minute has passed. The next such visitor gets the kept HTML with the nonce of their own response put in;
 * the page is not rendered again.
 *
 * Kept only while the catalogue is kept (decision 035): a change in any process forgets every page at once,
 * and while the watch is broken nothing is kept. Availability is on no such page: the booking steps are
 * never kept.
 */
import type { Request, RequestHandler, Response } from "express";
import { zonedDate } from "../../domain/periods";
import { SESSION_COOKIE } from "../auth/session.server";
import { BAG_COOKIE } from "../booking/bag-store.server";
import { catalogGeneration } from "../catalog/catalog-cache.server";

/** What the page's render says back to the cache (set by entry.server.tsx when the page may be kept). */
export type PageCacheNote = { keep: boolean };

/** Cookies that change no page of links: the bag (no such page shows it) and a tag manager's own. */
const IGNORED_COOKIE = new RegExp(`^(${BAG_COOKIE}|_ga(_\\w+)?|_gid|_gcl_\\w+)$`);
/** Headers of a kept answer given again; the rest (nonce, request id, security headers) are the new request's. */
const KEPT_HEADERS = ["content-type", "cache-control", "vary", "content-language", "link"];

type Kept = { parts: Buffer[]; headers: [string, string][]; generation: number; expires: number };

/**
 * The key of a request whose page may be kept, else null: only GET and HEAD, nobody signed in, every cookie
 * but the ignored ones by name and value (the consent, the season, the language chosen), and for the bare
 * `/`, which picks the visitor's language, the Accept-Language header.
 */
function pageKey(req: Request, today: string): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const cookies = req.headers.cookie ?? "";
  if (req.originalUrl.length > 300 || cookies.length > 1000) return null;
  const keyed: string[] = [];
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (name === "" || IGNORED_COOKIE.test(name)) continue;
    if (name === SESSION_COOKIE) return null;
    keyed.push(part.trim());
  }
  const language = req.path === "/" ? (req.headers["accept-language"] ?? "") : "";
  if (language.length > 200) return null;
  return [req.protocol, req.headers.host ?? "", req.originalUrl, today, keyed.sort().join(";"), language].join("\n");
}

export function pageCache(options: { maxEntries: number; ttlMs: number; enabled: boolean }): RequestHandler {
  const entries = new Map<string, Kept>();
  return (req, res, next) => {
    const note: PageCacheNote = { keep: false };
    res.locals.pageCache = note;
    const generation = catalogGeneration();
    if (!options.enabled || generation === null) return next();
    const now = Date.now();
    const key = pageKey(req, shopDate(now));
    if (key === null) return next();
    const kept = entries.get(key);
    if (kept && kept.generation === generation && kept.expires > now) {
      sendKept(res, kept);
      return;
    }
    if (kept) entries.delete(key);
    res.setHeader("X-Page-Cache", "miss");
    collectBody(res, (body) => {
      if (req.method !== "GET" || !note.keep || res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return;
      // A change while the page rendered leaves it with the old generation: never given out.
      const nonce = res.locals.nonce as string;
      const headers = KEPT_HEADERS.flatMap((name): [string, string][] => {
        const value = res.getHeader(name);
        if (value === undefined) return [];
        const text = Array.isArray(value) ? value.join(", ") : String(value);
        // Compression adds its own Vary when it compresses the kept page again.
        return [[name, name === "vary" ? withoutAcceptEncoding(text) : text]];
      }).filter(([, value]) => value !== "");
      const parts = splitAt(body, Buffer.from(nonce));
      if (parts.length < 2) return;
      entries.set(key, { parts, headers, generation, expires: now + options.ttlMs });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    });
    next();
  };
}

let today = { until: 0, date: "" };
/** The shop's date, worked out once a minute (it turns at a full minute): an Intl call per request cost 4 % of a kept page. */
function shopDate(now: number): string {
  if (now >= today.until) today = { until: now - (now % 60_000) + 60_000, date: zonedDate(new Date(now)) };
  return today.date;
}

function sendKept(res: Response, kept: Kept) {
  for (const [name, value] of kept.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", "hit");
  const nonce = Buffer.from(res.locals.nonce as string);
  const body = Buffer.concat(kept.parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part])));
  res.setHeader("Content-Length", String(body.byteLength));
  res.status(200).end(body);
}

/** Calls `done` with the body as the router wrote it (before compression, whose writer this one calls). */
function collectBody(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const take = (chunk: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    take(chunk);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") take(chunk);
    done(Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as Response["end"];
}

/** The page's bytes between the places of the nonce: UTF-8 as sent, half what a JavaScript string of it takes. */
function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at >= 0; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function withoutAcceptEncoding(vary: string) {
  return vary
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.toLowerCase() !== "accept-encoding")
    .join(", ");
}
