import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "../../components/json-ld";
import { pageMeta } from "../../components/meta";
import { Picture } from "../../components/site/picture";
import { useLocale, useLocalPath, useRootData } from "../../components/use-locale";
import { formatDate, formatMoney, formatPercent } from "../../domain/format";
import { localizePath, splitLocale } from "../../domain/i18n";
import { slugSchema } from "../../domain/ids";
import { zonedDate } from "../../domain/periods";
import { itemImages } from "../../domain/pictures";
import { product } from "../../domain/structured-data";
import { useTranslation } from "../../i18n/react";
import { getItemPage, upcomingPeaks } from "../../server/catalog/offer.server";
import { found, param } from "../../server/http/results.server";
import type { Route } from "./+types/item";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export async function loader({ params, request }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const page = found(await getItemPage(param(slugSchema(), params.id), locale));
  const peaks = page.prices ? await upcomingPeaks(page.item, locale, zonedDate(new Date())) : [];
  // The header's season switch shows the item's season (an e-bike's page is a summer page).
  return { ...page, peaks, pageSeason: page.item.appId };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches.find((m) => m?.id === "root")?.data as { origin: string } | undefined;
  const image = loaderData ? itemImages(loaderData.item)[0] : undefined;
  return pageMeta(
    matches,
    "item",
    { name: loaderData?.item.name ?? "", category: loaderData?.category.name ?? "" },
    { type: "product", image: image && root ? root.origin + image.src : null },
  );
};

/** One item of the catalogue: pictures, sizes, prices, the branches that have it, and the way to book it. */
export default function ItemPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { origin } = useRootData();
  const { item, category, prices, fromCents, branches, available, peaks } = loaderData;
  const images = itemImages(item, "(min-width: 768px) 40vw, 100vw");
  const url = (path: string) => origin + localizePath(path, locale);
  const book = (shop: string) =>
    item.kind === "rental"
      ? href(`/rental/${item.appId}/${shop}`)
      : `${href(`/rental/${item.appId}/${shop}`)}?category=${encodeURIComponent(category.id)}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd
        data={product({
          url: url(`/item/${item.slug}`),
          name: item.name,
          description: item.description,
          category: category.name,
          sku: item.slug,
          images: images.map((i) => origin + i.src),
          priceCents: fromCents,
          available,
          brand: t("brand.name"),
          sellers: branches.map((b) => ({ url: url(`/shop/${b.slug}`), name: b.name })),
        })}
      />
      <p className="text-sm text-slate-700">
        {t(`item.kind.${item.kind}`)} · {category.name}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-brand-900">{item.name}</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[2fr_3fr]">
        <div>
          {images.length > 0 ? (
            <Picture image={images[0]} alt={item.name} priority />
          ) : (
            <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-slate-100 text-slate-700">
              {t("item.noPicture")}
            </div>
          )}
          {images.length > 1 && (
            <ul className="mt-3 grid grid-cols-3 gap-2">
              {images.slice(1).map((image, i) => (
                <li key={image.src}>
                  <Picture
                    image={{ ...image, sizes: "(min-width: 768px) 13vw, 33vw" }}
                    alt={t("item.pictureOf", { name: item.name, n: i + 2 })}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <p className="text-lg text-slate-800">{item.description}</p>
          {fromCents !== null && (
            <p className="mt-4 text-2xl font-semibold">
              {item.kind === "rental" || (item.kind === "depot" && prices)
                ? t("item.fromPerDay", { price: formatMoney(fromCents, locale) })
                : formatMoney(fromCents, locale)}
            </p>
          )}
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {item.sizes.length > 0 && (
              <>
                <dt className="font-medium">{t("item.sizes")}</dt>
                <dd>{item.sizes.join(" · ")}</dd>
              </>
            )}
            {item.level && (
              <>
                <dt className="font-medium">{t("item.level")}</dt>
                <dd>{t(`booking.skill.${item.level}`)}</dd>
              </>
            )}
            {item.maxHeightCm !== null && (
              <>
                <dt className="font-medium">{t("item.maxHeight")}</dt>
                <dd>{item.maxHeightCm} cm</dd>
              </>
            )}
            {item.maxShoeSize !== null && (
              <>
                <dt className="font-medium">{t("item.maxShoeSize")}</dt>
                <dd>{item.maxShoeSize}</dd>
              </>
            )}
            {item.depositCents > 0 && (
              <>
                <dt className="font-medium">{t("item.deposit")}</dt>
                <dd>{formatMoney(item.depositCents, locale)}</dd>
              </>
            )}
          </dl>
          {prices && (
            <section aria-labelledby="prices" className="mt-8">
              <h2 id="prices" className="text-lg font-semibold">
                {t("item.prices")}
              </h2>
              <table className="mt-2 w-full max-w-sm text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left">
                    <th scope="col" className="py-1 font-medium">
                      {t("item.days")}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {t("item.price")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {prices.dayPrices.map((cents, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the day count is the row's identity
                    <tr key={i} className="border-b border-slate-100">
                      <td className="py-1">{t("item.dayCount", { count: i + 1 })}</td>
                      <td className="py-1 text-right tabular-nums">{formatMoney(cents, locale)}</td>
                    </tr>
                  ))}
                  <tr>
                    <td className="py-1">{t("item.extraDay")}</td>
                    <td className="py-1 text-right tabular-nums">{formatMoney(prices.extraDayCents, locale)}</td>
                  </tr>
                </tbody>
              </table>
              {peaks.map((peak) => (
                <p key={peak.startsOn} className="mt-2 max-w-sm text-sm text-slate-700" data-peak>
                  {t("item.peak", {
                    name: peak.name,
                    from: formatDate(`${peak.startsOn}T12:00:00Z`, locale, { day: "numeric", month: "long", timeZone: "UTC" }),
                    to: formatDate(`${peak.endsOn}T12:00:00Z`, locale, { day: "numeric", month: "long", timeZone: "UTC" }),
                    percent: formatPercent(peak.percent, locale),
                  })}
                </p>
              ))}
            </section>
          )}
          <section aria-labelledby="where" className="mt-8">
            <h2 id="where" className="text-lg font-semibold">
              {t("item.where")}
            </h2>
            {branches.length === 0 ? (
              <p className="mt-2 text-slate-700">{t("item.nowhere")}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {branches.map((b) => (
                  <li key={b.slug} className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    <Link to={href(`/shop/${b.slug}`)} className="flex items-center gap-1 font-medium hover:underline">
                      <MapPin aria-hidden="true" className="size-4 text-brand-600" />
                      {b.name}, {b.town}
                    </Link>
                    <Link to={book(b.slug)} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
                      {t(item.kind === "sale" ? "item.buyAt" : "item.bookAt", { shop: b.name })}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
