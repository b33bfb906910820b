/**
 * What issue 16 changed where customers and clerks look (points 16, 17, 19), in Chromium on phones and a
 * desktop, in two languages each: a branch's rentals grouped by season with the season it is first, the
 * branch cards' hours and map link, the legal notice while the business data are the demo's, and in the
 * back office the status badges, the calendar's names and pieces, and "Seasons". axe checks every page.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoStorefronts } from "../../app/demo/demo-data";
import type { Locale } from "../../app/domain/i18n";
import { seasonOrder, zonedDate } from "../../app/domain/periods";
import { browserPerFile, DESKTOP_UA, openPage, workerShop } from "../helpers/browser";
import { bookOut, expectAccessible, hydrated, path, text, winterPeriod } from "../helpers/browser-booking";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

async function newContext(width: number): Promise<BrowserContext> {
  const context = await chrome.browser.newContext({ viewport: { width, height: 800 }, userAgent: DESKTOP_UA });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

/** Nothing sticks out sideways: the page is no wider than the phone. */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The storefronts in the order a customer looks for them today (the demo's season windows). */
const seasonsNow = () => seasonOrder(zonedDate(new Date()), demoStorefronts).map((s) => s.id);

describe.each([
  ["de", 390],
  ["da", 320],
] as [Locale, number][])("browsing in %s at %i px", (locale, width) => {
  it("a branch page lists its rentals by season and category, the season it is first", async () => {
    const context = await newContext(width);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + path(locale, "/shop/ciaslin"));
    await hydrated(page);
    const seasons = await page.locator("[data-season]").evaluateAll((sections) => sections.map((s) => s.getAttribute("data-season")));
    expect(seasons).toEqual(seasonsNow());
    for (const season of seasonsNow()) {
      const section = page.locator(`[data-season="${season}"]`);
      expect(await section.getByRole("heading", { level: 3 }).textContent()).toBe(text(locale, `season.${season}`));
      expect(await section.getByRole("heading", { level: 4 }).count()).toBeGreaterThan(0);
    }
    await expectNoOverflow(page);
    await expectAccessible(page, "branch page");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the branch cards show the hours of today or of the coming season, and open the map in a new tab", async () => {
    const context = await newContext(width);
    // The map is someone else's site: answer for it here, so the test needs no internet.
    await context.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>map</title>" }),
    );
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + path(locale, "/stores"));
    await hydrated(page);
    const card = page.locator("li", { has: page.getByRole("heading", { name: "Dolomiti Rent Ciaslin" }) });
    const season = seasonsNow()[0];
    expect(await card.locator("[data-hours]").getAttribute("data-hours")).toBe(season);
    expect(await card.locator("[data-hours]").textContent()).toContain(
      text(locale, "shop.hours", { season: text(locale, `season.${season}`) }),
    );
    const today = ((await card.locator("[data-today]").textContent()) ?? "").trim();
    const todayOrOpening = new RegExp(
      `^(${text(locale, "stores.today", { hours: "" }).trim()}|${text(locale, "stores.opensOn", { date: "" }).trim()})`,
    );
    expect(today).toMatch(todayOrOpening);

    const map = card.getByRole("link", { name: text(locale, "stores.mapDetail", { name: "Dolomiti Rent Ciaslin" }) });
    expect(await map.getAttribute("target")).toBe("_blank");
    const [tab] = await Promise.all([context.waitForEvent("page"), map.click()]);
    expect(tab.url()).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=46\.548300&mlon=11\.793600/);
    expect(page.url()).toBe(baseUrl + path(locale, "/stores"));

    await expectNoOverflow(page);
    await expectAccessible(page, "branches");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the legal notice says it shows demo data while the business data are the demo's", async () => {
    const context = await newContext(width);
    const { page } = await openPage(context);
    await page.goto(baseUrl + path(locale, "/impressum"));
    expect(await page.locator("[data-demo]").textContent()).toBe(text(locale, "impressum.demo"));
    expect(await page.getByText(text(locale, "impressum.disputes")).count()).toBe(1);
    await expectNoOverflow(page);
    await expectAccessible(page, "legal notice");
    await context.close();
  });
});

describe.each(["en", "de"] as Locale[])("the back office in %s", (locale) => {
  // A week of its own (the booking tests use weeks 0, 3 and 6), so the units are free.
  const period = winterPeriod(new Date(), 9 + (locale === "de" ? 1 : 0));
  const customer = locale === "de" ? "Greta Kalender" : "Carl Calendar";

  it("shows status badges, the calendar's customers and pieces, the demo data banner and Seasons", async () => {
    await bookOut(baseUrl, "snowboard-freestyle-pro", ["148", "152"], period, { name: customer });
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}${path(locale, "/login")}?next=${path(locale, "/admin")}`);
    await hydrated(page);
    await page.getByLabel(text(locale, "login.email")).fill(ADMIN_EMAIL);
    await page.getByLabel(text(locale, "login.password")).fill(ADMIN_PASSWORD);
    await page.getByLabel(text(locale, "login.password")).press("Enter");
    await page.waitForURL(baseUrl + path(locale, "/admin"));
    await hydrated(page);
    expect(await page.locator("[data-demo-data]").getByRole("heading").textContent()).toBe(text(locale, "admin.demoData.title"));
    await expectAccessible(page, "dashboard");

    await page.goto(`${baseUrl}${path(locale, "/admin/calendar")}?view=week&week=${period.pickupDate}`);
    await hydrated(page);
    const pickup = page.locator("[data-entry^='pickup:']", { hasText: customer });
    await expect.poll(() => pickup.count()).toBe(1);
    expect(await pickup.textContent()).toContain(text(locale, "admin.calendar.pieces_other", { count: 2 }));
    await expectAccessible(page, "calendar");

    await page.goto(`${baseUrl}${path(locale, "/admin/orders")}?q=${encodeURIComponent(customer)}`);
    await hydrated(page);
    const badge = page.locator("tbody [data-status]").first();
    expect(await badge.getAttribute("data-status")).toBe("paid");
    expect(await badge.textContent()).toBe(text(locale, "order.status.paid"));
    // A colour of its own, and the words say it too.
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await expectAccessible(page, "orders");

    const seasons = page.getByRole("navigation", { name: text(locale, "admin.navigation") }).getByRole("link", {
      name: text(locale, "admin.nav.apps"),
    });
    expect(await seasons.getAttribute("href")).toBe(path(locale, "/admin/apps"));
    await seasons.click();
    await page.waitForURL(baseUrl + path(locale, "/admin/apps"));
    await hydrated(page);
    // The address changes before React has rendered the new page (a transition): wait for its heading.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(text(locale, "admin.nav.apps"));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
