import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, Fields, YesNo } from "../../components/admin/ui";
import { formatDate, formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { adminGetCoupon } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/coupon";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const coupon = await adminGetCoupon(param(z.coerce.number().int().positive().max(2_147_483_647), params.id));
  if (!coupon) notFound();
  return { coupon };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.coupons");

export default function CouponRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { coupon: c } = loaderData;
  return (
    <AdminPage title={c.code}>
      <Fields
        fields={[
          [t("admin.field.value"), c.kind === "percent" ? `${c.value} %` : formatMoney(c.value, locale)],
          [t("admin.field.description"), pick(c.description, locale)],
          [t("admin.field.validFrom"), c.validFrom ? formatDate(c.validFrom, locale) : "—"],
          [t("admin.field.validUntil"), c.validUntil ? formatDate(c.validUntil, locale) : "—"],
          [t("admin.field.minOrder"), formatMoney(c.minOrderCents, locale)],
          [t("admin.field.used"), `${c.usedCount}${c.maxUses === null ? "" : ` / ${c.maxUses}`}`],
          [t("admin.field.public"), <YesNo key="p" value={c.public} />],
          [t("admin.field.active"), <YesNo key="a" value={c.active} />],
        ]}
      />
    </AdminPage>
  );
}
