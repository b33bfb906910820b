import type { LoaderFunctionArgs } from "react-router";
import { calendarFeedIcs } from "../../server/admin/calendar-feed.server";
import { publicOrigin } from "../../server/config.server";
import { FAILURE_STATUS, failureHeaders } from "../../server/http/problems.server";

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
  // The status (and Retry-After) of the refusal's reason, as the shop maps every failure; a bare text body.
  const status = FAILURE_STATUS[feed.reason];
  return new Response(status === 429 ? "Too many requests" : "Not found", {
    status,
    headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8", ...failureHeaders(feed) },
  });
}
