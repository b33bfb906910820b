import { z } from "zod";
import { FormStatus } from "../../components/admin/form";
import { AuditTrail } from "../../components/admin/record";
import { AdminPage, DataTable, Fields, OrderStatusBadge, Section } from "../../components/admin/ui";
import { UserAccessForm, UserActivation } from "../../components/admin/user-form";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { userSchema } from "../../domain/admin/user";
import { formatDate, formatMoney } from "../../domain/format";
import { isLocale, languageName } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { getUser, setUserActive, updateUser } from "../../server/admin/users.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/user";

const userId = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const record = found(await getUser(param(userId, params.id)));
  return { ...record, self: record.user.id === admin.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = param(userId, params.id);
  const here = `/admin/user/${id}?saved=1`;
  const form = await readForm(request);
  if (form.intent === "deactivate" || form.intent === "reactivate") {
    const changed = await setUserActive(admin.id, id, form.intent === "reactivate");
    // A target of its own: the button posts no fields, and its refusal must not empty the access form.
    if (!changed.ok) return refuse(changed, form, "activation");
    return redirectTo(request, here);
  }
  return saveForm(
    request,
    form,
    userSchema,
    (input) => updateUser(admin.id, id, input),
    () => here,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.users");

export default function UserRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, shops, orders, sessions, audit, self } = loaderData;
  const refusedActivation = replyFor(actionData, "activation");
  type Order = (typeof orders)[number];
  return (
    <AdminPage title={user.name || user.email} back="/admin/users">
      <FormValues reply={actionData} initial={user}>
        {refusedActivation ? <FormStatus reply={refusedActivation} /> : <FormStatus />}
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
          <UserAccessForm key={`${user.role} ${user.shopIds.join()}`} shops={shops} self={self} />
        </Section>
      </FormValues>
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
            { key: "status", label: t("admin.field.status"), cell: (o) => <OrderStatusBadge status={o.status} /> },
            { key: "total", label: t("admin.field.total"), cell: (o) => formatMoney(o.totalCents, locale) },
          ]}
        />
      </Section>
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
