import { redirect } from "react-router";
import { localizePath, splitLocale } from "../../domain/i18n";
import { endSession } from "../../server/auth/session.server";
import type { Route } from "./+types/logout";

/** Ends the session (in the database, not only the cookie) and goes home. */
export async function action({ request }: Route.ActionArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(localizePath("/", locale), { headers: { "Set-Cookie": await endSession(request) } });
}

/** Logging out changes state, so a GET only leads back home. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/", splitLocale(new URL(request.url).pathname).locale));
}
