import { useTranslation } from "react-i18next";
import { AdminPage, DataTable, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { adminListShops } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/shops";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { shops: await adminListShops() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.shops");

export default function Shops({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  type Row = (typeof loaderData.shops)[number];
  return (
    <AdminPage title={t("admin.nav.shops")} create="/admin/shop/create">
      <DataTable<Row>
        rows={loaderData.shops}
        rowHref={(s) => `/admin/shop/${s.id}`}
        empty={t("admin.empty")}
        columns={[
          { key: "name", label: t("admin.field.name"), cell: (s) => s.name },
          { key: "town", label: t("admin.field.town"), cell: (s) => s.town },
          { key: "phone", label: t("admin.field.phone"), cell: (s) => s.phone },
          { key: "active", label: t("admin.field.active"), cell: (s) => <YesNo value={s.active} /> },
        ]}
      />
    </AdminPage>
  );
}
