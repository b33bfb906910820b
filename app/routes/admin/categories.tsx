import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { listQuery } from "../../domain/admin/list";
import { pick } from "../../domain/i18n";
import { ITEM_KINDS, itemKindSchema, SEASONS, seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { listCategories } from "../../server/admin/categories.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/categories";

const query = listQuery(["sort", "name", "id"], {
  app: seasonSchema.optional().catch(undefined),
  kind: itemKindSchema.optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listCategories(readQuery(request, query));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.categories");

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.nav.categories")} create="/admin/category/create">
      <ListToolbar
        searchLabel={t("admin.list.search")}
        filters={[
          { name: "app", label: t("admin.field.season"), options: SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) })) },
          {
            name: "kind",
            label: t("admin.field.kind"),
            options: ITEM_KINDS.map((kind) => ({ value: kind, label: t(`admin.kind.${kind}`) })),
          },
        ]}
      />
      <div className="mt-4">
        <ListTable<Row>
          page={loaderData}
          rowKey={(r) => r.category.id}
          rowHref={(r) => `/admin/category/${r.category.id}`}
          empty={{ text: t("admin.categories.empty"), action: { label: t("admin.categories.new"), to: "/admin/category/create" } }}
          columns={[
            { key: "name", label: t("admin.field.name"), sort: "name", cell: (r) => pick(r.category.name, locale) },
            { key: "id", label: t("admin.field.id"), sort: "id", cell: (r) => <code>{r.category.id}</code> },
            { key: "app", label: t("admin.field.season"), cell: (r) => t(`season.${r.category.appId}`) },
            { key: "kind", label: t("admin.field.kind"), cell: (r) => t(`admin.kind.${r.category.kind}`) },
            { key: "sort", label: t("admin.field.sort"), sort: "sort", align: "right", cell: (r) => r.category.sort },
            { key: "items", label: t("admin.nav.items"), align: "right", cell: (r) => r.items },
          ]}
        />
      </div>
    </AdminPage>
  );
}
