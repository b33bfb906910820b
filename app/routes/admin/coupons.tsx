import { useTranslation } from "react-i18next";
import { AdminPage, DataTable, YesNo } from "../../components/admin/ui";
import { formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { adminListCoupons } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/coupons";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { coupons: await adminListCoupons() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.coupons");

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.coupons)[number];
  return (
    <AdminPage title={t("admin.nav.coupons")} create="/admin/coupon/create">
      <DataTable<Row>
        rows={loaderData.coupons}
        rowHref={(c) => `/admin/coupon/${c.id}`}
        empty={t("admin.empty")}
        columns={[
          { key: "code", label: t("admin.field.code"), cell: (c) => <span className="font-mono">{c.code}</span> },
          {
            key: "value",
            label: t("admin.field.value"),
            cell: (c) => (c.kind === "percent" ? `${c.value} %` : formatMoney(c.value, locale)),
          },
          { key: "used", label: t("admin.field.used"), cell: (c) => `${c.usedCount}${c.maxUses === null ? "" : ` / ${c.maxUses}`}` },
          { key: "public", label: t("admin.field.public"), cell: (c) => <YesNo value={c.public} /> },
          { key: "active", label: t("admin.field.active"), cell: (c) => <YesNo value={c.active} /> },
        ]}
      />
    </AdminPage>
  );
}
