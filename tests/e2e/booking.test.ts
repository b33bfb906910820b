/**
 * The booking in Chromium, as customers do it: a Danish family of four on a phone, an English customer on a
 * desktop who meets every validation message and cancels later, a German customer using only the keyboard,
 * an item booked out by someone else, and a payment cancelled or failed at the provider. axe checks every
 * step. Each test books a different week, so they never compete for the same units.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney, formatTag } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import { browserPerFile, newContext, openPage, workerShop } from "../helpers/browser";
import {
  addRecommended,
  bookOut,
  expectAccessible,
  fillInvoice,
  fillPersons,
  hydrated,
  monthHeading,
  path,
  pickDates,
  shownMonth,
  showPerson,
  text,
  winterPeriod,
} from "../helpers/browser-booking";
import { pdfText } from "../helpers/pdf-text";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

let customers = 0;

/** A customer's browser, on a network of its own (the shop limits holds per address; the test server believes its loopback proxy). */
async function customer(options: { phone?: boolean; width?: number; consent?: boolean } = {}): Promise<BrowserContext> {
  customers++;
  // Most customers here have answered the cookie banner; a test of the banner itself leaves it open.
  return newContext(chrome.browser, {
    device: options.phone ? "phone" : "desktop",
    width: options.width,
    consent: options.consent,
    extraHTTPHeaders: { "X-Forwarded-For": `198.19.${process.pid % 250}.${customers}` },
  });
}

const INVOICE: Record<Locale, Record<string, string>> = {
  da: {
    name: "Mette Nielsen",
    street: "Vestergade 12",
    postalCode: "8000",
    city: "Aarhus",
    email: "mette@example.dk",
    phone: "+45 20 12 34 56",
  },
  en: {
    name: "Sarah Miller",
    street: "12 High Street",
    postalCode: "OX1 2JD",
    city: "Oxford",
    country: "GB",
    email: "sarah@example.co.uk",
    phone: "+44 7700 900123",
  },
  de: {
    name: "Jonas Becker",
    street: "Hauptstraße 5",
    postalCode: "80331",
    city: "München",
    email: "jonas@example.de",
    phone: "+49 170 1234567",
  },
  it: {},
  nl: {},
  be: {},
};

/** From the season choice to the period step of Ciaslin, by clicking as a visitor does. */
async function toPeriodStep(page: Page, locale: Locale) {
  await page.goto(baseUrl + path(locale, "/rental"));
  await hydrated(page);
  await expectAccessible(page, "season");
  await page
    .locator(`a[href="${path(locale, "/rental/winter")}"]`)
    .first()
    .click();
  await page.waitForURL(baseUrl + path(locale, "/rental/winter"));
  await expectAccessible(page, "branch");
  await page
    .locator(`a[href="${path(locale, "/rental/winter/ciaslin")}"]`)
    .first()
    .click();
  await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin"));
  await hydrated(page);
  await expectAccessible(page, "period");
}

async function continueTo(page: Page, locale: Locale, englishPath: string) {
  await page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).click();
  await page.waitForURL(baseUrl + path(locale, englishPath));
}

/** The invoice step's "Pay € …" button. */
function payButton(page: Page, locale: Locale) {
  const escapeRegExp = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [before, after] = text(locale, "booking.checkout.pay", { total: "\u0000" }).split("\u0000");
  return page.getByRole("button", { name: new RegExp(`^${escapeRegExp(before)}.+${escapeRegExp(after)}$`) });
}

/** The pickup and return times the hour pickers show as chosen, as the customer reads them. */
async function pickerTimes(page: Page): Promise<string[]> {
  return Promise.all(
    ["pickupTime", "returnTime"].map((name) => page.locator(`select[name="${name}"] option:checked`).evaluate((o) => o.textContent ?? "")),
  );
}

/** The thank-you page shows the period with the hour picker's very times, and no "AM" or "PM". */
async function expectPickerTimes(page: Page, times: string[]) {
  const main = (await page.locator("main").textContent()) ?? "";
  for (const time of times) expect(main).toContain(time);
  expect(main).not.toMatch(/\d\s?(AM|PM)\b/);
}

/** On the demo provider's page: pays with the chosen method and lands on the thank-you page. */
async function payAtProvider(page: Page, locale: Locale, method: "paypal" | "card") {
  await page.waitForURL(/\/pay\/demo\//);
  await hydrated(page);
  await expectAccessible(page, "payment provider");
  if (method === "paypal") await page.getByLabel("PayPal").check();
  await page.locator('button[name="outcome"][value="paid"]').click();
  await page.waitForURL(new RegExp(`${path(locale, "/order/")}[A-Za-z0-9_-]+$`));
  await hydrated(page);
  await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("paid");
  await expectAccessible(page, "thank-you page");
}

/** On the thank-you page: cancelling is a quiet control at the end, opened on purpose before anything shows. */
async function openCancel(page: Page, locale: Locale) {
  const confirm = page.getByLabel(text(locale, "order.cancel.confirm"));
  expect(await confirm.isVisible()).toBe(false);
  await page.getByRole("heading", { name: text(locale, "order.cancel.title") }).click();
  await expect.poll(() => confirm.isVisible()).toBe(true);
}

/**
 * The step's primary button, scrolled into view from above as a customer scrolls down to it, is clear of the
 * cookie banner: a tap on it reaches the button, not the banner.
 */
async function expectClearOfBanner(page: Page, button: ReturnType<Page["getByRole"]>) {
  await button.evaluate((element) => element.scrollIntoView({ block: "end" }));
  expect(await page.locator('section[aria-labelledby="consent-title"]').isVisible()).toBe(true);
  const clear = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const bannerBox = document.getElementById("consent-title")?.closest("section")?.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { hitsButton: hit !== null && element.contains(hit), above: bannerBox ? box.bottom <= bannerBox.top : false };
  });
  expect(clear).toEqual({ hitsButton: true, above: true });
}

/** Nothing sticks out to the side: the page is as wide as the phone. */
async function expectNoSideScroll(page: Page, step: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `page width on ${step}`).toBeLessThanOrEqual(widths[1]);
}

describe("booking in the browser", () => {
  it("a Danish family of four books skis on a phone and pays with PayPal", async () => {
    const started = Date.now();
    const context = await customer({ phone: true });
    const { page, consoleErrors } = await openPage(context);
    const locale = "da";
    await toPeriodStep(page, locale);
    await pickDates(page, locale, winterPeriod(new Date(), 0));
    // Danes write the time with a full stop, in the picker as on every page after it.
    const times = await pickerTimes(page);
    for (const time of times) expect(time).toMatch(/^\d{2}\.\d{2}$/);
    await continueTo(page, locale, "/rental/winter/ciaslin/persons");
    await expectAccessible(page, "persons");
    const family: Record<string, string>[] = [
      { firstName: "Mette", lastName: "Nielsen", heightCm: "168", weightKg: "60", skill: "intermediate", shoeSize: "39" },
      { firstName: "Lars", heightCm: "186", weightKg: "84", skill: "expert", shoeSize: "44" },
      { firstName: "Freja", heightCm: "132", skill: "beginner", shoeSize: "33" },
      { firstName: "Oscar", heightCm: "118", shoeSize: "30" },
    ];
    await fillPersons(page, locale, family);
    await continueTo(page, locale, "/rental/winter/ciaslin/equipment");
    await expectAccessible(page, "equipment");
    const skiFor = { Mette: "ski-easy-carve", Lars: "ski-all-mountain", Freja: "ski-junior-easy", Oscar: "ski-junior-easy" };
    for (const [name, slug] of Object.entries(skiFor)) {
      await showPerson(page, locale, name);
      await addRecommended(page, slug);
    }
    await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
    await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
    await hydrated(page);
    await expectAccessible(page, "bag");
    for (const name of ["Mette Nielsen", "Lars", "Freja", "Oscar"])
      await expect.poll(() => page.getByRole("heading", { name }).count()).toBe(1);
    await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
    await page.waitForURL(baseUrl + path(locale, "/rental/checkout"));
    await hydrated(page);
    await expectAccessible(page, "invoice details");
    // The country is preselected from the language.
    expect(await page.getByLabel(text(locale, "booking.invoice.country")).inputValue()).toBe("DK");
    await fillInvoice(page, locale, INVOICE.da);
    await payButton(page, locale).click();
    await payAtProvider(page, locale, "paypal");
    await expectPickerTimes(page, times);
    const main = (await page.locator("main").textContent()) ?? "";
    for (const name of ["Mette Nielsen", "Lars", "Freja", "Oscar", "Dolomiti Rent Ciaslin"]) expect(main).toContain(name);
    expect(main).toMatch(/R-\d{4}-\d{6}/);
    expect(await page.locator('img[alt^="QR"]').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
    // The yardstick: a family of four in under two minutes. Printed, never asserted (timings vary).
    console.log(`Danish family of four on a phone, season choice to paid order: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  // Issue 16, points 0 and 1, in English and Danish (weeks 7 and 15, which no other test of the ski takes).
  it.each([
    ["en", 7],
    ["da", 15],
  ] as const)("a parent and a child each get their own size of the same ski, on their tab and in the bag (%s)", async (locale, week) => {
    const context = await customer();
    const { page, consoleErrors } = await openPage(context);
    await toPeriodStep(page, locale);
    await pickDates(page, locale, winterPeriod(new Date(), week));
    await continueTo(page, locale, "/rental/winter/ciaslin/persons");
    await fillPersons(page, locale, [
      { firstName: "Anna", heightCm: "172", skill: "intermediate" },
      { firstName: "Tim", heightCm: "152", skill: "beginner" },
    ]);
    await continueTo(page, locale, "/rental/winter/ciaslin/equipment");
    const size = page.locator('[data-item="ski-easy-carve"] select');
    /** The size the page marks as recommended for the person whose tab is shown. */
    const recommended = async () =>
      (await size.locator("option", { hasText: text(locale, "booking.equipment.recommended") }).getAttribute("value")) as string;

    await showPerson(page, locale, "Anna");
    const annas = await recommended();
    expect(await size.inputValue()).toBe(annas);
    await addRecommended(page, "ski-easy-carve");
    // Tim's tab, reached without a reload, shows Tim's size, not the one just chosen for Anna.
    await showPerson(page, locale, "Tim");
    const tims = await recommended();
    expect(tims).not.toBe(annas);
    expect(Number(tims)).toBeLessThan(Number(annas));
    expect(await size.inputValue()).toBe(tims);
    // The expert ski is offered to the beginner with the reason and no recommended size, and goes into the
    // bag only once "add it anyway" is ticked (the browser holds the form until then).
    const race = page.locator('[data-item="ski-race-pro"]');
    expect(await race.locator("[data-fit]").textContent()).toBe(text(locale, "booking.fit.levelTooHigh"));
    expect(await race.locator("option", { hasText: text(locale, "booking.equipment.recommended") }).count()).toBe(0);
    const anyway = race.getByRole("checkbox", { name: text(locale, "booking.fit.anyway") });
    expect(await anyway.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(await page.locator('[data-item="ski-easy-carve"] [data-fit]').textContent()).toContain(text(locale, "booking.fit.suits"));
    await addRecommended(page, "ski-easy-carve");
    // Back on Anna's tab, her chosen size is still hers.
    await showPerson(page, locale, "Anna");
    await expect.poll(() => size.inputValue()).toBe(annas);

    await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
    await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
    await hydrated(page);
    for (const [name, expected] of [
      ["Anna", annas],
      ["Tim", tims],
    ]) {
      const group = page.locator("section", { has: page.getByRole("heading", { name, exact: true }) });
      expect(await group.locator('select[name="size"]').inputValue()).toBe(expected);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  // Issue 16, points 3 and 12, in German and Danish (weeks 13 and 14 are no other test's).
  it.each([
    ["de", 13, "Österreich", "DE"],
    ["da", 14, "Tyskland", "DK"],
  ] as const)(
    "a partner hotel is named with what became of its discount from the bag to the PDF; the invoice countries in the page's language (%s)",
    async (locale, week, austria, home) => {
      const context = await customer();
      const { page, consoleErrors } = await openPage(context);
      await toPeriodStep(page, locale);
      await pickDates(page, locale, winterPeriod(new Date(), week));
      await continueTo(page, locale, "/rental/winter/ciaslin/persons");
      await fillPersons(page, locale, [{ firstName: "Ida", heightCm: "170", skill: "intermediate" }]);
      await continueTo(page, locale, "/rental/winter/ciaslin/equipment");
      await hydrated(page);
      await addRecommended(page, "ski-easy-carve");
      await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
      await hydrated(page);
      const hotels = page.getByRole("group", { name: text(locale, "booking.bag.hotel") });
      await hotels.getByLabel("Garni Ciasa Mugon, Runcadoz", { exact: true }).check();
      await hotels.getByRole("button", { name: text(locale, "booking.bag.chooseHotel") }).click();
      const hotelLine = page.locator("[data-hotel]");
      await expect.poll(() => hotelLine.count()).toBe(1);
      // Whichever discount won, the line names the hotel and says so in the customer's language.
      const note = ((await hotelLine.locator("dd").textContent()) ?? "").trim();
      const outcomes = (["applied", "offerBetter"] as const).map((key) =>
        text(locale, `order.hotel.${key}`, { hotel: "Garni Ciasa Mugon" }),
      );
      expect(outcomes).toContain(note);
      expect(await hotelLine.locator("dt").textContent()).toBe(text(locale, "order.hotel.label"));

      await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/checkout"));
      await hydrated(page);
      expect(((await page.locator("[data-hotel] dd").first().textContent()) ?? "").trim()).toBe(note);
      // Every country, named in the page's language, the language's own and the likely ones first.
      const country = page.getByLabel(text(locale, "booking.invoice.country"));
      expect(await country.inputValue()).toBe(home);
      const likely = country.locator(`optgroup[label="${text(locale, "booking.invoice.countriesLikely")}"] option`);
      expect(await likely.first().getAttribute("value")).toBe(home);
      expect(await likely.filter({ hasText: austria }).count()).toBe(1);
      const all = country.locator(`optgroup[label="${text(locale, "booking.invoice.countriesAll")}"] option`);
      expect((await likely.count()) + (await all.count())).toBe(249);
      await fillInvoice(page, locale, INVOICE[locale]);
      await payButton(page, locale).click();
      await payAtProvider(page, locale, "card");

      // The thank-you page and its PDF say the same.
      expect(((await page.locator("[data-hotel] dd").first().textContent()) ?? "").trim()).toBe(note);
      const pdf = await page.request.get(`${page.url()}/confirmation.pdf`);
      expect(pdf.status()).toBe(200);
      const { lines } = await pdfText(await pdf.body());
      expect(lines.join(" ")).toContain(note);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it("an English customer meets the three messages, uses a coupon, pays by card and cancels later", async () => {
    const context = await customer();
    const { page, consoleErrors } = await openPage(context);
    const locale = "en";
    await toPeriodStep(page, locale);
    await pickDates(page, locale, winterPeriod(new Date(), 1));
    const times = await pickerTimes(page);
    for (const time of times) expect(time).toMatch(/^\d{2}:\d{2}$/);
    await continueTo(page, locale, "/rental/winter/ciaslin/persons");

    // 1. A person without a first name.
    await page.getByLabel(text(locale, "booking.persons.lastName")).fill("Miller");
    await page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe(text(locale, "booking.errors.firstName"));
    expect(await page.getByLabel(text(locale, "booking.persons.lastName")).inputValue()).toBe("Miller");
    await expectAccessible(page, "persons with errors");
    await page.getByLabel(text(locale, "booking.persons.firstName")).fill("Sarah");
    await page.getByLabel(text(locale, "booking.persons.height")).fill("170");
    await continueTo(page, locale, "/rental/winter/ciaslin/equipment");

    // 2. An empty bag.
    await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
    await page.waitForURL(`${baseUrl}/rental/bag`);
    await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe(text(locale, "booking.errors.emptyBag"));
    await expectAccessible(page, "empty bag");
    await page.getByRole("link", { name: text(locale, "booking.bag.chooseEquipment") }).click();
    await page.waitForURL(/\/equipment/);
    await addRecommended(page, "ski-easy-carve");
    await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
    await page.waitForURL(`${baseUrl}/rental/bag`);
    await hydrated(page);

    // A coupon and a partner hotel.
    await page.getByLabel(text(locale, "booking.bag.coupon")).fill("welcome10");
    await page.getByLabel(text(locale, "booking.bag.coupon")).press("Enter");
    await expect.poll(() => page.getByText(text(locale, "booking.bag.couponApplied", { code: "WELCOME10" })).count()).toBe(1);
    expect(await page.getByText(text(locale, "booking.discount.coupon", { label: "WELCOME10" }), { exact: true }).count()).toBe(1);
    await expectAccessible(page, "bag with coupon");
    await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
    await page.waitForURL(`${baseUrl}/rental/checkout`);
    await hydrated(page);

    // 3. Paying without invoice details, on a phone-sized window: the button is a screen below the message.
    await page.setViewportSize({ width: 390, height: 700 });
    const pay = payButton(page, locale);
    await page.getByLabel(text(locale, "booking.invoice.street")).fill("12 High Street");
    await pay.click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain(text(locale, "booking.errors.invoiceFirst"));
    // The banner says which fields to fill in, not only that something is missing.
    expect(await page.getByRole("alert").first().textContent()).toContain(
      text(locale, "booking.checkout.fillIn", { fields: "Full name, Postcode, Town or city, E-mail and Phone" }),
    );
    // The message comes into view; the customer does not have to scroll up to find out why nothing happened.
    const inView = () =>
      page
        .getByRole("alert")
        .first()
        .evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
    await expect.poll(inView).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByLabel(text(locale, "booking.invoice.street")).inputValue()).toBe("12 High Street");
    await expectAccessible(page, "invoice details with errors");
    await fillInvoice(page, locale, INVOICE.en);
    await pay.click();
    await payAtProvider(page, locale, "card");
    await expectPickerTimes(page, times);
    expect(await page.getByRole("link", { name: text(locale, "order.calendar") }).getAttribute("href")).toMatch(/\/calendar\.ics$/);
    expect(await page.getByRole("link", { name: text(locale, "order.pdf") }).getAttribute("href")).toMatch(/\/confirmation\.pdf$/);

    // Later, from the same page: cancel under the policy.
    await openCancel(page, locale);
    await page.getByLabel(text(locale, "order.cancel.confirm")).check();
    await page.getByRole("button", { name: /^Cancel and refund/ }).click();
    await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("refunded");
    expect(await page.getByText(text(locale, "order.cancel.done")).count()).toBe(1);
    await expectAccessible(page, "cancelled order");
    // The three refused forms answer 400, which the browser reports; nothing else may be logged.
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    expect(consoleErrors).toHaveLength(3);
    await context.close();
  });

  it("a German customer books with the keyboard only", async () => {
    const context = await customer();
    const { page, consoleErrors } = await openPage(context);
    const locale = "de";
    const period = winterPeriod(new Date(), 2);
    await toPeriodStep(page, locale);
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");
    /** Presses Tab until the focused element matches, as a keyboard user looks for the next control. */
    const tabTo = async (matches: () => Promise<boolean>, limit = 60) => {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press("Tab");
        if (await matches()) return;
      }
      throw new Error(`no such control within ${limit} tabs; focus is on ${await focused()}`);
    };
    const inCalendar = () => page.evaluate(() => document.activeElement?.getAttribute("name") === "day");
    const shows = async (iso: string) => (await shownMonth(page)) === monthHeading(locale, iso);
    const focusedDay = () => page.evaluate(() => Number(document.activeElement?.textContent));

    await tabTo(inCalendar);
    for (const day of [period.pickupDate, period.returnDate]) {
      for (let i = 0; i < 12 && !(await shows(day)); i++) await page.keyboard.press("PageDown");
      const target = Number(day.slice(8));
      for (let i = 0; i < 31 && (await focusedDay()) !== target; i++)
        await page.keyboard.press((await focusedDay()) < target ? "ArrowRight" : "ArrowLeft");
      expect(await shows(day)).toBe(true);
      await page.keyboard.press("Enter");
    }
    const isField = (name: string) => () => page.evaluate((n) => document.activeElement?.getAttribute("name") === n, name);
    await tabTo(isField("pickupTime"));
    await page.keyboard.press("Tab"); // return time stays at its default
    await tabTo(() => page.evaluate(() => document.activeElement?.getAttribute("type") === "submit"));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/de/rental/winter/ciaslin/persons`);
    await hydrated(page);

    await tabTo(isField("persons.0.firstName"));
    await page.keyboard.type("Jonas");
    await tabTo(isField("persons.0.heightCm"));
    await page.keyboard.type("181");
    await tabTo(isField("persons.0.skill"));
    // A closed select changes its value with the arrow keys.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator('[name="persons.0.skill"]').inputValue()).toBe("intermediate");
    await tabTo(() =>
      page.evaluate(
        () => document.activeElement?.getAttribute("value") === "save" && document.activeElement?.getAttribute("tabindex") !== "-1",
      ),
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/de/rental/winter/ciaslin/equipment`);
    await hydrated(page);

    await tabTo(
      () =>
        page.evaluate(
          () =>
            document.activeElement?.getAttribute("type") === "submit" &&
            Boolean(document.activeElement.closest('[data-item="ski-easy-carve"]')),
        ),
      120,
    );
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('[data-item="ski-easy-carve"]').getAttribute("data-state")).toBe("added");
    await tabTo(
      () => page.evaluate((name) => document.activeElement?.textContent?.trim() === name, text(locale, "booking.equipment.toBag")),
      150,
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/de/rental/bag`);
    await hydrated(page);
    await tabTo(() => page.evaluate((name) => document.activeElement?.textContent?.trim() === name, text(locale, "booking.bag.continue")));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/de/rental/checkout`);
    await hydrated(page);

    for (const [field, value] of Object.entries(INVOICE.de)) {
      await tabTo(isField(field));
      await page.keyboard.type(value);
    }
    expect(await page.locator('[name="country"]').inputValue()).toBe("DE");
    await tabTo(() => page.evaluate(() => document.activeElement?.getAttribute("type") === "submit"));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/de\/pay\/demo\//);
    await hydrated(page);
    await tabTo(() => page.evaluate(() => document.activeElement?.getAttribute("value") === "paid"));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/de\/order\/[A-Za-z0-9_-]+$/);
    await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("paid");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(text(locale, "order.thanks"));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each<Locale>(["en", "de"])(
    "in %s, weeks start on Monday and the date message goes as soon as valid dates are picked",
    async (locale) => {
      const context = await customer();
      const { page, consoleErrors } = await openPage(context);
      await toPeriodStep(page, locale);
      const continueButton = page.locator('button[type="submit"]', { hasText: text(locale, "booking.continue") });
      // Continuing without dates: the server asks for them, beside the calendar and in the banner.
      await continueButton.click();
      const dateMessage = page.getByText(text(locale, "booking.errors.date"), { exact: true });
      const banner = page.getByRole("alert").filter({ hasText: text(locale, "booking.period.fix") });
      await expect.poll(() => dateMessage.count()).toBe(1);
      expect(await banner.count()).toBe(1);
      // A European shop: the calendar's weeks run Monday to Sunday, in English too (23 November 2026 was a Monday).
      const weekdays = [23, 24, 25, 26, 27, 28, 29].map((day) =>
        new Intl.DateTimeFormat(formatTag[locale], { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, day))),
      );
      expect(await page.locator("fieldset table thead th").allTextContents()).toEqual(weekdays);
      await pickDates(page, locale, winterPeriod(new Date(), 2));
      // Valid dates now: neither message stays behind.
      await expect.poll(() => dateMessage.count()).toBe(0);
      expect(await banner.count()).toBe(0);
      expect(await page.locator('[aria-describedby="dates-error"]').count()).toBe(0);
      await continueButton.click();
      await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
      expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ["de", 390, 5],
    ["da", 320, 6],
  ] as const)(
    "a family on a %s phone %i px wide with the cookie banner open: summary, named size boxes, a coupon short of its minimum, and the thank-you page",
    async (locale, width, week) => {
      const context = await customer({ phone: true, width, consent: false });
      const { page, consoleErrors } = await openPage(context);
      await toPeriodStep(page, locale);
      // The calendar's month buttons are named as such; "Continue" is the only button called so.
      const continueButton = page.getByRole("button", { name: text(locale, "booking.continue"), exact: true });
      expect(await continueButton.count()).toBe(1);
      expect(await page.getByRole("button", { name: text(locale, "booking.period.nextMonth"), exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: text(locale, "booking.period.previousMonth"), exact: true }).count()).toBe(1);
      await pickDates(page, locale, winterPeriod(new Date(), week));
      await expectClearOfBanner(page, continueButton);
      await expectNoSideScroll(page, "period");
      await continueTo(page, locale, "/rental/winter/ciaslin/persons");
      await hydrated(page);
      const summary = page.getByRole("complementary", { name: text(locale, "booking.summary.label") });
      expect(await summary.textContent()).toContain("Dolomiti Rent Ciaslin");
      await fillPersons(page, locale, [
        { firstName: "Anna", heightCm: "170", skill: "intermediate" },
        { firstName: "Tim", heightCm: "150", skill: "beginner" },
      ]);
      await expectClearOfBanner(page, continueButton);
      await expectNoSideScroll(page, "persons");
      await expectAccessible(page, "persons with the summary");
      await continueTo(page, locale, "/rental/winter/ciaslin/equipment");
      await hydrated(page);
      await expect.poll(() => summary.textContent()).toContain(text(locale, "booking.summary.persons_other", { count: 2 }));

      // Each size box says whose and for what it is.
      for (const name of ["Anna", "Tim"]) {
        await showPerson(page, locale, name);
        const card = page.locator('[data-item="ski-easy-carve"]');
        const item = (await card.getByRole("heading").textContent()) as string;
        const sizeBox = page.getByRole("combobox", { name: text(locale, "booking.equipment.sizeFor", { item, name }), exact: true });
        expect(await sizeBox.count()).toBe(1);
        await addRecommended(page, "ski-easy-carve");
      }
      // The running total follows the bag.
      const total = Number(await page.locator("[data-summary-total]").getAttribute("data-summary-total"));
      expect(total).toBeGreaterThan(0);
      expect(await summary.textContent()).toContain(text(locale, "booking.summary.total"));
      await expectNoSideScroll(page, "equipment");
      await expectAccessible(page, "equipment with the summary");
      const toBag = page.getByRole("link", { name: text(locale, "booking.equipment.toBag") });
      await expectClearOfBanner(page, toBag);
      await toBag.click();
      await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
      await hydrated(page);

      // FAMILY25 needs €200: the bag says how much more, and payment goes ahead without it.
      await page.getByLabel(text(locale, "booking.bag.coupon")).fill("family25");
      await page.getByLabel(text(locale, "booking.bag.coupon")).press("Enter");
      const missing = formatMoney(20000 - total, locale);
      const hint = text(locale, "booking.couponReason.minOrder", { amount: missing, code: "FAMILY25" });
      await expect.poll(() => page.locator('[data-coupon="coupon.minOrder"]').textContent()).toBe(hint);
      await expectNoSideScroll(page, "bag");
      await expectAccessible(page, "bag with a coupon short of its minimum");
      await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
      await page.waitForURL(baseUrl + path(locale, "/rental/checkout"));
      await hydrated(page);
      const aside = page.getByRole("complementary", { name: text(locale, "booking.checkout.summary") });
      expect(await aside.locator('[data-coupon="coupon.minOrder"]').textContent()).toBe(hint);
      // Two persons renting the same ski: each line says for whom.
      const lines = await aside.locator("li").allTextContents();
      expect(lines.filter((line) => line.includes(" – Anna"))).toHaveLength(1);
      expect(lines.filter((line) => line.includes(" – Tim"))).toHaveLength(1);
      await expectNoSideScroll(page, "invoice details");
      await fillInvoice(page, locale, { ...INVOICE.de, email: `family.${locale}@example.com`, country: locale === "da" ? "DK" : "DE" });
      await expectClearOfBanner(page, payButton(page, locale));
      await payButton(page, locale).click();
      await payAtProvider(page, locale, "card");

      // The thank-you page says where the confirmation goes; cancelling is quiet and asks first.
      const email = `family.${locale}@example.com`;
      const note = await page.locator("[data-confirmation-email]").textContent();
      expect([text(locale, "order.email.sent", { email }), text(locale, "order.email.sending", { email })]).toContain(note);
      await expectNoSideScroll(page, "thank-you page");
      await openCancel(page, locale);
      await page.getByLabel(text(locale, "order.cancel.confirm")).check();
      await page.locator('button[type="submit"]', { hasText: formatMoney(total, locale) }).click();
      await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("refunded");
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it("an item booked out by another order shows as not available", async () => {
    const period = winterPeriod(new Date(), 3);
    // One of each size at each of the three winter branches: units move between branches, so all count.
    const sizes = ["148", "152", "156", "160"];
    await bookOut(baseUrl, "snowboard-freestyle-pro", [...sizes, ...sizes, ...sizes], period);
    for (const locale of ["it", "de"] as const) {
      const context = await customer();
      const { page } = await openPage(context);
      await toPeriodStep(page, locale);
      await pickDates(page, locale, period);
      await continueTo(page, locale, "/rental/winter/ciaslin/persons");
      await fillPersons(page, locale, [{ firstName: "Giulia", heightCm: "165" }]);
      await continueTo(page, locale, "/rental/winter/ciaslin/equipment");
      const card = page.locator('[data-item="snowboard-freestyle-pro"]');
      expect(await card.getAttribute("data-state")).toBe("not available");
      expect(await card.textContent()).toContain(text(locale, "booking.state.notAvailable"));
      expect(await card.locator('button[type="submit"]').count()).toBe(0);
      // Nothing to choose on a card that cannot be booked: no size box, but the reason.
      expect(await card.locator("select, input:not([type=hidden])").count()).toBe(0);
      expect(await card.locator("[data-sold-out]").textContent()).toBe(text(locale, "booking.equipment.soldOutHint"));
      // Another board is still there for the same days.
      expect(await page.locator('[data-item="snowboard-easy-ride"]').getAttribute("data-state")).toBe("available");
      await expectAccessible(page, "equipment with a booked-out item");
      await context.close();
    }
  });

  it("a payment cancelled, then failed at the provider brings the customer back to the bag each time", async () => {
    const context = await customer();
    const { page, consoleErrors } = await openPage(context);
    const locale = "nl";
    await toPeriodStep(page, locale);
    await pickDates(page, locale, winterPeriod(new Date(), 4));
    await continueTo(page, locale, "/rental/winter/ciaslin/persons");
    await fillPersons(page, locale, [{ firstName: "Daan", heightCm: "180" }]);
    await continueTo(page, locale, "/rental/winter/ciaslin/equipment");
    await addRecommended(page, "ski-race-pro");
    await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
    await page.waitForURL(`${baseUrl}/nl/rental/bag`);
    for (const outcome of ["cancelled", "failed"] as const) {
      await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
      await page.waitForURL(`${baseUrl}/nl/rental/checkout`);
      await hydrated(page);
      if (outcome === "cancelled") await fillInvoice(page, locale, { ...INVOICE.de, country: "NL" });
      await payButton(page, locale).click();
      await page.waitForURL(/\/nl\/pay\/demo\//);
      await hydrated(page);
      await page.locator(`button[name="outcome"][value="${outcome}"]`).click();
      await page.waitForURL(`${baseUrl}/nl/rental/bag?payment=${outcome}`);
      await expect.poll(() => page.getByRole("status").first().textContent()).toBe(text(locale, `booking.bag.returned.${outcome}`));
      await expectAccessible(page, `bag after a ${outcome} payment`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
