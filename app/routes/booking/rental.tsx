import { Bike, MapPin, Snowflake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { listApps, listShops } from "../../server/catalog/catalog.server";
import { readSeason } from "../../server/http/season.server";
import type { Route } from "./+types/rental";

const query = z.object({ app: z.enum(["winter", "summer"]).optional().catch(undefined) });

/** First step of the booking: the storefront and the branch. */
export async function loader({ request }: Route.LoaderArgs) {
  const { app } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const selected = app ?? readSeason(request);
  const [apps, shops] = await Promise.all([listApps(), listShops()]);
  return { apps, selected, shops: shops.filter((s) => s.appIds.includes(selected)) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "rental");

export default function Rental({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { apps, selected, shops } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t("pages.rental.title")}</h1>
      <ol className="mt-4 flex flex-wrap gap-2 text-sm text-slate-600" aria-label={t("rental.steps")}>
        {(["branch", "period", "persons", "equipment", "bag", "invoice", "payment"] as const).map((step, i) => (
          <li
            key={step}
            aria-current={i === 0 ? "step" : undefined}
            className="rounded-full bg-slate-100 px-3 py-1 aria-[current=step]:bg-brand-600 aria-[current=step]:text-white"
          >
            {i + 1}. {t(`rental.step.${step}`)}
          </li>
        ))}
      </ol>
      <nav aria-label={t("nav.season")} className="mt-6 flex gap-3">
        {apps.map((app) => (
          <Link
            key={app.id}
            to={`${href("/rental")}?app=${app.id}`}
            aria-current={app.id === selected ? "page" : undefined}
            className="flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-medium aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50"
          >
            {app.id === "winter" ? <Snowflake aria-hidden="true" className="size-5" /> : <Bike aria-hidden="true" className="size-5" />}
            {pick(app.name, locale)}
          </Link>
        ))}
      </nav>
      <h2 className="mt-8 text-xl font-semibold">{t("rental.chooseBranch")}</h2>
      {shops.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-6 text-slate-700">{t("rental.noBranch")}</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {shops.map((shop) => (
            <li key={shop.id} className="rounded-2xl border border-slate-200 p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                <MapPin aria-hidden="true" className="size-5 text-brand-600" />
                {shop.name}
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {shop.street}, {shop.postalCode} {shop.town}
              </p>
              <Link to={href(`/shop/${shop.slug}`)} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
                {t("rental.hoursAndDetails")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
