import { useConsent } from "../../components/consent";
import { pageMeta } from "../../components/meta";
import { ProsePage } from "../../components/prose";
import { BAG_COOKIE_DAYS, LANGUAGE_COOKIE_DAYS } from "../../domain/cookies";
import { useTranslation } from "../../i18n/react";
import { getSiteSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/cookies";
import type { PageHandle } from "./layout";

/**
 * Hydrated at the first move (decision 033), not left as the server wrote it: the visitor's current choice
 * changes with the cookie banner on this very page (the choice lives in the browser until the next load).
 */
export const handle: PageHandle = { runsOnFirstUse: true };

export async function loader() {
  return { languageCookie: (await getSiteSettings()).languageCookie };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "cookies");

/** What each cookie is for, and the visitor's current choice. */
export default function Cookies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const consent = useConsent();
  const rows = [
    ["rental_session", t("cookies.session")],
    [loaderData.languageCookie, t("cookies.language", { days: LANGUAGE_COOKIE_DAYS })],
    ["rental_cart", t("cookies.cart", { days: BAG_COOKIE_DAYS })],
    ["season", t("cookies.season")],
    ["consent", t("cookies.consent")],
    ["_ga, _gid", t("cookies.analytics")],
  ];
  return (
    <ProsePage title={t("pages.cookies.title")}>
      <p>{t("cookies.intro")}</p>
      <table className="mt-6 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">
              {t("cookies.name")}
            </th>
            <th scope="col" className="py-2">
              {t("cookies.purpose")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, purpose]) => (
            <tr key={name} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4 font-mono">{name}</td>
              <td className="py-2">{purpose}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{consent ? t("cookies.current", { choice: t(`consent.choice.${consent}`) }) : t("cookies.none")}</p>
    </ProsePage>
  );
}
