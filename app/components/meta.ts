import type { MetaDescriptor } from "react-router";
import { type Locale, languageTag, locales, localizePath } from "../domain/i18n";
import { bundleAt } from "../i18n/bundles";
import { getT, type TFunction } from "../i18n/i18n";

type RootData = { locale: Locale; messagesUrl: string; origin: string; path: string };
type Match = { id: string; data: unknown } | undefined;

/** A meta function's translator, in the page's language; null when the root has no data (its error page). */
export function metaTranslator(matches: Match[]): TFunction | null {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return root ? getT(root.locale, bundleAt(root.messagesUrl) ?? {}) : null;
}

/**
 * Title, description and Open Graph tags of a page, from its `pages.{name}` messages in the page's
 * language (canonical and hreflang links are the root's, for every page). `image` is an absolute URL.
 */
export function pageMeta(
  matches: Match[],
  name: string,
  values: Record<string, string> = {},
  options: { type?: "website" | "product"; image?: string | null; noindex?: boolean } = {},
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const t = metaTranslator(matches);
  if (!root || !t) return [{ title: "Dolomiti Rent" }];
  const title = t(`pages.${name}.title`, values);
  const brand = t("brand.name");
  const description = t(`pages.${name}.description`, values);
  const ogLocale = (l: Locale) => languageTag[l].replace("-", "_");
  return [
    { title: title === brand ? brand : `${title} · ${brand}` },
    { name: "description", content: description },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: brand },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${root.origin}${localizePath(root.path, root.locale)}` },
    { property: "og:locale", content: ogLocale(root.locale) },
    ...locales.filter((l) => l !== root.locale).map((l) => ({ property: "og:locale:alternate", content: ogLocale(l) })),
    ...(options.image ? [{ property: "og:image", content: options.image }] : []),
    { name: "twitter:card", content: options.image ? "summary_large_image" : "summary" },
  ];
}

/** Title of a back-office screen: "{screen} · {back office}", never indexed. */
export function adminMeta(matches: Match[], screen: string, values: Record<string, string> = {}): MetaDescriptor[] {
  const t = metaTranslator(matches);
  if (!t) return [{ title: "Admin" }];
  return [{ title: `${t(screen, values)} · ${t("admin.backOffice")}` }, { name: "robots", content: "noindex" }];
}
