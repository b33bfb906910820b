/**
 * The item's booking calendar for one month: a real table, one row per unit (its header is the unit's
 * code), one column per day (its header is the date). A reservation is one cell spanning its days with the
 * order number as a link, so a screen reader announces "CI-SKI-0042, 11 January, R-2027-000123, confirmed".
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { type CalendarBooking, calendarRow, shiftMonth } from "../../domain/admin/item-units";
import { formatDate, formatTag } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale, useLocalPath } from "../use-locale";
import { adminInputClass } from "./form";
import { secondaryButton } from "./item-ui";

type CalendarUnit = { id: number; shopId: number; code: string; size: string | null; status: string };

export function ItemCalendar({
  month,
  days,
  units,
  bookings,
  branches,
}: {
  month: string;
  days: string[];
  units: CalendarUnit[];
  bookings: CalendarBooking[];
  branches: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const monthName = new Intl.DateTimeFormat(formatTag[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
  const weekday = (day: string) => formatDate(day, locale, { weekday: "narrow" });
  const groups = branches.map((b) => ({ branch: b, units: units.filter((u) => u.shopId === b.id) })).filter((g) => g.units.length > 0);
  const monthLink = (m: string) => `?month=${m}#calendar`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <Link to={monthLink(shiftMonth(month, -1))} className={secondaryButton} preventScrollReset>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("admin.items.previousMonth")}
        </Link>
        <Link to={monthLink(shiftMonth(month, 1))} className={secondaryButton} preventScrollReset>
          {t("admin.items.nextMonth")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
        <Form method="get" className="flex items-end gap-2" preventScrollReset>
          <label className="text-sm font-medium">
            {t("admin.items.month")}
            <input type="month" name="month" defaultValue={month} className={`${adminInputClass} w-44`} />
          </label>
          <button type="submit" className={secondaryButton}>
            {t("admin.list.apply")}
          </button>
        </Form>
      </div>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.items.noUnits")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="border-collapse text-xs" data-calendar={month}>
            <caption className="p-2 text-left text-base font-semibold">{t("admin.items.calendarCaption", { month: monthName })}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="sticky left-0 bg-slate-50 px-2 py-1 text-left">
                  {t("admin.items.unit")}
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" className="min-w-7 px-0.5 py-1 text-center font-medium">
                    <abbr title={formatDate(day, locale, { dateStyle: "full" })} className="no-underline">
                      <span className="block text-slate-600">{weekday(day)}</span>
                      {Number(day.slice(8))}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map(({ branch, units: rows }) => (
              <tbody key={branch.id} className="border-t border-slate-300">
                <tr>
                  <th scope="rowgroup" colSpan={days.length + 1} className="bg-slate-100 px-2 py-1 text-left text-sm font-semibold">
                    {branch.name}
                  </th>
                </tr>
                {rows.map((unit) => (
                  <tr key={unit.id} className="border-t border-slate-200" data-unit={unit.code}>
                    <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-2 py-1 text-left font-mono font-medium">
                      {unit.code}
                      {unit.size && <span className="ml-1 font-sans font-normal text-slate-600">{unit.size}</span>}
                      {unit.status !== "active" && (
                        <span className="ml-1 font-sans text-amber-800">({t(`admin.unitStatus.${unit.status}`)})</span>
                      )}
                    </th>
                    {calendarRow(
                      days,
                      bookings.filter((b) => b.unitId === unit.id),
                    ).map((cell) => (
                      <td
                        key={cell.from}
                        colSpan={cell.span}
                        className={`h-8 border-l border-slate-100 px-1 ${
                          cell.bookings.length === 0
                            ? ""
                            : cell.bookings.every((b) => b.state === "confirmed")
                              ? "bg-brand-100"
                              : "bg-amber-100"
                        }`}
                      >
                        {cell.bookings.map((b) => (
                          <span key={`${b.orderId}-${b.from}`} className="mr-1 inline-block whitespace-nowrap">
                            {b.orderId ? (
                              <Link to={href(`/admin/order/${b.orderId}`)} className="font-medium text-brand-900 underline">
                                {b.number}
                              </Link>
                            ) : (
                              t("admin.items.blocked")
                            )}{" "}
                            <span className={b.state === "held" ? "text-amber-900" : "text-slate-700"}>
                              ({t(`admin.items.state.${b.state}`)})
                            </span>
                          </span>
                        ))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
      <p className="text-xs text-slate-600">{t("admin.items.calendarLegend")}</p>
    </div>
  );
}
