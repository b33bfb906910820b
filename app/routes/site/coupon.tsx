import { TicketPercent } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { formatDate, formatMoney } from "../../components/format";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { getPublicCoupon } from "../../server/catalog/coupons.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/coupon";

const code = z.string().regex(/^[A-Za-z0-9_-]{2,40}$/);

export async function loader({ params }: Route.LoaderArgs) {
  const coupon = await getPublicCoupon(param(code, params.id));
  if (!coupon) notFound();
  const { id: _id, usedCount: _used, ...terms } = coupon;
  return { coupon: terms };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, "coupon", { code: loaderData?.coupon.code ?? "" });

/** A coupon's terms; applying it to the bag comes with the booking flow. */
export default function CouponPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { coupon } = loaderData;
  const value = coupon.kind === "percent" ? `${coupon.value} %` : formatMoney(coupon.value, locale);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-2xl border-2 border-dashed border-brand-600 p-8 text-center">
        <TicketPercent aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-brand-900">{t("coupon.title", { value })}</h1>
        <p className="mt-3 text-slate-700">{pick(coupon.description, locale)}</p>
        <p className="mt-6 font-mono text-2xl font-bold tracking-widest">{coupon.code}</p>
      </div>
      <h2 className="mt-8 text-lg font-semibold">{t("coupon.terms")}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
        {coupon.minOrderCents > 0 && <li>{t("coupon.minOrder", { amount: formatMoney(coupon.minOrderCents, locale) })}</li>}
        {coupon.validUntil && <li>{t("coupon.validUntil", { date: formatDate(coupon.validUntil, locale) })}</li>}
        {coupon.appIds.length > 0 && <li>{t("coupon.onlyFor", { seasons: coupon.appIds.map((id) => t(`season.${id}`)).join(", ") })}</li>}
        {coupon.maxUsesPerCustomer !== null && <li>{t("coupon.perCustomer", { count: coupon.maxUsesPerCustomer })}</li>}
      </ul>
      <Link
        to={href("/rental")}
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        {t("coupon.book")}
      </Link>
    </div>
  );
}
