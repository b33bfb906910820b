import { describe, expect, it } from "vitest";
import { demoSurcharges } from "../../app/demo/demo-data";
import { formatPercent } from "../../app/domain/format";
import { addDays, daysBetween, type IsoDate } from "../../app/domain/periods";
import { adminContext, browserPerFile, openPage, PHONE_UA, workerShop } from "../helpers/browser";
import { addRecommended, fillInvoice, fillPersons, hydrated, path, pickDates, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

/** Tuesday to Thursday inside the demo's winter peak window (Christmas and New Year), from tomorrow on. */
function peakPeriod() {
  const peak = demoSurcharges.find((s) => s.appId === "winter" && s.item === null);
  if (!peak) throw new Error("the demo has no winter peak window");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) as IsoDate;
  for (let day = peak.startsOn as IsoDate; daysBetween(day, peak.endsOn as IsoDate) >= 2; day = addDays(day, 1)) {
    if (day >= tomorrow && new Date(`${day}T12:00:00Z`).getUTCDay() === 2)
      return { pickupDate: day, returnDate: addDays(day, 2), pickupTime: "09:00", returnTime: "17:00", name: peak.name.de as string };
  }
  throw new Error(`the demo's peak window ${peak.startsOn}–${peak.endsOn} is past: the demo season needs new dates`);
}

const plain = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim();

describe("the checkout in the browser", () => {
  it("de, phone: the bag and the checkout name the New Year surcharge; a double tap on pay makes one order", async () => {
    const locale = "de";
    const period = peakPeriod();
    const context = await chrome.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
      extraHTTPHeaders: { "X-Forwarded-For": `198.19.${process.pid % 250}.33` },
    });
    await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const { page, consoleErrors } = await openPage(context);
    const next = () =>
      page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).and(page.locator('button[type="submit"]'));

    await page.goto(baseUrl + path(locale, "/rental/winter/ciaslin"));
    await hydrated(page);
    await pickDates(page, locale, period);
    await next().click();
    await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
    await fillPersons(page, locale, [{ firstName: "Jonas", heightCm: "176", skill: "intermediate", shoeSize: "42" }]);
    await next().click();
    await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/equipment"));
    await addRecommended(page, "ski-easy-carve");
    await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
    await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
    await hydrated(page);

    // All three days are in the window: the note names it, its percent and what it adds to the line.
    const note = plain(text(locale, "booking.peak.note", { name: period.name, percent: formatPercent(15, locale), amount: "" }));
    const bagNote = plain(await page.locator("[data-peak]").textContent());
    expect(bagNote.startsWith(note)).toBe(true);
    expect(bagNote.slice(note.length).trim()).toMatch(/^\d+,\d\d €$/);
    await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
    await page.waitForURL(baseUrl + path(locale, "/rental/checkout"));
    await hydrated(page);
    expect(plain(await page.locator("aside [data-peak]").textContent())).toBe(bagNote);

    const email = `jonas.${process.pid}.${Date.now()}@example.de`;
    await fillInvoice(page, locale, {
      name: "Jonas Berger",
      street: "Hauptstraße 7",
      postalCode: "80331",
      city: "München",
      email,
      phone: "+49 170 7654321",
    });
    // Two taps, the second while the first one's answer is still on its way (a slow phone network: the
    // answer is held back a moment after the shop sent it).
    await page.route("**/rental/checkout*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ response: answer });
    });
    const payButton = await page.locator("form button[type=submit]").last().elementHandle();
    const sent = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/rental/checkout"));
    await payButton?.click();
    await sent;
    await payButton?.click({ force: true, timeout: 2000 });
    await page.waitForURL(/\/pay\/demo\//);
    await hydrated(page);
    await page.locator('button[name="outcome"][value="paid"]').click();
    await page.waitForURL(new RegExp(`${path(locale, "/order/")}[A-Za-z0-9_-]+$`));
    await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("paid");
    expect(plain(await page.locator("main [data-peak]").textContent())).toBe(bagNote);
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The back office finds one order under the address: none expired beside it.
    const office = await adminContext(chrome.browser, baseUrl, { userAgent: PHONE_UA });
    const admin = await office.newPage();
    await admin.goto(`${baseUrl}/admin/orders?q=${encodeURIComponent(email)}`);
    const numbers = new Set(((await admin.locator("main").textContent()) ?? "").match(/R-\d{4}-\d{6}/g));
    expect(numbers.size).toBe(1);
    await office.close();
  });
});
