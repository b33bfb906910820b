import { TicketPercent } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Notice, PrimaryButton } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate, formatMoney } from "../../domain/format";
import { localizePath, pick, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { ensureBag, loadBag, updateBag } from "../../server/booking/bag-store.server";
import { getPublicCoupon } from "../../server/catalog/coupons.server";
import { found, param } from "../../server/http/results.server";
import type { Route } from "./+types/coupon";

const code = z.string().regex(/^[A-Za-z0-9_-]{2,40}$/);

export async function loader({ params, request }: Route.LoaderArgs) {
  const [published, bag] = await Promise.all([getPublicCoupon(param(code, params.id)), loadBag(request)]);
  const coupon = found(published);
  const { id: _id, usedCount: _used, ...terms } = coupon;
  return { coupon: terms, applied: bag?.couponCode === coupon.code };
}

/**
 * Puts the coupon into the visitor's bag (a new bag if there is none yet): to the bag when it holds
 * something, else back here with the coupon shown as saved. The bag checks its terms at every quote.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const coupon = found(await getPublicCoupon(param(code, params.id)));
  const { locale } = splitLocale(new URL(request.url).pathname);
  const { bag, setCookie } = await ensureBag(request, locale);
  await updateBag(bag.id, { couponCode: coupon.code });
  const to = bag.lines.length > 0 ? localizePath("/rental/bag", locale) : localizePath(`/coupon/${coupon.code}`, locale);
  return redirect(to, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, "coupon", { code: loaderData?.coupon.code ?? "" });

/** A coupon's terms, and the button that puts it into the bag. */
export default function CouponPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { coupon, applied } = loaderData;
  const busy = useNavigation().state === "submitting";
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
      {applied ? (
        <Notice tone="success">{t("coupon.applied", { code: coupon.code })}</Notice>
      ) : (
        <Form method="post" className="mt-8">
          <PrimaryButton busy={busy}>{t("coupon.apply")}</PrimaryButton>
        </Form>
      )}
      <Link to={href("/rental")} className="mt-6 inline-block font-medium text-brand-700 hover:underline">
        {t("coupon.book")} →
      </Link>
    </div>
  );
}
