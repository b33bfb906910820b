/**
 * The booking so far (branch, period, persons, running total), shown on the steps between the period and the
 * bag so the customer always sees what they are booking and what it costs.
 */
import { Link } from "react-router";
import { formatDate, formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { BookingSummary } from "../../server/booking/flow.server";
import { useLocale, useLocalPath } from "../use-locale";
import { discountLabel } from "./totals";

export function BookingSummaryBox({ summary, periodLink }: { summary: BookingSummary; periodLink: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <aside
      aria-label={t("booking.summary.label")}
      data-summary
      className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800"
    >
      <p className="min-w-0 break-words">
        {t("booking.bag.summary", {
          shop: summary.shopName,
          from: when(summary.pickupAt),
          to: when(summary.returnAt),
          count: summary.days,
        })}{" "}
        <Link to={href(periodLink)} className="text-brand-700 underline hover:text-brand-900">
          {t("booking.bag.changeDates")}
        </Link>
      </p>
      {summary.persons > 0 && <p data-summary-persons={summary.persons}>{t("booking.summary.persons", { count: summary.persons })}</p>}
      {summary.items > 0 && summary.totalCents !== null && (
        <p data-summary-total={summary.totalCents}>
          {t("booking.summary.total")}: <strong className="whitespace-nowrap">{formatMoney(summary.totalCents, locale)}</strong>
        </p>
      )}
      {summary.items > 0 &&
        summary.totalCents !== null &&
        summary.discounts.map((d) => (
          <p key={d.kind} className="basis-full text-slate-700" data-summary-discount={d.kind}>
            {t("booking.summary.discounted", { discount: discountLabel(d, t, locale), amount: formatMoney(d.amountCents, locale) })}
          </p>
        ))}
    </aside>
  );
}
