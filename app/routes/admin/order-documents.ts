import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import type { Locale } from "../../domain/i18n";
import { getAdminOrder } from "../../server/admin/orders.server";
import { publicOrigin } from "../../server/config.server";
import { contractInput } from "../../server/counter/agreements.server";
import { damageFeesOf } from "../../server/counter/damage.server";
import { depositDueOf } from "../../server/counter/deposits.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { found, param } from "../../server/http/results.server";
import { orderConfirmationPdf, rentalContractPdf } from "../../server/orders/documents.server";
import { orderPageUrl } from "../../server/orders/orders.server";

const document = z.enum(["contract.pdf", "confirmation.pdf"]);

/**
 * /admin/order/{id}/contract.pdf and …/confirmation.pdf: the rental contract to sign at pickup and the order
 * to print, in the order's language (the customer's), for staff of the order's branch.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const which = param(document, params.document);
  const record = found(await getAdminOrder(user, param(z.uuid(), params.id)));
  const locale = record.order.language as Locale;
  const orderUrl = orderPageUrl(publicOrigin(request), record.order.token, locale);
  const pdf =
    which === "contract.pdf"
      ? await rentalContractPdf(await contractInput(record.order, publicOrigin(request)), locale)
      : await orderConfirmationPdf(
          {
            ...record,
            orderUrl,
            damageFees: await damageFeesOf(record.order.id),
            depositCents: await depositDueOf(record.order.id),
          },
          locale,
        );
  const name = which === "contract.pdf" ? `contract-${record.order.number}.pdf` : `${record.order.number}.pdf`;
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
