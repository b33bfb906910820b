import { RecordForm } from "../../components/admin/form";
import { HotelFields } from "../../components/admin/hotel-form";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { hotelSchema } from "../../domain/admin/hotel";
import { parse } from "../../domain/forms";
import { useTranslation } from "../../i18n/react";
import { createHotel } from "../../server/admin/hotels.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/hotel-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: { discountPercent: 0, commissionPercent: 0, active: "true" } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  const input = parse(hotelSchema, form.values);
  if (!input.ok) return refuse(input, form);
  const created = await createHotel(user.id, input.value);
  return redirectTo(request, `/admin/settings/hotel/${created.id}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.hotels.new");

export default function CreateHotel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.hotels.new")} back="/admin/settings/hotels">
      <SettingsTabs />
      <RecordForm reply={actionData} initial={loaderData.values} saveLabel={t("admin.form.create")} narrow="3xl">
        <HotelFields />
      </RecordForm>
    </AdminPage>
  );
}
