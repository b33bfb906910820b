/**
 * Pages with nothing to interact with but links keep the server's DOM when they hydrate (decision 032):
 * React never renders their content in the browser on the first load, their links still navigate in the
 * app, and the same page reached by a client-side navigation renders as usual.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, routerReady, workerShop } from "../helpers/browser";
import { path, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hydrated = routerReady;

/** Whether React attached itself to the element (it does to every element it hydrated or rendered). */
const reactOwns = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));

describe("static pages", () => {
  it("leave the content to the server's DOM, navigate in the app from its links, and render when reached in the app", async () => {
    const context = await browser.newContext({ userAgent, locale: "de-DE" });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    let documents = 0;
    page.on("load", () => {
      documents++;
    });

    await page.goto(baseUrl + path("de", "/stores"));
    await hydrated(page);
    const names = await page.locator("main h2").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    // The header is hydrated (it has the season switch and the account link); the branches are not.
    await expect.poll(() => reactOwns(page, "header nav a")).toBe(true);
    expect(await reactOwns(page, "main h2")).toBe(false);

    await page.locator("main h2 a").first().click();
    await page.waitForURL(`${baseUrl}${path("de", "/shop/")}**`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(names[0]);
    expect(documents).toBe(1);

    await page.goBack();
    await page.waitForURL(baseUrl + path("de", "/stores"));
    await expect.poll(() => page.locator("main h2").allTextContents()).toEqual(names);
    expect(await reactOwns(page, "main h2")).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(text("de", "pages.stores.title"));
    expect(documents).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("run no JavaScript until the visitor's first touch, while a booking step hydrates after its first paint", async () => {
    const context = await browser.newContext({ userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    const running = () => page.evaluate(() => "__reactRouterDataRouter" in window);
    await page.goto(baseUrl + path("da", "/stores"));
    await page.waitForLoadState("networkidle");
    // The code is fetched after the first paint, ready for the first touch, but not run.
    const fetched = await page.evaluate(
      () => performance.getEntriesByType("resource").filter((e) => e.name.includes("/assets/entry.client")).length,
    );
    expect(fetched).toBe(1);
    expect(await running()).toBe(false);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator("h1").tap();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The dates step has a calendar and a form: it runs without waiting for a touch.
    await page.goto(baseUrl + path("da", "/rental/winter/ciaslin"));
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("keep every link working without JavaScript", async () => {
    const context = await browser.newContext({ userAgent, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseUrl + path("da", "/stores"));
    const first = page.locator("main h2 a").first();
    const name = await first.textContent();
    await first.click();
    await page.waitForURL(`${baseUrl}${path("da", "/shop/")}**`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    await context.close();
  });
});
