import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPage, DataTable, Fields, Section, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { locales, pick } from "../../domain/i18n";
import { adminGetApp } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/app";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await adminGetApp(param(z.enum(["winter", "summer"]), params.id));
  if (!found) notFound();
  return found;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.apps");

export default function AppRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { app } = loaderData;
  type Cat = (typeof loaderData.categories)[number];
  return (
    <AdminPage title={pick(app.name, locale)}>
      <Fields
        fields={[
          [t("admin.field.id"), app.id],
          [t("admin.field.season"), `${app.seasonStart} – ${app.seasonEnd}`],
          [t("admin.field.enabled"), <YesNo key="e" value={app.enabled} />],
          ...locales.map((l): [string, React.ReactNode] => [`${t("admin.field.name")} (${l})`, app.name[l]]),
          [t("admin.field.shops"), loaderData.shops.map((s) => s.name).join(", ")],
        ]}
      />
      <Section title={t("admin.nav.categories")}>
        <DataTable<Cat>
          rows={loaderData.categories}
          rowHref={(c) => `/admin/category/${c.id}`}
          empty={t("admin.empty")}
          columns={[
            { key: "name", label: t("admin.field.name"), cell: (c) => pick(c.name, locale) },
            { key: "kind", label: t("admin.field.kind"), cell: (c) => t(`admin.kind.${c.kind}`) },
          ]}
        />
      </Section>
    </AdminPage>
  );
}
