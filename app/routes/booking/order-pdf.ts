import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { splitLocale } from "../../domain/i18n";
import { publicOrigin } from "../../server/config.server";
import { damageFeesOf } from "../../server/counter/damage.server";
import { depositDueOf } from "../../server/counter/deposits.server";
import { found, languageParam, param } from "../../server/http/results.server";
import { orderConfirmationPdf } from "../../server/orders/documents.server";
import { getOrderByToken, orderPageUrl } from "../../server/orders/orders.server";

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** /order/{token}/confirmation.pdf: the order confirmation to print or show at the counter, in the page's language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // A resource route runs without the language route's loader, so it checks the prefix itself.
  languageParam(params.lang);
  const id = param(token, params.id);
  const record = found(await getOrderByToken(id));
  const { locale } = splitLocale(new URL(request.url).pathname);
  const pdf = await orderConfirmationPdf(
    {
      ...record,
      orderUrl: orderPageUrl(publicOrigin(request), id, locale),
      damageFees: await damageFeesOf(record.order.id),
      depositCents: await depositDueOf(record.order.id),
    },
    locale,
  );
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${record.order.number}.pdf"`,
      // Personal data behind an unguessable link: no shared cache keeps it, no search engine lists it.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
