/**
 * Express guards that answer before React Router renders anything: a form posted from another website,
 * and the short translated pages for a refusal or an outage. They live outside React Router because the
 * error page needs the root loader, and the root loader needs the database.
 */
import type { Request, RequestHandler, Response } from "express";
import { languageTag, splitLocale } from "../../domain/i18n";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery: browsers send `Origin` with every POST, so a state-changing request whose
 * origin is not the shop's own (or whose `Sec-Fetch-Site` says cross-site) is refused with 403. Callers
 * without a browser (a payment provider's webhook, curl) send neither header and pass; they carry no
 * cookies of a customer, and webhooks are authenticated by their signature.
 */
export function sameOriginOnly(publicUrl: string | undefined): RequestHandler {
  const configured = publicUrl ? new URL(publicUrl).origin : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const own = `${req.protocol}://${req.host}`;
    const foreign = origin === undefined ? req.get("sec-fetch-site") === "cross-site" : origin !== own && origin !== configured;
    if (!foreign) return next();
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
export function sendPlainPage(
  req: Request,
  res: Response,
  status: number,
  page: { title: string; message: string; retryAfterSeconds?: number },
) {
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
      `<!doctype html><html lang="${languageTag[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}p.s{color:#475569;font-weight:600}</style></head><body><main><p class="s">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    );
}
