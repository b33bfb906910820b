import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteLoaderData } from "react-router";
import { localizePath } from "../domain/i18n";
import { isChunkLoadError } from "../domain/reload-guard";
import { useTranslation } from "../i18n/react";
import type { RootData } from "../server/http/root-data.server";
import { reloadAfterChunkError } from "./client-resilience";
import { SiteFrame } from "./site-frame";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "object" && error.data && "message" in error.data ? String(error.data.message) : "";
    return [`${error.status} ${error.statusText}`.trim(), message].filter(Boolean).join(": ");
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The error page of docs/spec.md §2 and §8. Its title and first line are the product's contract texts and stay
 * as the spec words them in every language (docs/decisions/005-error-texts.md); the help below is translated.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const location = useLocation();
  const data = useRouteLoaderData<RootData>("root");
  // A page's code failed to load after a new build: load the page afresh, once (the guard decides).
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  if (isChunkLoadError(error)) return <ChunkErrorPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const title = notFound ? "Page Not Found" : "Internal Server Error";
  const message = notFound ? `Page not found: ${location.pathname}` : describe(error);
  const body = (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 break-words text-slate-700" data-testid="error-message">
        {message}
      </p>
      {data && <ErrorHelp status={status} home={localizePath("/", data.locale)} />}
    </div>
  );
  return data ? <SiteFrame>{body}</SiteFrame> : <main>{body}</main>;
}

function ErrorHelp({ status, home }: { status: number; home: string }) {
  const { t } = useTranslation();
  const help =
    status === 404
      ? t("errors.notFoundHelp")
      : status === 403
        ? t("errors.forbiddenHelp")
        : status === 413
          ? t("errors.tooLargeHelp")
          : status === 400 || status === 415
            ? t("errors.badRequestHelp")
            : t("errors.serverHelp");
  return (
    <>
      <p className="mt-2 text-slate-600">{help}</p>
      <Link to={home} className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
        {t("errors.backHome")}
      </Link>
    </>
  );
}

/**
 * The page's code could not be loaded, again, within the reload guard: the shop was updated while the
 * visitor had it open. Not the browser's "Failed to fetch dynamically imported module", which reads like a
 * fault and says nothing to do, but what happened and a link that loads this page afresh (it works without
 * JavaScript too).
 */
function ChunkErrorPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const data = useRouteLoaderData<RootData>("root");
  const body = (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{t("errors.chunkTitle")}</title>
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words">{t("errors.chunkTitle")}</h1>
      <p className="mt-4 text-slate-700" data-testid="error-message">
        {t("errors.chunkHelp")}
      </p>
      <a
        href={`${location.pathname}${location.search}${location.hash}`}
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        {t("errors.reload")}
      </a>
    </div>
  );
  return data ? <SiteFrame>{body}</SiteFrame> : <main>{body}</main>;
}
