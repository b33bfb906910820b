/**
 * Express guards that answer before React Router renders anything: a form posted from another website,
 * and the short translated pages for a refusal or an outage. They live outside React Router because the
 * error page needs the root loader, and the root loader needs the database.
 */
import type { Request, RequestHandler, Response } from "express";
import { type Locale, languageTag, splitLocale } from "../../domain/i18n";
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
 * Pages answer quickly even when they cannot be served: while the database is unreachable, a translated
 * 503 that asks to come back soon; when `maxInFlight` requests are already being worked on in this
 * process, a 503 "busy" at once instead of a queue that grows until everyone times out.
 */
export function serviceGuard(options: { maxInFlight: number; databaseIsDown: () => boolean }): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    if (options.databaseIsDown()) {
      sendPlainPage(req, res, 503, { title: "errors.unavailableTitle", message: "errors.unavailable", retryAfterSeconds: 5 });
      return;
    }
    if (inFlight >= options.maxInFlight) {
      sendPlainPage(req, res, 503, { title: "errors.unavailableTitle", message: "errors.busy", retryAfterSeconds: 2 });
      return;
    }
    inFlight++;
    // "finish" when the answer is sent, "close" when the client left first; count the request out once.
    let done = false;
    const leave = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    res.once("finish", leave);
    res.once("close", leave);
    next();
  };
}

function translate(locale: Locale, key: string): string {
  let node: unknown = messages[locale];
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : key;
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
  const title = page.title.includes(".") ? translate(locale, page.title) : page.title;
  const message = translate(locale, page.message);
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
