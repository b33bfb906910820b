import { Clock, ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "../../components/meta";
import { Picture } from "../../components/site/picture";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate, formatTime, weekdayName } from "../../domain/format";
import { pick } from "../../domain/i18n";
import type { Slot } from "../../domain/opening-hours";
import { zonedDate } from "../../domain/periods";
import { mainImage } from "../../domain/pictures";
import { useTranslation } from "../../i18n/react";
import { listShopCards } from "../../server/catalog/catalog.server";
import type { Route } from "./+types/stores";
import type { PageHandle } from "./layout";

export const handle: PageHandle = { transition: "translate", static: true };

export async function loader() {
  return { shops: await listShopCards(zonedDate(new Date())) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "stores");

export default function Stores({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const locale = useLocale();
  const slotsText = (slots: Slot[]) =>
    slots.length === 0 ? t("shop.closed") : slots.map((s) => `${formatTime(s.opens, locale)}–${formatTime(s.closes, locale)}`).join(", ");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t("pages.stores.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("stores.lead")}</p>
      {loaderData.shops.length === 0 ? (
        <p className="mt-8 rounded-lg bg-slate-50 p-6 text-slate-700">{t("stores.empty")}</p>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.shops.map((shop, i) => {
            const image = mainImage("shops", shop, "(min-width: 1152px) 330px, (min-width: 768px) 30vw, 100vw");
            return (
              <li key={shop.id} className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm">
                {/* Beside its name: decorative (decision 031). The first is above the fold on every screen. */}
                {image && (
                  <Picture
                    image={image}
                    alt=""
                    priority={i === 0}
                    className="-mx-5 -mt-5 mb-4 aspect-[16/9] h-auto w-[calc(100%+2.5rem)] max-w-none rounded-t-2xl bg-slate-100 object-cover"
                  />
                )}
                <h2 className="text-lg font-semibold">
                  <Link to={href(`/shop/${shop.slug}`)} className="hover:underline">
                    {shop.name}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-slate-600">{shop.appIds.map((id) => t(`season.${id}`)).join(" · ")}</p>
                <p className="mt-3 text-slate-700">{pick(shop.description, locale)}</p>
                <address className="mt-4 space-y-1 text-sm not-italic text-slate-800">
                  <span className="flex items-center gap-2">
                    <MapPin aria-hidden="true" className="size-4" />
                    {shop.street}, {shop.postalCode} {shop.town}
                  </span>
                  <a href={`tel:${shop.phone.replace(/\s/g, "")}`} className="flex items-center gap-2 hover:underline">
                    <Phone aria-hidden="true" className="size-4" />
                    {shop.phone}
                  </a>
                  <a href={`mailto:${shop.email}`} className="flex items-center gap-2 hover:underline">
                    <Mail aria-hidden="true" className="size-4" />
                    {shop.email}
                  </a>
                </address>
                {shop.hours && (
                  <div className="mt-4 text-sm text-slate-800" data-hours={shop.hours.appId}>
                    <p className="flex items-center gap-2 font-semibold">
                      <Clock aria-hidden="true" className="size-4" />
                      {t("shop.hours", { season: t(`season.${shop.hours.appId}`) })}
                    </p>
                    <p className="mt-1 pl-6" data-today>
                      {shop.hours.today
                        ? t("stores.today", { hours: slotsText(shop.hours.today) })
                        : t("stores.opensOn", { date: formatDate(shop.hours.opensOn ?? "", locale, { day: "numeric", month: "long" }) })}
                    </p>
                    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 pl-6 text-slate-700">
                      {shop.hours.week.map((run) => (
                        <div key={run.from} className="contents">
                          <dt>
                            {run.from === run.to
                              ? weekdayName(run.from, locale, "short")
                              : `${weekdayName(run.from, locale, "short")}–${weekdayName(run.to, locale, "short")}`}
                          </dt>
                          <dd>{slotsText(run.slots)}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                )}
                <a
                  href={`https://www.openstreetmap.org/?mlat=${shop.latitude}&mlon=${shop.longitude}#map=16/${shop.latitude}/${shop.longitude}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-4 flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                >
                  <MapPin aria-hidden="true" className="size-4" />
                  {t("shop.map")}
                  <span className="sr-only"> ({t("stores.mapDetail", { name: shop.name })})</span>
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
                <Link to={href(`/shop/${shop.slug}`)} className="mt-4 font-medium text-brand-700 hover:underline">
                  {t("stores.details", { name: shop.name })}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
