/**
 * The not-found error page (docs/spec.md §2, §8): status 404, title "Page Not Found", the text
 * "Page not found: {path}", in every language and for missing records; bots get no rendered page.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageTag, locales, localizePath, splitLocale } from "../../app/domain/i18n";
import { DESKTOP_UA, launchBrowser, openPage, routerReady, workerShop } from "../helpers/browser";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
let browser: Browser;
let visitor: BrowserContext;
let admin: BrowserContext;

/** The one console message a 404 document load may cause: the browser reporting the 404 response itself. */
const resource404 = "Failed to load resource: the server responded with a status of 404";

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, which the shop rightly counts as a bot (and
 * bots get no error page). These contexts browse as the desktop Chrome a visitor would use.
 */

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await browser.newContext({ userAgent: DESKTOP_UA });
  admin = await browser.newContext({ userAgent: DESKTOP_UA });
  // The cookie choice is made up front, so the banner does not cover the page under test.
  for (const context of [visitor, admin]) await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  // The admin signs in through the real login form.
  const page = await admin.newPage();
  await page.goto(`${baseUrl}/login`);
  await routerReady(page);
  await page.locator("#email").fill(ADMIN_EMAIL);
  await page.locator("#password").fill(ADMIN_PASSWORD);
  await page.locator("main form").getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${baseUrl}/admin`);
  await page.close();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Waits until React has hydrated the error page (its message element carries React's fiber) and the
 * effects after that commit have run (two animation frames later).
 */
async function hydrated(page: Page) {
  // An error page under a page of links hydrates at the visitor's first move, like the page (decision 033).
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => {
    const message = document.querySelector("[data-testid=error-message]");
    return "__reactRouterDataRouter" in window && message !== null && Object.keys(message).some((k) => k.startsWith("__reactFiber$"));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function expectNotFoundPage(context: BrowserContext, path: string) {
  const { page, consoleErrors } = await openPage(context);
  const response = await page.goto(baseUrl + path);
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
  // The server-rendered document carries the title, not only the hydrated page.
  expect(await response?.text()).toContain("<title>Page Not Found</title>");
  await hydrated(page);
  expect(await page.title()).toBe("Page Not Found");
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Page Not Found");
  await expect(page.getByTestId("error-message").textContent()).resolves.toBe(`Page not found: ${path}`);
  expect(await page.getByText(`Page not found: ${path}`, { exact: true }).isVisible()).toBe(true);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  // Hydration errors would be in the console by now.
  expect(consoleErrors.filter((e) => !e.startsWith(resource404))).toEqual([]);
  return page;
}

describe("not-found page", () => {
  const unmatched = ["/nope", ...locales.filter((l) => l !== "en").map((l) => `/${l}/nope`)];

  it.each(unmatched)("%s: 404, Page Not Found, in the language of its prefix, with a link to its home page", async (path) => {
    const page = await expectNotFoundPage(visitor, path);
    const { locale } = splitLocale(path);
    expect(await page.getAttribute("html", "lang")).toBe(languageTag[locale]);
    // The error page sits in the site frame and offers the way back to this language's home page.
    const home = page.locator("main").locator(`a[href="${localizePath("/", locale)}"]`);
    expect(await home.count()).toBe(1);
    expect(await home.isVisible()).toBe(true);
    if (locale === "de") {
      // In German, and it leads home.
      expect((await home.textContent())?.trim()).toBe("Zurück zur Startseite");
      await home.click();
      await page.waitForURL(`${baseUrl}/de`);
      await page.waitForFunction(() => document.title !== "Page Not Found");
      expect(await page.getByTestId("error-message").count()).toBe(0);
      expect(await page.getAttribute("html", "lang")).toBe("de");
    }
    await page.close();
  });

  it.each(["/xx/stores", "/en/stores", "/shop/nope", "/de/shop/nope", "/order/nope", "/coupon/NOPE"])(
    "%s: 404 Page Not Found",
    async (path) => {
      const page = await expectNotFoundPage(visitor, path);
      await page.close();
    },
  );

  it("/admin/item/abc (a malformed id) is 404 for a signed-in admin", async () => {
    const page = await expectNotFoundPage(admin, "/admin/item/abc");
    await page.close();
  });

  it("/admin/item/999999 (no such record) is 404 for a signed-in admin", async () => {
    const page = await expectNotFoundPage(admin, "/admin/item/999999");
    await page.close();
  });

  it("a client-side navigation to a missing page shows the same page", async () => {
    const { page, consoleErrors } = await openPage(visitor);
    await page.goto(`${baseUrl}/stores`);
    await routerReady(page);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    // No page links to a missing shop, so ask the client router itself to go there (no document load).
    await page.evaluate(() => {
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }).__reactRouterDataRouter.navigate("/shop/nope");
    });
    await page.waitForURL(`${baseUrl}/shop/nope`);
    await page.getByTestId("error-message").waitFor();
    expect(await page.getByTestId("error-message").textContent()).toBe("Page not found: /shop/nope");
    expect(await page.title()).toBe("Page Not Found");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(consoleErrors.filter((e) => !e.startsWith(resource404))).toEqual([]);
    await page.close();
  });
});

describe("bots get no rendered error page", () => {
  const googlebot = "Googlebot/2.1 (+http://www.google.com/bot.html)";

  it.each(["/nope", "/de/nope", "/shop/nope"])("%s for Googlebot: 404 with an empty body", async (path) => {
    const response = await fetch(baseUrl + path, { headers: { "User-Agent": googlebot } });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("/nope for a browser: 404 with the rendered HTML page", async () => {
    const response = await fetch(`${baseUrl}/nope`, { headers: { "User-Agent": DESKTOP_UA } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain("<title>Page Not Found</title>");
    expect(html).toContain("Page not found: /nope");
  });

  it("a bot still gets the normal pages", async () => {
    const response = await fetch(`${baseUrl}/stores`, { headers: { "User-Agent": googlebot } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("</html>");
  });
});
