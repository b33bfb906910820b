import { pageMeta } from "../../components/meta";
import { ProsePage } from "../../components/prose";
import { useTranslation } from "../../i18n/react";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/privacy";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export async function loader() {
  return { business: (await getSettings()).business };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "privacy");

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { business } = loaderData;
  return (
    <ProsePage title={t("pages.privacy.title")}>
      <h2>{t("privacy.controllerTitle")}</h2>
      <p>
        {business.legalName}, {business.street}, {business.postalCode} {business.town} ·{" "}
        <a className="underline" href={`mailto:${business.email}`}>
          {business.email}
        </a>
      </p>
      <h2>{t("privacy.dataTitle")}</h2>
      <p>{t("privacy.data")}</p>
      <h2>{t("privacy.purposeTitle")}</h2>
      <p>{t("privacy.purpose")}</p>
      <h2>{t("privacy.paymentTitle")}</h2>
      <p>{t("privacy.payment")}</p>
      <h2>{t("privacy.retentionTitle")}</h2>
      <p>{t("privacy.retention")}</p>
      <h2>{t("privacy.rightsTitle")}</h2>
      <p>{t("privacy.rights", { email: business.email })}</p>
    </ProsePage>
  );
}
