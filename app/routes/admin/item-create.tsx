import { RecordForm } from "../../components/admin/form";
import { ItemFields } from "../../components/admin/item-form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { newItemSchema } from "../../domain/admin/item";
import { useTranslation } from "../../i18n/react";
import { createItem, itemCategories } from "../../server/admin/items.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/item-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [categories, { defaultVatRateBp }] = await Promise.all([itemCategories(), getSettings()]);
  return {
    categories,
    // The shop's default VAT rate (settings), as the form shows percentages.
    values: { appId: "winter", sizing: "none", vatRate: String(defaultVatRateBp / 100), active: true, sort: 0 },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  return saveForm(
    request,
    form,
    newItemSchema,
    (input) => createItem(user.id, input),
    (value) => `/admin/item/${value.id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.items.new");

export default function CreateItem({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.items.new")} back="/admin/items">
      <p className="mb-4 max-w-3xl text-slate-700">{t("admin.items.createLead")}</p>
      <RecordForm reply={actionData} initial={loaderData.values} saveLabel={t("admin.form.create")}>
        <ItemFields categories={loaderData.categories} withSlug />
      </RecordForm>
    </AdminPage>
  );
}
