/** Subtotal, discounts, damage waiver, total and VAT: the same block in the bag and on the order page. */

import { formatMoney, formatPercent } from "../../domain/format";
import type { Locale } from "../../domain/i18n";
import { hotelNote } from "../../domain/partner-hotel";
import type { Quote } from "../../domain/pricing";
import type { TFunction } from "../../i18n/i18n";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

export type TotalsProps = {
  subtotalCents: number;
  discounts: { kind: string; label: string; amountCents: number; percent?: number | null }[];
  totalCents: number;
  vat: { rateBp: number; vatCents: number }[];
  /** The partner hotel chosen, shown whether or not its discount applied (it does not stack with early booking). */
  hotel?: { name: string } | null;
  /** The damage waiver taken (in the total), with its price per item and day. */
  damageWaiver?: { amountCents: number; dayCents: number } | null;
};

/** A discount's name as the totals and the running total of the steps show it. */
export function discountLabel(d: TotalsProps["discounts"][number], t: TFunction, locale: Locale): string {
  const percent = d.percent ? formatPercent(d.percent, locale) : "";
  if (d.kind === "offer") return t("booking.discount.offer", { percent }).trim();
  if (d.kind === "hotel") return t("booking.discount.hotel", { label: d.label, percent }).trim();
  return t("booking.discount.coupon", { label: d.label });
}

export function Totals({ subtotalCents, discounts, totalCents, vat, hotel, damageWaiver }: TotalsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const label = (d: TotalsProps["discounts"][number]) => discountLabel(d, t, locale);
  const hotelLine = hotelNote(hotel, discounts);
  return (
    <dl className="space-y-1">
      {discounts.length > 0 && (
        <div className="flex justify-between">
          <dt>{t("booking.bag.subtotal")}</dt>
          <dd>{money(subtotalCents)}</dd>
        </div>
      )}
      {discounts.map((d) => (
        <div key={d.kind} className="flex justify-between gap-4 text-emerald-800">
          <dt>{label(d)}</dt>
          <dd className="whitespace-nowrap">−{money(d.amountCents)}</dd>
        </div>
      ))}
      {hotelLine && (
        <div className="flex justify-between gap-4 text-sm text-slate-700" data-hotel>
          <dt>{t("order.hotel.label")}</dt>
          <dd className="text-right">{t(hotelLine.key, hotelLine.values)}</dd>
        </div>
      )}
      {damageWaiver && (
        <div className="flex justify-between gap-4" data-damage-waiver>
          <dt>{t("booking.waiver.line", { day: money(damageWaiver.dayCents) })}</dt>
          <dd className="whitespace-nowrap">{money(damageWaiver.amountCents)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-slate-300 pt-2 text-lg font-bold">
        <dt>{t("order.total")}</dt>
        <dd>{money(totalCents)}</dd>
      </div>
      {vat.map((v) => (
        <div key={v.rateBp} className="flex justify-between text-sm text-slate-600">
          <dt>{t("booking.bag.vatAt", { rate: formatPercent(v.rateBp / 100, locale) })}</dt>
          <dd>{money(v.vatCents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Whether the bag's coupon applies, and if not, why. Below its minimum order it is a hint ("add €2.50 more"),
 * not an error: the order is paid without it.
 */
export function CouponNote({ coupon, id, className = "" }: { coupon: NonNullable<Quote["coupon"]>; id?: string; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (coupon.applied)
    return (
      <p id={id} data-coupon="applied" className={`text-sm text-emerald-800 ${className}`}>
        {t("booking.bag.couponApplied", { code: coupon.code })}
      </p>
    );
  const hint = coupon.reason === "coupon.minOrder";
  return (
    <p id={id} data-coupon={coupon.reason} className={`text-sm ${hint ? "text-amber-900" : "text-red-700"} ${className}`}>
      {t(`booking.couponReason.${coupon.reason.slice("coupon.".length)}`, {
        code: coupon.code,
        amount: formatMoney(coupon.missingCents ?? 0, locale),
      })}
    </p>
  );
}
