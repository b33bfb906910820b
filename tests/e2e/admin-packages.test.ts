/**
 * Packages in the back office (decision 030), in Chromium, in German on a desktop and in Danish on a phone:
 * the list, a price table refused with its message and kept as typed, then saved, with the change history.
 * axe on every screen. Only the summer's e-bike package is changed, so the winter packages of the booking
 * tests keep their prices.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../app/domain/i18n";
import { launchBrowser, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, text } from "../helpers/browser-booking";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, locale: Locale, next: string) {
  await page.goto(`${baseUrl}/${locale}/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel(text(locale, "login.email")).fill(ADMIN_EMAIL);
  await page.getByLabel(text(locale, "login.password"), { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel(text(locale, "login.password"), { exact: true }).press("Enter");
  await page.waitForURL(`${baseUrl}${next}`);
  await hydrated(page);
}

describe("packages in the back office", () => {
  it.each([
    ["de", 1280, "29; 55; 80"],
    ["da", 390, "29; 55; 80,50"],
  ] as const)("an admin in %s at %i px changes the children's prices of a package", async (locale, width, prices) => {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
    });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    await signIn(page, locale, `/${locale}/admin/packages`);
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
