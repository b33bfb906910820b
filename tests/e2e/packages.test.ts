import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import { browserPerFile, newContext, openPage, workerShop } from "../helpers/browser";
import {
  expectAccessible,
  fillInvoice,
  fillPersons,
  hydrated,
  path,
  pickDates,
  showPerson,
  text,
  winterPeriod,
} from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

const INVOICE = {
  name: "Eva Weber",
  street: "Hauptstraße 5",
  postalCode: "80331",
  city: "München",
  email: "eva@example.de",
  phone: "+49 170 1234567",
};

describe("packages in the browser", () => {
  it.each([
    ["de", 9, false],
    ["da", 10, true],
  ] as const)(
    "a family in %s takes ski packages for an adult and a child through to the order page",
    async (locale: Locale, week, phone) => {
      const context = await newContext(chrome.browser, {
        viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        extraHTTPHeaders: { "X-Forwarded-For": `198.19.${200 + week}.${process.pid % 250}` },
      });
      const { page, consoleErrors } = await openPage(context);
      await page.goto(baseUrl + path(locale, "/rental/winter/ciaslin"));
      await hydrated(page);
      await pickDates(page, locale, winterPeriod(new Date(), week));
      await page.locator('button[type="submit"]', { hasText: text(locale, "booking.continue") }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
      await hydrated(page);
      await fillPersons(page, locale, [
        { firstName: "Eva", heightCm: "170", weightKg: "62", skill: "intermediate", shoeSize: "39" },
        { firstName: "Mia", heightCm: "128", weightKg: "26", skill: "beginner", shoeSize: "31" },
      ]);
      for (const [i, age] of ["36", "8"].entries())
        await page.locator("fieldset").nth(i).getByLabel(text(locale, "booking.persons.age")).fill(age);
      await expectAccessible(page, "persons with ages");
      await page.locator('button[type="submit"]', { hasText: text(locale, "booking.continue") }).click();
      await page.waitForURL(new RegExp(path(locale, "/rental/winter/ciaslin/equipment")));
      await hydrated(page);

      const card = (slug: string) => page.locator(`[data-package="${slug}"]`);
      const priceOf = async (slug: string) => Number(await card(slug).locator("[data-price]").getAttribute("data-price"));
      const choose = async (slug: string) => {
        await card(slug).getByRole("button").click();
        await expect.poll(() => card(slug).getAttribute("data-state")).toBe("added");
      };

      await showPerson(page, locale, "Eva");
      // Eva's level first, with the reason.
      await expect.poll(() => page.locator("[data-package]").first().getAttribute("data-package")).toBe("package-ski-intermediate");
      expect(await card("package-ski-intermediate").textContent()).toContain(text(locale, "booking.package.recommended"));
      await expectAccessible(page, "equipment with packages");
      const adultBeginner = await priceOf("package-ski-beginner");
      const evaPrice = await priceOf("package-ski-intermediate");
      await choose("package-ski-intermediate");

      await showPerson(page, locale, "Mia");
      await expect.poll(() => page.locator("[data-package]").first().getAttribute("data-package")).toBe("package-ski-beginner");
      const miaCard = card("package-ski-beginner");
      // The children's price, below the adults', for junior boots in Mia's size.
      expect(await miaCard.textContent()).toContain(text(locale, "booking.package.childPrice"));
      const miaPrice = await priceOf("package-ski-beginner");
      expect(miaPrice).toBeLessThan(adultBeginner);
      expect(await miaCard.textContent()).toContain(`${text(locale, "booking.equipment.size")} 31`);
      expect(await miaCard.locator("[data-price]").textContent()).toContain(formatMoney(miaPrice, locale));
      await choose("package-ski-beginner");
      await expect.poll(() => page.locator("[data-bag-count]").getAttribute("data-bag-count")).toBe("6");

      await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
      await hydrated(page);
      await expectAccessible(page, "bag with packages");
      const inBag = (name: string) => text(locale, "booking.package.inBag", { name });
      // Each of the six pieces says which package it belongs to.
      expect(await page.locator("[data-package-line]").count()).toBe(6);

      await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/checkout"));
      await hydrated(page);
      await fillInvoice(page, locale, INVOICE);
      const [before, after] = text(locale, "booking.checkout.pay", { total: "\u0000" }).split("\u0000");
      const escaped = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      await page.getByRole("button", { name: new RegExp(`^${escaped(before)}.+${escaped(after)}$`) }).click();
      await page.waitForURL(/\/pay\/demo\//);
      await hydrated(page);
      await page.locator('button[name="outcome"][value="paid"]').click();
      await page.waitForURL(new RegExp(`${path(locale, "/order/")}[A-Za-z0-9_-]+$`));
      await hydrated(page);
      await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("paid");
      await expectAccessible(page, "order page with packages");
      const main = (await page.locator("main").textContent()) ?? "";
      // Both packages with their pieces and sizes, and the subtotal is the two packages' prices.
      expect(await page.locator("[data-package-line]").count()).toBe(6);
      const packageNames = await page.locator("[data-package-line]").allTextContents();
      expect(new Set(packageNames).size).toBe(2);
      for (const name of packageNames) expect(name).toMatch(new RegExp(`^${inBag("").trim()}`));
      expect(main).toContain("(31)");
      expect(main).toContain(formatMoney(evaPrice + miaPrice, locale));
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
