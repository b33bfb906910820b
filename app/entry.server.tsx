import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import { StylesheetTextContext } from "./components/stylesheet";
import { noteDatabaseError } from "./server/db/health.server";
import { deferHydration } from "./server/http/deferred-hydration.server";
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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and SPA-mode wait for the whole page; people get the shell as soon as it is ready.
    const readyEvent = bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={loadContext.nonce}>
        <StylesheetTextContext.Provider value={loadContext.stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
        </StylesheetTextContext.Provider>
      </NonceContext.Provider>,
      {
        // Inline scripts and the inlined stylesheet carry the CSP nonce (style-src allows no other inline style element).
        nonce: { script: loadContext.nonce, style: loadContext.nonce },
        [readyEvent]() {
          shellRendered = true;
          const body = deferHydration();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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
