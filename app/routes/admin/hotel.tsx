import { Form, Link } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { HotelDelete, HotelFields } from "../../components/admin/hotel-form";
import { AuditTrail } from "../../components/admin/record";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage } from "../../components/admin/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { hotelSchema } from "../../domain/admin/hotel";
import { rowId } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { deleteHotel, getHotel, setHotelActive, updateHotel } from "../../server/admin/hotels.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/hotel";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return found(await getHotel(param(rowId, params.id)));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const form = await readForm(request);
  if (form.intent === "delete") {
    const deleted = await deleteHotel(user.id, id);
    // A target of its own: the delete form posts no fields, and its refusal must not empty the hotel's.
    if (!deleted.ok) return refuse(deleted, form, "delete");
    return redirectTo(request, "/admin/settings/hotels?deleted=1");
  }
  if (form.intent === "deactivate") {
    const changed = await setHotelActive(user.id, id, false);
    if (!changed.ok) return refuse(changed, form, "delete");
    return redirectTo(request, `/admin/settings/hotel/${id}?saved=1`);
  }
  return saveForm(
    request,
    form,
    hotelSchema,
    (input) => updateHotel(user.id, id, input),
    () => `/admin/settings/hotel/${id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.hotels.title");

export default function HotelRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { hotel, orders, audit } = loaderData;
  const refusedDelete = replyFor(actionData, "delete");
  return (
    <AdminPage title={hotel.name} back="/admin/settings/hotels">
      <SettingsTabs />
      <FormValues reply={actionData} initial={{ ...hotel, active: hotel.active ? "true" : "" }}>
        {refusedDelete ? <FormStatus reply={refusedDelete} /> : <FormStatus />}
        <Form method="post" noValidate className="max-w-3xl space-y-6">
          <HotelFields />
          <SaveButton />
        </Form>
      </FormValues>
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
