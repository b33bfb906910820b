import { Form, redirect } from "react-router";
import { CouponFields } from "../../components/admin/coupon-form";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { couponSchema } from "../../domain/admin/coupon";
import { localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { createCoupon, scopeChoices } from "../../server/admin/coupons.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/coupon-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { choices: await scopeChoices(), values: { kind: "percent", active: true, public: false, appIds: [], categoryIds: [] } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request, couponSchema);
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await createCoupon(user.id, form.data);
  if (!saved.ok) return refused(form.values, saved.errors);
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(`${localizePath(`/admin/coupon/${saved.id}`, locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.coupons.new");

export default function CreateCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.coupons.new")} back="/admin/coupons">
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="space-y-6">
        <CouponFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors} choices={loaderData.choices} />
        <SaveButton label={t("admin.form.create")} />
      </Form>
    </AdminPage>
  );
}
