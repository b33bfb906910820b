import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "../helpers/browser";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

/** Its own shop process: this one has a tag manager container configured. */
let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopProcess({ GTM_ID: "GTM-TEST123" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe("tag manager and consent", () => {
  it("loads GTM only after consent, then pushes a page view on each client-side navigation", async () => {
    const context = await browser.newContext();
    const { page, consoleErrors } = await openPage(context);
    const gtmRequests: string[] = [];
    // The real tag manager is on the internet; answer for it with a script that records that it ran.
    await page.route("https://www.googletagmanager.com/**", (route) => {
      gtmRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "window.__gtmRan = true;" });
    });
    await page.goto(`${shop.url}/`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(gtmRequests).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();

    await page.getByRole("button", { name: "Accept all" }).click();
    await page.waitForFunction(() => (window as unknown as { __gtmRan?: boolean }).__gtmRan === true);
    expect(gtmRequests).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    expect(await page.evaluate(() => window.dataLayer?.[0]?.event)).toBe("gtm.js");
    expect((await context.cookies()).find((c) => c.name === "consent")?.value).toBe("all");
    await expect(page.getByRole("region", { name: "Cookies on this website" }).count()).resolves.toBe(0);

    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Stores" }).click();
    await page.waitForURL(`${shop.url}/stores`);
    await page.waitForFunction(() => window.dataLayer?.some((e) => e.event === "page_view"));
    const views = await page.evaluate(() => window.dataLayer?.filter((e) => e.event === "page_view").map((e) => e.page_path));
    expect(views).toEqual(["/stores"]);
    expect(gtmRequests).toHaveLength(1); // loaded once, not per navigation
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("never loads GTM when the visitor chooses necessary cookies only", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const gtmRequests: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      gtmRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await page.goto(`${shop.url}/about`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByRole("button", { name: "Necessary only" }).click();
    await page.waitForFunction(() => document.cookie.includes("consent=necessary"));
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Stores" }).click();
    await page.waitForURL(`${shop.url}/stores`);
    await page.reload();
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(gtmRequests).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
    await context.close();
  });
});
