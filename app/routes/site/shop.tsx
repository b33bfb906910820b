import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "../../components/json-ld";
import { pageMeta } from "../../components/meta";
import { Picture } from "../../components/site/picture";
import { useLocale, useLocalPath, useRootData } from "../../components/use-locale";
import { formatDate, formatMoney, formatTime, weekdayName } from "../../domain/format";
import { localizePath, pick, splitLocale } from "../../domain/i18n";
import { slugSchema } from "../../domain/ids";
import { seasonOrder, zonedDate } from "../../domain/periods";
import { mainImage } from "../../domain/pictures";
import { shopFilterSearch } from "../../domain/shop-filter";
import { localBusiness } from "../../domain/structured-data";
import { useTranslation } from "../../i18n/react";
import { getShop, listStorefronts } from "../../server/catalog/catalog.server";
import { shopRentals } from "../../server/catalog/offer.server";
import { found, param } from "../../server/http/results.server";
import type { Route } from "./+types/shop";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

/** The public page of each kind of thing a branch offers besides rentals. */
const OFFER_PAGE = { service: "/ski-service", depot: "/ski-depot", sale: "/sports-shop" } as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const today = zonedDate(new Date());
  const shop = found(await getShop(param(slugSchema(), params.id), today));
  const storefronts = await listStorefronts();
  // The season it is (or the one that opens next) comes first: hours, rentals and booking buttons.
  const appIds = seasonOrder(
    today,
    storefronts.filter((s) => shop.appIds.includes(s.id)),
  ).map((s) => s.id);
  const rentals = await shopRentals(shop.shop.id, appIds, locale);
  const seasons = Object.fromEntries(storefronts.map((a) => [a.id, { start: a.seasonStart, end: a.seasonEnd }]));
  return { ...shop, appIds, rentals, seasons, today };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, "shop", { name: loaderData?.shop.name ?? "", town: loaderData?.shop.town ?? "" });

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { origin } = useRootData();
  const { shop, hours, closed, appIds, offer, rentals, seasons, today } = loaderData;
  const image = mainImage("shops", shop, "(min-width: 800px) 768px, 100vw");
  const categoryImage = (id: string) => {
    const category = offer.find((c) => c.id === id);
    return category && mainImage("categories", category, "4rem");
  };
  const map = `https://www.openstreetmap.org/?mlat=${shop.latitude}&mlon=${shop.longitude}#map=16/${shop.latitude}/${shop.longitude}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd
        data={localBusiness({
          ...shop,
          url: origin + localizePath(`/shop/${shop.slug}`, locale),
          description: pick(shop.description, locale),
          today,
          hours: hours.map((h) => ({ ...h, season: seasons[h.appId] })),
        })}
      />
      <p className="text-sm">
        <Link to={href("/stores")} className="text-brand-700 hover:underline">
          ← {t("pages.stores.title")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-900">{shop.name}</h1>
      <p className="mt-3 max-w-2xl text-slate-700">{pick(shop.description, locale)}</p>
      {/* The branch's own picture is content (what it looks like), so it has words of its own. */}
      {image && (
        <Picture
          image={image}
          alt={t("pictures.branch", { name: shop.name })}
          priority
          className="mt-6 aspect-[16/9] h-auto w-full max-w-3xl rounded-2xl bg-slate-100 object-cover"
        />
      )}
      <div className="mt-8 grid gap-8 md:grid-cols-3">
        <section aria-labelledby="contact" className="space-y-2 text-slate-800">
          <h2 id="contact" className="text-lg font-semibold">
            {t("shop.contact")}
          </h2>
          <address className="space-y-2 not-italic">
            <span className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4" />
              <span>
                {shop.street}
                <br />
                {shop.postalCode} {shop.town}
              </span>
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
          <a href={map} className="inline-block font-medium text-brand-700 hover:underline" rel="noopener">
            {t("shop.map")}
          </a>
        </section>
        {appIds.map((appId) => (
          <section key={appId} aria-labelledby={`hours-${appId}`}>
            <h2 id={`hours-${appId}`} className="text-lg font-semibold">
              {t("shop.hours", { season: t(`season.${appId}`) })}
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {[1, 2, 3, 4, 5, 6, 7].map((day) => {
                const slots = hours.filter((h) => h.appId === appId && h.weekday === day);
                return (
                  <div key={day} className="contents">
                    <dt className="font-medium">{weekdayName(day, locale)}</dt>
                    <dd>
                      {slots.length === 0
                        ? t("shop.closed")
                        : slots.map((s) => `${formatTime(s.opens, locale)}–${formatTime(s.closes, locale)}`).join(", ")}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        ))}
      </div>
      {closed.length > 0 && (
        <section aria-labelledby="closed" className="mt-8">
          <h2 id="closed" className="text-lg font-semibold">
            {t("shop.closedDays")}
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {closed.map((c) => (
              <li key={c.day}>
                {formatDate(c.day, locale, { dateStyle: "full" })}
                {c.reason ? ` – ${pick(c.reason, locale)}` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="offer" className="mt-8">
        <h2 id="offer" className="text-lg font-semibold">
          {t("shop.offer")}
        </h2>
        {rentals.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("shop.noRentals")}</p>
        ) : (
          rentals.map((season) => (
            <section key={season.appId} aria-labelledby={`rentals-${season.appId}`} data-season={season.appId} className="mt-4">
              <h3 id={`rentals-${season.appId}`} className="text-base font-semibold text-brand-900">
                {t(`season.${season.appId}`)}
              </h3>
              {season.categories.map((category) => {
                const thumbnail = categoryImage(category.id);
                return (
                  <div key={category.id} data-category={category.id} className="mt-3">
                    <h4 className="flex items-center gap-3 text-sm font-semibold text-slate-700">
                      {thumbnail && (
                        <Picture image={thumbnail} alt="" className="aspect-[4/3] h-auto w-16 rounded-lg bg-slate-100 object-cover" />
                      )}
                      {category.name}
                    </h4>
                    <ul className="mt-1 grid gap-x-8 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
                      {category.items.map((item) => (
                        <li key={item.slug} className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1.5">
                          <Link to={href(`/item/${item.slug}`)} className="hover:underline">
                            {item.name}
                          </Link>
                          {item.dayCents !== null && (
                            <span className="ml-auto shrink-0 text-sm tabular-nums">
                              {t("item.fromPerDay", { price: formatMoney(item.dayCents, locale) })}
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </section>
          ))
        )}
        {offer.some((c) => c.kind !== "rental") && (
          <>
            <h3 className="mt-6 font-semibold">{t("shop.more")}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {offer
                .filter((c) => c.kind !== "rental")
                .map((c) => (
                  <li key={c.id}>
                    <Link
                      to={
                        c.kind === "sale"
                          ? `${href("/sports-shop")}${shopFilterSearch({ category: c.id, branch: shop.slug })}`
                          : `${href(OFFER_PAGE[c.kind as keyof typeof OFFER_PAGE])}#category-${c.id}`
                      }
                      className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm hover:bg-slate-200 hover:underline"
                    >
                      {pick(c.name, locale)}
                    </Link>
                  </li>
                ))}
            </ul>
          </>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {appIds.map((appId) => (
            <Link
              key={appId}
              to={href(`/rental/${appId}/${shop.slug}`)}
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
            >
              {t("shop.book", { season: t(`season.${appId}`) })}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
