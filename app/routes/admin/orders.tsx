import { Download } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage, OrderStatusBadge } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { ordersQuery } from "../../domain/admin/order";
import { formatDateTime, formatMoney } from "../../domain/format";
import { ORDER_SOURCES, ORDER_STATUSES, SEASONS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { branchesOf, listOrders, orderNumbered } from "../../server/admin/orders.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import { redirectTo } from "../../server/http/results.server";
import type { Route } from "./+types/orders";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const query = readQuery(request, ordersQuery);
  const exact = await orderNumbered(user, query.q);
  if (exact) throw redirectTo(request, `/admin/order/${exact}`);
  const [page, branches] = await Promise.all([listOrders(user, query), branchesOf(user)]);
  return { ...page, branches };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.orders");

const dateInput = "rounded-md border border-slate-400 bg-white px-3 py-2 text-sm";

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const [params] = useSearchParams();
  type Row = (typeof loaderData.rows)[number];
  const when = (d: Date | string) => formatDateTime(d, locale, "medium");
  return (
    <AdminPage title={t("admin.nav.orders")} create="/admin/order/create">
      <ListToolbar
        searchLabel={t("admin.orders.search")}
        filters={[
          {
            name: "status",
            label: t("admin.field.status"),
            options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`order.status.${s}`) })),
          },
          { name: "shop", label: t("admin.field.shop"), options: loaderData.branches.map((b) => ({ value: String(b.id), label: b.name })) },
          {
            name: "app",
            label: t("admin.field.season"),
            options: SEASONS.map((a) => ({ value: a, label: t(`season.${a}`) })),
          },
          {
            name: "source",
            label: t("admin.orders.source"),
            options: ORDER_SOURCES.map((s) => ({ value: s, label: t(`admin.orders.sources.${s}`) })),
          },
        ]}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.pickupFrom")}
          <input type="date" name="from" defaultValue={params.get("from") ?? ""} className={dateInput} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.pickupTo")}
          <input type="date" name="to" defaultValue={params.get("to") ?? ""} className={dateInput} />
        </label>
      </ListToolbar>
      <p className="mt-3">
        {/* A plain link: the browser downloads the file, with the list's own filters. */}
        <a
          href={`${href("/admin/orders.csv")}${params.size > 0 ? `?${params}` : ""}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
          download
        >
          <Download aria-hidden="true" className="size-4" />
          {t("admin.orders.csv")}
        </a>
      </p>
      <div className="mt-4">
        <ListTable<Row>
          page={loaderData}
          rowKey={(o) => o.id}
          rowHref={(o) => `/admin/order/${o.id}`}
          empty={{ text: t("admin.orders.empty"), action: { label: t("admin.orders.new"), to: "/admin/order/create" } }}
          columns={[
            { key: "number", label: t("admin.field.number"), sort: "number", cell: (o) => o.number },
            { key: "name", label: t("admin.field.customer"), cell: (o) => o.name },
            { key: "shop", label: t("admin.field.shop"), cell: (o) => o.shop },
            { key: "pickup", label: t("order.pickup"), sort: "pickup", cell: (o) => when(o.pickupAt) },
            { key: "return", label: t("order.return"), cell: (o) => when(o.returnAt) },
            {
              key: "status",
              label: t("admin.field.status"),
              cell: (o) => (
                <span className="flex flex-wrap items-center gap-1">
                  <OrderStatusBadge status={o.status} />
                  {o.source !== "online" ? <span className="text-xs">{t(`admin.orders.sources.${o.source}`)}</span> : null}
                </span>
              ),
            },
            { key: "created", label: t("admin.orders.created"), sort: "created", cell: (o) => when(o.createdAt) },
            { key: "total", label: t("admin.field.total"), sort: "total", align: "right", cell: (o) => formatMoney(o.totalCents, locale) },
          ]}
        />
      </div>
      <p className="mt-6 text-sm">
        <Link to={href("/admin/order/create")} className="font-medium text-brand-700 underline">
          {t("admin.orders.new")}
        </Link>
      </p>
    </AdminPage>
  );
}
