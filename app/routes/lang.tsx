import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
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
