import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, Fields, Section } from "../../components/admin/ui";
import { hhmm, weekdayName } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { adminGetShop } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/shop";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await adminGetShop(param(z.coerce.number().int().positive().max(2_147_483_647), params.id));
  if (!found) notFound();
  return found;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.shops");

export default function ShopRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { shop, hours, closed, units } = loaderData;
  return (
    <AdminPage title={shop.name}>
      <Fields
        fields={[
          [t("admin.field.slug"), shop.slug],
          [t("admin.field.address"), `${shop.street}, ${shop.postalCode} ${shop.town}`],
          [t("admin.field.coordinates"), `${shop.latitude}, ${shop.longitude}`],
          [t("admin.field.phone"), shop.phone],
          [t("admin.field.email"), shop.email],
          [t("admin.field.units"), units],
        ]}
      />
      <Section title={t("admin.shop.hours")}>
        <ul className="space-y-1 text-sm">
          {hours.map((h) => (
            <li key={h.id}>
              {t(`season.${h.appId}`)} · {weekdayName(h.weekday, locale)}: {hhmm(h.opens)}–{hhmm(h.closes)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("admin.shop.closedDays")}>
        {closed.length === 0 ? (
          <p className="text-slate-600">{t("admin.empty")}</p>
        ) : (
          <ul className="text-sm">
            {closed.map((c) => (
              <li key={c.day}>{c.day}</li>
            ))}
          </ul>
        )}
      </Section>
    </AdminPage>
  );
}
