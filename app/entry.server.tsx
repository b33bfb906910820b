import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import type { PageHandle } from "./routes/site/layout";
import { noteDatabaseError } from "./server/db/health.server";
import { deferHydration } from "./server/http/deferred-hydration.server";
import type { RootData } from "./server/http/root-data.server";
import { logger } from "./server/log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const userAgent = request.headers.get("user-agent");
  const bot = isbot(userAgent);
  // Bots get no rendered error page; the error is only logged (docs/spec.md §2, §8).
  if (bot && responseStatusCode >= 400) {
    const errors = routerContext.staticHandlerContext.errors;
    const error = errors ? Object.values(errors)[0] : undefined;
    logger.warn(
      {
        requestId: loadContext.requestId,
        status: responseStatusCode,
        path: new URL(request.url).pathname,
        userAgent,
        error: describe(error),
      },
      "error for a bot, page not rendered",
    );
    return new Response(null, { status: responseStatusCode, headers: { "Cache-Control": "no-store" } });
  }
  if (loadContext.pageCache) loadContext.pageCache.keep = mayBeKept(request, responseStatusCode, responseHeaders, routerContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={loadContext.nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
      </NonceContext.Provider>,
      {
        // Inline scripts carry the CSP nonce.
        nonce: { script: loadContext.nonce },
        // The whole document, then one write (issue 18): no page waits on data while it renders (loaders
        // finish first), and React's few hundred small chunks each cost a trip through the compressor and
        // a parse task in the browser. A page is 20-40 kB.
        onAllReady() {
          shellRendered = true;
          const body = deferHydration();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const html = Buffer.concat(chunks);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.set("Content-Length", String(html.byteLength));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ requestId: loadContext.requestId, err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A page of links (a `static` handle, decision 032) that answers 200 to a visitor who is not signed in and gets
 * no cookie: the same for the next such visitor, so it may be kept (decision 038).
 */
function mayBeKept(request: Request, status: number, headers: Headers, context: EntryContext) {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) return false;
  const { matches, loaderData } = context.staticHandlerContext;
  const leaf = matches.at(-1);
  const handle = leaf && (context.routeModules[leaf.route.id]?.handle as PageHandle | undefined);
  return handle?.static === true && (loaderData.root as RootData | undefined)?.user === null;
}

function describe(error: unknown) {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return error === undefined ? undefined : String(error);
}

/** Logs unexpected errors of loaders, actions and rendering; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  noteDatabaseError(error);
  logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled error");
};
