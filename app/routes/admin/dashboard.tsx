import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { RevenueChart, RevenueTable } from "../../components/admin/dashboard-chart";
import { BranchHandovers, OverdueReturns, UtilisationTable, WaitingOrders, WeekComparison } from "../../components/admin/dashboard-panels";
import { AdminPage, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate, formatMoney } from "../../domain/format";
import { demoBusinessFields, type LegalField } from "../../domain/settings";
import { useTranslation } from "../../i18n/react";
import { getDashboard } from "../../server/admin/dashboard.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const [dashboard, settings] = await Promise.all([getDashboard(user.shopIds), getSettings()]);
  // Only admins can fill in the business data, so only they are asked to.
  return { ...dashboard, demoFields: user.role === "admin" ? demoBusinessFields(settings.business) : [] };
}

/** Each legal field by the label it has in the settings form. */
const FIELD_LABEL: Record<LegalField, string> = {
  legalName: "admin.settings.field.legalName",
  street: "admin.settings.field.street",
  town: "admin.field.town",
  vatId: "impressum.vatId",
  phone: "admin.field.phone",
  email: "admin.field.email",
};

/** Until the owner replaces the demo's business data, the legal notice says it is demo data; this says what is left. */
function DemoDataBanner({ fields }: { fields: LegalField[] }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  return (
    <section
      aria-labelledby="demo-data"
      data-demo-data
      className="mb-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="demo-data" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {t("admin.demoData.title")}
      </h2>
      <p className="mt-1 text-sm">{t("admin.demoData.text", { fields: fields.map((f) => t(FIELD_LABEL[f])).join(", ") })}</p>
      <Link to={href("/admin/settings")} className="mt-2 inline-block text-sm font-semibold underline hover:no-underline">
        {t("admin.demoData.action")}
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.dashboard");

/** The day at a glance: handovers per branch, payments pending, revenue, how much of the fleet is out. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { branches, waiting, revenue, utilisation, today, tomorrow, demoFields, overdue, week } = loaderData;
  const money = (cents: number) => formatMoney(cents, locale);
  const dayLabels = [
    t("admin.dashboard.today", { date: formatDate(today, locale, { weekday: "long", day: "numeric", month: "long" }) }),
    t("admin.dashboard.tomorrow", { date: formatDate(tomorrow, locale, { weekday: "long", day: "numeric", month: "long" }) }),
  ];
  return (
    <AdminPage title={t("admin.nav.dashboard")}>
      {demoFields.length > 0 && <DemoDataBanner fields={demoFields} />}
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

      <Section title={t("admin.dashboard.overdue")}>
        <OverdueReturns orders={overdue} />
      </Section>

      <Section title={t("admin.dashboard.week")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.dashboard.weekRule")}</p>
        <WeekComparison rows={week} money={money} />
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
