import { MapPin, TicketPercent } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "../../components/meta";
import { Picture } from "../../components/site/picture";
import { useLocale, useLocalPath, useRootData } from "../../components/use-locale";
import { formatMoney } from "../../domain/format";
import { pick } from "../../domain/i18n";
import { mainImage } from "../../domain/pictures";
import { useTranslation } from "../../i18n/react";
import { getOfferPictures, listShops, listStorefronts } from "../../server/catalog/catalog.server";
import { listPublicCoupons } from "../../server/catalog/coupons.server";
import { readSeason } from "../../server/http/season.server";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/home";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export async function loader({ request }: Route.LoaderArgs) {
  // The visit's season, as the root reads it: a summer visitor is offered neither a winter coupon nor a winter-only branch.
  const season = readSeason(request);
  const [storefronts, shops, coupons, settings, offerPictures] = await Promise.all([
    listStorefronts(),
    listShops(),
    listPublicCoupons(season),
    getSettings(),
    getOfferPictures(),
  ]);
  return {
    storefronts,
    shops: shops
      .filter((shop) => shop.appIds.includes(season))
      .map(({ id, slug, name, town, appIds, pictures }) => ({ id, slug, name, town, appIds, pictures })),
    offerPictures,
    coupons,
    discountOffer: settings.discountOffer,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "home");

/** The winter offers besides renting: each has its own page; a summer visitor is not offered them. */
const WINTER_OFFERS = [
  { path: "/ski-service", key: "service" },
  { path: "/ski-depot", key: "depot" },
  { path: "/sports-shop", key: "sale" },
] as const;

/** Pictures in cards sit beside their title: decorative (alt ""), the title says it (decision 031). */
const CARD_PICTURE = "aspect-[16/9] h-auto w-full bg-slate-100 object-cover";

/** Home: choose the winter or the summer rental (the visitor's season first), the offers, the branches. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { season } = useRootData();
  const storefronts = [...loaderData.storefronts].sort((a, b) => Number(b.id === season) - Number(a.id === season));
  const { coupons, discountOffer } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-brand-900 sm:text-5xl">{t("home.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{t("home.lead")}</p>
          <h2 className="mt-10 text-xl font-semibold">{t("home.chooseRental")}</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {storefronts.map((storefront, i) => {
              const image = mainImage("storefronts", storefront, "(min-width: 1152px) 560px, (min-width: 640px) 50vw, 100vw");
              return (
                <li key={storefront.id}>
                  <Link
                    to={href(`/rental/${storefront.id}`)}
                    className={`group flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md ${
                      storefront.id === season ? "border-brand-600" : "border-slate-200"
                    }`}
                  >
                    {/* The visitor's season comes first: its picture is the page's largest, loaded first. */}
                    {image && <Picture image={image} alt="" priority={i === 0} className={CARD_PICTURE} />}
                    <span className="block p-6">
                      <span className="block text-lg font-semibold group-hover:underline">{pick(storefront.name, locale)}</span>
                      <span className="mt-1 block text-slate-700">{pick(storefront.description, locale)}</span>
                      <span className="mt-3 inline-block font-medium text-brand-700">{t("home.bookNow")} →</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <section aria-labelledby="offers" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="offers" className="text-xl font-semibold">
          {t("home.offers")}
        </h2>
        {season === "winter" && (
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {WINTER_OFFERS.map(({ path, key }) => {
              const image = mainImage(
                "offers",
                { id: key, pictures: loaderData.offerPictures[key] },
                "(min-width: 1152px) 370px, (min-width: 640px) 33vw, 100vw",
              );
              return (
                <li key={key}>
                  <Link
                    to={href(path)}
                    className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 hover:border-brand-600"
                  >
                    {image && <Picture image={image} alt="" className={CARD_PICTURE} />}
                    <span className="block p-5">
                      <span className="block font-semibold group-hover:underline">{t(`offer.${key}.title`)}</span>
                      <span className="mt-1 block text-sm text-slate-700">{t(`offer.${key}.teaser`)}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {(discountOffer || coupons.length > 0) && (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {discountOffer && discountOffer.percent > 0 && (
              <li className="flex gap-3 rounded-2xl bg-brand-50 p-5">
                <TicketPercent aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
                <p>
                  <span className="block font-semibold">
                    {t("home.earlyBooking", { percent: discountOffer.percent, count: discountOffer.minDaysAhead })}
                  </span>
                  <span className="mt-1 block text-sm text-slate-700">{t("home.earlyBookingText")}</span>
                </p>
              </li>
            )}
            {coupons.map((coupon) => (
              <li key={coupon.code} className="flex gap-3 rounded-2xl bg-brand-50 p-5">
                <TicketPercent aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
                <p>
                  <Link to={href(`/coupon/${coupon.code}`)} className="block font-semibold hover:underline">
                    {t("coupon.title", { value: coupon.kind === "percent" ? `${coupon.value} %` : formatMoney(coupon.value, locale) })}
                    {" – "}
                    <span className="font-mono">{coupon.code}</span>
                  </Link>
                  <span className="mt-1 block text-sm text-slate-700">{pick(coupon.description, locale)}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="branches" className="mx-auto max-w-6xl px-4 pb-12">
        <h2 id="branches" className="text-xl font-semibold">
          {t("home.branches")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {loaderData.shops.map((shop) => {
            const image = mainImage("shops", shop, "(min-width: 1152px) 370px, (min-width: 640px) 33vw, 100vw");
            return (
              <li key={shop.slug}>
                <Link
                  to={href(`/shop/${shop.slug}`)}
                  className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 hover:border-brand-600"
                >
                  {image && <Picture image={image} alt="" className={CARD_PICTURE} />}
                  <span className="flex items-start gap-2 p-4">
                    <MapPin aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                    <span>
                      <span className="block font-medium">{shop.name}</span>
                      <span className="block text-sm text-slate-700">
                        {shop.town} · {shop.appIds.map((id) => t(`season.${id}`)).join(", ")}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
