import { Form, redirect } from "react-router";
import { z } from "zod";
import { CategoryFields } from "../../components/admin/category-form";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { categorySchema } from "../../domain/admin/category";
import { localizePath, pick, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { deleteCategory, getCategory, updateCategory } from "../../server/admin/categories.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { notFound, param } from "../../server/http/errors.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/category";

const categoryId = z.string().regex(/^[a-z0-9-]{1,60}$/);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getCategory(param(categoryId, params.id));
  if (!found) notFound();
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(categoryId, params.id);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const form = await readForm(request, categorySchema);
  if (form.intent === "delete") {
    const deleted = await deleteCategory(user.id, id);
    if (deleted === null) notFound();
    if (!deleted) return refused(form.values, { form: "admin.errors.categoryInUse" });
    return redirect(`${localizePath("/admin/categories", locale)}?deleted=1`);
  }
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await updateCategory(user.id, id, form.data);
  if (saved === null) notFound();
  if (!saved.ok) return refused(form.values, saved.errors);
  return redirect(`${localizePath(`/admin/category/${id}`, locale)}?saved=1`);
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
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="space-y-6">
        <p className="text-sm text-slate-600">
          {t("admin.field.id")}: <code>{category.id}</code>
        </p>
        <CategoryFields values={actionData?.values ?? category} errors={actionData?.errors} />
        <SaveButton />
      </Form>
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
