import { useTranslation } from "react-i18next";
import { AdminPage, DataTable } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { adminListCategories } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/categories";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await adminListCategories() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.categories");

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.categories)[number];
  return (
    <AdminPage title={t("admin.nav.categories")} create="/admin/category/create">
      <DataTable<Row>
        rows={loaderData.categories}
        rowHref={(r) => `/admin/category/${r.category.id}`}
        empty={t("admin.empty")}
        columns={[
          { key: "name", label: t("admin.field.name"), cell: (r) => pick(r.category.name, locale) },
          { key: "app", label: t("admin.field.season"), cell: (r) => t(`season.${r.category.appId}`) },
          { key: "kind", label: t("admin.field.kind"), cell: (r) => t(`admin.kind.${r.category.kind}`) },
          { key: "items", label: t("admin.nav.items"), cell: (r) => r.items },
        ]}
      />
    </AdminPage>
  );
}
