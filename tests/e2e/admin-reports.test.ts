/**
 * The reports (/admin/reports, issue 19) in Chromium as an admin: reached from the navigation, the revenue
 * chart with its table, the range and the branch changed through the form (the URL keeps them), the empty
 * state of a range without orders, a CSV downloaded; and on a 320 px phone in German and Danish nothing is
 * wider than the screen. A guest's online booking paid today gives the figures (other files of the worker
 * may add theirs, so the figures are checked as at least this order's). axe on every screen.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminContext, downloadedText, launchBrowser, openPage, workerShop } from "../helpers/browser";
import { bookOut, expectAccessible, hydrated, text, winterPeriod } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
/** Headless Chromium's own user agent counts as a bot (no rendered error pages): browse as desktop Chrome. */
const CIASLIN = "Dolomiti Rent Ciaslin";

let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminContext(browser, baseUrl);
  // A size and week no other browser test books.
  await bookOut(baseUrl, "ski-easy-carve", ["140"], winterPeriod(new Date(), 16), { email: "reports.guest@example.com" });
});
afterAll(async () => {
  await browser?.close();
});

describe("the reports", () => {
  it("shows the revenue chart and its table, filters by range and branch in the URL, and downloads a CSV", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/admin`);
    await hydrated(page);
    await page
      .getByRole("navigation", { name: text("en", "admin.navigation") })
      .getByRole("link", { name: "Reports" })
      .click();
    await page.waitForURL(`${baseUrl}/admin/reports`);
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    expect(await page.locator('[data-rule="revenue"]').textContent()).toBe(text("en", "admin.dashboard.revenueRule"));

    // The chart of the day's revenue is a named picture; its figures are in a table behind "Show the figures as a table".
    const chart = page.locator('svg[data-chart="revenue"]:visible');
    expect(await chart.getAttribute("role")).toBe("img");
    expect(await chart.locator("title").first().textContent()).toMatch(/^Revenue per day from /);
    const details = page.locator("details").filter({ hasText: text("en", "admin.dashboard.chartTable") });
    /** Opens the chart's table (a client-side navigation keeps it as it was). */
    const openTable = async () => {
      if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open)))
        await page.getByText(text("en", "admin.dashboard.chartTable")).click();
    };
    await openTable();
    const days = page.getByRole("table", { name: "Revenue per day" });
    await days.waitFor();
    expect(await days.locator("tbody tr").count()).toBe(7);
    const todayOrders = Number(await days.locator("tbody tr").first().locator("td").first().textContent());
    expect(todayOrders).toBeGreaterThanOrEqual(1);
    // Revenue by branch: bars with their amounts, and the same figures in a table.
    const branches = page.locator('svg[data-chart="revenue-by-branch"]');
    expect(await branches.textContent()).toContain(CIASLIN);
    expect(await page.getByRole("table", { name: "Revenue by branch" }).textContent()).toContain(CIASLIN);
    expect(await page.getByRole("table", { name: "Revenue by channel" }).textContent()).toContain("Online shop");
    await expectAccessible(page, "reports");

    // One branch: the form puts it into the URL.
    const ciaslinId = await page.locator('select[name="shop"]').locator("option", { hasText: CIASLIN }).getAttribute("value");
    await page.locator('select[name="shop"]').selectOption(ciaslinId as string);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("shop") === ciaslinId);
    await expect
      .poll(() => page.getByRole("table", { name: "Revenue by branch" }).locator("tbody tr").allTextContents())
      .toEqual([expect.stringContaining(CIASLIN)]);
    await openTable();
    const ciaslinToday = Number(await days.locator("tbody tr").first().locator("td").first().textContent());
    expect(ciaslinToday).toBeGreaterThanOrEqual(1);

    // A week without orders: a sentence, no chart.
    await page.getByLabel("From", { exact: true }).fill("2020-01-06");
    await page.getByLabel("To", { exact: true }).fill("2020-01-12");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === "2020-01-06" && url.searchParams.get("to") === "2020-01-12");
    await page.getByText(text("en", "admin.reports.empty")).waitFor();
    expect(await page.locator('svg[data-chart="revenue"]').count()).toBe(0);
    expect(page.url()).toContain(`shop=${ciaslinId}`);
    await expectAccessible(page, "reports without orders");

    // Back to the last 7 days of that branch, and the revenue per day as a file.
    await page.goto(`${baseUrl}/admin/reports?shop=${ciaslinId}`);
    await hydrated(page);
    const waiting = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV: Revenue per day" }).click();
    const download = await waiting;
    expect(download.suggestedFilename()).toMatch(/^revenue-by-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await downloadedText(download);
    expect(file.startsWith("\uFEFF")).toBe(true);
    const lines = file.slice(1).split("\r\n");
    expect(lines[0]).toBe("Date,Orders,Revenue (EUR),Damage waiver (EUR)");
    expect(lines).toHaveLength(9);
    const [, orders, revenue] = (lines.at(-2) as string).split(",");
    expect(Number(orders)).toBe(ciaslinToday);
    expect(revenue).toMatch(/^\d+\.\d{2}$/);
    expect(Number(revenue)).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it.each(["de", "da"] as const)(
    "fits a 320 px phone in %s: nothing wider than the screen, the tables scroll in their box",
    async (locale) => {
      const { page, consoleErrors } = await openPage(admin);
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(`${baseUrl}/${locale}/admin/reports`);
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: text(locale, "admin.nav.reports") }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // The phone's drawing of the revenue per day is the one shown.
      expect(await page.locator('svg[data-chart="revenue"]:visible').getAttribute("viewBox")).toBe("0 0 360 200");
      const box = page.getByRole("region", { name: text(locale, "admin.reports.byBranch") });
      expect(await box.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(320);
      await expectAccessible(page, `reports at 320 px (${locale})`);
      expect(consoleErrors).toEqual([]);
      await page.close();
    },
  );
});
