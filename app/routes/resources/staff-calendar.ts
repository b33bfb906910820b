import type { LoaderFunctionArgs } from "react-router";
import { calendarFeedIcs } from "../../server/admin/calendar-feed.server";
import { publicOrigin } from "../../server/config.server";

const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * /calendar/{token}.ics: a back-office user's pickups and returns for their calendar app (decision 051).
 * The token is the only credential: no session cookie is read, and every refusal is a bare 404 (or 429),
 * saying nothing of whether the link ever existed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = await calendarFeedIcs(params.token ?? "", publicOrigin(request));
  if (feed.ok)
    return new Response(feed.value, {
      headers: { ...HEADERS, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="rentals.ics"' },
    });
  if (feed.reason === "limited")
    return new Response("Too many requests", {
      status: 429,
      headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(feed.retryAfter) },
    });
  return new Response("Not found", { status: 404, headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}
