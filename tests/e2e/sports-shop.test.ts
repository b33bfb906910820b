/**
 * The sports shop on a phone in Chromium (issue 17, point 4): in Danish at 390 px the page before a
 * filter is a few screens tall, the filter links filter without JavaScript (plain page loads) and with it
 * (client-side, the page stays where it was), nothing overflows sideways at 320 and 390 px, the tap
 * targets are at least 24 px, and axe finds nothing on the tiles, a filtered view or the desktop page.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allViolations, DESKTOP_UA, launchBrowser, openPage, PHONE_UA, workerShop } from "../helpers/browser";
import { hydrated, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
let browser: Browser;

const SCREEN = { width: 390, height: 844 };
/** The aim: under about four phone screens before a filter is chosen (it was 12,700 px). */
const MAX_SCREENS = 4;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? SCREEN.width, height: SCREEN.height },
    userAgent: PHONE_UA,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

/** A filter chip by its label: its text is the label and the count. */
const chip = (page: Page, label: string) => page.locator("nav li a").filter({ hasText: new RegExp(`^${label}\\d+$`) });
const current = (page: Page) => page.locator('nav a[aria-current="true"]').allTextContents();
const cards = (page: Page) => page.locator("[data-item]").evaluateAll((items) => items.map((i) => i.getAttribute("data-item")));
const search = (page: Page) => new URL(page.url()).search;

async function layout(page: Page) {
  return page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth }));
}

/** The smallest width and height of the page's links and buttons that are shown. */
async function smallestTarget(page: Page) {
  return page.locator("main a:visible").evaluateAll((links) =>
    links.reduce(
      (min, link) => {
        const box = link.getBoundingClientRect();
        return { width: Math.min(min.width, box.width), height: Math.min(min.height, box.height) };
      },
      { width: Number.POSITIVE_INFINITY, height: Number.POSITIVE_INFINITY },
    ),
  );
}

describe("the sports shop on a phone", () => {
  it("is a few screens tall in Danish before a filter, with no sideways scrolling at 390 and 320 px", async () => {
    for (const width of [390, 320]) {
      const context = await phone({ width });
      const { page, consoleErrors } = await openPage(context);
      await page.goto(`${baseUrl}/da/sports-shop`);
      await hydrated(page);
      const { height, width: scrollWidth } = await layout(page);
      expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(width);
      expect(height, `${width} px`).toBeLessThanOrEqual(MAX_SCREENS * SCREEN.height);
      expect(await page.locator("[data-tile]").count()).toBeGreaterThan(5);
      const target = await smallestTarget(page);
      expect(target.height, `${width} px`).toBeGreaterThanOrEqual(24);
      expect(target.width, `${width} px`).toBeGreaterThanOrEqual(24);
      expect(await allViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it("filters by category and branch with plain links when JavaScript is off", async () => {
    const context = await phone({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/da/sports-shop`);
    expect(await current(page)).toEqual([`${text("da", "sportsShop.allCategories")}26`, `${text("da", "sportsShop.allBranches")}26`]);
    // A tile opens its category.
    await page.locator('[data-tile="clothing"] a').click();
    await page.waitForURL(`${baseUrl}/da/sports-shop?category=clothing`);
    await expect.poll(() => cards(page)).toContain("ski-jacket-freina");
    await expect.poll(() => page.locator("h2").first().textContent()).toBe("Tøj");
    // A branch chip keeps the category, and the cards say what that branch has.
    await chip(page, "Plan da Sëra").click();
    await page.waitForURL(`${baseUrl}/da/sports-shop?category=clothing&branch=plan-da-sera`);
    expect(await current(page)).toEqual(["Tøj5", expect.stringMatching(/^Plan da Sëra\d+$/)]);
    const jacket = page.locator('[data-item="ski-jacket-freina"]');
    await expect.poll(() => jacket.textContent()).toMatch(/\d+ på lager · XS, S, M/);
    expect(await jacket.getByRole("link", { name: /Køb til afhentning/ }).getAttribute("href")).toBe(
      "/da/rental/winter/plan-da-sera?category=clothing",
    );
    // A category chip keeps the branch; "all" clears the category only.
    await chip(page, "Huer").click();
    await page.waitForURL(`${baseUrl}/da/sports-shop?category=hats&branch=plan-da-sera`);
    expect(await cards(page)).not.toContain("ski-jacket-freina");
    await chip(page, text("da", "sportsShop.allCategories")).click();
    await page.waitForURL(`${baseUrl}/da/sports-shop?branch=plan-da-sera`);
    expect(await page.locator("[data-tile]").count()).toBeGreaterThan(0);
    // The card's link opens the article's page.
    await page.goto(`${baseUrl}/da/sports-shop?category=hats`);
    await page.locator("[data-item] h3 a").first().click();
    await page.waitForURL(/\/da\/item\//);
    await context.close();
  });

  it("filters client-side with JavaScript, without reloading or moving the page", async () => {
    const context = await phone();
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/da/sports-shop?category=clothing`);
    await hydrated(page);
    // A page load would lose this mark.
    await page.evaluate(() => {
      (window as unknown as { __stayed: boolean }).__stayed = true;
    });
    await page.evaluate(() => window.scrollTo(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await chip(page, "Ciaslin").click();
    await expect.poll(() => search(page)).toBe("?category=clothing&branch=ciaslin");
    await hydrated(page);
    await expect.poll(() => page.locator('[data-item="ski-jacket-freina"]').textContent()).toMatch(/\d+ på lager · XS/);
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await current(page)).toEqual(["Tøj5", expect.stringMatching(/^Ciaslin\d+$/)]);
    await chip(page, text("da", "sportsShop.allBranches")).click();
    await expect.poll(() => search(page)).toBe("?category=clothing");
    await expect.poll(() => page.locator('[data-item="ski-jacket-freina"]').textContent()).toContain("På lager i 3 butikker");
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    expect((await layout(page)).width).toBeLessThanOrEqual(SCREEN.width);
    expect(await allViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows cards four to a row on a desktop, accessible, with an unknown filter explained", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/sports-shop?category=clothing&branch=nowhere`);
    await hydrated(page);
    expect(await page.getByRole("status").textContent()).toBe(text("en", "sportsShop.unknownBranch"));
    const tops = await page.locator("[data-item]").evaluateAll((items) => items.map((i) => i.getBoundingClientRect().top));
    expect(tops.slice(0, 4).every((top) => top === tops[0])).toBe(true);
    expect(tops[4]).toBeGreaterThan(tops[0]);
    expect((await layout(page)).width).toBeLessThanOrEqual(1280);
    expect(await allViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
