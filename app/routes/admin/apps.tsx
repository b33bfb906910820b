import { useTranslation } from "react-i18next";
import { AdminPage, DataTable, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { adminListApps } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/apps";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { apps: await adminListApps() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.apps");

export default function Apps({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.apps)[number];
  return (
    <AdminPage title={t("admin.nav.apps")} create="/admin/app/create">
      <DataTable<Row>
        rows={loaderData.apps}
        rowHref={(a) => `/admin/app/${a.id}`}
        empty={t("admin.empty")}
        columns={[
          { key: "name", label: t("admin.field.name"), cell: (a) => pick(a.name, locale) },
          { key: "season", label: t("admin.field.season"), cell: (a) => `${a.seasonStart} – ${a.seasonEnd}` },
          { key: "enabled", label: t("admin.field.enabled"), cell: (a) => <YesNo value={a.enabled} /> },
        ]}
      />
    </AdminPage>
  );
}
