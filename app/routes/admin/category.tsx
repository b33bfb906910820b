import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, DataTable, Fields, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { locales, pick } from "../../domain/i18n";
import { adminGetCategory } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/category";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await adminGetCategory(param(z.string().regex(/^[a-z0-9-]{1,60}$/), params.id));
  if (!found) notFound();
  return found;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.categories");

export default function CategoryRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { category, items } = loaderData;
  type Item = (typeof items)[number];
  return (
    <AdminPage title={pick(category.name, locale)}>
      <Fields
        fields={[
          [t("admin.field.id"), category.id],
          [t("admin.field.season"), t(`season.${category.appId}`)],
          [t("admin.field.kind"), t(`admin.kind.${category.kind}`)],
          ...locales.map((l): [string, React.ReactNode] => [`${t("admin.field.name")} (${l})`, category.name[l]]),
        ]}
      />
      <Section title={t("admin.nav.items")}>
        <DataTable<Item>
          rows={items}
          rowHref={(i) => `/admin/item/${i.id}`}
          empty={t("admin.empty")}
          columns={[
            { key: "name", label: t("admin.field.name"), cell: (i) => pick(i.name, locale) },
            { key: "kind", label: t("admin.field.kind"), cell: (i) => t(`admin.kind.${i.kind}`) },
          ]}
        />
      </Section>
    </AdminPage>
  );
}
