/**
 * The Express application: security headers with a per-response CSP nonce, compression, static assets
 * with long-lived caching for hashed files, health checks, one JSON log line per request, and the React
 * Router request handler. Built by `server.ts` and by the HTTP tests, so both run the same stack.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { API_BASE, apiRouter } from "../api/router.server";
import { type Config, getHostPolicy } from "../config.server";
import type { Database } from "../db/client.server";
import { databaseIsDown, noteDatabaseError } from "../db/health.server";
import { logger } from "../log.server";
import { getSiteSettings } from "../settings/settings.server";
import { cacheControl } from "./cache-control.server";
import { hostGuard, sameOriginOnly, serviceGuard } from "./guards.server";
import { mediaFiles } from "./media.server";
import { type PageCacheNote, pageCache } from "./page-cache.server";
import { precompressedAssets } from "./precompressed.server";

export type HttpAppOptions = {
  config: Config;
  database: Database;
  /** The server build, or (in development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  buildVersion: string;
  /** Serves build/client from this folder (production). */
  clientDir?: string;
  /** Extra middleware before the router (Vite's dev server). */
  before?: express.RequestHandler;
  development?: boolean;
};

const GTM_HOSTS = "https://www.googletagmanager.com https://www.google-analytics.com https://*.google-analytics.com";

/** Where a checkout form may send the payer: without JavaScript the form's POST is redirected to the provider. */
const PAYMENT_FORM_TARGETS = { demo: "", stripe: " https://checkout.stripe.com" } as const;

function contentSecurityPolicy(nonce: string, options: { gtm: boolean; https: boolean; payment: keyof typeof PAYMENT_FORM_TARGETS }) {
  const extra = options.gtm ? ` ${GTM_HOSTS}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra}`,
    // Style elements only from the shop's files or under the nonce (the "busy" page's own); style
    // attributes (the booking steps' progress bar is sized with one) cannot load anything or select the page's content.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data:${extra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self'${PAYMENT_FORM_TARGETS[options.payment]}`,
    "object-src 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,100}$/;

export function createHttpApp(options: HttpAppOptions) {
  const { config, database } = options;
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer the original protocol, host and client address come in X-Forwarded-* headers,
  // believed only from the proxies named in TRUST_PROXY (none by default): anyone can send them.
  app.set("trust proxy", config.TRUST_PROXY ?? false);
  const hosts = getHostPolicy(config);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.get("x-request-id");
    const requestId = incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      logger.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        },
        "request",
      );
    });
    next();
  });

  app.use(async (req, res, next) => {
    const https = req.secure;
    if (!options.development) {
      // The container may come from the settings (they win over GTM_ID). Health checks and hashed assets do not
      // wait for the database; pages need it anyway, and the settings are cached (settings.server.ts).
      const pageRequest = !(req.path === "/healthz" || req.path === "/readyz" || req.path.startsWith("/assets/"));
      const gtm = pageRequest
        ? await getSiteSettings().then(
            (site) => Boolean(site.gtmId),
            () => Boolean(config.GTM_ID),
          )
        : Boolean(config.GTM_ID);
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.nonce, { gtm, https, payment: config.PAYMENT_PROVIDER }));
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    // The counter's unit code fields read labels with the camera (decision 048): this origin may ask for it,
    // no other (nor any frame) may. Every page allows it, since a clerk reaches the back office by client-side
    // navigation from the sign-in page, and a page keeps the policy it was loaded with.
    res.setHeader("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=()");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  app.use(hostGuard(hosts));
  app.use(cacheControl());
  // The API authenticates by key, never by cookie (decision 049), so a cross-site form cannot act through it.
  app.use(sameOriginOnly(hosts, (path) => path.startsWith("/webhooks/") || path.startsWith(`${API_BASE}/`)));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await withTimeout(database.ping(), 2000);
      res.json({ status: "ready", database: database.kind });
    } catch (error) {
      noteDatabaseError(error, database);
      res.status(503).json({ status: "unavailable", database: database.kind });
    }
  });

  if (options.before) app.use(options.before);
  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", precompressedAssets(`${options.clientDir}/assets`));
    app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // The build's top-level files (the favicon) by name: a page's request never looks for a file on the disk.
    const topFiles = new Set(
      readdirSync(options.clientDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const topFile = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (topFiles.has(req.path) ? topFile(req, res, next) : next()));
  }
  // Pictures: files of the data directory, served without the router (decision 031).
  app.get("/media/:owner/:ownerId/:file", mediaFiles());

  app.use(
    serviceGuard({ maxInFlight: config.MAX_IN_FLIGHT, maxQueueMs: config.MAX_QUEUE_MS, databaseIsDown: () => databaseIsDown(database) }),
  );
  app.use(drainUnreadBody);
  app.use(API_BASE, apiRouter());
  // A page of links for a visitor not signed in, kept whole until the catalogue changes (decision 038).
  app.use(pageCache({ enabled: !options.development && config.PAGE_CACHE === "on", maxEntries: 1000, ttlMs: 60_000 }));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: options.build,
      mode: options.development ? "development" : "production",
      getLoadContext: (req: Request, res: Response) => ({
        nonce: res.locals.nonce as string,
        requestId: res.locals.requestId as string,
        buildVersion: options.buildVersion,
        // X-Forwarded-For counts only when a trusted proxy (above) sent it, so a client cannot pick its address.
        clientAddress: req.ip ?? "",
        pageCache: res.locals.pageCache as PageCacheNote,
      }),
    }),
  );
  return app;
}

/**
 * A route that answers before it reads the body (a 404 for a malformed id, a redirect to sign in) leaves
 * the body unread. React Router's request stream has paused the socket by then, so the rest of a large
 * body is never read, and the client's next request on that keep-alive connection hangs until the socket
 * times out. Once the answer is sent, the rest of the body is read and dropped, as Node does for a body
 * nobody listened to.
 */
function drainUnreadBody(req: Request, res: Response, next: () => void) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
