/**
 * The catalogue kept in memory (decision 035) as the shop's people meet it: a price the admin saves in the
 * back office is the price the next customer books at, at once. (Two processes on PostgreSQL:
 * tests/concurrency/catalog.test.ts.)
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import { browserPerFile, DESKTOP_UA, openPage, routerReady, workerShop } from "../helpers/browser";
import { addRecommended, fillPersons, pickDates, text } from "../helpers/browser-booking";
import { winterPeriod } from "../helpers/visitor";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: {}, admin: true });

/** The item's price table as the back office shows it, in cents; with `cents`, saves that table first. */
async function priceTable(page: Page, cents?: number[]): Promise<number[]> {
  const fields = page.locator('input[id^="price-day-"]');
  await fields.first().waitFor();
  if (cents) {
    for (const [i, value] of cents.entries()) await fields.nth(i).fill((value / 100).toFixed(2));
    await page.getByRole("button", { name: "Save prices" }).click();
    await page.waitForURL((url) => url.searchParams.get("saved") === "prices");
    await routerReady(page);
  }
  const values = await fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  return values.map((value) => Math.round(Number(value.replace(",", ".")) * 100));
}

describe("a price changed in the back office", () => {
  it("is the price the next customer books at", async () => {
    const { page: office } = await openPage(chrome.context);
    await office.goto(`${baseUrl}/admin/items`);
    await routerReady(office);
    await office.getByRole("link", { name: "Ski Easy Carve", exact: true }).click();
    await office.waitForURL(/\/admin\/item\/\d+$/);
    await routerReady(office);
    const before = await priceTable(office);
    try {
      const raised = await priceTable(
        office,
        before.map((cents) => cents + 700),
      );
      expect(raised).toEqual(before.map((cents) => cents + 700));

      const customer = await chrome.browser.newContext({ userAgent: DESKTOP_UA });
      await customer.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
      const { page, consoleErrors } = await openPage(customer);
      const period = winterPeriod(new Date(), 7);
      await page.goto(`${baseUrl}/rental/winter/ciaslin`);
      await pickDates(page, "en", period);
      await page.getByRole("button", { name: text("en", "booking.continue"), exact: true }).click();
      await page.waitForURL(`${baseUrl}/rental/winter/ciaslin/persons`);
      await routerReady(page);
      await fillPersons(page, "en", [{ firstName: "Ada", heightCm: "168", skill: "beginner" }]);
      await page.getByRole("button", { name: text("en", "booking.continue"), exact: true }).click();
      await page.waitForURL(/\/equipment/);
      await routerReady(page);
      await addRecommended(page, "ski-easy-carve");
      await page.getByRole("link", { name: text("en", "booking.equipment.toBag") }).click();
      await page.waitForURL(`${baseUrl}/rental/bag`);
      // Monday to Wednesday: three rental days, the third column of the table.
      const line = page.locator("li[data-line]", { hasText: "Ski Easy Carve" });
      await expect.poll(() => line.textContent()).toContain(formatMoney(raised[2], "en"));
      expect(await line.textContent()).not.toContain(formatMoney(before[2], "en"));
      expect(consoleErrors).toEqual([]);
      await customer.close();
    } finally {
      expect(await priceTable(office, before)).toEqual(before);
    }
  });
});
