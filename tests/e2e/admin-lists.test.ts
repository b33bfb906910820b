/**
 * Finding things fast in a back office with a season behind it (issue 19): a shop of its own seeded with the
 * demo season (about 1,500 orders), its orders list searched, sorted and paged through the URL, and the
 * clerk's keys: `/` to the order search (an exact number opens the order), `P` for today's pickups.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedDate } from "../../app/domain/periods";
import en from "../../app/i18n/lang/en.json";
import { adminContext, launchBrowser, openPage } from "../helpers/browser";
import { expectAccessible, hydrated } from "../helpers/browser-booking";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopProcess({ SEED_DEMO: "true" }), launchBrowser()]);
  context = await adminContext(browser, shop.url);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** The back office's first page, signed in (the context is the admin's). */
async function signedIn(): Promise<Page> {
  const { page } = await openPage(context);
  await page.goto(`${shop.url}/admin`);
  await hydrated(page);
  return page;
}

/** The cents of each row's total (the last column), whatever the currency format. */
async function totals(page: Page): Promise<number[]> {
  const cells = await page.locator("main table tbody tr td:last-child").allTextContents();
  return cells.map((cell) => Number(cell.replace(/\D/g, "")));
}

const sorted = (values: number[], dir: "asc" | "desc") =>
  values.every((v, i) => i === 0 || (dir === "asc" ? values[i - 1] <= v : values[i - 1] >= v));

describe("the orders list with a season of orders", () => {
  it("pages through them, sorts by total both ways and searches by name, all in the URL", async () => {
    const page = await signedIn();
    await page.goto(`${shop.url}/admin/orders`);
    await hydrated(page);
    await expect.poll(() => page.locator("main table tbody tr").count()).toBe(25);
    const [, total] = /\((\d[\d,.]*)/.exec((await page.locator("main").textContent()) ?? "") ?? [];
    expect(Number(total?.replace(/\D/g, ""))).toBeGreaterThan(1000);
    await expectAccessible(page, "orders with a season");

    const byTotal = page.getByRole("link", { name: en.admin.list.sortBy.replace("{{column}}", en.admin.field.total) });
    await byTotal.click();
    await page.waitForURL(/sort=total&dir=asc/);
    await expect.poll(async () => sorted(await totals(page), "asc")).toBe(true);
    await byTotal.click();
    await page.waitForURL(/sort=total&dir=desc/);
    await expect.poll(async () => sorted(await totals(page), "desc")).toBe(true);
    const highest = await totals(page);
    expect(highest[0]).toBeGreaterThan(highest[24]);

    // A customer of the season, searched by last name: every row is theirs (or a namesake's).
    const name = (await page.locator("main table tbody tr td:nth-child(2)").first().textContent())?.trim() ?? "";
    const lastName = name.split(" ").at(-1) ?? "";
    const search = page.getByRole("searchbox", { name: en.admin.orders.search });
    await search.fill(lastName);
    await search.press("Enter");
    await page.waitForURL(new RegExp(`q=${encodeURIComponent(lastName)}`));
    // The address changes before React renders the found rows (a transition): wait for rows that are all theirs.
    // Waiting for any row of theirs passed at once on the sorted list still shown, whose first row is theirs.
    const names = () => page.locator("main table tbody tr td:nth-child(2)").allTextContents();
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.length > 0 && shown.every((n) => n.includes(lastName)) ? "all theirs" : shown.join(", ");
      })
      .toBe("all theirs");
    // The sort stays with the search, and a reload keeps both.
    expect(page.url()).toContain("sort=total");
    await page.reload();
    await expect(await search.inputValue()).toBe(lastName);
    await page.close();
  });

  it("opens an order from anywhere with / and its number, and today's pickups with P", async () => {
    const page = await signedIn();
    await page.goto(`${shop.url}/admin/orders?sort=created&dir=desc`);
    await hydrated(page);
    const number = (await page.locator("main table tbody tr td:first-child").first().textContent())?.trim() ?? "";
    expect(number).toMatch(/^R-\d{4}-\d{6}$/);

    await page.goto(`${shop.url}/admin`);
    await hydrated(page);
    await page.keyboard.press("/");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("find-order");
    await page.keyboard.type(number.toLowerCase());
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/order\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator("main h1").textContent()).toContain(number);

    // A key typed into a field is the field's: the shortcut works from the page itself.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("p");
    const today = zonedDate(new Date());
    await page.waitForURL(new RegExp(`status=paid&from=${today}&to=${today}`));
    await expect(await page.getByRole("combobox", { name: en.admin.field.status }).inputValue()).toBe("paid");
    await page.close();
  });
});
