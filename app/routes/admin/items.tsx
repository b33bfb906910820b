import { z } from "zod";
import { categoryLabel } from "../../components/admin/item-form";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { usesUnits } from "../../domain/admin/item";
import { listQuery } from "../../domain/admin/list";
import { formatMoney } from "../../domain/format";
import { pick, splitLocale } from "../../domain/i18n";
import { slugSchema } from "../../domain/ids";
import { ITEM_KINDS, itemKindSchema, SEASONS, seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { itemCategories, listItems } from "../../server/admin/items.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/items";

const query = listQuery(["category", "name", "price", "units"], {
  app: seasonSchema.optional().catch(undefined),
  category: slugSchema().optional().catch(undefined),
  kind: itemKindSchema.optional().catch(undefined),
  active: z.enum(["yes", "no"]).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const [page, categories] = await Promise.all([listItems(readQuery(request, query), { shopIds: user.shopIds, locale }), itemCategories()]);
  return { page, categories, canEdit: user.role === "admin" };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.items");

export default function Items({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { page, categories, canEdit } = loaderData;
  type Row = (typeof page.rows)[number];
  return (
    <AdminPage title={t("admin.nav.items")} create={canEdit ? "/admin/item/create" : undefined}>
      <ListToolbar
        searchLabel={t("admin.items.search")}
        filters={[
          { name: "app", label: t("admin.field.season"), options: SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) })) },
          {
            name: "category",
            label: t("admin.field.category"),
            options: categories.map((c) => ({ value: c.id, label: categoryLabel(c, locale, t) })),
          },
          {
            name: "kind",
            label: t("admin.field.kind"),
            options: ITEM_KINDS.map((kind) => ({ value: kind, label: t(`admin.kind.${kind}`) })),
          },
          {
            name: "active",
            label: t("admin.field.active"),
            options: [
              { value: "yes", label: t("admin.items.activeOnly") },
              { value: "no", label: t("admin.items.inactiveOnly") },
            ],
          },
        ]}
      />
      <div className="mt-4">
        <ListTable<Row>
          page={page}
          rowKey={(r) => r.id}
          rowHref={(r) => `/admin/item/${r.id}`}
          empty={{
            text: t("admin.items.empty"),
            action: canEdit ? { label: t("admin.items.new"), to: "/admin/item/create" } : undefined,
          }}
          columns={[
            {
              key: "name",
              label: t("admin.field.name"),
              sort: "name",
              cell: (r) => (
                <>
                  {pick(r.name, locale)}
                  {!r.active && (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">{t("admin.items.inactive")}</span>
                  )}
                </>
              ),
            },
            { key: "slug", label: t("admin.field.slug"), cell: (r) => <code className="text-xs">{r.slug}</code> },
            { key: "category", label: t("admin.field.category"), sort: "category", cell: (r) => pick(r.category, locale) },
            { key: "app", label: t("admin.field.season"), cell: (r) => t(`season.${r.appId}`) },
            { key: "kind", label: t("admin.field.kind"), cell: (r) => t(`admin.kind.${r.kind}`) },
            {
              key: "price",
              label: t("admin.field.price"),
              sort: "price",
              align: "right",
              cell: (r) => (
                <span className="whitespace-nowrap">
                  {r.price === null
                    ? "—"
                    : usesUnits(r.kind)
                      ? t("admin.items.perDayPrice", { price: formatMoney(r.price, locale) })
                      : formatMoney(r.price, locale)}
                </span>
              ),
            },
            {
              key: "units",
              // Staff count only the units of their own branches.
              label: canEdit ? t("admin.field.units") : t("admin.items.unitsMine"),
              sort: "units",
              align: "right",
              cell: (r) => (usesUnits(r.kind) ? r.units : "—"),
            },
          ]}
        />
      </div>
    </AdminPage>
  );
}
