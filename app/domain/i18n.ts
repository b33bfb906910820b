/**
 * The six interface languages. `be` is Belgian Dutch: its URL prefix is /be and its language tag nl-BE.
 * English is the fallback and has no URL prefix.
 */
export const locales = ["en", "de", "it", "nl", "be", "da"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** BCP 47 tag for `<html lang>`, hreflang and Intl. */
export const languageTag: Record<Locale, string> = {
  en: "en",
  de: "de",
  it: "it",
  nl: "nl",
  be: "nl-BE",
  da: "da",
};

/** Each language's own name, shown in the language switcher. */
export const languageName: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  it: "Italiano",
  nl: "Nederlands",
  be: "Nederlands (België)",
  da: "Dansk",
};

/** A text in every language. */
export type Translated = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * Whether a `:lang` URL segment names a language. English has no prefix, so "/en/..." is no page, and
 * an absent segment is English.
 */
export function isLanguageSegment(segment: string | undefined): boolean {
  return segment === undefined || (segment !== defaultLocale && isLocale(segment));
}

/** URL prefix of a language: "" for English, "/de" for German. */
function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? "" : `/${locale}`;
}

/** Splits a pathname into its language and the path without the prefix ("/de/stores" -> de, "/stores"). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== defaultLocale) {
    const rest = pathname.slice(3);
    return { locale: match[1], path: rest === "" ? "/" : rest };
  }
  return { locale: defaultLocale, path: pathname === "" ? "/" : pathname };
}

/** The same page in another language: localizePath("/stores", "de") === "/de/stores". */
export function localizePath(path: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (path === "/" || path === "") return prefix === "" ? "/" : prefix;
  return `${prefix}${path}`;
}

/** A translated text in the wanted language, else English, else any. */
export function pick(text: Partial<Translated> | null | undefined, locale: Locale): string {
  if (!text) return "";
  return text[locale] ?? (locale === "be" ? text.nl : undefined) ?? text.en ?? Object.values(text)[0] ?? "";
}

/**
 * The best supported language for an Accept-Language header (RFC 9110 quality values), or null.
 * nl-BE maps to `be`, any other nl-* to `nl`; a bare language matches its own code.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag !== "" && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === "nl-be") return "be";
    const base = tag.split("-")[0];
    if (base === "be") continue; // "be" in a header is Belarusian, not Belgian Dutch
    if (isLocale(base)) return base;
  }
  return null;
}

/** A back-office path (without its language prefix): its pages need the back office's messages too. */
export const isBackOfficePath = (path: string) => path === "/admin" || path.startsWith("/admin/");
