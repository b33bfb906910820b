import { type Locale, languageTag, locales, localizePath } from "./i18n";

/** The static public pages listed in every language's sitemap. */
export const publicPaths = [
  "/",
  "/about",
  "/rental",
  "/stores",
  "/ski-service",
  "/ski-depot",
  "/sports-shop",
  "/cookies",
  "/privacy",
  "/impressum",
] as const;

export type SitemapEntry = { path: string; lastModified?: Date };

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

/** A sitemap (sitemaps.org 0.9) of one language, each URL with its alternates in all six languages. */
export function buildSitemap(origin: string, locale: Locale, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const alternates = [
      ...locales.map(
        (l) => `    <xhtml:link rel="alternate" hreflang="${languageTag[l]}" href="${escapeXml(origin + localizePath(path, l))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + localizePath(path, "en"))}"/>`,
    ];
    return [
      "  <url>",
      `    <loc>${escapeXml(origin + localizePath(path, locale))}</loc>`,
      ...(lastModified ? [`    <lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>`] : []),
      ...alternates,
      "  </url>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
