import { pageMeta } from "../../components/meta";
import { ProsePage } from "../../components/prose";
import { demoBusinessFields } from "../../domain/settings";
import { useTranslation } from "../../i18n/react";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/impressum";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export async function loader() {
  const { business } = await getSettings();
  return { business, demo: demoBusinessFields(business).length > 0 };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "impressum");

/** Legal notice, from the business data in the settings; says so plainly while they are the demo's placeholders. */
export default function Impressum({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { business, demo } = loaderData;
  return (
    <ProsePage title={t("pages.impressum.title")}>
      {demo && (
        <p data-demo className="rounded-lg border-2 border-amber-400 bg-amber-50 p-4 font-medium text-amber-950">
          {t("impressum.demo")}
        </p>
      )}
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
      <p>{t("impressum.disputes")}</p>
    </ProsePage>
  );
}
