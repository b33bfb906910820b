import { CategoryFields } from "../../components/admin/category-form";
import { RecordForm } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { categorySchema } from "../../domain/admin/category";
import { pick } from "../../domain/i18n";
import { slugSchema } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { deleteCategory, getCategory, updateCategory } from "../../server/admin/categories.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/category";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return found(await getCategory(param(slugSchema(), params.id)));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(slugSchema(), params.id);
  const form = await readForm(request);
  if (form.intent === "delete") {
    const deleted = await deleteCategory(user.id, id);
    if (!deleted.ok) return refuse(deleted, form);
    return redirectTo(request, "/admin/categories?deleted=1");
  }
  return saveForm(
    request,
    form,
    categorySchema,
    (input) => updateCategory(user.id, id, input),
    () => `/admin/category/${id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.categories");

export default function CategoryRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { category, items, audit } = loaderData;
  const name = pick(category.name, locale);
  type Item = (typeof items)[number];
  return (
    <AdminPage title={name} back="/admin/categories">
      <RecordForm reply={actionData} initial={category}>
        <p className="text-sm text-slate-600">
          {t("admin.field.id")}: <code>{category.id}</code>
        </p>
        <CategoryFields />
      </RecordForm>
      <Section title={t("admin.nav.items")}>
        <DataTable<Item>
          rows={items}
          rowHref={(i) => `/admin/item/${i.id}`}
          empty={t("admin.categories.noItems")}
          columns={[
            { key: "name", label: t("admin.field.name"), cell: (i) => pick(i.name, locale) },
            { key: "kind", label: t("admin.field.kind"), cell: (i) => t(`admin.kind.${i.kind}`) },
          ]}
        />
      </Section>
      <DeleteRecord name={name} blocked={items.length > 0 ? t("admin.categories.deleteBlocked", { count: items.length }) : null} />
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
