import { AdminPage, DataTable } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { formatMoney } from "../../domain/format";
import { pick } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { listPackages } from "../../server/admin/packages.server";
import { requireAdmin } from "../../server/auth/guards.server";
import type { Route } from "./+types/packages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { packages: await listPackages() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.packages");

/** The packages of both seasons (decision 030): few enough for one table. */
export default function Packages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.packages)[number];
  return (
    <AdminPage title={t("admin.nav.packages")}>
      <DataTable<Row>
        rows={loaderData.packages}
        rowHref={(p) => `/admin/package/${p.id}`}
        empty={t("admin.packages.empty")}
        columns={[
          { key: "name", label: t("admin.field.name"), cell: (p) => pick(p.name, locale) },
          { key: "app", label: t("admin.field.season"), cell: (p) => t(`season.${p.appId}`) },
          { key: "level", label: t("admin.packages.level"), cell: (p) => t(`booking.skill.${p.level}`) },
          { key: "price", label: t("admin.packages.oneDay"), cell: (p) => formatMoney(p.dayPrices[0] ?? 0, locale) },
          { key: "child", label: t("admin.packages.childOneDay"), cell: (p) => formatMoney(p.childDayPrices[0] ?? 0, locale) },
          { key: "active", label: t("admin.field.active"), cell: (p) => (p.active ? t("admin.yes") : t("admin.no")) },
        ]}
      />
    </AdminPage>
  );
}
