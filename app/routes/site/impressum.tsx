import { pageMeta } from "../../components/meta";
import { ProsePage } from "../../components/prose";
import { useTranslation } from "../../i18n/react";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/impressum";

export async function loader() {
  return { business: (await getSettings()).business };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "impressum");

/** Legal notice, from the business data in the settings. */
export default function Impressum({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { business } = loaderData;
  return (
    <ProsePage title={t("pages.impressum.title")}>
      <p>
        <strong>{business.legalName}</strong>
        <br />
        {business.street}
        <br />
        {business.postalCode} {business.town} ({business.country})
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-medium">{t("impressum.vatId")}</dt>
        <dd>{business.vatId}</dd>
        {business.registry && (
          <>
            <dt className="font-medium">{t("impressum.registry")}</dt>
            <dd>{business.registry}</dd>
          </>
        )}
        <dt className="font-medium">{t("impressum.phone")}</dt>
        <dd>{business.phone}</dd>
        <dt className="font-medium">{t("impressum.email")}</dt>
        <dd>
          <a className="underline" href={`mailto:${business.email}`}>
            {business.email}
          </a>
        </dd>
      </dl>
      <p>{t("impressum.odr")}</p>
    </ProsePage>
  );
}
