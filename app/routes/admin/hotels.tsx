import { z } from "zod";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { listQuery } from "../../domain/admin/list";
import { formatPercent } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { listHotels } from "../../server/admin/hotels.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/hotels";

const query = listQuery(["name", "town", "discount", "commission"], {
  active: z.enum(["yes", "no"]).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listHotels(readQuery(request, query));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.hotels.title");

export default function Hotels({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.hotels.title")} create="/admin/settings/hotel/create">
      <SettingsTabs />
      <ListToolbar
        searchLabel={t("admin.list.search")}
        filters={[
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
          rowKey={(r) => r.hotel.id}
          rowHref={(r) => `/admin/settings/hotel/${r.hotel.id}`}
          empty={{ text: t("admin.hotels.empty"), action: { label: t("admin.hotels.new"), to: "/admin/settings/hotel/create" } }}
          columns={[
            { key: "name", label: t("admin.field.name"), sort: "name", cell: (r) => r.hotel.name },
            { key: "town", label: t("admin.field.town"), sort: "town", cell: (r) => r.hotel.town },
            {
              key: "discount",
              label: t("admin.hotels.discount"),
              sort: "discount",
              align: "right",
              cell: (r) => formatPercent(r.hotel.discountPercent, locale),
            },
            {
              key: "commission",
              label: t("admin.hotels.commission"),
              sort: "commission",
              align: "right",
              cell: (r) => formatPercent(r.hotel.commissionPercent, locale),
            },
            { key: "orders", label: t("admin.nav.orders"), align: "right", cell: (r) => r.orders },
            { key: "active", label: t("admin.field.active"), cell: (r) => <YesNo value={r.hotel.active} /> },
          ]}
        />
      </div>
    </AdminPage>
  );
}
