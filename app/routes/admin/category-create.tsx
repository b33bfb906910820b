import { Form, redirect } from "react-router";
import { CategoryFields } from "../../components/admin/category-form";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { newCategorySchema } from "../../domain/admin/category";
import { localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { createCategory } from "../../server/admin/categories.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/category-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: { appId: "winter", kind: "rental", sort: 0 } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request, newCategorySchema);
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await createCategory(user.id, form.data);
  if (!saved.ok) return refused(form.values, saved.errors);
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(`${localizePath(`/admin/category/${form.data.id}`, locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.categories.new");

export default function CreateCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.categories.new")} back="/admin/categories">
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="space-y-6">
        <CategoryFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors} withId />
        <SaveButton label={t("admin.form.create")} />
      </Form>
    </AdminPage>
  );
}
