import { CategoryFields } from "../../components/admin/category-form";
import { RecordForm } from "../../components/admin/form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { newCategorySchema } from "../../domain/admin/category";
import { useTranslation } from "../../i18n/react";
import { createCategory } from "../../server/admin/categories.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import type { Route } from "./+types/category-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: { appId: "winter", kind: "rental", sort: 0 } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  return saveForm(
    request,
    form,
    newCategorySchema,
    (input) => createCategory(user.id, input),
    (_value, input) => `/admin/category/${input.id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.categories.new");

export default function CreateCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.categories.new")} back="/admin/categories">
      <RecordForm reply={actionData} initial={loaderData.values} saveLabel={t("admin.form.create")}>
        <CategoryFields withId />
      </RecordForm>
    </AdminPage>
  );
}
