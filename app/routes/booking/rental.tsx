import { Link } from "react-router";
import { z } from "zod";
import { StepNav } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { Picture } from "../../components/site/picture";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { mainImage } from "../../domain/pictures";
import { seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { listStorefronts } from "../../server/catalog/catalog.server";
import { readQuery } from "../../server/http/query.server";
import { readSeason } from "../../server/http/season.server";
import type { PageHandle } from "../site/layout";
import type { Route } from "./+types/rental";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

/** The season a link asked for (`?app=summer`); another value is no ask. */
const rentalQuery = z.object({ app: seasonSchema.optional().catch(undefined) });

/** First step of the booking: winter or summer (the one a link asked for with `?app=`, else the visit's). */
export async function loader({ request }: Route.LoaderArgs) {
  const { app } = readQuery(request, rentalQuery);
  return { storefronts: await listStorefronts(), current: app ?? readSeason(request) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "rental");

export default function Rental({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{t("pages.rental.title")}</h1>
      <StepNav current="branch" />
      <h2 className="mt-8 text-xl font-semibold">{t("booking.season.choose")}</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {loaderData.storefronts.map((storefront, i) => {
          const image = mainImage("storefronts", storefront, "(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw");
          return (
            <li key={storefront.id}>
              <Link
                to={href(`/rental/${storefront.id}`)}
                aria-current={storefront.id === loaderData.current ? "true" : undefined}
                className="flex h-full flex-col overflow-hidden rounded-2xl border-2 border-slate-200 hover:border-brand-600 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50"
              >
                {/* Beside the season's name: decorative (decision 031). */}
                {image && (
                  <Picture image={image} alt="" priority={i === 0} className="aspect-[16/9] h-auto w-full bg-slate-100 object-cover" />
                )}
                <span className="flex flex-col p-6">
                  <span className="text-xl font-semibold">{pick(storefront.name, locale)}</span>
                  <span className="mt-2 text-slate-700">{pick(storefront.description, locale)}</span>
                  <span className="mt-4 font-medium text-brand-700">{t("booking.season.start")} →</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
