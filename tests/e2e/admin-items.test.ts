/**
 * The item screens in a real browser, as the shop's admin uses them: create a ski model, give it a price
 * table (adding a day column), add units at a branch, upload a photo, look at its booking calendar and
 * delete it again. Every screen on the way passes axe without serious or critical violations.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, routerReady, seriousViolations, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: {}, admin: true });

const hydrated = routerReady;

/** Waits for the page after a form post (a redirect to `?saved=…`) and checks it with axe. */
async function landed(page: Page, test: (url: URL) => boolean) {
  await page.waitForURL(test);
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
}

describe("the item screens", () => {
  it("create an item, edit its prices, add units, upload a picture, see the calendar, delete it", async () => {
    const { page, consoleErrors } = await openPage(chrome.context);
    const slug = `e2e-ski-${randomBytes(4).toString("hex")}`;
    const name = `E2E Ski ${slug.slice(-8)}`;

    await page.goto(`${baseUrl}/admin/items`);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Create", exact: true }).click();

    await landed(page, (url) => url.pathname === "/admin/item/create");
    await page.getByLabel("Slug", { exact: true }).fill(slug);
    await page.getByLabel("Category", { exact: true }).selectOption("ski-snowboard");
    await page.locator("#field-name-en").fill(name);
    await page.getByLabel("Sizes").fill("150, 160\n170");
    await page.getByLabel("Size recommendation").selectOption("ski");
    await page.getByRole("button", { name: "Create", exact: true }).click();

    await landed(page, (url) => /^\/admin\/item\/\d+$/.test(url.pathname) && url.searchParams.get("saved") === "1");
    await expect.poll(() => page.locator("h1").textContent()).toBe(name);
    await page.getByRole("status").filter({ hasText: "Saved." }).first().waitFor();
    const itemPath = new URL(page.url()).pathname;

    // The price table: one day, then a second column added in the browser, and the extra day.
    await page.locator("#price-day-1").fill("30");
    await page.getByRole("button", { name: "Add a day" }).click();
    await page.locator("#price-day-2").fill("55,50");
    await page.getByLabel("Each extra day").fill("20");
    await page.getByRole("button", { name: "Save prices" }).click();
    await landed(page, (url) => url.searchParams.get("saved") === "prices");
    await expect.poll(() => page.locator("#price-day-2").inputValue()).toBe("55.50");
    expect(await page.locator("#field-extraDay").inputValue()).toBe("20");

    // Two units of size 160 at Ciaslin, numbered by the branch's prefix.
    const ciaslin = page.locator("[data-branch]").filter({ has: page.getByRole("heading", { name: /Dolomiti Rent Ciaslin/ }) });
    await ciaslin.getByText("Add units at Dolomiti Rent Ciaslin").click();
    await ciaslin.getByLabel("Size", { exact: true }).selectOption("160");
    await ciaslin.getByLabel("How many").fill("2");
    await ciaslin.getByRole("button", { name: "Add units" }).click();
    await landed(page, (url) => url.searchParams.get("saved") === "units");
    const codes = await page.locator("#units tr[data-unit]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-unit")));
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^CI-SKI-\d{4}$/);

    // A photo, resized on the server and shown from the media route.
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    await page.locator("#field-pictures").setInputFiles({ name: "ski.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Upload" }).click();
    await landed(page, (url) => url.searchParams.get("saved") === "pictures");
    const image = page.locator("#pictures img").first();
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("#pictures img");
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await image.getAttribute("alt")).toBe(`${name}, picture 1`);
    expect(await image.getAttribute("srcset")).toMatch(/\/media\/items\/\d+\/[0-9a-f]{16}-320x240\.webp 320w/);

    // The calendar: a table with a row per unit, a column per day; the next month is one click away.
    const calendar = page.locator("#calendar table");
    expect(await calendar.locator("tbody th[scope=row]").count()).toBe(2);
    const days = await calendar.locator("thead th[scope=col]").count();
    expect(days).toBeGreaterThanOrEqual(29);
    await page.getByRole("link", { name: "Next month" }).click();
    await page.waitForURL((url) => url.searchParams.has("month"));
    await page.locator("#calendar caption").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Delete with its confirmation: back on the list, the item is gone.
    await page.getByText(`Delete ${name}…`).click();
    await page.getByRole("button", { name: `Yes, delete ${name}` }).click();
    await landed(page, (url) => url.pathname === "/admin/items" && url.searchParams.get("deleted") === "1");
    await page.getByRole("status").filter({ hasText: "Deleted." }).waitFor();
    const gone = await page.goto(`${baseUrl}${itemPath}`);
    expect(gone?.status()).toBe(404);
    expect(consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
    await page.close();
  }, 120_000); // eight screens, each checked by axe: 25 s alone, more than a minute beside another browser test

  it("the item page of a sale article and of a service, in Italian, without serious axe violations", async () => {
    const { page, consoleErrors } = await openPage(chrome.context);
    await page.goto(`${baseUrl}/it/admin/items?kind=sale`);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator("main table tbody tr").first().locator("a").first().click();
    await page.waitForURL((url) => /^\/it\/admin\/item\/\d+$/.test(url.pathname));
    await page.locator("#stock table").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/it/admin/items?kind=service`);
    await page.locator("main table tbody tr").first().locator("a").first().click();
    await page.waitForURL((url) => /^\/it\/admin\/item\/\d+$/.test(url.pathname));
    await page.getByRole("heading", { name: "Capacità del servizio" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
