import { RevenueChart, RevenueTable } from "../../components/admin/dashboard-chart";
import {
  BarChart,
  CsvLink,
  cell,
  csvHref,
  EffectTable,
  headCell,
  Meter,
  numberCell,
  ReportFilters,
  ReportHeading,
  ScrollTable,
  ShareRow,
  SharesHead,
} from "../../components/admin/reports";
import { AdminPage, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate, formatMoney, formatPercent } from "../../domain/format";
import { pick } from "../../domain/i18n";
import { zonedDate } from "../../domain/periods";
import {
  hasOrders,
  percentOfShare,
  type ReportName,
  reportRange,
  reportScope,
  reportsQuery,
  TOP_ITEMS,
  topItems,
} from "../../domain/reports/reports";
import { useTranslation } from "../../i18n/react";
import { branchesOf } from "../../server/admin/orders.server";
import { requireBackOffice, requireBranch } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import { getReports } from "../../server/reports/reports.server";
import type { Route } from "./+types/reports";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const query = readQuery(request, reportsQuery);
  if (query.shop !== undefined) requireBranch(user, query.shop);
  const range = reportRange(query, zonedDate(new Date()));
  const [choices, report] = await Promise.all([branchesOf(user), getReports(reportScope(user.shopIds, query.shop), range)]);
  return { ...report, choices, shop: query.shop ?? null, admin: user.role === "admin" };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.reports");

/** The week-end reports: revenue, utilisation, top items, coupons and hotels, cancellations; each with its CSV. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const data = loaderData;
  const { from, to } = data.range;
  const money = (cents: number) => formatMoney(cents, locale);
  const percent = (value: number) => formatPercent(percentOfShare(value), locale);
  const csv = (report: ReportName) => csvHref(href("/admin/reports.csv"), report, { from, to, shop: data.shop });
  // Two dates, not Intl's formatRange: Node and browsers space its dash differently, and the page would not hydrate.
  const day = (date: string) => formatDate(date, locale, { weekday: "short", day: "numeric", month: "long", year: "numeric" });
  const period = from === to ? day(from) : `${day(from)} – ${day(to)}`;
  const channelName = (source: string) => t(`admin.reports.channels.${source}`);
  const byRevenue = topItems(data.items, "revenue");
  const byDays = topItems(data.items, "days");
  return (
    <AdminPage title={t("admin.nav.reports")}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("admin.reports.intro")}</p>
      <ReportFilters
        from={from}
        to={to}
        shop={data.shop}
        branches={data.choices}
        allLabel={t(data.admin ? "admin.reports.allBranches" : "admin.reports.yourBranches")}
      />
      <h2 className="mt-6 text-lg font-semibold" aria-live="polite" data-period>
        {period}
      </h2>

      {!hasOrders(data) ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700" data-empty>
          {t("admin.reports.empty")}
        </p>
      ) : (
        <Section title={t("admin.reports.revenueTitle")}>
          <p className="mb-3 max-w-3xl text-sm text-slate-700" data-rule="revenue">
            {t("admin.dashboard.revenueRule")}
          </p>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <div className="rounded-lg border border-slate-200 p-4" data-figure="revenue">
              <dt className="text-sm text-slate-600">{t("admin.reports.revenueTitle")}</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums">{money(data.totals.cents)}</dd>
              <dd className="text-xs text-slate-600">{t("admin.dashboard.paidOrders", { count: data.totals.orders })}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4" data-figure="cancellations">
              <dt className="text-sm text-slate-600">{t("admin.reports.cancellationsTitle")}</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums">{data.cancellations.total.cancelled}</dd>
              <dd className="text-xs text-slate-600">
                {t("admin.reports.cancelledNote", {
                  share: percent(data.cancellations.total.share),
                  value: money(data.cancellations.total.cents),
                })}
              </dd>
            </div>
          </dl>

          <ReportHeading title={t("admin.dashboard.revenueTitle")} csv={csv("revenue-by-day")} />
          {/* One drawing for a phone, one for wider screens: the same figures, each readable where it is shown. */}
          <div className="sm:hidden">
            <RevenueChart days={data.days} total={data.totals.cents} compact />
          </div>
          <div className="hidden sm:block">
            <RevenueChart days={data.days} total={data.totals.cents} />
          </div>
          <RevenueTable days={data.days} />

          <div className="grid grid-cols-1 gap-x-8 lg:grid-cols-2">
            <div>
              <ReportHeading title={t("admin.reports.byBranch")} csv={csv("revenue-by-branch")} />
              <BarChart
                chart="revenue-by-branch"
                title={t("admin.reports.chartTitle", { report: t("admin.reports.byBranch"), period })}
                rows={data.branches.map((b) => ({ key: String(b.shopId), label: b.name, cents: b.cents }))}
              />
              <ScrollTable label={t("admin.reports.byBranch")}>
                <SharesHead first={t("admin.field.shop")} />
                <tbody className="divide-y divide-slate-200">
                  {data.branches.map((b) => (
                    <ShareRow key={b.shopId} name={b.name} orders={b.orders} cents={b.cents} total={data.totals.cents} />
                  ))}
                </tbody>
              </ScrollTable>
            </div>
            <div>
              <ReportHeading title={t("admin.reports.byChannel")} csv={csv("revenue-by-channel")} />
              <BarChart
                chart="revenue-by-channel"
                title={t("admin.reports.chartTitle", { report: t("admin.reports.byChannel"), period })}
                rows={data.channels.map((c) => ({ key: c.source, label: channelName(c.source), cents: c.cents }))}
              />
              <ScrollTable label={t("admin.reports.byChannel")}>
                <SharesHead first={t("admin.reports.channel")} />
                <tbody className="divide-y divide-slate-200">
                  {data.channels.map((c) => (
                    <ShareRow key={c.source} name={channelName(c.source)} orders={c.orders} cents={c.cents} total={data.totals.cents} />
                  ))}
                </tbody>
              </ScrollTable>
            </div>
          </div>

          <ReportHeading title={t("admin.reports.byCategory")} csv={csv("revenue-by-category")} />
          <p className="mb-2 max-w-3xl text-sm text-slate-700">{t("admin.reports.categoryRule")}</p>
          <ScrollTable label={t("admin.reports.byCategory")}>
            <SharesHead first={t("admin.field.category")} />
            <tbody className="divide-y divide-slate-200">
              {data.categories.map((c) => (
                <ShareRow
                  key={c.categoryId}
                  name={pick(c.name, locale) || c.categoryId}
                  orders={c.orders}
                  cents={c.cents}
                  total={data.totals.cents}
                />
              ))}
              {data.totals.waiverCents > 0 && (
                <ShareRow
                  name={t("admin.dashboard.waiverColumn")}
                  orders={null}
                  cents={data.totals.waiverCents}
                  total={data.totals.cents}
                />
              )}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
              <tr>
                <th scope="row" className={cell}>
                  {t("admin.hotels.total")}
                </th>
                <td className={numberCell}>{data.totals.orders}</td>
                <td className={numberCell}>{money(data.totals.cents)}</td>
                <td className={numberCell}>{percent(1)}</td>
              </tr>
            </tfoot>
          </ScrollTable>
        </Section>
      )}

      <Section title={t("admin.reports.utilisationTitle")}>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="max-w-3xl text-sm text-slate-700">{t("admin.reports.utilisationRule")}</p>
          {data.utilisation.length > 0 && <CsvLink href={csv("utilisation")} report={t("admin.reports.utilisationTitle")} />}
        </div>
        {data.utilisation.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.dashboard.noUnits")}</p>
        ) : (
          <ScrollTable label={t("admin.reports.utilisationTitle")}>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={headCell}>
                  {t("admin.reports.item")}
                </th>
                <th scope="col" className={headCell}>
                  {t("admin.field.size")}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t("admin.field.units")}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t("admin.reports.bookedDays")}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t("admin.reports.availableDays")}
                </th>
                <th scope="col" className={headCell}>
                  {t("admin.reports.utilisation")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {data.utilisation.map((u) => (
                <tr key={`${u.itemId}|${u.size ?? ""}`} data-utilisation={`${u.itemId}|${u.size ?? ""}`}>
                  <th scope="row" className={`${cell} font-medium`}>
                    {pick(u.name, locale)}
                  </th>
                  <td className={cell}>{u.size ?? "–"}</td>
                  <td className={numberCell}>{u.units}</td>
                  <td className={numberCell}>{u.bookedDays}</td>
                  <td className={numberCell}>{u.availableDays}</td>
                  <td className={cell}>
                    <Meter value={u.share} label={percent(u.share)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </Section>

      {hasOrders(data) && (
        <>
          <Section title={t("admin.reports.topTitle")}>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="max-w-3xl text-sm text-slate-700">{t("admin.reports.topRule", { limit: TOP_ITEMS })}</p>
              <CsvLink href={csv("top-items")} report={t("admin.reports.topTitle")} />
            </div>
            <div className="grid grid-cols-1 gap-x-8 lg:grid-cols-2">
              {(
                [
                  ["revenue", t("admin.reports.topByRevenue"), byRevenue],
                  ["days", t("admin.reports.topByDays"), byDays],
                ] as const
              ).map(([by, title, rows]) => (
                <div key={by} data-top={by}>
                  <h3 className="mt-4 mb-2 font-semibold">{title}</h3>
                  <ScrollTable label={`${t("admin.reports.topTitle")}: ${title}`}>
                    <thead className="bg-slate-50">
                      <tr>
                        <th scope="col" className={`${headCell} w-8 text-right`}>
                          #
                        </th>
                        <th scope="col" className={headCell}>
                          {t("admin.reports.item")}
                        </th>
                        <th scope="col" className={`${headCell} text-right`}>
                          {t("admin.dashboard.revenue")}
                        </th>
                        <th scope="col" className={`${headCell} text-right`}>
                          {t("admin.reports.rentalDays")}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200">
                      {rows.map((item, i) => (
                        <tr key={item.itemId} data-item={item.itemId}>
                          <td className={numberCell}>{i + 1}</td>
                          <th scope="row" className={`${cell} font-medium`}>
                            {pick(item.name, locale)}
                          </th>
                          <td className={numberCell}>{money(item.revenueCents)}</td>
                          <td className={numberCell}>{item.rentalDays}</td>
                        </tr>
                      ))}
                    </tbody>
                  </ScrollTable>
                </div>
              ))}
            </div>
          </Section>

          <Section title={t("admin.reports.couponsTitle")}>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="max-w-3xl text-sm text-slate-700">{t("admin.reports.couponsRule")}</p>
              <CsvLink href={csv("coupons")} report={t("admin.reports.couponsTitle")} />
            </div>
            {data.coupons.length === 0 ? (
              <p className="text-sm text-slate-700">{t("admin.reports.noCoupons")}</p>
            ) : (
              <EffectTable
                label={t("admin.reports.couponsTitle")}
                first={t("admin.reports.coupon")}
                rows={data.coupons.map((c) => ({ key: `coupon-${c.couponId}`, name: c.code, ...c }))}
              />
            )}
          </Section>

          <Section title={t("admin.reports.hotelsTitle")}>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="max-w-3xl text-sm text-slate-700">{t("admin.reports.hotelsRule")}</p>
              <CsvLink href={csv("hotels")} report={t("admin.reports.hotelsTitle")} />
            </div>
            {data.hotels.length === 0 ? (
              <p className="text-sm text-slate-700">{t("admin.reports.noHotels")}</p>
            ) : (
              <EffectTable
                label={t("admin.reports.hotelsTitle")}
                first={t("admin.hotels.hotel")}
                rows={data.hotels.map((h) => ({ key: `hotel-${h.hotelId}`, ...h }))}
              />
            )}
          </Section>

          <Section title={t("admin.reports.cancellationsTitle")}>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="max-w-3xl text-sm text-slate-700">{t("admin.reports.cancellationsRule")}</p>
              <CsvLink href={csv("cancellations")} report={t("admin.reports.cancellationsTitle")} />
            </div>
            {data.cancellations.total.cancelled === 0 ? (
              <p className="text-sm text-slate-700">{t("admin.reports.noCancellations")}</p>
            ) : (
              <ScrollTable label={t("admin.reports.cancellationsTitle")}>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={headCell}>
                      {t("admin.field.shop")}
                    </th>
                    <th scope="col" className={`${headCell} text-right`}>
                      {t("admin.reports.cancelled")}
                    </th>
                    <th scope="col" className={`${headCell} text-right`}>
                      {t("admin.reports.share")}
                    </th>
                    <th scope="col" className={`${headCell} text-right`}>
                      {t("admin.reports.value")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {data.cancellations.rows.map((c) => (
                    <tr key={c.shopId} data-cancellations={c.shopId}>
                      <th scope="row" className={`${cell} font-medium`}>
                        {c.name}
                      </th>
                      <td className={numberCell}>{c.cancelled}</td>
                      <td className={numberCell}>{percent(c.share)}</td>
                      <td className={numberCell}>{money(c.cents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
                  <tr>
                    <th scope="row" className={cell}>
                      {t("admin.hotels.total")}
                    </th>
                    <td className={numberCell}>{data.cancellations.total.cancelled}</td>
                    <td className={numberCell}>{percent(data.cancellations.total.share)}</td>
                    <td className={numberCell}>{money(data.cancellations.total.cents)}</td>
                  </tr>
                </tfoot>
              </ScrollTable>
            )}
          </Section>
        </>
      )}
    </AdminPage>
  );
}
