import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { languageTag, locales, localizePath } from "../../app/domain/i18n";
import { launchBrowser, openPage, seriousViolations } from "../helpers/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  // Accept the cookie choice up front, so the banner does not cover the page under test.
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
});
afterAll(async () => {
  await browser?.close();
});

const pages = ["/", "/about", "/login", "/rental", "/stores", "/cookies", "/privacy", "/impressum", "/shop/ciaslin", "/coupon/WELCOME10"];

describe.each(locales)("public pages in %s", (locale) => {
  it.each(pages)("%s renders with the right language, a title, no console errors and no serious axe violations", async (path) => {
    const { page, consoleErrors } = await openPage(context);
    // The bare root follows the language cookie: set it so "/" stays English and the prefixed home loads.
    await context.addCookies([{ name: "lang", value: locale, url: baseUrl }]);
    const response = await page.goto(baseUrl + localizePath(path, locale));
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe(languageTag[locale]);
    const title = await page.title();
    expect(title.length).toBeGreaterThan(3);
    expect(title).not.toMatch(/Page Not Found|Internal Server Error/);
    expect(await page.locator("h1").count()).toBe(1);
    // hydrated: the client router took over
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(baseUrl + localizePath(path, locale));
    expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(7);
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
