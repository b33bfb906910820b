/**
 * Pages with nothing to interact with but links keep the server's DOM when they hydrate (decision 032):
 * React never renders their content in the browser on the first load, their links still navigate in the
 * app, and the same page reached by a client-side navigation renders as usual.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserPerFile, DESKTOP_UA, openPage, routerReady, workerShop } from "../helpers/browser";
import { calendarDay, monthHeading, path, shownMonth, text } from "../helpers/browser-booking";
import { winterPeriod } from "../helpers/visitor";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

const hydrated = routerReady;

/** Whether React attached itself to the element (it does to every element it hydrated or rendered). */
const reactOwns = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));

describe("static pages", () => {
  it("leave the content to the server's DOM, navigate in the app from its links, and render when reached in the app", async () => {
    const context = await chrome.browser.newContext({ userAgent: DESKTOP_UA, locale: "de-DE" });
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

  it("run no JavaScript until the visitor's first touch, while a page with a form hydrates after its first paint", async () => {
    const context = await chrome.browser.newContext({
      userAgent: DESKTOP_UA,
      isMobile: true,
      hasTouch: true,
      viewport: { width: 390, height: 844 },
    });
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

    // The dates step's calendar is a form that works as HTML (decision 034): it waits for the touch too.
    await page.goto(baseUrl + path("da", "/rental/winter/ciaslin"));
    await page.waitForLoadState("networkidle");
    expect(await running()).toBe(false);
    await page.locator("h1").tap();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);

    // A page with a form of its own (sign-in) runs its code at the first paint, without waiting for a touch.
    await page.goto(baseUrl + path("da", "/login"));
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("keep every link working without JavaScript", async () => {
    const context = await chrome.browser.newContext({ userAgent: DESKTOP_UA, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseUrl + path("da", "/stores"));
    const first = page.locator("main h2 a").first();
    const name = await first.textContent();
    await first.click();
    await page.waitForURL(`${baseUrl}${path("da", "/shop/")}**`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    await context.close();
  });

  it("let a visitor without JavaScript pick the rental dates in the calendar and keep the hours chosen", async () => {
    const context = await chrome.browser.newContext({ userAgent: DESKTOP_UA, javaScriptEnabled: false });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const page = await context.newPage();
    const locale = "de";
    const period = winterPeriod(new Date(), 3);
    await page.goto(baseUrl + path(locale, "/rental/winter/ciaslin"));
    // An hour chosen before the days stays through the reloads the day buttons make.
    const returnTime = page.getByLabel(text(locale, "booking.period.returnTime"));
    const hours = await returnTime.locator("option").allTextContents();
    await returnTime.selectOption({ index: 1 });
    for (const day of [period.pickupDate, period.returnDate]) {
      for (let i = 0; i < 12 && (await shownMonth(page)) !== monthHeading(locale, day); i++) {
        await page.getByRole("button", { name: text(locale, "booking.period.nextMonth"), exact: true }).click();
        await page.waitForLoadState("load");
      }
      await calendarDay(page, day).click();
      await page.waitForLoadState("load");
      expect(await calendarDay(page, day).getAttribute("aria-pressed")).toBe("true");
    }
    expect(new URL(page.url()).searchParams.get("day")).toBe(period.returnDate);
    expect(await returnTime.locator("option:checked").textContent()).toBe(hours[1]);
    // The days between are part of the range; the summary under the calendar names both ends.
    expect(await page.locator('button[name="day"][aria-pressed="true"]').count()).toBeGreaterThanOrEqual(2);
    await page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).click();
    await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
    await context.close();
  });
});
