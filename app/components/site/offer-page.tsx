import { Link } from "react-router";
import { formatMoney } from "../../domain/format";
import { itemImages, mainImage } from "../../domain/pictures";
import { useTranslation } from "../../i18n/react";
import type { OfferItem, OfferKind } from "../../server/catalog/offer.server";
import { useLocale, useLocalPath } from "../use-locale";
import { Picture } from "./picture";

type Props = {
  kind: OfferKind;
  /** The page's banner (decision 031). */
  pictures: string[];
  categories: { id: string; appId: string; name: string; items: OfferItem[] }[];
  branches: { slug: string; name: string; town: string }[];
};

/**
 * The ski service, ski depot and sports shop pages: each category's items with their price and, per
 * branch, what there is (offered or not, lockers, stock with sizes), and the way into the booking at
 * that branch with the category chosen.
 */
export function OfferPage({ kind, pictures, categories, branches }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const nameOf = (slug: string) => branches.find((b) => b.slug === slug)?.name ?? slug;
  const banner = mainImage("offers", { id: kind, pictures }, "(min-width: 1152px) 1120px, 100vw");
  return (
    <>
      {/* The page's title is right below: the banner is decorative (decision 031), and the largest element. */}
      {banner && (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <Picture image={banner} alt="" priority className="aspect-[32/9] h-auto w-full rounded-2xl bg-slate-100 object-cover" />
        </div>
      )}
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t(`offer.${kind}.title`)}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{t(`offer.${kind}.lead`)}</p>
        {categories.length === 0 && <p className="mt-8 rounded-lg bg-slate-50 p-6 text-slate-700">{t("offer.empty")}</p>}
        {categories.map((category) => (
          <section key={category.id} aria-labelledby={`category-${category.id}`} className="mt-10">
            <h2 id={`category-${category.id}`} className="text-2xl font-semibold">
              {category.name}
            </h2>
            <ul className="mt-4 grid gap-6 md:grid-cols-2">
              {category.items.map((item) => {
                const image = itemImages(item, "(min-width: 640px) 7rem, 5rem")[0];
                const stocked = item.branches.filter((b) => b.count > 0);
                return (
                  <li key={item.id} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-5">
                    <div className="flex gap-3 sm:gap-4">
                      {image && (
                        <div className="w-20 shrink-0 sm:w-28">
                          <Picture image={image} alt="" />
                        </div>
                      )}
                      {/* min-w-0: a long German word breaks in its column instead of pushing the card past a 320 px screen. */}
                      <div className="min-w-0 flex-1 hyphens-auto [overflow-wrap:anywhere]">
                        <h3 className="text-lg font-semibold">
                          <Link to={href(`/item/${item.slug}`)} className="hover:underline">
                            {item.name}
                          </Link>
                        </h3>
                        {item.fromCents !== null && (
                          <p className="mt-1 font-medium">
                            {item.perDay
                              ? t("item.fromPerDay", { price: formatMoney(item.fromCents, locale) })
                              : formatMoney(item.fromCents, locale)}
                          </p>
                        )}
                        <p className="mt-2 text-slate-700">{item.description}</p>
                      </div>
                    </div>
                    <h4 className="sr-only">{t("offer.perBranch", { name: item.name })}</h4>
                    <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-100 text-sm">
                      {item.branches.map((b) => (
                        <li key={b.slug} className="flex flex-wrap items-center justify-between gap-2 py-2">
                          <span>
                            <span className="font-medium">{nameOf(b.slug)}</span>
                            {": "}
                            {b.count === 0
                              ? t(`offer.${kind}.none`)
                              : kind === "service"
                                ? t("offer.service.offered")
                                : t(`offer.${kind}.some`, { count: b.count })}
                            {kind === "sale" && b.count > 0 && b.sizes.length > 0 && (
                              <span className="text-slate-700"> ({b.sizes.join(", ")})</span>
                            )}
                          </span>
                          {b.count > 0 && (
                            <Link
                              to={`${href(`/rental/${category.appId}/${b.slug}`)}?category=${category.id}`}
                              className="rounded-lg bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
                            >
                              {t(`offer.${kind}.action`)}
                              <span className="sr-only"> {t("offer.itemAt", { name: item.name, shop: nameOf(b.slug) })}</span>
                            </Link>
                          )}
                        </li>
                      ))}
                    </ul>
                    {stocked.length === 0 && <p className="mt-2 text-sm text-slate-700">{t("offer.nowhere")}</p>}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
