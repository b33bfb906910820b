import { MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { PageTitle, StepNav } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatTime, weekdayName } from "../../domain/format";
import { type Locale, pick } from "../../domain/i18n";
import { seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { getShopCalendar } from "../../server/booking/calendar.server";
import { getStorefront } from "../../server/booking/flow.server";
import { listShops } from "../../server/catalog/catalog.server";
import { found, param } from "../../server/http/results.server";
import type { PageHandle } from "../site/layout";
import type { Route } from "./+types/branch";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

/** Step: the branches that serve the chosen season, with their hours for it. */
export async function loader({ params }: Route.LoaderArgs) {
  const appId = param(seasonSchema, params.app);
  const storefront = found(await getStorefront(appId));
  const shops = (await listShops()).filter((s) => s.appIds.includes(appId));
  const branches = await Promise.all(
    shops.map(async (shop) => {
      const calendar = await getShopCalendar(shop.id, appId);
      return {
        slug: shop.slug,
        name: shop.name,
        description: shop.description,
        street: shop.street,
        postalCode: shop.postalCode,
        town: shop.town,
        phone: shop.phone,
        hours: calendar ? [...calendar.hours].sort((a, b) => a.weekday - b.weekday || a.opens.localeCompare(b.opens)) : [],
      };
    }),
  );
  return { storefront: { id: storefront.id, name: storefront.name }, branches };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "branch");

/** "Mon–Fri 08:00–18:00"-style lines: consecutive weekdays with the same hours are grouped. */
function hourLines(hours: { weekday: number; opens: string; closes: string }[], locale: Locale) {
  const byDay = new Map<number, string>();
  for (const h of hours)
    byDay.set(
      h.weekday,
      [byDay.get(h.weekday), `${formatTime(h.opens, locale)}–${formatTime(h.closes, locale)}`].filter(Boolean).join(", "),
    );
  const lines: { from: number; to: number; text: string }[] = [];
  for (let day = 1; day <= 7; day++) {
    const text = byDay.get(day) ?? "";
    const last = lines.at(-1);
    if (last && last.text === text && last.to === day - 1) last.to = day;
    else lines.push({ from: day, to: day, text });
  }
  return lines;
}

export default function Branch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { storefront, branches } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageTitle>{t("booking.branch.title", { season: pick(storefront.name, locale) })}</PageTitle>
      <StepNav current="branch" />
      <p className="mt-4">
        <Link to={href("/rental")} className="text-brand-700 hover:underline">
          {t("booking.branch.otherSeason")}
        </Link>
      </p>
      {branches.length === 0 ? (
        <p className="mt-6 rounded-lg bg-slate-50 p-6 text-slate-700">{t("rental.noBranch")}</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {branches.map((branch) => (
            <li key={branch.slug} className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <MapPin aria-hidden="true" className="size-5 text-brand-700" />
                {branch.name}
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                {branch.street}, {branch.postalCode} {branch.town}
              </p>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
                <Phone aria-hidden="true" className="size-4" />
                {branch.phone}
              </p>
              <h3 className="mt-4 text-sm font-semibold">{t("booking.branch.hours")}</h3>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                {hourLines(branch.hours, locale).map((line) => (
                  <div key={line.from} className="contents">
                    <dt>
                      {weekdayName(line.from, locale)}
                      {line.to !== line.from ? ` – ${weekdayName(line.to, locale)}` : ""}
                    </dt>
                    <dd>{line.text || t("booking.branch.closed")}</dd>
                  </div>
                ))}
              </dl>
              <Link
                to={href(`/rental/${storefront.id}/${branch.slug}`)}
                className="mt-5 inline-flex justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
              >
                {t("booking.branch.choose", { name: branch.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
