import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { adminInputClass } from "../../components/admin/form";
import { CommissionTable, ReportOrders } from "../../components/admin/hotel-report";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate } from "../../domain/format";
import { rowId } from "../../domain/ids";
import { zonedDate } from "../../domain/periods";
import { reportMonth, reportTotals, shiftMonth } from "../../domain/reports/hotel-reports";
import { useTranslation } from "../../i18n/react";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import { commissionReport } from "../../server/reports/hotel-reports.server";
import type { Route } from "./+types/hotel-report";

/** The report's URL: the month (default: this month in the shop's time zone) and optionally one hotel's orders. */
const query = z.object({
  month: reportMonth.optional().catch(undefined),
  hotel: rowId.optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = readQuery(request, query);
  const month = parsed.month ?? zonedDate(new Date()).slice(0, 7);
  const report = await commissionReport(month, parsed.hotel);
  const hotel = parsed.hotel === undefined ? null : (report.rows.find((r) => r.hotelId === parsed.hotel) ?? null);
  return { ...report, totals: reportTotals(report.rows), hotel };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.hotels.report");

export default function CommissionReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { month, rows, totals, hotel, detail } = loaderData;
  const monthName = formatDate(`${month}-15`, locale, { month: "long", year: "numeric" });
  const link = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    return `${href("/admin/settings/hotels/report")}?${search}`;
  };
  return (
    <AdminPage title={t("admin.hotels.report")}>
      <SettingsTabs />
      <p className="max-w-3xl text-sm text-slate-700" id="commission-rule">
        {t("admin.hotels.rule")}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <nav aria-label={t("admin.hotels.months")} className="flex items-center gap-4">
          <Link to={link({ month: shiftMonth(month, -1), hotel: hotel?.hotelId })} className="text-brand-700 hover:underline">
            ← {t("admin.hotels.previousMonth")}
          </Link>
          <h2 className="text-lg font-semibold" aria-live="polite">
            {monthName}
          </h2>
          <Link to={link({ month: shiftMonth(month, 1), hotel: hotel?.hotelId })} className="text-brand-700 hover:underline">
            {t("admin.hotels.nextMonth")} →
          </Link>
        </nav>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm font-medium">
            {t("admin.hotels.month")}
            <input type="month" name="month" defaultValue={month} required className={adminInputClass} />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {t("admin.hotels.hotel")}
            <select name="hotel" defaultValue={hotel?.hotelId ?? ""} className={adminInputClass}>
              <option value="">{t("admin.hotels.allHotels")}</option>
              {rows.map((row) => (
                <option key={row.hotelId} value={row.hotelId}>
                  {row.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t("admin.hotels.show")}
          </button>
        </Form>
        <a
          href={`${href("/admin/settings/hotels/report.csv")}?month=${month}`}
          download={`commission-${month}.csv`}
          className="flex items-center gap-1 rounded-md border border-brand-700 px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          <Download aria-hidden="true" className="size-4" />
          {t("admin.hotels.csv.download")}
        </a>
      </div>
      <div className="mt-6">
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">{t("admin.hotels.empty")}</p>
        ) : (
          <CommissionTable
            caption={t("admin.hotels.reportCaption", { month: monthName })}
            rows={rows}
            totals={totals}
            hotelLink={(id) => `/admin/settings/hotels/report?month=${month}&hotel=${id}`}
          />
        )}
      </div>
      {hotel && detail && (
        <Section title={t("admin.hotels.ordersOf", { hotel: hotel.name, month: monthName })}>
          <ReportOrders caption={t("admin.hotels.ordersOf", { hotel: hotel.name, month: monthName })} orders={detail} />
          <p className="mt-3 text-sm">
            <Link to={href(`/admin/settings/hotel/${hotel.hotelId}`)} className="font-medium text-brand-700 underline">
              {t("admin.hotels.editHotel", { hotel: hotel.name })}
            </Link>
          </p>
        </Section>
      )}
    </AdminPage>
  );
}
