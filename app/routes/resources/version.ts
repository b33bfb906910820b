import type { Route } from "./+types/version";

/** The build the server runs; the browser compares it with its own to notice a deploy. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ version: context.buildVersion }, { headers: { "Cache-Control": "no-store" } });
}
