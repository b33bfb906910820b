import { RecordForm } from "../../components/admin/form";
import { ShopFields } from "../../components/admin/shop-form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { newShopSchema } from "../../domain/admin/shop";
import { useTranslation } from "../../i18n/react";
import { createShop } from "../../server/admin/shops.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
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
      <RecordForm reply={actionData} initial={loaderData.values} saveLabel={t("admin.form.create")} intro={t("admin.shops.createIntro")}>
        <ShopFields withSlug />
      </RecordForm>
    </AdminPage>
  );
}
