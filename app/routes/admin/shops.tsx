import { z } from "zod";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { listQuery } from "../../domain/admin/list";
import { SEASONS, seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { listShops } from "../../server/admin/shops.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/shops";

const query = listQuery(["sort", "name", "town"], {
  app: seasonSchema.optional().catch(undefined),
  active: z.enum(["yes", "no"]).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listShops(readQuery(request, query));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.shops");

export default function Shops({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.nav.shops")} create="/admin/shop/create">
      <ListToolbar
        searchLabel={t("admin.list.search")}
        filters={[
          { name: "app", label: t("admin.shops.serves"), options: SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) })) },
          {
            name: "active",
            label: t("admin.field.active"),
            options: [
              { value: "yes", label: t("admin.yes") },
              { value: "no", label: t("admin.no") },
            ],
          },
        ]}
      />
      <div className="mt-4">
        <ListTable<Row>
          page={loaderData}
          rowKey={(r) => r.shop.id}
          rowHref={(r) => `/admin/shop/${r.shop.id}`}
          empty={{ text: t("admin.shops.empty"), action: { label: t("admin.shops.new"), to: "/admin/shop/create" } }}
          columns={[
            { key: "name", label: t("admin.field.name"), sort: "name", cell: (r) => r.shop.name },
            { key: "town", label: t("admin.field.town"), sort: "town", cell: (r) => r.shop.town },
            {
              key: "apps",
              label: t("admin.shops.serves"),
              cell: (r) => (r.appIds.length > 0 ? r.appIds.map((id) => t(`season.${id}`)).join(", ") : "—"),
            },
            { key: "phone", label: t("admin.field.phone"), cell: (r) => r.shop.phone },
            { key: "units", label: t("admin.field.units"), align: "right", cell: (r) => r.units },
            { key: "active", label: t("admin.field.active"), cell: (r) => <YesNo value={r.shop.active} /> },
            { key: "sort", label: t("admin.field.sort"), sort: "sort", align: "right", cell: (r) => r.shop.sort },
          ]}
        />
      </div>
    </AdminPage>
  );
}
