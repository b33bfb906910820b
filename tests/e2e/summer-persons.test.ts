import { describe, expect, it } from "vitest";
import { MAX_PERSONS } from "../../app/domain/person-rows";
import { browserPerFile, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, path, pickDates, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

/** Three days in June of the next summer season, when Ciaslin rents e-bikes. */
function summerPeriod(now = new Date()) {
  const year = now.getUTCMonth() >= 4 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return { pickupDate: `${year}-06-08`, returnDate: `${year}-06-10`, pickupTime: "09:00", returnTime: "17:00" };
}

describe("the summer persons step on a phone", () => {
  it("asks no shoe size nor speaks of bindings, tells a full group where to ask, and takes 80,5 kg (de, 390 px)", async () => {
    const context = await chrome.browser.newContext({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "X-Forwarded-For": `198.18.33.${process.pid % 250}` },
    });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + path("de", "/rental/summer/ciaslin"));
    await hydrated(page);
    await pickDates(page, "de", summerPeriod());
    await page.getByRole("button", { name: text("de", "booking.continue"), exact: true }).click();
    await page.waitForURL(baseUrl + path("de", "/rental/summer/ciaslin/persons"));
    await hydrated(page);

    const main = page.locator("main");
    await expect.poll(() => main.textContent()).toContain(text("de", "booking.persons.ageHintPrices"));
    expect(await main.textContent()).not.toMatch(/Ski|Bindung|Schuhgröße|Mondo/);
    expect(await main.getByLabel(text("de", "booking.persons.shoeSize"), { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A group of more than 12: the step says so and gives the branch's address instead of cutting silently.
    const add = page.getByRole("button", { name: text("de", "booking.persons.add"), exact: true });
    for (let count = 1; count < MAX_PERSONS; count++) {
      await add.click();
      await expect.poll(() => page.locator("fieldset").count()).toBe(count + 1);
    }
    const limit = page.locator("[data-group-limit]");
    await expect.poll(() => limit.isVisible()).toBe(true);
    expect(await limit.textContent()).toContain(text("de", "booking.persons.groupLimit", { count: MAX_PERSONS }));
    expect(await limit.getByRole("link", { name: "ciaslin@dolomiti-rent.example" }).getAttribute("href")).toMatch(/^mailto:ciaslin@/);
    expect(await add.count()).toBe(0);
    await expectAccessible(page, "summer persons, full group");

    // Back to one person, who weighs 80,5 kg.
    for (let count = MAX_PERSONS; count > 1; count--) {
      await page.getByRole("button", { name: text("de", "booking.persons.remove", { n: count }), exact: true }).click();
      await expect.poll(() => page.locator("fieldset").count()).toBe(count - 1);
    }
    const person = page.locator("fieldset").first();
    await person.getByLabel(text("de", "booking.persons.firstName"), { exact: true }).fill("Anna");
    await person.getByLabel(text("de", "booking.persons.weight"), { exact: true }).fill("80,5");
    await page.getByRole("button", { name: text("de", "booking.continue"), exact: true }).click();
    await page.waitForURL(new RegExp(path("de", "/rental/summer/ciaslin/equipment")));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
