/**
 * Cache-Control for every answer, decided when its headers go out (decision 025): personal pages and any
 * answer that sets a cookie are `no-store`, whatever the route said; a public page without a policy of its
 * own, rendered for a request with cookies, is `private, no-cache`. Routes with a policy of their own (hashed
 * assets, pictures, message bundles, the sitemap) keep it.
 */
import type { RequestHandler } from "express";
import { cachePolicy } from "../../domain/cache-policy";

export function cacheControl(): RequestHandler {
  return (req, res, next) => {
    const personal = cachePolicy(req.path) === "no-store";
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (personal || res.hasHeader("set-cookie")) {
        res.setHeader("Cache-Control", "no-store");
      } else if (!res.hasHeader("cache-control")) {
        res.vary("Cookie");
        if (req.headers.cookie) res.setHeader("Cache-Control", "private, no-cache");
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
