/**
 * Revenue per day as SVG bars, drawn on the server (no chart library, nothing to load). The picture has a
 * title and a description for screen readers, and the same figures follow as a table.
 */
import { useId } from "react";
import { chartScale, type RevenueDay } from "../../domain/admin/dashboard";
import { formatDate, formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

const PAD = { top: 16, right: 8, bottom: 28, left: 64 };

/** `compact`: drawn narrower with larger text, for a phone's screen (the reports page shows it below the `sm` width). */
export function RevenueChart({ days, total, compact = false }: { days: RevenueDay[]; total: number; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [chartWidth, chartHeight, text] = compact ? [360, 200, "text-[14px]"] : [720, 220, "text-[11px]"];
  const max = Math.max(0, ...days.map((d) => d.cents));
  const top = chartScale(max);
  const plotWidth = chartWidth - PAD.left - PAD.right;
  const plotHeight = chartHeight - PAD.top - PAD.bottom;
  const slot = plotWidth / days.length;
  // Up to about six labels under the bars: every 7th day, or more days apart on a range longer than six weeks.
  const every = Math.max(7, Math.ceil(days.length / 6));
  const barWidth = Math.max(2, slot * 0.7);
  const y = (cents: number) => PAD.top + plotHeight - (cents / top) * plotHeight;
  const short = (date: string) => formatDate(date, locale, { day: "numeric", month: "short" });
  const best = days.reduce<RevenueDay | null>((a, d) => (d.cents > (a?.cents ?? 0) ? d : a), null);
  const from = days[0]?.date;
  const to = days.at(-1)?.date;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${chartWidth} ${chartHeight}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className={`h-auto w-full ${compact ? "max-w-md" : "max-w-3xl"}`}
        data-chart="revenue"
      >
        <title id={`${id}-title`}>{t("admin.dashboard.chartTitle", { from: from && short(from), to: to && short(to) })}</title>
        <desc id={`${id}-desc`}>
          {t("admin.dashboard.chartDesc", {
            total: formatMoney(total, locale),
            best: best ? `${short(best.date)}: ${formatMoney(best.cents, locale)}` : "—",
          })}
        </desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={chartWidth - PAD.right} y1={y(top * f)} y2={y(top * f)} className="stroke-slate-300" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(top * f) + 4} textAnchor="end" className={`fill-slate-700 ${text}`}>
              {formatMoney(top * f, locale).replace(/[.,]00(?=\D*$)/, "")}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          const height = Math.max(0, y(0) - y(day.cents));
          return (
            <g key={day.date}>
              <rect x={x} y={y(0) - height} width={barWidth} height={height} rx={1.5} className="fill-brand-600" data-day={day.date}>
                <title>{`${short(day.date)}: ${formatMoney(day.cents, locale)}`}</title>
              </rect>
              {/* A label a week (fewer on a long range), and the last day's, unless it would crowd the one before it. */}
              {((i % every === 0 && days.length - 1 - i >= Math.ceil(every / 2)) || i === days.length - 1) && (
                <text x={x + barWidth / 2} y={chartHeight - 8} textAnchor="middle" className={`fill-slate-700 ${text}`}>
                  {short(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The chart's figures as a table, newest day first. */
export function RevenueTable({ days }: { days: RevenueDay[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("admin.dashboard.chartTable")}</summary>
      {/* Scrolls when long: focusable and named, so keyboard users can scroll it too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled with the keyboard
        tabIndex={0}
        aria-label={t("admin.dashboard.revenuePerDay")}
        className="mt-2 max-h-80 overflow-y-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("admin.dashboard.revenuePerDay")}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-1.5">
                {t("admin.dashboard.day")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-right">
                {t("admin.nav.orders")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-right">
                {t("admin.dashboard.revenue")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-right">
                {t("admin.dashboard.waiverColumn")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {formatDate(day.date, locale, { weekday: "short", day: "numeric", month: "short" })}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{day.orders}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(day.cents, locale)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums" data-waiver>
                  {formatMoney(day.waiverCents, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
