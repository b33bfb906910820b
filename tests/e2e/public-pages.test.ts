/**
 * Every public page in every language, as a visitor's browser and a search engine see it: the page's
 * language, one h1, its own title and description, canonical and hreflang links, Open Graph tags,
 * valid JSON-LD where the page describes a branch or an item, no console error and no axe violation at all
 * (every rule in English, the rules that depend on the words in every other language: decision 066).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { languageTag, locales, localizePath } from "../../app/domain/i18n";
import { allViolations, browserPerFile, openPage, routerReady, textViolations, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
// The cookie choice accepted up front, so the banner does not cover the page under test. Headless Chromium's
// own user agent, which the shop takes for a bot: the whole page at once, as a search engine gets it.
const chrome = browserPerFile({ context: { viewport: { width: 1280, height: 720 }, userAgent: undefined } });

/** The structured data each page must carry (schema.org types). */
const pages: Record<string, string[]> = {
  "/": [],
  "/about": [],
  "/login": [],
  "/rental": [],
  "/stores": [],
  "/ski-service": [],
  "/ski-depot": [],
  "/sports-shop": [],
  "/cookies": [],
  "/privacy": [],
  "/impressum": [],
  "/shop/ciaslin": ["LocalBusiness"],
  "/item/ski-easy-carve": ["Product"],
  "/item/service-waxing": ["Product"],
  "/coupon/WELCOME10": [],
};

type Seen = { title: string; description: string };
const seen = new Map<string, Seen>();

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text));
}

describe.each(locales)("public pages in %s", (locale) => {
  it.each(Object.keys(pages))(
    "%s: language, title, description, canonical, hreflang, Open Graph, JSON-LD, no axe violation",
    async (path) => {
      const { page, consoleErrors } = await openPage(chrome.context);
      // The bare root follows the language cookie: set it so "/" stays English and the prefixed home loads.
      await chrome.context.addCookies([{ name: "lang", value: locale, url: baseUrl }]);
      const url = baseUrl + localizePath(path, locale);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      expect(await page.getAttribute("html", "lang")).toBe(languageTag[locale]);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(3);
      expect(title).not.toMatch(/Page Not Found|Internal Server Error|\{\{|pages\./);
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length).toBeGreaterThan(40);
      expect(description).not.toMatch(/\{\{|pages\./);
      seen.set(`${locale} ${path}`, { title, description });
      expect(await page.locator("h1").count()).toBe(1);

      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
      expect(alternates).toEqual([
        ...locales.map((l) => [languageTag[l], baseUrl + localizePath(path, l)]),
        ["x-default", baseUrl + localizePath(path, "en")],
      ]);
      const og = async (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
      expect(await og("og:title")).toBe(title.replace(/ · .*$/, ""));
      expect(await og("og:description")).toBe(description);
      expect(await og("og:url")).toBe(url);
      expect(await og("og:locale")).toBe(languageTag[locale].replace("-", "_"));

      const data = await jsonLd(page);
      expect(data.map((d) => d["@type"])).toEqual(pages[path]);
      for (const entry of data) {
        expect(entry["@context"]).toBe("https://schema.org");
        if (entry["@type"] === "LocalBusiness") {
          expect(entry).toMatchObject({ url, address: { "@type": "PostalAddress" }, geo: { "@type": "GeoCoordinates" } });
          expect((entry.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
        }
        if (entry["@type"] === "Product") {
          expect(entry).toMatchObject({ url, name: expect.any(String), offers: { "@type": "Offer", priceCurrency: "EUR" } });
          expect((entry.offers as { price: string }).price).toMatch(/^\d+\.\d{2}$/);
        }
      }

      // hydrated: the client router took over
      await routerReady(page);
      // Every axe rule once per page, in English; in the other languages the rules that read the words
      // (decision 066: the markup, roles and styles are the same in every language).
      expect(await (locale === "en" ? allViolations(page) : textViolations(page))).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    },
  );
});

describe("titles and descriptions", () => {
  it("differ from page to page within a language, and from language to language for a page", () => {
    expect(seen.size).toBe(locales.length * Object.keys(pages).length);
    for (const locale of locales) {
      const mine = [...seen.entries()].filter(([key]) => key.startsWith(`${locale} `)).map(([, value]) => value);
      expect(new Set(mine.map((s) => s.title)).size, `titles in ${locale}`).toBe(mine.length);
      expect(new Set(mine.map((s) => s.description)).size, `descriptions in ${locale}`).toBe(mine.length);
    }
    for (const path of Object.keys(pages)) {
      // Dutch and Flemish may share a word; every other pair of languages must differ.
      const descriptions = locales.filter((l) => l !== "be").map((l) => seen.get(`${l} ${path}`)?.description);
      expect(new Set(descriptions).size, `descriptions of ${path}`).toBe(descriptions.length);
    }
  });
});
