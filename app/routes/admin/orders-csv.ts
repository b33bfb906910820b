import type { LoaderFunctionArgs } from "react-router";
import { csvDialect, ordersQuery } from "../../domain/admin/order";
import { splitLocale } from "../../domain/i18n";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { exportOrders } from "../../server/admin/orders.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";

/** /admin/orders.csv: the order list with its filters, for a spreadsheet or the accountant. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const t = getT(locale, messages[locale]);
  const header = [
    "number",
    "status",
    "source",
    "shop",
    "season",
    "created",
    "pickup",
    "return",
    "customer",
    "email",
    "phone",
    "total",
    "paid",
    "damageWaiver",
  ].map((key) => t(`admin.orders.csvColumn.${key}`));
  const csv = await exportOrders(user, readQuery(request, ordersQuery), header, csvDialect(locale), t);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
