/**
 * Changing a booking in Chromium (decision 028): a customer changes the size of their skis from the order page, in
 * German and in Danish; a clerk adds a helmet to an order at the counter, in Danish. The new price shows
 * line by line. axe checks every screen on the way.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../app/domain/i18n";
import { browserPerFile, openPage, workerShop } from "../helpers/browser";
import { bookOut, expectAccessible, hydrated, text, winterPeriod } from "../helpers/browser-booking";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: { viewport: { width: 390, height: 844 } } });

/** Goes to the change page through the order page's link, and waits until it can be used. */
async function openChange(page: Page, locale: Locale, link: string) {
  await page.getByRole("link", { name: link }).click();
  await page.waitForURL(/\/change$/);
  await hydrated(page);
  await expectAccessible(page, `change (${locale})`);
}

describe("changing a booking", () => {
  it.each([
    ["de", 8],
    ["da", 9],
  ] as const)("a customer changes the size of their skis from the order page (%s)", async (locale, week) => {
    const orderPath = await bookOut(baseUrl, "ski-easy-carve", ["156"], winterPeriod(new Date(), week), { locale });
    const { page, consoleErrors } = await openPage(chrome.context);
    await page.goto(baseUrl + orderPath);
    await hydrated(page);
    await openChange(page, locale, text(locale, "order.change.open"));

    await page.locator('[name="lines.0.size"]').selectOption("164");
    await page.getByRole("button", { name: text(locale, "order.change.review") }).click();
    await expect.poll(() => page.getByText(text(locale, "order.change.samePrice")).count()).toBe(1);
    // The new price line by line, as the order page lists the order's lines.
    expect(await page.locator("[data-preview-line]").allTextContents()).toEqual([expect.stringContaining("(164)")]);
    await expectAccessible(page, `change price (${locale})`);
    // The size chosen stays chosen after the round trip.
    expect(await page.locator('[name="lines.0.size"]').inputValue()).toBe("164");
    await page.getByRole("button", { name: text(locale, "order.change.confirm") }).click();
    await page.waitForURL((url) => url.pathname === orderPath && url.searchParams.get("changed") === "1");
    await hydrated(page);
    await expect.poll(() => page.getByText(text(locale, "order.change.done")).count()).toBe(1);
    await expect.poll(() => page.getByText(/\(164\)$/).count()).toBe(1);
    await expectAccessible(page, `order changed (${locale})`);
    expect(consoleErrors).toEqual([]);
  });

  it("a clerk adds a helmet to an order at the counter and takes the difference in cash (da)", async () => {
    const orderPath = await bookOut(baseUrl, "ski-easy-carve", ["156"], winterPeriod(new Date(), 10), { locale: "da" });
    const { page, consoleErrors } = await openPage(chrome.context);
    await page.goto(baseUrl + orderPath);
    const number = (
      (await page
        .locator("strong", { hasText: /^R-\d{4}-\d{6}$/ })
        .first()
        .textContent()) ?? ""
    ).trim();
    expect(number).toMatch(/^R-\d{4}-\d{6}$/);

    await page.goto(`${baseUrl}/da/login?next=${encodeURIComponent(`/da/admin/orders?q=${number}`)}`);
    await hydrated(page);
    await page.locator('[name="email"]').fill(ADMIN_EMAIL);
    await page.locator('[name="password"]').fill(ADMIN_PASSWORD);
    await page.locator('[name="password"]').press("Enter");
    // After the sign-in, the search for the whole order number opens the order.
    await page.waitForURL(/\/da\/admin\/order\/[0-9a-f-]{36}$/);
    const recordPath = new URL(page.url()).pathname;
    await hydrated(page);
    await openChange(page, "da", text("da", "admin.orders.changeOpen"));

    const helmet = page.locator('[name="add.line"] option', { hasText: /^Skihjelm \(M\)$/ });
    await expect.poll(() => helmet.count()).toBeGreaterThan(0);
    await page.locator('[name="add.line"]').selectOption((await helmet.first().getAttribute("value")) as string);
    await page.locator('[name="add.person"]').selectOption("0");
    await page.getByRole("button", { name: text("da", "order.change.add"), exact: true }).click();
    await expect.poll(() => page.locator('[name="lines.1.itemId"]').count()).toBe(1);
    await page.getByRole("button", { name: text("da", "order.change.review") }).click();
    await expect.poll(() => page.getByText(text("da", "order.change.toPay")).count()).toBe(1);
    expect(await page.locator("[data-preview-line]").allTextContents()).toEqual([
      expect.stringContaining("(156)"),
      expect.stringMatching(/^Skihjelm \(M\)/),
    ]);
    await expectAccessible(page, "staff change price");
    await page.getByLabel(text("da", "admin.orders.methods.cash")).check();
    await page.getByRole("button", { name: text("da", "order.change.confirm") }).click();
    await page.waitForURL((url) => url.pathname === recordPath && url.searchParams.get("done") === "change");
    await hydrated(page);
    await expect.poll(() => page.getByText(text("da", "admin.orders.done.change")).count()).toBe(1);
    await expect.poll(() => page.locator("[data-line]").count()).toBe(2);
    await expectAccessible(page, "order changed at the counter");
    expect(consoleErrors).toEqual([]);
  });
});
