import { useTranslation } from "react-i18next";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { adminDashboard } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return adminDashboard();
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const cards = [
    ["admin.dashboard.orders", loaderData.orders],
    ["admin.dashboard.pending", loaderData.pendingPayments],
    ["admin.dashboard.items", loaderData.items],
    ["admin.dashboard.units", loaderData.units],
  ] as const;
  return (
    <AdminPage title={t("admin.nav.dashboard")}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{t(label)}</dt>
            <dd className="mt-1 text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </AdminPage>
  );
}
