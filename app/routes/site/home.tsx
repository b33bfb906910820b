import { Bike, MapPin, Snowflake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { listApps, listShops } from "../../server/catalog/catalog.server";
import type { Route } from "./+types/home";

export async function loader() {
  const [apps, shops] = await Promise.all([listApps(), listShops()]);
  return { apps, shops: shops.map(({ slug, name, town, appIds }) => ({ slug, name, town, appIds })) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "home");

/** Home: choose the winter or the summer rental, then a branch. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-brand-900 sm:text-5xl">{t("home.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{t("home.lead")}</p>
          <h2 className="mt-10 text-xl font-semibold">{t("home.chooseRental")}</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {loaderData.apps.map((app) => (
              <li key={app.id}>
                <Link
                  to={`${href("/rental")}?app=${app.id}`}
                  className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
                >
                  {app.id === "winter" ? (
                    <Snowflake aria-hidden="true" className="size-10 shrink-0 text-brand-600" />
                  ) : (
                    <Bike aria-hidden="true" className="size-10 shrink-0 text-summer-700" />
                  )}
                  <span>
                    <span className="block text-lg font-semibold group-hover:underline">{pick(app.name, locale)}</span>
                    <span className="mt-1 block text-slate-700">{pick(app.description, locale)}</span>
                    <span className="mt-3 inline-block font-medium text-brand-700">{t("home.bookNow")} →</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10">
        <h2 className="text-xl font-semibold">{t("home.branches")}</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {loaderData.shops.map((shop) => (
            <li key={shop.slug}>
              <Link
                to={href(`/shop/${shop.slug}`)}
                className="flex items-start gap-2 rounded-xl border border-slate-200 p-4 hover:border-brand-600"
              >
                <MapPin aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                <span>
                  <span className="block font-medium">{shop.name}</span>
                  <span className="block text-sm text-slate-600">
                    {shop.town} · {shop.appIds.map((id) => t(`season.${id}`)).join(", ")}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
