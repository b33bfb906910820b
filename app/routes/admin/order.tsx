import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, Fields } from "../../components/admin/ui";
import { formatDate, formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { adminGetOrder } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/order";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await adminGetOrder(param(z.uuid(), params.id));
  if (!found) notFound();
  const { token: _token, ...order } = found.order;
  return { order, shop: found.shop };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.orders");

export default function OrderRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, shop } = loaderData;
  const when = (d: Date | string) => formatDate(d, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <AdminPage title={order.number}>
      <Fields
        fields={[
          [t("admin.field.status"), t(`order.status.${order.status}`)],
          [t("admin.field.shop"), shop],
          [t("order.pickup"), when(order.pickupAt)],
          [t("order.return"), when(order.returnAt)],
          [t("admin.field.customer"), order.invoiceName],
          [t("admin.field.email"), order.email],
          [t("admin.field.phone"), order.phone],
          [t("admin.field.total"), formatMoney(order.totalCents, locale)],
        ]}
      />
    </AdminPage>
  );
}
