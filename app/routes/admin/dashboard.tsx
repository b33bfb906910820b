import { RevenueChart, RevenueTable } from "../../components/admin/dashboard-chart";
import { BranchHandovers, UtilisationTable, WaitingOrders } from "../../components/admin/dashboard-panels";
import { AdminPage, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { formatDate, formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { getDashboard } from "../../server/admin/dashboard.server";
import { requireBackOffice } from "../../server/auth/guards.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  return getDashboard(user.shopIds);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.dashboard");

/** The day at a glance: handovers per branch, payments pending, revenue, how much of the fleet is out. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { branches, waiting, revenue, utilisation, today, tomorrow } = loaderData;
  const money = (cents: number) => formatMoney(cents, locale);
  const dayLabels = [
    t("admin.dashboard.today", { date: formatDate(today, locale, { weekday: "long", day: "numeric", month: "long" }) }),
    t("admin.dashboard.tomorrow", { date: formatDate(tomorrow, locale, { weekday: "long", day: "numeric", month: "long" }) }),
  ];
  return (
    <AdminPage title={t("admin.nav.dashboard")}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ["admin.dashboard.revenue7", money(revenue.last7.cents), t("admin.dashboard.paidOrders", { count: revenue.last7.orders })],
            ["admin.dashboard.revenue30", money(revenue.last30.cents), t("admin.dashboard.paidOrders", { count: revenue.last30.orders })],
            ["admin.dashboard.pending", String(waiting.count), t("admin.dashboard.pendingHint")],
          ] as const
        ).map(([label, value, note]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-4" data-figure={label}>
            <dt className="text-sm text-slate-600">{t(label)}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
            <dd className="text-xs text-slate-600">{note}</dd>
          </div>
        ))}
      </dl>
      {revenue.last30.waiverCents > 0 && (
        <p className="mt-2 text-sm text-slate-700" data-figure="waiver">
          {t("admin.dashboard.waiverShare", { week: money(revenue.last7.waiverCents), month: money(revenue.last30.waiverCents) })}
        </p>
      )}

      <Section title={t("admin.dashboard.handovers")}>
        {branches.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {t("admin.dashboard.noBranches")}
          </p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {branches.map((branch) => (
              <BranchHandovers key={branch.shop.id} name={branch.shop.name} days={branch.days} labels={dayLabels} />
            ))}
          </div>
        )}
      </Section>

      <Section title={t("admin.dashboard.pending")}>
        <WaitingOrders count={waiting.count} orders={waiting.orders} money={money} />
      </Section>

      <Section title={t("admin.dashboard.revenueTitle")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.dashboard.revenueRule")}</p>
        {revenue.last30.orders === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {t("admin.dashboard.noRevenue")}
          </p>
        ) : (
          <>
            <RevenueChart days={revenue.days} total={revenue.last30.cents} />
            <RevenueTable days={revenue.days} />
          </>
        )}
      </Section>

      <Section title={t("admin.dashboard.utilisation")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.dashboard.utilisationRule")}</p>
        <UtilisationTable rows={utilisation} />
      </Section>
    </AdminPage>
  );
}
