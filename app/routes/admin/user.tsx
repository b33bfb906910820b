import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, DataTable, Fields, Section, YesNo } from "../../components/admin/ui";
import { formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { adminGetUser } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/user";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await adminGetUser(param(z.uuid(), params.id));
  if (!found) notFound();
  return found;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.users");

export default function UserRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, shops, orders } = loaderData;
  type Order = (typeof orders)[number];
  return (
    <AdminPage title={user.email}>
      <Fields
        fields={[
          [t("admin.field.name"), user.name],
          [t("admin.field.role"), t(`admin.role.${user.role}`)],
          [t("admin.field.active"), <YesNo key="a" value={user.active} />],
          [t("admin.field.language"), user.language],
          [t("admin.field.shops"), shops.map((s) => s.name).join(", ") || "—"],
        ]}
      />
      <Section title={t("admin.nav.orders")}>
        <DataTable<Order>
          rows={orders}
          rowHref={(o) => `/admin/order/${o.id}`}
          empty={t("admin.empty")}
          columns={[
            { key: "number", label: t("admin.field.number"), cell: (o) => o.number },
            { key: "status", label: t("admin.field.status"), cell: (o) => t(`order.status.${o.status}`) },
            { key: "total", label: t("admin.field.total"), cell: (o) => formatMoney(o.totalCents, locale) },
          ]}
        />
      </Section>
    </AdminPage>
  );
}
