import { Form, redirect } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { ItemFields } from "../../components/admin/item-form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { newItemSchema } from "../../domain/admin/item";
import { localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { createItem, itemCategories } from "../../server/admin/items.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm, refused } from "../../server/http/forms.server";
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
  const form = await readForm(request, newItemSchema);
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await createItem(user.id, form.data);
  if (!saved.ok) return refused(form.values, saved.errors);
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(`${localizePath(`/admin/item/${saved.id}`, locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.items.new");

export default function CreateItem({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.items.new")} back="/admin/items">
      <p className="mb-4 max-w-3xl text-slate-700">{t("admin.items.createLead")}</p>
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="space-y-6">
        <ItemFields
          values={actionData?.values ?? loaderData.values}
          errors={actionData?.errors}
          categories={loaderData.categories}
          withSlug
        />
        <SaveButton label={t("admin.form.create")} />
      </Form>
    </AdminPage>
  );
}
