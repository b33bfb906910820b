/** The dashboard's panels: the day's handovers per branch, orders waiting for payment, the fleet's utilisation. */
import { ArrowDownToLine, ArrowUpFromLine } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime, formatPercent, formatTime } from "../../domain/format";
import { pick, type Translated } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { useLocale, useLocalPath } from "../use-locale";
import { OrderStatusBadge } from "./ui";

type Handover = { id: string; number: string; name: string; status: string; pickupAt: Date | string; returnAt: Date | string };
export type BranchDay = { date: string; pickups: Handover[]; returns: Handover[] };

function OrderList({ orders, at, kind }: { orders: Handover[]; at: (o: Handover) => Date | string; kind: "pickup" | "return" }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const Icon = kind === "pickup" ? ArrowUpFromLine : ArrowDownToLine;
  return (
    <div>
      <h4 className="flex items-center gap-1 text-sm font-semibold text-slate-700">
        <Icon aria-hidden="true" className="size-4" />
        {t(kind === "pickup" ? "admin.dashboard.pickups" : "admin.dashboard.returns", { count: orders.length })}
      </h4>
      {orders.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t(kind === "pickup" ? "admin.dashboard.noPickups" : "admin.dashboard.noReturns")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {orders.map((order) => (
            <li key={order.id} data-order={order.number}>
              <span className="tabular-nums">{formatTime(at(order), locale)}</span>{" "}
              <Link to={href(`/admin/order/${order.id}`)} className="font-medium text-brand-700 hover:underline">
                {order.number}
              </Link>{" "}
              {order.name}
              <OrderStatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One branch's pickups and returns today and tomorrow. */
export function BranchHandovers({ name, days, labels }: { name: string; days: BranchDay[]; labels: string[] }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-label={name}>
      <h3 className="text-base font-semibold">{name}</h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {days.map((day, i) => (
          <div key={day.date} className="space-y-3">
            <p className="text-sm font-semibold text-brand-800">{labels[i]}</p>
            <OrderList orders={day.pickups} at={(o) => o.pickupAt} kind="pickup" />
            <OrderList orders={day.returns} at={(o) => o.returnAt} kind="return" />
          </div>
        ))}
      </div>
    </section>
  );
}

export type Waiting = Handover & { expiresAt: Date | string | null; totalCents: number };

export function WaitingOrders({ count, orders, money }: { count: number; orders: Waiting[]; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  if (count === 0) return <p className="text-sm text-slate-600">{t("admin.dashboard.noneWaiting")}</p>;
  return (
    <>
      <p className="text-sm">{t("admin.dashboard.waitingCount", { count })}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {orders.map((order) => (
          <li key={order.id}>
            <Link to={href(`/admin/order/${order.id}`)} className="font-medium text-brand-700 hover:underline">
              {order.number}
            </Link>{" "}
            {order.name} · {money(order.totalCents)}
            {order.expiresAt && (
              <span className="text-slate-600"> · {t("admin.dashboard.heldUntil", { time: formatTime(order.expiresAt, locale) })}</span>
            )}
          </li>
        ))}
      </ul>
      {count > orders.length && (
        <Link to={href("/admin/orders?status=pending_payment")} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
          {t("admin.dashboard.allWaiting", { total: count })}
        </Link>
      )}
    </>
  );
}

export type CategoryUse = {
  categoryId: string;
  name: Partial<Translated> | null;
  units: number;
  bookedToday: number;
  today: number;
  week: number;
};

function Meter({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-2 w-24 overflow-hidden rounded bg-slate-200" aria-hidden="true">
        <div className="h-full bg-brand-600" style={{ width: `${Math.round(value * 100)}%` }} />
      </div>
      <span className="tabular-nums">{label}</span>
    </div>
  );
}

export function UtilisationTable({ rows }: { rows: CategoryUse[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t("admin.dashboard.noUnits")}</p>;
  const percent = (share: number) => formatPercent(Math.round(share * 1000) / 10, locale);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("admin.dashboard.utilisation")}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("admin.field.category")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("admin.field.units")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("admin.dashboard.bookedToday")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("admin.dashboard.bookedWeek")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.categoryId} data-category={row.categoryId}>
              <th scope="row" className="px-3 py-2 font-medium">
                {pick(row.name, locale) || row.categoryId}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{row.units}</td>
              <td className="px-3 py-2">
                <Meter value={row.today} label={`${percent(row.today)} (${row.bookedToday})`} />
              </td>
              <td className="px-3 py-2">
                <Meter value={row.week} label={percent(row.week)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type Overdue = Handover & { shopName: string };

/** Equipment handed out and due back before now, the longest overdue first. */
export function OverdueReturns({ orders }: { orders: Overdue[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  if (orders.length === 0) return <p className="text-sm text-slate-600">{t("admin.dashboard.noOverdue")}</p>;
  return (
    <ul className="space-y-1 text-sm" data-overdue>
      {orders.map((order) => (
        <li key={order.id} data-order={order.number}>
          <Link to={href(`/admin/order/${order.id}`)} className="font-medium text-brand-700 hover:underline">
            {order.number}
          </Link>{" "}
          {order.name} · {order.shopName} ·{" "}
          <span className="font-medium text-red-800">{t("admin.dashboard.dueAt", { date: formatDateTime(order.returnAt, locale) })}</span>
        </li>
      ))}
    </ul>
  );
}

export type WeekFigure = { figure: "orders" | "revenue" | "units"; current: number; previous: number; change: number | null };

/** This week so far against the same days of last season, figure by figure. */
export function WeekComparison({ rows, money }: { rows: WeekFigure[]; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const value = (row: WeekFigure, n: number) => (row.figure === "revenue" ? money(n) : String(n));
  const change = (share: number | null) => {
    if (share === null)
      return (
        <>
          <span aria-hidden="true">–</span>
          <span className="sr-only">{t("admin.dashboard.nothingLastSeason")}</span>
        </>
      );
    const percent = formatPercent(Math.round(Math.abs(share) * 1000) / 10, locale);
    return share > 0 ? `▲ +${percent}` : share < 0 ? `▼ −${percent}` : `= ${percent}`;
  };
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" data-week>
        <caption className="sr-only">{t("admin.dashboard.week")}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3">
              {t("admin.dashboard.figure")}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 text-right">
              {t("admin.dashboard.thisWeek")}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 text-right">
              {t("admin.dashboard.lastSeason")}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 text-right">
              {t("admin.dashboard.change")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.figure} data-figure={row.figure}>
              <th scope="row" className="px-2 py-2 sm:px-3 font-medium">
                {t(`admin.dashboard.weekFigure.${row.figure}`)}
              </th>
              <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{value(row, row.current)}</td>
              <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{value(row, row.previous)}</td>
              <td className="px-2 py-2 sm:px-3 text-right tabular-nums whitespace-nowrap">{change(row.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
