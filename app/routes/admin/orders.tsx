import { useTranslation } from "react-i18next";
import { AdminPage, DataTable } from "../../components/admin/ui";
import { formatDate, formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { adminListOrders } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/orders";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { orders: await adminListOrders() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.orders");

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.orders)[number];
  return (
    <AdminPage title={t("admin.nav.orders")} create="/admin/order/create">
      <DataTable<Row>
        rows={loaderData.orders}
        rowHref={(o) => `/admin/order/${o.id}`}
        empty={t("admin.orders.empty")}
        columns={[
          { key: "number", label: t("admin.field.number"), cell: (o) => o.number },
          { key: "name", label: t("admin.field.customer"), cell: (o) => o.name },
          { key: "shop", label: t("admin.field.shop"), cell: (o) => o.shop },
          {
            key: "pickup",
            label: t("order.pickup"),
            cell: (o) => formatDate(o.pickupAt, locale, { dateStyle: "medium", timeStyle: "short" }),
          },
          { key: "status", label: t("admin.field.status"), cell: (o) => t(`order.status.${o.status}`) },
          { key: "total", label: t("admin.field.total"), cell: (o) => formatMoney(o.totalCents, locale) },
        ]}
      />
    </AdminPage>
  );
}
