import { describe, expect, it } from "vitest";
import { adminContext, browserPerFile, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

describe("packages in the back office", () => {
  it.each([
    ["de", 1280, "29; 55; 80"],
    ["da", 390, "29; 55; 80,50"],
  ] as const)("an admin in %s at %i px changes the children's prices of a package", async (locale, width, prices) => {
    const context = await adminContext(chrome.browser, baseUrl, { width });
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/${locale}/admin/packages`);
    await hydrated(page);
    await expectAccessible(page, "packages");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const row = page.locator("tbody tr", { hasText: text(locale, "season.summer") });
    await row.getByRole("link").first().click();
    await page.waitForURL(/\/admin\/package\/\d+$/);
    await hydrated(page);
    await expectAccessible(page, "package");

    const field = page.getByLabel(text(locale, "admin.packages.childDayPrices"));
    await field.fill("29; 20");
    await page.getByRole("button", { name: text(locale, "admin.form.save") }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain(text(locale, "admin.form.fix_one"));
    expect(await field.inputValue()).toBe("29; 20");
    await expect.poll(() => page.getByText(text(locale, "admin.items.errors.pricesDecrease")).count()).toBe(1);
    await expectAccessible(page, "package with an error");

    await field.fill(prices);
    await page.getByRole("button", { name: text(locale, "admin.form.save") }).click();
    await page.waitForURL(/\/admin\/package\/\d+\?saved=1$/);
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe(text(locale, "admin.form.saved"));
    // Read back from the database: the form shows what was stored, in euros with cents.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => field.inputValue()).toBe(prices.includes(",50") ? "29.00; 55.00; 80.50" : "29.00; 55.00; 80.00");
    await expect.poll(() => page.locator('[data-audit="update"]').count()).toBeGreaterThan(0);
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});
