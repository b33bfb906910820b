import { Form, redirect } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { HotelFields } from "../../components/admin/hotel-form";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { hotelSchema } from "../../domain/admin/hotel";
import { localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { createHotel } from "../../server/admin/hotels.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/hotel-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: { discountPercent: 0, commissionPercent: 0, active: "true" } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request, hotelSchema);
  if (!form.ok) return refused(form.values, form.errors);
  const created = await createHotel(user.id, form.data);
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(`${localizePath(`/admin/settings/hotel/${created.id}`, locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.hotels.new");

export default function CreateHotel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.hotels.new")} back="/admin/settings/hotels">
      <SettingsTabs />
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="max-w-3xl space-y-6">
        <HotelFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors} />
        <SaveButton label={t("admin.form.create")} />
      </Form>
    </AdminPage>
  );
}
