/**
 * The pieces of the reports page: the filter form, a horizontal bar chart drawn on the server as SVG (with a
 * title, a description, the amount written beside each bar, and a table of the same figures), a table that
 * scrolls inside its own box on a narrow screen, and a report's CSV link.
 */
import { Download } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { formatMoney, formatPercent } from "../../domain/format";
import { percentOfShare, type ReportName, share } from "../../domain/reports/reports";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

const input =
  "mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

export function ReportFilters({
  from,
  to,
  shop,
  branches,
  allLabel,
}: {
  from: string;
  to: string;
  shop: number | null;
  branches: { id: number; name: string }[];
  allLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" aria-label={t("admin.reports.filters")} className="flex flex-wrap items-end gap-3" data-report-filters>
      <label className="text-sm font-medium">
        {t("admin.reports.from")}
        <input type="date" name="from" defaultValue={from} required className={input} />
      </label>
      <label className="text-sm font-medium">
        {t("admin.reports.to")}
        <input type="date" name="to" defaultValue={to} required className={input} />
      </label>
      <label className="text-sm font-medium">
        {t("admin.field.shop")}
        <select name="shop" defaultValue={shop ?? ""} className={`${input} max-w-full`}>
          <option value="">{allLabel}</option>
          {branches.map((branch) => (
            <option key={branch.id} value={branch.id}>
              {branch.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t("admin.reports.show")}
      </button>
    </Form>
  );
}

/** A sub-heading with the report's CSV link beside it. */
export function ReportHeading({ title, csv }: { title: string; csv?: string }) {
  return (
    <div className="mt-6 mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <h3 className="font-semibold">{title}</h3>
      {csv && <CsvLink href={csv} report={title} />}
    </div>
  );
}

/** A plain link: the browser downloads the file. Its name (the visible words first) says which report, for those who cannot see the heading. */
export function CsvLink({ href, report }: { href: string; report: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      download
      aria-label={`${t("admin.reports.csv")}: ${report}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
      data-csv
    >
      <Download aria-hidden="true" className="size-4 shrink-0" />
      {t("admin.reports.csv")}
    </a>
  );
}

/** The CSV file of a report with the page's filters. */
export function csvHref(base: string, report: ReportName, filters: { from: string; to: string; shop: number | null }): string {
  const search = new URLSearchParams({ report, from: filters.from, to: filters.to });
  if (filters.shop !== null) search.set("shop", String(filters.shop));
  return `${base}?${search}`;
}

/**
 * A table in a box of its own that scrolls sideways when the screen is narrower than the table; the box takes
 * the keyboard focus and is named, so it can be scrolled without a mouse.
 */
export function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled with the keyboard
      tabIndex={0}
      aria-label={label}
      className="max-w-full overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
}

export const cell = "px-2 py-2 sm:px-3";
export const numberCell = `${cell} text-right tabular-nums whitespace-nowrap`;
export const headCell = `${cell} font-semibold`;

const WIDTH = 360;
const ROW = 46;
const BAR = 16;
const VALUE_ROOM = 112;

/** Horizontal bars of amounts, one per row, each with its label above and its amount beside it. */
export function BarChart({ title, rows, chart }: { title: string; rows: { key: string; label: string; cents: number }[]; chart: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const max = Math.max(1, ...rows.map((row) => row.cents));
  const height = rows.length * ROW + 4;
  const plot = WIDTH - VALUE_ROOM;
  return (
    <figure className="mb-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full max-w-sm"
        data-chart={chart}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{t("admin.reports.chartDesc")}</desc>
        {rows.map((row, i) => {
          const y = i * ROW;
          const width = Math.max(row.cents > 0 ? 2 : 0, (row.cents / max) * plot);
          return (
            <g key={row.key} data-bar={row.key}>
              <text x={0} y={y + 15} className="fill-slate-800 text-[15px]">
                {row.label}
              </text>
              <rect x={0} y={y + 22} width={width} height={BAR} rx={2} className="fill-brand-600" />
              <text x={width + 6} y={y + 35} className="fill-slate-900 text-[15px] font-semibold">
                {formatMoney(row.cents, locale)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The head of a table of names with their orders, revenue and a last column (a share, a discount). */
function AmountsHead({ first, last }: { first: string; last: string }) {
  const { t } = useTranslation();
  return (
    <thead className="bg-slate-50">
      <tr>
        <th scope="col" className={headCell}>
          {first}
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          {t("admin.nav.orders")}
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          {t("admin.dashboard.revenue")}
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          {last}
        </th>
      </tr>
    </thead>
  );
}

export function SharesHead({ first }: { first: string }) {
  const { t } = useTranslation();
  return <AmountsHead first={first} last={t("admin.reports.share")} />;
}

export function ShareRow({ name, orders, cents, total }: { name: string; orders: number | null; cents: number; total: number }) {
  const locale = useLocale();
  return (
    <tr>
      <th scope="row" className={`${cell} font-medium`}>
        {name}
      </th>
      <td className={numberCell}>{orders ?? "–"}</td>
      <td className={numberCell}>{formatMoney(cents, locale)}</td>
      <td className={numberCell}>{formatPercent(percentOfShare(share(cents, total)), locale)}</td>
    </tr>
  );
}

export function EffectTable({
  label,
  first,
  rows,
}: {
  label: string;
  first: string;
  rows: { key: string; name: string; orders: number; cents: number; discountCents: number }[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ScrollTable label={label}>
      <AmountsHead first={first} last={t("admin.reports.discount")} />
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={row.key} data-effect={row.key}>
            <th scope="row" className={`${cell} font-medium`}>
              {row.name}
            </th>
            <td className={numberCell}>{row.orders}</td>
            <td className={numberCell}>{formatMoney(row.cents, locale)}</td>
            <td className={numberCell}>{formatMoney(row.discountCents, locale)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** A share as a bar and its percentage in words: the figure never rests on the bar alone. */
export function Meter({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-2 w-16 shrink-0 overflow-hidden rounded bg-slate-200" aria-hidden="true">
        <div className="h-full bg-brand-600" style={{ width: `${Math.min(100, Math.round(value * 100))}%` }} />
      </div>
      <span className="tabular-nums whitespace-nowrap">{label}</span>
    </div>
  );
}
