import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { pick } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { listShops } from "../../server/catalog/catalog.server";
import type { Route } from "./+types/stores";
import type { PageHandle } from "./layout";

export const handle: PageHandle = { transition: "translate" };

export async function loader() {
  return { shops: await listShops() };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "stores");

export default function Stores({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t("pages.stores.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("stores.lead")}</p>
      {loaderData.shops.length === 0 ? (
        <p className="mt-8 rounded-lg bg-slate-50 p-6 text-slate-700">{t("stores.empty")}</p>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.shops.map((shop) => (
            <li key={shop.id} className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm">
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
              <Link to={href(`/shop/${shop.slug}`)} className="mt-4 font-medium text-brand-700 hover:underline">
                {t("stores.details", { name: shop.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
