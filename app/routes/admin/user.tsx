import { redirect } from "react-router";
import { z } from "zod";
import { FormStatus } from "../../components/admin/form";
import { AuditTrail } from "../../components/admin/record";
import { AdminPage, DataTable, Fields, Section } from "../../components/admin/ui";
import { UserAccessForm, UserActivation } from "../../components/admin/user-form";
import { formatDate, formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { userSchema } from "../../domain/admin/user";
import { isLocale, languageName, localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { getUser, setUserActive, updateUser } from "../../server/admin/users.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { notFound, param } from "../../server/http/errors.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/user";

const userId = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const found = await getUser(param(userId, params.id));
  if (!found) notFound();
  return { ...found, self: found.user.id === admin.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = param(userId, params.id);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const here = `${localizePath(`/admin/user/${id}`, locale)}?saved=1`;
  const form = await readForm(request, userSchema);
  if (form.intent === "deactivate" || form.intent === "reactivate") {
    const changed = await setUserActive(admin.id, id, form.intent === "reactivate");
    if (changed === null) notFound();
    if (!changed.ok) return refused({}, changed.errors);
    return redirect(here);
  }
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await updateUser(admin.id, id, form.data);
  if (saved === null) notFound();
  if (!saved.ok) return refused(form.values, saved.errors);
  return redirect(here);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.users");

export default function UserRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, shops, orders, sessions, audit, self } = loaderData;
  const posted = actionData?.values;
  const values = posted && Object.keys(posted).length > 0 ? posted : user;
  type Order = (typeof orders)[number];
  return (
    <AdminPage title={user.name || user.email} back="/admin/users">
      <FormStatus errors={actionData?.errors} />
      <Fields
        fields={[
          [t("admin.field.email"), user.email],
          [t("admin.field.name"), user.name || "—"],
          [t("admin.field.language"), isLocale(user.language) ? languageName[user.language] : user.language],
          [t("admin.users.since"), formatDate(user.createdAt, locale, { dateStyle: "long" })],
        ]}
      />
      <Section title={t("admin.users.access")}>
        {/* Keyed by the stored record: after a save the form shows what was stored (normalized), not what was typed. */}
        <UserAccessForm key={`${user.role} ${user.shopIds.join()}`} values={values} errors={actionData?.errors} shops={shops} self={self} />
      </Section>
      <Section title={t("admin.users.account")}>
        <UserActivation active={user.active} sessions={sessions} self={self} />
      </Section>
      <Section title={t("admin.nav.orders")}>
        <DataTable<Order>
          rows={orders}
          rowHref={(o) => `/admin/order/${o.id}`}
          empty={t("admin.users.noOrders")}
          columns={[
            { key: "number", label: t("admin.field.number"), cell: (o) => o.number },
            { key: "date", label: t("admin.coupons.orderedOn"), cell: (o) => formatDate(o.createdAt, locale, { dateStyle: "medium" }) },
            { key: "pickup", label: t("admin.users.pickup"), cell: (o) => formatDate(o.pickupAt, locale, { dateStyle: "medium" }) },
            { key: "status", label: t("admin.field.status"), cell: (o) => t(`order.status.${o.status}`) },
            { key: "total", label: t("admin.field.total"), cell: (o) => formatMoney(o.totalCents, locale) },
          ]}
        />
      </Section>
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
