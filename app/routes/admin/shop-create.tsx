import { Form } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { ShopFields } from "../../components/admin/shop-form";
import { AdminPage } from "../../components/admin/ui";
import { FormValues } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { newShopSchema } from "../../domain/admin/shop";
import { useTranslation } from "../../i18n/react";
import { createShop } from "../../server/admin/shops.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import type { Route } from "./+types/shop-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // A new branch starts inactive: it goes public once its hours are set.
  return { values: { country: "IT", sort: 0, active: false, appIds: [] } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  return saveForm(
    request,
    form,
    newShopSchema,
    (input) => createShop(user.id, input),
    (value) => `/admin/shop/${value.id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.shops.new");

export default function CreateShop({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.shops.new")} back="/admin/shops">
      <FormValues reply={actionData} initial={loaderData.values}>
        <FormStatus />
        <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("admin.shops.createIntro")}</p>
        <Form method="post" noValidate className="space-y-6">
          <ShopFields withSlug />
          <SaveButton label={t("admin.form.create")} />
        </Form>
      </FormValues>
    </AdminPage>
  );
}
