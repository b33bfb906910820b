/**
 * The JSON API under /api/v1 (issue 21, decision 049): an Express router in front of React Router, so an API
 * call never renders a page. Every call:
 *  1. is authenticated by an API key in `Authorization: Bearer rk_…` and nothing else: cookies are never read,
 *     so a browser session cannot reach the API (no CSRF path) and a key never opens the HTML back office;
 *  2. is counted against its key's rate limit (API_RATE_LIMIT a minute, across processes): 429 with Retry-After;
 *  3. is checked against the endpoint's scope and Zod schemas; bad input is a 400 problem document naming each
 *     field, and nothing is written;
 *  4. is answered in the language of Accept-Language, errors as RFC 9457 problem details;
 *  5. is written to the key's audit trail (api_calls) with its status and time, and the key's "last used".
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { z } from "zod";
import { fieldErrors } from "../../domain/forms";
import { linkOrigin } from "../../domain/hosts";
import { defaultLocale, type Locale, negotiateLocale } from "../../domain/i18n";
import { scopeAllows } from "../../domain/integrations";
import { fail } from "../../domain/result";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { hitRateLimit } from "../auth/rate-limit.server";
import { getConfig, getHostPolicy } from "../config.server";
import { type ProblemType, problemDocument } from "../http/problems.server";
import { logger } from "../log.server";
import { type ApiAnswer, ApiProblem, type Endpoint, refused } from "./endpoint.server";
import { type ApiKey, authenticateApiKey, recordApiCall } from "./keys.server";
import { apiDocsPage, openApiDocument } from "./openapi.server";
import { API_ENDPOINTS } from "./v1/endpoints.server";

export const API_BASE = "/api/v1";

function localeOf(req: Request): Locale {
  return negotiateLocale(req.get("accept-language")) ?? defaultLocale;
}

function sendProblem(req: Request, res: Response, { problem }: ApiProblem) {
  const locale = localeOf(req);
  const t = getT(locale, messages[locale]);
  res.status(problem.status);
  res.setHeader("Content-Type", "application/problem+json; charset=utf-8");
  res.setHeader("Content-Language", locale === "be" ? "nl-BE" : locale);
  res.setHeader("Cache-Control", "no-store");
  if (problem.retryAfter !== undefined) res.setHeader("Retry-After", String(problem.retryAfter));
  // RFC 6750 §3: a 401 names the scheme it wants, and says when the token given was no good.
  if (problem.status === 401)
    res.setHeader("WWW-Authenticate", `Bearer realm="api"${problem.detail === "api.errors.badKey" ? ', error="invalid_token"' : ""}`);
  res.send(JSON.stringify(problemDocument(problem, t, `${API_BASE}/docs`, req.originalUrl)));
}

/** One of the router's own problems (the request itself, not what it asked for). */
const transport = (status: number, type: ProblemType, detail?: string, values?: Record<string, string>) =>
  new ApiProblem({ status, type, ...(detail ? { detail } : {}), ...(values ? { values } : {}) });

function parseOr400<S extends z.ZodType>(schema: S | undefined, value: unknown, prefix: string): z.output<S> | undefined {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(
    Object.entries(fieldErrors(parsed.error)).map(([path, key]) => [prefix ? `${prefix}.${path}` : path, key]),
  );
  throw new ApiProblem({ status: 400, type: "validation", detail: "api.errors.validation", fields });
}

/** The key of a call, or a 401: a bearer token in Authorization, nothing else. */
async function authenticate(req: Request): Promise<ApiKey> {
  const header = req.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const key = match ? await authenticateApiKey(match[1]) : null;
  if (!key) throw transport(401, "unauthorized", header ? "api.errors.badKey" : "api.errors.noKey");
  return key;
}

function handle(definition: Endpoint) {
  return async (req: Request, res: Response) => {
    const started = process.hrtime.bigint();
    let key: ApiKey | null = null;
    let answer: ApiAnswer | null = null;
    let status = 500;
    try {
      key = await authenticate(req);
      const limit = await hitRateLimit({ name: "api", max: getConfig().API_RATE_LIMIT, windowMs: 60_000 }, String(key.id));
      if (!limit.allowed) throw refused(fail.limited(limit.retryAfter, { form: "api.errors.rateLimited" }, { seconds: limit.retryAfter }));
      if (!scopeAllows(key.scopes, definition.scope))
        throw refused(fail.forbidden({ form: "api.errors.scope" }, { scope: definition.scope }));
      const params = parseOr400(definition.params, req.params, "");
      const query = parseOr400(definition.query, req.query, "");
      if (definition.body && !req.is("application/json")) throw transport(415, "validation", "api.errors.json");
      const body = parseOr400(definition.body, req.body, "");
      const locale = localeOf(req);
      answer = await definition.handler({
        key,
        locale,
        t: getT(locale, messages[locale]),
        params,
        query,
        body,
        origin: linkOrigin(getHostPolicy(), `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`),
      });
      status = answer.status;
      res.status(answer.status);
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Language", locale === "be" ? "nl-BE" : locale);
      res.json(answer.body);
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : transport(500, "internal", "api.errors.internal");
      if (!(error instanceof ApiProblem)) logger.error({ err: error, path: req.path, requestId: res.locals.requestId }, "api: call failed");
      status = problem.problem.status;
      sendProblem(req, res, problem);
    } finally {
      if (key) {
        const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
        const call = { keyId: key.id, method: req.method, path: auditedPath(req.originalUrl), status, ms, orderId: answer?.orderId };
        recordApiCall(call).catch((error) => logger.error({ err: error }, "api: call not recorded"));
      }
    }
  };
}

export function apiRouter(): Router {
  const router = express.Router({ strict: false });
  // An API answer is never a page: no React Router, no session, no page cache, no cookies. Only an endpoint
  // that takes a body reads one, so no other answers 400 or 413 for a body it never asked for.
  const json = express.json({ limit: "100kb", type: ["application/json", "application/*+json"] });
  router.get("/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(openApiDocument());
  });
  router.get("/docs", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("html").send(apiDocsPage(res.locals.nonce as string | undefined));
  });
  for (const definition of API_ENDPOINTS)
    if (definition.body) router[definition.method](definition.path, json, handle(definition));
    else router[definition.method](definition.path, handle(definition));
  // A path of the API that does not exist, or a method it does not take: a problem document, not the shop's 404 page.
  router.use((req, res) => {
    const methods = API_ENDPOINTS.filter((e) => matchesPath(e.path, req.path)).map((e) => e.method.toUpperCase());
    const known = methods.length > 0;
    // RFC 9110 §15.5.6: a 405 says which methods the resource takes.
    if (known) res.setHeader("Allow", [...new Set(methods)].join(", "));
    sendProblem(
      req,
      res,
      known
        ? transport(405, "method-not-allowed")
        : refused(fail.notFound({ form: "api.errors.noSuchPath" }, { path: req.originalUrl.split("?")[0] })),
    );
  });
  // A body that is not JSON, or too large: the parser ran before the key was looked at, so a call without a
  // good key still gets its 401 first.
  router.use(async (error: { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    try {
      await authenticate(req);
    } catch (problem) {
      return sendProblem(req, res, problem as ApiProblem);
    }
    const tooLarge = error.type === "entity.too.large";
    sendProblem(req, res, transport(tooLarge ? 413 : 400, "validation", tooLarge ? "api.errors.tooLarge" : "api.errors.json"));
  });
  return router;
}

/** The path and query of a call as its audit trail keeps it: a customer's e-mail address in a query is left out. */
function auditedPath(url: string): string {
  const [path, query] = url.split("?", 2);
  if (!query) return path.slice(0, 500);
  const params = new URLSearchParams(query);
  if (params.has("email")) params.set("email", "…");
  return `${path}?${params}`.slice(0, 500);
}

function matchesPath(pattern: string, path: string): boolean {
  const parts = pattern.split("/");
  const actual = path.replace(/\/$/, "").split("/");
  return parts.length === actual.length && parts.every((part, i) => part.startsWith(":") || part === actual[i]);
}
