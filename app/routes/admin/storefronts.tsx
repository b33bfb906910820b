import { z } from "zod";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { useMonthDay } from "../../components/admin/storefront-form";
import { AdminPage, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { listQuery } from "../../domain/admin/list";
import { pick } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { listStorefronts } from "../../server/admin/storefronts.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/storefronts";

const query = listQuery(["sort", "name", "id"], {
  enabled: z.enum(["yes", "no"]).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listStorefronts(readQuery(request, query));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.apps");

export default function Storefronts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = useMonthDay();
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.nav.apps")} create="/admin/app/create">
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("admin.apps.intro")}</p>
      <ListToolbar
        searchLabel={t("admin.list.search")}
        filters={[
          {
            name: "enabled",
            label: t("admin.field.enabled"),
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
          rowKey={(r) => r.storefront.id}
          rowHref={(r) => `/admin/app/${r.storefront.id}`}
          empty={{ text: t("admin.apps.empty"), action: { label: t("admin.apps.new"), to: "/admin/app/create" } }}
          columns={[
            { key: "name", label: t("admin.field.name"), sort: "name", cell: (r) => pick(r.storefront.name, locale) },
            { key: "id", label: t("admin.field.id"), sort: "id", cell: (r) => <code>{r.storefront.id}</code> },
            {
              key: "season",
              label: t("admin.apps.seasonWindow"),
              cell: (r) => `${day(r.storefront.seasonStart)} – ${day(r.storefront.seasonEnd)}`,
            },
            { key: "enabled", label: t("admin.field.enabled"), cell: (r) => <YesNo value={r.storefront.enabled} /> },
            { key: "categories", label: t("admin.nav.categories"), align: "right", cell: (r) => r.categories },
            { key: "shops", label: t("admin.field.shops"), align: "right", cell: (r) => r.shops },
            { key: "sort", label: t("admin.field.sort"), sort: "sort", align: "right", cell: (r) => r.storefront.sort },
          ]}
        />
      </div>
    </AdminPage>
  );
}
