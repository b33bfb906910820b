import { Mail, MapPin, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { formatDate, hhmm, weekdayName } from "../../components/format";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { getShop } from "../../server/catalog/catalog.server";
import { notFound, param } from "../../server/http/errors.server";
import type { Route } from "./+types/shop";

const slug = z.string().regex(/^[a-z0-9-]{1,80}$/);

export async function loader({ params }: Route.LoaderArgs) {
  const shop = await getShop(param(slug, params.id));
  if (!shop) notFound();
  return shop;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, "shop", { name: loaderData?.shop.name ?? "", town: loaderData?.shop.town ?? "" });

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const { shop, hours, closed, appIds, offer } = loaderData;
  const map = `https://www.openstreetmap.org/?mlat=${shop.latitude}&mlon=${shop.longitude}#map=16/${shop.latitude}/${shop.longitude}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to={href("/stores")} className="text-brand-700 hover:underline">
          ← {t("pages.stores.title")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-900">{shop.name}</h1>
      <p className="mt-3 max-w-2xl text-slate-700">{pick(shop.description, locale)}</p>
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
                    <dd>{slots.length === 0 ? t("shop.closed") : slots.map((s) => `${hhmm(s.opens)}–${hhmm(s.closes)}`).join(", ")}</dd>
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
        <ul className="mt-3 flex flex-wrap gap-2">
          {offer.map((c) => (
            <li key={c.id} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
              {pick(c.name, locale)} <span className="text-slate-600">({c.items})</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          {appIds.map((appId) => (
            <Link
              key={appId}
              to={`${href("/rental")}?app=${appId}&shop=${shop.slug}`}
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
