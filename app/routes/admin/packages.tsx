import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { packagesQuery } from "../../domain/admin/package";
import { formatMoney } from "../../domain/format";
import { pick } from "../../domain/i18n";
import { SEASONS, SKILLS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { listPackages } from "../../server/admin/packages.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/packages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listPackages(readQuery(request, packagesQuery));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.packages");

/** The packages of both seasons (decision 030), searched, filtered and sorted like every other list. */
export default function Packages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.nav.packages")}>
      <ListToolbar
        searchLabel={t("admin.list.search")}
        filters={[
          { name: "app", label: t("admin.field.season"), options: SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) })) },
          { name: "level", label: t("admin.packages.level"), options: SKILLS.map((s) => ({ value: s, label: t(`booking.skill.${s}`) })) },
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
          rowKey={(p) => p.id}
          rowHref={(p) => `/admin/package/${p.id}`}
          empty={{ text: t("admin.packages.empty") }}
          columns={[
            { key: "name", label: t("admin.field.name"), sort: "name", cell: (p) => pick(p.name, locale) },
            { key: "app", label: t("admin.field.season"), cell: (p) => t(`season.${p.appId}`) },
            { key: "level", label: t("admin.packages.level"), cell: (p) => t(`booking.skill.${p.level}`) },
            {
              key: "price",
              label: t("admin.packages.oneDay"),
              sort: "price",
              align: "right",
              cell: (p) => formatMoney(p.dayPrices[0] ?? 0, locale),
            },
            {
              key: "child",
              label: t("admin.packages.childOneDay"),
              align: "right",
              cell: (p) => formatMoney(p.childDayPrices[0] ?? 0, locale),
            },
            { key: "active", label: t("admin.field.active"), cell: (p) => (p.active ? t("admin.yes") : t("admin.no")) },
          ]}
        />
      </div>
    </AdminPage>
  );
}
