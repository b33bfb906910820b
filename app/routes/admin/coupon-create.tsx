import { CouponFields } from "../../components/admin/coupon-form";
import { RecordForm } from "../../components/admin/form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { couponSchema } from "../../domain/admin/coupon";
import { useTranslation } from "../../i18n/react";
import { createCoupon, scopeChoices } from "../../server/admin/coupons.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import type { Route } from "./+types/coupon-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { choices: await scopeChoices(), values: { kind: "percent", active: true, public: false, appIds: [], categoryIds: [] } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  return saveForm(
    request,
    form,
    couponSchema,
    (input) => createCoupon(user.id, input),
    (value) => `/admin/coupon/${value.id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.coupons.new");

export default function CreateCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.coupons.new")} back="/admin/coupons">
      <RecordForm reply={actionData} initial={loaderData.values} saveLabel={t("admin.form.create")}>
        <CouponFields choices={loaderData.choices} />
      </RecordForm>
    </AdminPage>
  );
}
