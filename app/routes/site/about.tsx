import { Link } from "react-router";
import { pageMeta } from "../../components/meta";
import { ProsePage } from "../../components/prose";
import { useLocalPath } from "../../components/use-locale";
import { useTranslation } from "../../i18n/react";
import type { Route } from "./+types/about";
import type { PageHandle } from "./layout";

export const handle: PageHandle = { transition: "translate", static: true };
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "about");

export default function About() {
  const { t } = useTranslation();
  const href = useLocalPath();
  return (
    <ProsePage title={t("pages.about.title")}>
      <p>{t("about.p1")}</p>
      <p>{t("about.p2")}</p>
      <h2>{t("about.winterTitle")}</h2>
      <p>{t("about.winter")}</p>
      <h2>{t("about.summerTitle")}</h2>
      <p>{t("about.summer")}</p>
      <p>
        <Link to={href("/stores")} className="font-medium text-brand-700 underline">
          {t("about.findUs")}
        </Link>
      </p>
    </ProsePage>
  );
}
