/** The commission report's table: one row per hotel, totals at the foot; and one hotel's orders. */

import { Link } from "react-router";
import { formatDateTime, formatMoney, formatPercent } from "../../domain/format";
import type { CommissionRow } from "../../domain/reports/hotel-reports";
import { useTranslation } from "../../i18n/react";
import { useLocale, useLocalPath } from "../use-locale";
import { OrderStatusBadge } from "./ui";

const cell = "px-3 py-2";
const number = `${cell} text-right tabular-nums`;

export function CommissionTable({
  caption,
  rows,
  totals,
  hotelLink,
}: {
  caption: string;
  rows: CommissionRow[];
  totals: { orders: number; revenueCents: number; commissionCents: number };
  hotelLink: (hotelId: number) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={cell}>
              {t("admin.hotels.hotel")}
            </th>
            <th scope="col" className={cell}>
              {t("admin.field.town")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("admin.hotels.commission")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("admin.nav.orders")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("admin.hotels.revenue")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("admin.hotels.commissionAmount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.hotelId} data-hotel={row.hotelId}>
              <th scope="row" className={`${cell} font-medium`}>
                <Link to={href(hotelLink(row.hotelId))} className="text-brand-700 hover:underline">
                  {row.name}
                </Link>
                {!row.active && <span className="ml-2 text-xs font-normal text-slate-600">({t("admin.hotels.inactiveLabel")})</span>}
              </th>
              <td className={cell}>{row.town}</td>
              <td className={number}>{formatPercent(row.commissionPercent, locale)}</td>
              <td className={number}>{row.orders}</td>
              <td className={number}>{formatMoney(row.revenueCents, locale)}</td>
              <td className={number}>{formatMoney(row.commissionCents, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
          <tr>
            <th scope="row" colSpan={3} className={cell}>
              {t("admin.hotels.total")}
            </th>
            <td className={number}>{totals.orders}</td>
            <td className={number}>{formatMoney(totals.revenueCents, locale)}</td>
            <td className={number}>{formatMoney(totals.commissionCents, locale)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export type ReportOrder = {
  id: string;
  number: string;
  status: string;
  name: string;
  shop: string;
  pickupAt: Date | string;
  totalCents: number;
};

export function ReportOrders({ caption, orders }: { caption: string; orders: ReportOrder[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  if (orders.length === 0)
    return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("admin.hotels.noOrders")}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={cell}>
              {t("admin.field.number")}
            </th>
            <th scope="col" className={cell}>
              {t("admin.field.customer")}
            </th>
            <th scope="col" className={cell}>
              {t("admin.field.shop")}
            </th>
            <th scope="col" className={cell}>
              {t("order.pickup")}
            </th>
            <th scope="col" className={cell}>
              {t("admin.field.status")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("admin.field.total")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order) => (
            <tr key={order.id}>
              <td className={cell}>
                <Link to={href(`/admin/order/${order.id}`)} className="font-medium text-brand-700 hover:underline">
                  {order.number}
                </Link>
              </td>
              <td className={cell}>{order.name}</td>
              <td className={cell}>{order.shop}</td>
              <td className={cell}>{formatDateTime(order.pickupAt, locale, "medium")}</td>
              <td className={cell}>
                <OrderStatusBadge status={order.status} />
              </td>
              <td className={number}>{formatMoney(order.totalCents, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
