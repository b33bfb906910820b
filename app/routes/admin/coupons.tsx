import { z } from "zod";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { usesLeft } from "../../domain/admin/coupon";
import { listQuery } from "../../domain/admin/list";
import { formatDate, formatMoney, formatPercent } from "../../domain/format";
import { COUPON_KINDS, couponKindSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { listCoupons } from "../../server/admin/coupons.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/coupons";

const yesNo = z.enum(["yes", "no"]).optional().catch(undefined);
const query = listQuery(["code", "validUntil", "used"], {
  kind: couponKindSchema.optional().catch(undefined),
  active: yesNo,
  public: yesNo,
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listCoupons(readQuery(request, query));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.coupons");

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const yesNoOptions = [
    { value: "yes", label: t("admin.yes") },
    { value: "no", label: t("admin.no") },
  ];
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.nav.coupons")} create="/admin/coupon/create">
      <ListToolbar
        searchLabel={t("admin.list.search")}
        filters={[
          {
            name: "kind",
            label: t("admin.field.kind"),
            options: COUPON_KINDS.map((kind) => ({ value: kind, label: t(`admin.coupons.kind.${kind}`) })),
          },
          { name: "active", label: t("admin.field.active"), options: yesNoOptions },
          { name: "public", label: t("admin.field.public"), options: yesNoOptions },
        ]}
      />
      <div className="mt-4">
        <ListTable<Row>
          page={loaderData}
          rowKey={(c) => c.id}
          rowHref={(c) => `/admin/coupon/${c.id}`}
          empty={{ text: t("admin.coupons.empty"), action: { label: t("admin.coupons.new"), to: "/admin/coupon/create" } }}
          columns={[
            { key: "code", label: t("admin.field.code"), sort: "code", cell: (c) => <span className="font-mono">{c.code}</span> },
            {
              key: "value",
              label: t("admin.field.value"),
              cell: (c) => (c.kind === "percent" ? formatPercent(c.value, locale) : formatMoney(c.value, locale)),
            },
            {
              key: "validUntil",
              label: t("admin.field.validUntil"),
              sort: "validUntil",
              cell: (c) => (c.validUntil ? formatDate(c.validUntil, locale, { dateStyle: "medium" }) : t("admin.coupons.noEnd")),
            },
            {
              key: "used",
              label: t("admin.field.used"),
              sort: "used",
              align: "right",
              cell: (c) => (c.maxUses === null ? c.usedCount : `${c.usedCount} / ${c.maxUses}`),
            },
            {
              key: "left",
              label: t("admin.coupons.usesLeft"),
              align: "right",
              cell: (c) => usesLeft(c) ?? t("admin.coupons.unlimited"),
            },
            { key: "public", label: t("admin.field.public"), cell: (c) => <YesNo value={c.public} /> },
            { key: "active", label: t("admin.field.active"), cell: (c) => <YesNo value={c.active} /> },
          ]}
        />
      </div>
    </AdminPage>
  );
}
