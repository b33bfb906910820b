import { splitLocale } from "../../domain/i18n";
import { buildSitemap, publicPaths } from "../../domain/sitemap";
import { listShopSlugs } from "../../server/catalog/catalog.server";
import { listPublicCouponCodes } from "../../server/catalog/coupons.server";
import { listItemSlugs } from "../../server/catalog/offer.server";
import { publicOrigin } from "../../server/config.server";
import { languageParam } from "../../server/http/results.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml, /de/sitemap.xml, ...: one per language (docs/spec.md §2). */
export async function loader({ request, params }: Route.LoaderArgs) {
  languageParam(params.lang);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const [shops, items, coupons] = await Promise.all([listShopSlugs(), listItemSlugs(), listPublicCouponCodes()]);
  const entries = [
    ...publicPaths.map((path) => ({ path })),
    ...shops.map((s) => ({ path: `/shop/${s.slug}`, lastModified: s.updatedAt })),
    ...items.map((i) => ({ path: `/item/${i.slug}`, lastModified: i.updatedAt })),
    ...coupons.map((c) => ({ path: `/coupon/${c.code}`, lastModified: c.updatedAt })),
  ];
  const xml = buildSitemap(publicOrigin(request), locale, entries);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
