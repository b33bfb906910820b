import { endSession } from "../../server/auth/session.server";
import { redirectTo } from "../../server/http/results.server";
import type { Route } from "./+types/logout";

/** Ends the session (in the database, not only the cookie) and goes home. Nothing posted is read. */
export async function action({ request }: Route.ActionArgs) {
  const home = redirectTo(request, "/");
  home.headers.set("Set-Cookie", await endSession(request));
  return home;
}

/** Logging out changes state, so a GET only leads back home. */
export function loader({ request }: Route.LoaderArgs) {
  return redirectTo(request, "/");
}
