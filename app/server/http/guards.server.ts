/**
 * Express guards that answer before React Router renders anything: a form posted from another website,
 * and the short translated pages for a refusal or an outage. They live outside React Router because the
 * error page needs the root loader, and the root loader needs the database.
 */
import type { Request, RequestHandler, Response } from "express";
import { type HostPolicy, hostAllowed, sameOrigin } from "../../domain/hosts";
import { languageTag, splitLocale } from "../../domain/i18n";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Load balancers ask these by address, whatever Host they send. */
const HEALTH_CHECKS = new Set(["/healthz", "/readyz"]);

/** Whether the connection's peer is a proxy named in TRUST_PROXY (Express compiles the setting). */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  return Boolean(trust && req.socket.remoteAddress && trust(req.socket.remoteAddress, 0));
}

/**
 * Host header attacks: a request for a host the shop does not serve gets 400 before anything reads its
 * Host (decision 025). X-Forwarded-Host and -Proto are dropped unless a trusted proxy sent them, so nothing
 * further on (React Router's adapter reads X-Forwarded-Host's port whenever any proxy is trusted) can be
 * told another host or protocol by a client.
 */
export function hostGuard(policy: HostPolicy): RequestHandler {
  return (req, res, next) => {
    if (!fromTrustedProxy(req)) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
    }
    if (HEALTH_CHECKS.has(req.path) || hostAllowed(policy, req.hostname ?? "")) return next();
    sendPlainPage(req, res, 400, { title: "errors.badHostTitle", message: "errors.badHost" });
  };
}

/**
 * Cross-site request forgery: a state-changing request must come from the shop's own pages (its Origin, or
 * else its Referer, is the shop's; with neither, `Sec-Fetch-Site: same-origin`), or it gets 403. Payment
 * webhooks come from servers that send none of these; they are authenticated by their signature.
 */
export function sameOriginOnly(policy: HostPolicy, exempt: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt(req.path)) return next();
    const ownOrigin = `${req.protocol}://${req.host}`;
    const allowed = sameOrigin(policy, ownOrigin, {
      origin: req.get("origin"),
      referer: req.get("referer"),
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (allowed) return next();
    sendPlainPage(req, res, 403, { title: "Forbidden", message: "errors.foreignOrigin" });
  };
}

/**
 * Pages answer quickly even when they cannot be served. While the database is unreachable: a translated
 * 503 that asks to come back soon. Under more load than the process can take: it works on `maxInFlight`
 * requests at once (more would only make every answer slower on one event loop), the next ones wait their
 * turn in order, and one that has waited `maxQueueMs` gets a 503 "busy" instead of a queue that grows
 * until everyone times out.
 */
export function serviceGuard(options: { maxInFlight: number; maxQueueMs: number; databaseIsDown: () => boolean }): RequestHandler {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  // A finished request hands its slot straight to the longest-waiting one.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };
  const leaveWaiting = (entry: () => void) => {
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
    return index >= 0;
  };
  return (req, res, next) => {
    if (options.databaseIsDown()) {
      sendPlainPage(req, res, 503, { title: "errors.unavailableTitle", message: "errors.unavailable", retryAfterSeconds: 5 });
      return;
    }
    const start = () => {
      // "finish" when the answer is sent, "close" when the client left first; give the slot back once.
      let done = false;
      const leave = () => {
        if (done) return;
        done = true;
        release();
      };
      res.once("finish", leave);
      res.once("close", leave);
      next();
    };
    if (inFlight < options.maxInFlight) {
      inFlight++;
      start();
      return;
    }
    const busy = () => sendPlainPage(req, res, 503, { title: "errors.unavailableTitle", message: "errors.busy", retryAfterSeconds: 2 });
    if (options.maxQueueMs <= 0) return busy();
    const entry = () => {
      clearTimeout(timer);
      if (res.writableEnded || res.destroyed) release();
      else start();
    };
    const timer = setTimeout(() => {
      if (leaveWaiting(entry)) busy();
    }, options.maxQueueMs);
    waiting.push(entry);
    // A visitor who gives up while waiting leaves the queue.
    res.once("close", () => {
      if (leaveWaiting(entry)) clearTimeout(timer);
    });
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/**
 * A small self-contained page in the request's language (JSON for API callers), never cached. `title` is
 * a message key or, for the spec's fixed English titles, the text itself.
 */
function sendPlainPage(req: Request, res: Response, status: number, page: { title: string; message: string; retryAfterSeconds?: number }) {
  // The page's language is its path's, as everywhere on the site (unprefixed paths are English).
  const locale = splitLocale(req.path).locale;
  const t = getT(locale, messages[locale]);
  const title = page.title.includes(".") ? t(page.title) : page.title;
  const message = t(page.message);
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (page.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(page.retryAfterSeconds));
  if (!req.accepts("html") || req.path.endsWith(".data")) {
    res.json({ status, message });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${languageTag[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${res.locals.nonce ?? ""}">body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}p.s{color:#475569;font-weight:600}</style></head><body><main><p class="s">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    );
}
