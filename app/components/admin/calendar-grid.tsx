/**
 * The calendar as a real table: one row per day (its header names the day), one column per branch (its
 * header names the branch), so a screen reader announces "Tuesday 12 January, Ciaslin" before a cell's
 * pickups and returns (each with the customer and the pieces). Closed days say so, with their reason and a
 * button that opens the branch again.
 */
import { ArrowDownToLine, ArrowUpFromLine, Ban } from "lucide-react";
import { Form, Link } from "react-router";
import { formatDate, formatTime } from "../../domain/format";
import { pick } from "../../domain/i18n";
import type { CalendarEntry, CalendarRow } from "../../domain/planner/calendar";
import { useTranslation } from "../../i18n/react";
import { useLocale, useLocalPath } from "../use-locale";
import { OrderStatusBadge } from "./ui";

/** One pickup or return: time, order, customer, how many pieces, and the status while payment is pending. */
function Entry({ entry }: { entry: CalendarEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const Icon = entry.kind === "pickup" ? ArrowUpFromLine : ArrowDownToLine;
  return (
    <li data-entry={`${entry.kind}:${entry.number}`} className="flex flex-wrap items-baseline gap-x-1">
      <Icon aria-hidden="true" className={`size-3.5 self-center ${entry.kind === "pickup" ? "text-emerald-700" : "text-brand-700"}`} />
      <span className="sr-only">{t(entry.kind === "pickup" ? "order.pickup" : "order.return")}</span>
      <span className="tabular-nums">{formatTime(entry.at, locale)}</span>
      {/* At least 24 px tall: a busy day lists many orders, and each link must be easy to hit (WCAG 2.5.8). */}
      <Link
        to={href(`/admin/order/${entry.orderId}`)}
        className="inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline"
      >
        {entry.number}
      </Link>
      <span data-customer>{entry.name}</span>
      {entry.pieces > 0 && (
        <span data-pieces={entry.pieces} className="text-slate-700">
          · {t("admin.calendar.pieces", { count: entry.pieces })}
        </span>
      )}
      {entry.status === "pending_payment" && <OrderStatusBadge status={entry.status} />}
    </li>
  );
}

export function CalendarGrid({
  caption,
  rows,
  shops,
  today,
  reopenLabel,
}: {
  caption: string;
  rows: CalendarRow[];
  shops: { id: number; name: string }[];
  today: string;
  reopenLabel: (shop: string, date: string) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const shopName = new Map(shops.map((s) => [s.id, s.name]));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="w-44 px-3 py-2">
              {t("admin.calendar.day")}
            </th>
            {shops.map((shop) => (
              <th key={shop.id} scope="col" className="px-3 py-2">
                {shop.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isToday = row.date === today;
            const weekend = [0, 6].includes(new Date(`${row.date}T12:00:00Z`).getUTCDay());
            return (
              <tr
                key={row.date}
                data-date={row.date}
                aria-current={isToday ? "date" : undefined}
                className={`border-t border-slate-200 align-top ${isToday ? "bg-brand-50" : weekend ? "bg-slate-50/60" : ""}`}
              >
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                  {formatDate(row.date, locale, { weekday: "short", day: "numeric", month: "short" })}
                  {isToday && <span className="ml-1 text-xs font-semibold text-brand-800">({t("admin.calendar.today")})</span>}
                </th>
                {row.cells.map((cell) => {
                  const name = shopName.get(cell.shopId) ?? "";
                  const empty = !cell.closed && cell.pickups.length === 0 && cell.returns.length === 0;
                  return (
                    <td key={cell.shopId} className="px-3 py-2" data-shop={cell.shopId} data-closed={cell.closed ? "true" : undefined}>
                      {cell.closed && (
                        <div className="mb-1 rounded border border-red-200 bg-red-50 px-2 py-1 text-red-900">
                          <p className="flex items-center gap-1 font-semibold">
                            <Ban aria-hidden="true" className="size-3.5" />
                            {t("admin.calendar.closed")}
                          </p>
                          {cell.closed.reason && <p className="text-xs">{pick(cell.closed.reason, locale)}</p>}
                          <Form method="post" className="mt-1">
                            <input type="hidden" name="shopId" value={cell.shopId} />
                            <input type="hidden" name="day" value={row.date} />
                            <button
                              type="submit"
                              name="intent"
                              value="reopenDay"
                              aria-label={reopenLabel(name, formatDate(row.date, locale))}
                              className="text-xs font-medium text-red-900 underline hover:no-underline"
                            >
                              {t("admin.calendar.reopen")}
                            </button>
                          </Form>
                        </div>
                      )}
                      {(cell.pickups.length > 0 || cell.returns.length > 0) && (
                        <ul className="space-y-0.5">
                          {[...cell.pickups, ...cell.returns].map((entry) => (
                            <Entry key={`${entry.kind}-${entry.orderId}`} entry={entry} />
                          ))}
                        </ul>
                      )}
                      {empty && <span className="sr-only">{t("admin.calendar.nothing")}</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
