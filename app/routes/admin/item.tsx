import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, DataTable, Fields, Section, YesNo } from "../../components/admin/ui";
import { formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { locales, pick } from "../../domain/i18n";
import { adminGetItem } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/item";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await adminGetItem(param(z.coerce.number().int().positive().max(2_147_483_647), params.id));
  if (!found) notFound();
  return found;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.items");

export default function ItemRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { item, prices, units } = loaderData;
  type Unit = (typeof units)[number];
  return (
    <AdminPage title={pick(item.name, locale)}>
      <Fields
        fields={[
          [t("admin.field.id"), item.id],
          [t("admin.field.category"), item.categoryId],
          [t("admin.field.kind"), t(`admin.kind.${item.kind}`)],
          [t("admin.field.sizes"), item.sizes.join(", ")],
          [t("admin.field.maxHeight"), item.maxHeightCm === null ? "—" : `${item.maxHeightCm} cm`],
          [t("admin.field.maxShoeSize"), item.maxShoeSize ?? "—"],
          [t("admin.field.local"), <YesNo key="l" value={item.local} />],
          [t("admin.field.vat"), `${item.vatRateBp / 100} %`],
          [t("admin.field.price"), item.priceCents === null ? "—" : formatMoney(item.priceCents, locale)],
          ...locales.map((l): [string, React.ReactNode] => [`${t("admin.field.name")} (${l})`, item.name[l]]),
        ]}
      />
      {prices && (
        <Section title={t("admin.item.prices")}>
          <ol className="flex flex-wrap gap-2 text-sm">
            {prices.dayPrices.map((cents, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the day count
              <li key={i} className="rounded border border-slate-200 px-3 py-1">
                {t("admin.item.days", { count: i + 1 })}: {formatMoney(cents, locale)}
              </li>
            ))}
            <li className="rounded border border-slate-200 px-3 py-1">
              {t("admin.item.extraDay")}: {formatMoney(prices.extraDayCents, locale)}
            </li>
          </ol>
        </Section>
      )}
      <Section title={t("admin.item.units")}>
        <DataTable<Unit>
          rows={units}
          empty={t("admin.empty")}
          columns={[
            { key: "code", label: t("admin.field.code"), cell: (u) => <span className="font-mono">{u.code}</span> },
            { key: "size", label: t("admin.field.size"), cell: (u) => u.size ?? "—" },
            { key: "shop", label: t("admin.field.shop"), cell: (u) => u.shop },
            { key: "status", label: t("admin.field.status"), cell: (u) => t(`admin.unitStatus.${u.status}`) },
          ]}
        />
      </Section>
    </AdminPage>
  );
}
