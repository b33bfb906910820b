import { Form, Link } from "react-router";
import { CouponFields } from "../../components/admin/coupon-form";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { AdminPage, DataTable, Fields, OrderStatusBadge, Section } from "../../components/admin/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { couponFormValues, couponSchema, usesLeft } from "../../domain/admin/coupon";
import { formatDate, formatMoney } from "../../domain/format";
import { rowId } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { deleteCoupon, getCoupon, updateCoupon } from "../../server/admin/coupons.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/coupon";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const record = found(await getCoupon(param(rowId, params.id)));
  return { ...record, values: couponFormValues(record.coupon) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const form = await readForm(request);
  if (form.intent === "delete") {
    const deleted = await deleteCoupon(user.id, id);
    // A target of its own: the delete form posts no fields, and its refusal must not empty the coupon's.
    if (!deleted.ok) return refuse(deleted, form, "delete");
    return redirectTo(request, "/admin/coupons?deleted=1");
  }
  return saveForm(
    request,
    form,
    couponSchema,
    (input) => updateCoupon(user.id, id, input),
    () => `/admin/coupon/${id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.coupons");

export default function CouponRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { coupon, orders, choices, audit } = loaderData;
  const refusedDelete = replyFor(actionData, "delete");
  const left = usesLeft(coupon);
  const used = coupon.usedCount > 0 || orders.length > 0;
  type Order = (typeof orders)[number];
  return (
    <AdminPage title={coupon.code} back="/admin/coupons">
      <FormValues reply={actionData} initial={loaderData.values}>
        {refusedDelete ? <FormStatus reply={refusedDelete} /> : <FormStatus />}
        <Fields
          fields={[
            [t("admin.field.used"), coupon.usedCount],
            [t("admin.coupons.usesLeft"), left ?? t("admin.coupons.unlimited")],
            [
              t("admin.coupons.publicPage"),
              coupon.public && coupon.active ? (
                <Link key="public" to={href(`/coupon/${coupon.code}`)} className="font-medium text-brand-700 underline">
                  {href(`/coupon/${coupon.code}`)}
                </Link>
              ) : (
                t("admin.coupons.notPublic")
              ),
            ],
          ]}
        />
        {/* Keyed by the stored record: after a save the form shows what was stored (normalized), not what was typed. */}
        <Form key={String(coupon.updatedAt)} method="post" noValidate className="mt-6 space-y-6">
          <CouponFields choices={choices} codeLocked={used} />
          <SaveButton />
        </Form>
      </FormValues>
      <Section title={t("admin.coupons.redemptions")}>
        <DataTable<Order>
          rows={orders}
          rowHref={(o) => `/admin/order/${o.id}`}
          empty={t("admin.coupons.noRedemptions")}
          columns={[
            { key: "number", label: t("admin.field.number"), cell: (o) => o.number },
            { key: "date", label: t("admin.coupons.orderedOn"), cell: (o) => formatDate(o.createdAt, locale, { dateStyle: "medium" }) },
            { key: "email", label: t("admin.field.email"), cell: (o) => o.email },
            { key: "status", label: t("admin.field.status"), cell: (o) => <OrderStatusBadge status={o.status} /> },
            { key: "discount", label: t("admin.coupons.discount"), cell: (o) => formatMoney(o.couponCents, locale) },
            { key: "total", label: t("admin.field.total"), cell: (o) => formatMoney(o.totalCents, locale) },
            { key: "counts", label: t("admin.coupons.counts"), cell: (o) => (o.redeemed ? t("admin.yes") : t("admin.coupons.givenBack")) },
          ]}
        />
      </Section>
      <DeleteRecord
        name={coupon.code}
        blocked={used ? t("admin.coupons.deleteBlocked", { count: Math.max(coupon.usedCount, orders.length) }) : null}
      />
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
