/**
 * The sitemaps (docs/spec.md §2: one per language) as a browser and a crawler see them: valid sitemaps.org XML,
 * each URL in its language with seven hreflang alternates, every URL answering 200, all listed in robots.txt.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Locale, languageTag, locales, localizePath, splitLocale } from "../../app/domain/i18n";
import { launchBrowser, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  // A same-origin page to fetch and parse from.
  await page.goto(`${baseUrl}/robots.txt`);
});
afterAll(async () => {
  await browser?.close();
});

type Parsed = {
  status: number;
  contentType: string | null;
  parseError: string | null;
  root: { name: string; namespace: string | null } | null;
  urls: { loc: string | null; alternates: { hreflang: string | null; href: string | null; rel: string | null }[] }[];
};

/** Fetches a sitemap in the page and parses it with the browser's own XML parser. */
function fetchSitemap(path: string): Promise<Parsed> {
  return page.evaluate(
    async ({ path, SITEMAP_NS, XHTML_NS }) => {
      const response = await fetch(path, { cache: "no-store" });
      const text = await response.text();
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.getElementsByTagName("parsererror")[0];
      const root = doc.documentElement;
      return {
        status: response.status,
        contentType: response.headers.get("content-type"),
        parseError: error ? (error.textContent ?? "parsererror") : null,
        root: root ? { name: root.localName, namespace: root.namespaceURI } : null,
        urls: Array.from(doc.getElementsByTagNameNS(SITEMAP_NS, "url")).map((url) => ({
          loc: Array.from(url.children).find((c) => c.localName === "loc" && c.namespaceURI === SITEMAP_NS)?.textContent ?? null,
          alternates: Array.from(url.getElementsByTagNameNS(XHTML_NS, "link")).map((link) => ({
            rel: link.getAttribute("rel"),
            hreflang: link.getAttribute("hreflang"),
            href: link.getAttribute("href"),
          })),
        })),
      };
    },
    { path, SITEMAP_NS, XHTML_NS },
  );
}

const expectedHreflangs = [...locales.map((l) => languageTag[l]), "x-default"].sort();

describe.each(locales)("the %s sitemap", (locale: Locale) => {
  const path = localizePath("/sitemap.xml", locale);

  it(`${path}: 200 application/xml, a sitemaps.org urlset, each URL in ${locale} with 7 alternates`, async () => {
    const sitemap = await fetchSitemap(path);
    expect(sitemap.status).toBe(200);
    expect(sitemap.contentType).toMatch(/^application\/xml\b/);
    expect(sitemap.parseError).toBeNull();
    expect(sitemap.root).toEqual({ name: "urlset", namespace: SITEMAP_NS });
    // The static pages, the shops and the public coupons of the demo data.
    expect(sitemap.urls.length).toBeGreaterThanOrEqual(7);
    const paths = new Set<string>();
    for (const url of sitemap.urls) {
      expect(url.loc).not.toBeNull();
      const loc = new URL(url.loc ?? "");
      expect(loc.origin).toBe(baseUrl);
      // In this sitemap's language: its prefix (none for English, so no other prefix either).
      const split = splitLocale(loc.pathname);
      expect(split.locale, url.loc ?? "").toBe(locale);
      paths.add(split.path);

      expect(url.alternates).toHaveLength(7);
      expect(url.alternates.every((a) => a.rel === "alternate")).toBe(true);
      expect(url.alternates.map((a) => a.hreflang).sort()).toEqual(expectedHreflangs);
      // Every alternate is the same page in its language; x-default is the English one.
      for (const alternate of url.alternates) {
        const target = alternate.hreflang === "x-default" ? "en" : locales.find((l) => languageTag[l] === alternate.hreflang);
        expect(alternate.href).toBe(baseUrl + localizePath(split.path, target as Locale));
      }
    }
    for (const p of ["/", "/about", "/rental", "/stores", "/cookies", "/privacy", "/impressum"]) expect(paths).toContain(p);
    expect([...paths].some((p) => p.startsWith("/shop/"))).toBe(true);
    // No duplicates, no admin or order pages.
    expect(paths.size).toBe(sitemap.urls.length);
    expect([...paths].filter((p) => p.startsWith("/admin") || p.startsWith("/order"))).toEqual([]);
  });

  it(`${path} opened as a document is served as XML`, async () => {
    const tab = await page.context().newPage();
    const response = await tab.goto(baseUrl + path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toMatch(/^application\/xml\b/);
    expect(await tab.evaluate(() => document.documentElement.namespaceURI)).toBe(SITEMAP_NS);
    await tab.close();
  });
});

describe("sitemap URLs and robots.txt", () => {
  it("every <loc> of /de/sitemap.xml answers 200 (no redirect)", async () => {
    const { urls } = await fetchSitemap("/de/sitemap.xml");
    const locs = urls.map((u) => u.loc ?? "");
    expect(locs.length).toBeGreaterThan(0);
    // A few at a time, like a crawler: all at once would meet the load shedding (MAX_IN_FLIGHT)
    // and test that instead.
    const results: (readonly [string, number])[] = [];
    const queue = [...locs];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let loc = queue.shift(); loc !== undefined; loc = queue.shift()) {
          const response = await fetch(loc, { redirect: "manual", headers: { Accept: "text/html" } });
          await response.arrayBuffer();
          results.push([loc, response.status]);
        }
      }),
    );
    expect(results.filter(([, status]) => status !== 200)).toEqual([]);
  });

  it("a sitemap under an unknown language prefix is 404", async () => {
    const sitemap = await fetchSitemap("/xx/sitemap.xml");
    expect(sitemap.status).toBe(404);
    const english = await fetchSitemap("/en/sitemap.xml");
    expect(english.status).toBe(404);
  });

  it("/robots.txt lists all six sitemaps", async () => {
    const response = await fetch(`${baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    const sitemaps = lines.filter((l) => l.startsWith("Sitemap: ")).map((l) => l.slice("Sitemap: ".length).trim());
    expect(sitemaps.sort()).toEqual(locales.map((l) => baseUrl + localizePath("/sitemap.xml", l)).sort());
    // And every one of them is there.
    for (const url of sitemaps) expect((await fetch(url)).status).toBe(200);
  });
});
