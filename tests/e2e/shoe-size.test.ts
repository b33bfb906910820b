import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, path, pickDates, text, winterPeriod } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

describe("the shoe size in four systems", () => {
  it.each([
    ["en", 4, "."],
    ["da", 5, ","],
  ] as const)(
    "shows a UK size in every system while it is typed, and a child's UK number on the children's scale (%s)",
    async (locale, host, decimal) => {
      const context = await chrome.browser.newContext({
        viewport: { width: 1280, height: 900 },
        extraHTTPHeaders: { "X-Forwarded-For": `198.18.16.${host}` },
      });
      await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
      const { page, consoleErrors } = await openPage(context);
      await page.goto(baseUrl + path(locale, "/rental/winter/ciaslin"));
      await hydrated(page);
      await pickDates(page, locale, winterPeriod(new Date(), 0));
      await page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
      await hydrated(page);

      const person = page.locator("fieldset").first();
      const size = person.getByLabel(text(locale, "booking.persons.shoeSize"), { exact: true });
      const system = person.getByLabel(text(locale, "booking.persons.shoeSystem"), { exact: true });
      expect(await system.inputValue()).toBe("eu");
      await person.getByLabel(text(locale, "booking.persons.firstName"), { exact: true }).fill("Anna");
      await system.selectOption("uk");
      await expect.poll(() => person.textContent()).toContain(text(locale, "booking.persons.shoeChildHint"));
      await size.fill("8");
      await expect.poll(() => person.textContent()).toContain("EU 42 · UK 8 · US 9 · Mondo 27");
      await person.getByLabel(text(locale, "booking.persons.height"), { exact: true }).fill("120");
      await size.fill("12");
      await expect.poll(() => person.textContent()).toContain(`EU 30 · UK 11${decimal}5C · US 12${decimal}5C · Mondo 19`);
      await expectAccessible(page, "persons with a UK size");

      await page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).click();
      await page.waitForURL(new RegExp(`${path(locale, "/rental/winter/ciaslin/equipment")}`));
      await page.goto(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
      await hydrated(page);
      // Kept as EU 30, shown as EU.
      expect(
        await page.locator("fieldset").first().getByLabel(text(locale, "booking.persons.shoeSize"), { exact: true }).inputValue(),
      ).toBe("30");
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
