import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { ErrorPage } from "../components/error-page";
import { languageParam } from "../server/http/results.server";
import type { Route } from "./+types/lang";

/** The optional language segment of every page: an unknown prefix (/xx/stores, /en/stores) is no page. */
export function loader({ params }: Route.LoaderArgs) {
  languageParam(params.lang);
  return null;
}

export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang;
}

export default function Language() {
  return <Outlet />;
}

/**
 * Errors of every page, shown below the root: the root's loader still runs when a page's action or loader
 * fails (a post that is no form, a missing record), so the error page keeps the site's frame, language and
 * translated help. Only a failing root loader falls through to the root's boundary.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
