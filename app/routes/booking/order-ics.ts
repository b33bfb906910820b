import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { splitLocale } from "../../domain/i18n";
import { publicOrigin } from "../../server/config.server";
import { found, languageParam, param } from "../../server/http/results.server";
import { orderCalendarIcs } from "../../server/orders/documents.server";
import { getOrderByToken, orderPageUrl } from "../../server/orders/orders.server";

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** /order/{token}/calendar.ics: the pickup and the return for the customer's calendar, in the page's language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // A resource route runs without the language route's loader, so it checks the prefix itself.
  languageParam(params.lang);
  const id = param(token, params.id);
  const record = found(await getOrderByToken(id));
  const { locale } = splitLocale(new URL(request.url).pathname);
  const ics = orderCalendarIcs({ ...record, orderUrl: orderPageUrl(publicOrigin(request), id, locale) }, locale);
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${record.order.number}.ics"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
