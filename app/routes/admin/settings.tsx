import { useTranslation } from "react-i18next";
import { AdminPage, Fields, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { requireAdmin } from "../../server/auth/session.server";
import { getConfig } from "../../server/config.server";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getSettings();
  return { settings, languageCookie: getConfig().LANGUAGE_COOKIE, gtmFromEnv: getConfig().GTM_ID ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.settings");

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings: s } = loaderData;
  return (
    <AdminPage title={t("admin.nav.settings")}>
      <Section title={t("admin.settings.business")}>
        <Fields
          fields={[
            [t("admin.field.name"), s.business.legalName],
            [t("admin.field.address"), `${s.business.street}, ${s.business.postalCode} ${s.business.town} (${s.business.country})`],
            [t("impressum.vatId"), s.business.vatId],
            [t("admin.field.phone"), s.business.phone],
            [t("admin.field.email"), s.business.email],
          ]}
        />
      </Section>
      <Section title={t("admin.settings.booking")}>
        <Fields
          fields={[
            [t("admin.settings.holdMinutes"), s.holdMinutes],
            [t("admin.settings.turnaround"), s.turnaroundMinutes],
            [t("admin.settings.cancellation"), s.cancellationFreeHours],
            [t("admin.field.vat"), `${s.defaultVatRateBp / 100} %`],
            [t("admin.settings.discountOffer"), s.discountOffer ? t("admin.settings.discountOfferValue", s.discountOffer) : "—"],
          ]}
        />
      </Section>
      <Section title={t("admin.settings.site")}>
        <Fields
          fields={[
            [t("admin.settings.languageCookie"), loaderData.languageCookie],
            [t("admin.settings.gtm"), loaderData.gtmFromEnv ?? s.gtmId ?? "—"],
          ]}
        />
      </Section>
    </AdminPage>
  );
}
