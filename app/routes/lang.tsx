import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { isLanguageSegment } from "../domain/i18n";
import { notFound } from "../server/http/results.server";
import type { Route } from "./+types/lang";

/** The optional language segment of every page: an unknown prefix (/xx/stores, /en/stores) is no page. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isLanguageSegment(params.lang)) notFound();
  return null;
}

export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang;
}

export default function Language() {
  return <Outlet />;
}
