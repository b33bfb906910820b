import { Form, Link, redirect } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { HotelDelete, HotelFields } from "../../components/admin/hotel-form";
import { AuditTrail } from "../../components/admin/record";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { hotelSchema } from "../../domain/admin/hotel";
import { localizePath, splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { deleteHotel, getHotel, setHotelActive, updateHotel } from "../../server/admin/hotels.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { notFound, param } from "../../server/http/errors.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/hotel";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getHotel(param(rowId, params.id));
  if (!found) notFound();
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const form = await readForm(request, hotelSchema);
  if (form.intent === "delete") {
    const deleted = await deleteHotel(user.id, id);
    if (deleted === null) notFound();
    if (!deleted) return refused(form.values, { form: "admin.hotels.deleteRefused" });
    return redirect(`${localizePath("/admin/settings/hotels", locale)}?deleted=1`);
  }
  if (form.intent === "deactivate") {
    if (!(await setHotelActive(user.id, id, false))) notFound();
    return redirect(`${localizePath(`/admin/settings/hotel/${id}`, locale)}?saved=1`);
  }
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await updateHotel(user.id, id, form.data);
  if (saved === null) notFound();
  if (!saved.ok) return refused(form.values, saved.errors);
  return redirect(`${localizePath(`/admin/settings/hotel/${id}`, locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.hotels.title");

export default function HotelRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { hotel, orders, audit } = loaderData;
  return (
    <AdminPage title={hotel.name} back="/admin/settings/hotels">
      <SettingsTabs />
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="max-w-3xl space-y-6">
        <HotelFields values={actionData?.values ?? { ...hotel, active: hotel.active ? "true" : "" }} errors={actionData?.errors} />
        <SaveButton />
      </Form>
      <p className="mt-6 text-sm text-slate-700">
        {t("admin.hotels.ordersNamed", { count: orders })}{" "}
        <Link to={href(`/admin/settings/hotels/report?hotel=${hotel.id}`)} className="font-medium text-brand-700 underline">
          {t("admin.hotels.reportLink")}
        </Link>
      </p>
      <HotelDelete name={hotel.name} orders={orders} active={hotel.active} />
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
