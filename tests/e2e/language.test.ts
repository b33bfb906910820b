/**
 * The interface language (docs/spec.md §4, §9): chosen from the language cookie, then the browser's languages,
 * then English; switched at runtime through the header's language switcher and kept in a cookie for
 * 365 days, path /, SameSite Lax. The switcher is a plain form, so it works without JavaScript too.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, routerReady, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

/**
 * A fresh visitor whose browser asks for these languages; the cookie choice is made so no banner covers
 * the page. Note: Playwright's `locale` option replaces the Accept-Language header with the bare locale,
 * so a header with several languages is sent only when no locale is given.
 */
async function visitor(acceptLanguage: string, locale: string | undefined, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await chrome.browser.newContext({
    ...(locale ? { locale } : {}),
    extraHTTPHeaders: { "Accept-Language": acceptLanguage },
    ...options,
  });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

const hydrated = routerReady;

describe("the language of the first visit", () => {
  it.each([
    ["de-DE,de;q=0.9", "de-DE", "/de", "de"],
    ["nl-BE,nl;q=0.9", "nl-BE", "/be", "nl-BE"],
    ["fr-FR,fr;q=0.9", "fr-FR", "/", "en"],
    ["fr-FR,fr;q=0.9,it;q=0.5", "", "/it", "it"],
    ["da;q=0.3,nl;q=0.8", "", "/nl", "nl"],
  ])("Accept-Language %s (context locale '%s'): / ends on %s with html lang %s", async (acceptLanguage, locale, path, lang) => {
    const context = await visitor(acceptLanguage, locale);
    const { page, consoleErrors } = await openPage(context);
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(baseUrl + path);
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    await hydrated(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the language cookie beats Accept-Language", async () => {
    const context = await visitor("de-DE,de;q=0.9", "de-DE");
    await context.addCookies([{ name: "lang", value: "it", url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    expect(page.url()).toBe(`${baseUrl}/it`);
    expect(await page.getAttribute("html", "lang")).toBe("it");
    await context.close();
  });

  it("an English cookie keeps / English even for a German browser", async () => {
    const context = await visitor("de-DE,de;q=0.9", "de-DE");
    await context.addCookies([{ name: "lang", value: "en", url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await context.close();
  });

  it("the redirect of / keeps the query string", async () => {
    const context = await visitor("de-DE,de;q=0.9", "de-DE");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?app=summer`);
    expect(page.url()).toBe(`${baseUrl}/de?app=summer`);
    await context.close();
  });
});

/** Opens the header's language switcher and picks a language, as a visitor does. */
async function switchLanguage(page: Page, name: string) {
  const switcher = page.locator("header details");
  await switcher.locator("summary").click();
  expect(await switcher.getAttribute("open")).not.toBeNull();
  await switcher.getByRole("button", { name, exact: true }).click();
}

describe("switching the language", () => {
  it("on /stores, Dansk leads to /da/stores and sets the lang cookie for 365 days; / then goes to /da", async () => {
    const context = await visitor("en-US,en;q=0.9", "en-US");
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/stores`);
    await hydrated(page);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    const before = Date.now() / 1000;

    await switchLanguage(page, "Dansk");
    await page.waitForURL(`${baseUrl}/da/stores`);
    await page.waitForFunction(() => document.documentElement.lang === "da");
    // The page itself is Danish now: the main navigation and the switcher's own label.
    expect(await page.getByRole("navigation", { name: "Hovednavigation" }).count()).toBe(1);
    expect(await page.locator("header details summary").textContent()).toContain("Dansk");

    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === "lang");
    expect(cookie).toBeDefined();
    expect(cookie?.value).toBe("da");
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");
    const days = ((cookie?.expires ?? 0) - before) / 86_400;
    expect(days).toBeGreaterThan(363);
    expect(days).toBeLessThan(367);

    await page.goto(`${baseUrl}/`);
    expect(page.url()).toBe(`${baseUrl}/da`);
    expect(await page.getAttribute("html", "lang")).toBe("da");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("keeps the query string: /rental?app=summer becomes /de/rental?app=summer", async () => {
    const context = await visitor("en-US,en;q=0.9", "en-US");
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/rental?app=summer`);
    await hydrated(page);
    await switchLanguage(page, "Deutsch");
    await page.waitForURL(`${baseUrl}/de/rental?app=summer`);
    await page.waitForFunction(() => document.documentElement.lang === "de");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("from a language back to English: /it/about becomes /about and / stays English", async () => {
    const context = await visitor("it-IT,it;q=0.9", "it-IT");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/it/about`);
    await hydrated(page);
    await switchLanguage(page, "English");
    await page.waitForURL(`${baseUrl}/about`);
    await page.waitForFunction(() => document.documentElement.lang === "en");
    expect((await context.cookies(baseUrl)).find((c) => c.name === "lang")?.value).toBe("en");
    // The cookie now beats the Italian browser.
    await page.goto(`${baseUrl}/`);
    expect(page.url()).toBe(`${baseUrl}/`);
    await context.close();
  });

  it("between two prefixed languages: /de/stores to Nederlands (België) is /be/stores with lang nl-BE", async () => {
    const context = await visitor("de-DE,de;q=0.9", "de-DE");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/de/stores`);
    await hydrated(page);
    await switchLanguage(page, "Nederlands (België)");
    await page.waitForURL(`${baseUrl}/be/stores`);
    await page.waitForFunction(() => document.documentElement.lang === "nl-BE");
    await context.close();
  });

  it("works without JavaScript: the same form posts and the server redirects", async () => {
    const context = await visitor("en-US,en;q=0.9", "en-US", { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/rental?app=summer`);
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window).catch(() => false)).toBe(false);
    await switchLanguage(page, "Dansk");
    await page.waitForURL(`${baseUrl}/da/rental?app=summer`);
    expect(await page.getAttribute("html", "lang")).toBe("da");
    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === "lang");
    expect(cookie?.value).toBe("da");
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");
    await page.goto(`${baseUrl}/`);
    expect(page.url()).toBe(`${baseUrl}/da`);
    await context.close();
  });
});
