import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { AdminPage, DataTable, YesNo } from "../../components/admin/ui";
import { formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { adminListItems } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/items";

const query = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return adminListItems(page);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.items");

export default function Items({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const { rows, total, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  type Row = (typeof rows)[number];
  const pageLink = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next}`;
  };
  return (
    <AdminPage title={t("admin.nav.items")} create="/admin/item/create">
      <DataTable<Row>
        rows={rows}
        rowHref={(r) => `/admin/item/${r.item.id}`}
        empty={t("admin.empty")}
        columns={[
          { key: "name", label: t("admin.field.name"), cell: (r) => pick(r.item.name, locale) },
          { key: "category", label: t("admin.field.category"), cell: (r) => pick(r.category, locale) },
          { key: "kind", label: t("admin.field.kind"), cell: (r) => t(`admin.kind.${r.item.kind}`) },
          {
            key: "price",
            label: t("admin.field.price"),
            cell: (r) => (r.item.priceCents === null ? "—" : formatMoney(r.item.priceCents, locale)),
          },
          {
            key: "units",
            label: t("admin.field.units"),
            cell: (r) => (r.item.kind === "rental" || r.item.kind === "depot" ? r.units : "—"),
          },
          { key: "local", label: t("admin.field.local"), cell: (r) => <YesNo value={r.item.local} /> },
        ]}
      />
      <nav aria-label={t("admin.pagination")} className="mt-4 flex items-center gap-4 text-sm">
        <span>{t("admin.pageOf", { page, pages, total })}</span>
        {page > 1 && (
          <Link to={pageLink(page - 1)} className="text-brand-700 hover:underline">
            {t("admin.previous")}
          </Link>
        )}
        {page < pages && (
          <Link to={pageLink(page + 1)} className="text-brand-700 hover:underline">
            {t("admin.next")}
          </Link>
        )}
      </nav>
    </AdminPage>
  );
}
