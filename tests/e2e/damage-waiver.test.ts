/**
 * The damage waiver in Chromium (decision 029): a German customer on a phone and a Danish customer on a
 * desktop tick it at checkout, see the pay button and the sums change with the box, pay, find it on the
 * thank-you page, and the back office finds it on the order. axe checks every page on the way. Weeks of
 * their own, so they never compete with the other browser tests for units.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import { adminContext, browserPerFile, newContext, openPage, workerShop } from "../helpers/browser";
import {
  addRecommended,
  expectAccessible,
  fillInvoice,
  fillPersons,
  hydrated,
  path,
  pickDates,
  text,
  winterPeriod,
} from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

let customers = 0;

/** A customer's browser on a network of its own (holds are limited per address). */
async function customerContext(phone: boolean): Promise<BrowserContext> {
  customers++;
  return newContext(chrome.browser, {
    device: phone ? "phone" : "desktop",
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${process.pid % 250}.${customers}` },
  });
}

const CUSTOMERS = {
  de: {
    week: 10,
    phone: true,
    person: { firstName: "Lena", heightCm: "170", skill: "intermediate", shoeSize: "39" },
    invoice: {
      name: "Lena Wagner",
      street: "Hauptstraße 5",
      postalCode: "80331",
      city: "München",
      email: "lena@example.de",
      phone: "+49 170 1234567",
    },
  },
  da: {
    week: 11,
    phone: false,
    person: { firstName: "Mads", heightCm: "184", skill: "expert", shoeSize: "44" },
    invoice: {
      name: "Mads Holm",
      street: "Vestergade 12",
      postalCode: "8000",
      city: "Aarhus",
      email: "mads@example.dk",
      phone: "+45 20 12 34 56",
    },
  },
} as const;

/** Money as the page shows it, any space a plain one. */
const money = (cents: number, locale: Locale) => formatMoney(cents, locale).replace(/\s/g, " ");
const plain = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim();

/** The step's "Continue" (in German the calendar's "next month" button has the same name). */
const continueButton = (page: Page, locale: Locale) =>
  page.getByRole("button", { name: text(locale, "booking.continue"), exact: true }).and(page.locator('button[type="submit"]'));

/** To the invoice step with one person's skis in the bag, by clicking as a visitor does. */
async function toCheckout(page: Page, locale: Locale, customer: (typeof CUSTOMERS)[keyof typeof CUSTOMERS]) {
  await page.goto(baseUrl + path(locale, "/rental/winter/ciaslin"));
  await hydrated(page);
  await pickDates(page, locale, winterPeriod(new Date(), customer.week));
  await continueButton(page, locale).click();
  await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/persons"));
  await fillPersons(page, locale, [customer.person]);
  await continueButton(page, locale).click();
  await page.waitForURL(baseUrl + path(locale, "/rental/winter/ciaslin/equipment"));
  await addRecommended(page, "ski-easy-carve");
  await page.getByRole("link", { name: text(locale, "booking.equipment.toBag") }).click();
  await page.waitForURL(baseUrl + path(locale, "/rental/bag"));
  await hydrated(page);
  await page.getByRole("button", { name: text(locale, "booking.bag.continue") }).click();
  await page.waitForURL(baseUrl + path(locale, "/rental/checkout"));
  await hydrated(page);
}

describe("damage waiver in the browser", () => {
  for (const locale of ["de", "da"] as const) {
    it(`${locale}: the customer ticks the waiver, pays it with the booking and finds it on the order; so does the back office`, async () => {
      const customer = CUSTOMERS[locale];
      const context = await customerContext(customer.phone);
      const { page, consoleErrors } = await openPage(context);
      await toCheckout(page, locale, customer);

      // One pair of skis for three days at 2,00 € a day: 6,00 €, offered but not ticked.
      const box = page.getByLabel(text(locale, "booking.waiver.add", { day: money(200, locale), total: money(600, locale) }));
      expect(await box.isChecked()).toBe(false);
      expect(plain(await page.locator("#damage-waiver-hint").textContent())).toBe(text(locale, "booking.waiver.covers"));
      await expectAccessible(page, "invoice details with the waiver");
      const base = Number(await page.locator('input[name="total"]').inputValue());
      const payButton = page.locator('form button[type="submit"]').last();
      const pay = (cents: number) => text(locale, "booking.checkout.pay", { total: money(cents, locale) });
      /** Which of the button's two labels and the summary's two sums CSS shows: with the waiver, or without. */
      const shown = async () => ({
        button: (await payButton.getByText(pay(base + 600), { exact: true }).isVisible())
          ? "with"
          : (await payButton.getByText(pay(base), { exact: true }).isVisible())
            ? "without"
            : "none",
        withWaiver: await page.locator("[data-with-waiver]").isVisible(),
      });
      expect(await shown()).toEqual({ button: "without", withWaiver: false });

      // Ticked, the button and the summary name the sum with the waiver; unticked again, without it.
      await box.check();
      await expect.poll(shown).toEqual({ button: "with", withWaiver: true });
      const withWaiver = page.locator("[data-with-waiver]");
      expect(plain(await withWaiver.locator("[data-damage-waiver] dt").textContent())).toBe(
        text(locale, "booking.waiver.line", { day: money(200, locale) }),
      );
      expect(plain(await withWaiver.locator("[data-damage-waiver] dd").textContent())).toBe(money(600, locale));
      expect(plain(await withWaiver.textContent())).toContain(money(base + 600, locale));
      await box.uncheck();
      await expect.poll(shown).toEqual({ button: "without", withWaiver: false });
      await box.check();
      await expectAccessible(page, "invoice details, waiver ticked");

      await fillInvoice(page, locale, customer.invoice);
      await payButton.click();
      await page.waitForURL(/\/pay\/demo\//);
      await hydrated(page);
      await page.locator('button[name="outcome"][value="paid"]').click();
      await page.waitForURL(new RegExp(`${path(locale, "/order/")}[A-Za-z0-9_-]+$`));
      await hydrated(page);
      await expect.poll(() => page.locator("[data-status]").getAttribute("data-status")).toBe("paid");
      await expectAccessible(page, "thank-you page");
      /** The waiver's row in an order's sums: its label and its amount. */
      const waiverRow = async (where: Page) => ({
        label: plain(await where.locator("[data-damage-waiver] dt").textContent()),
        amount: plain(await where.locator("[data-damage-waiver] dd").textContent()),
      });
      const expectedRow = { label: text(locale, "booking.waiver.line", { day: money(200, locale) }), amount: money(600, locale) };
      expect(await waiverRow(page)).toEqual(expectedRow);
      const main = plain(await page.locator("main").textContent());
      expect(main).toContain(money(base + 600, locale));
      const number = /R-\d{4}-\d{6}/.exec(main)?.[0] as string;
      expect(consoleErrors).toEqual([]);
      await context.close();

      // The back office, in the same language: the order shows the waiver in its sums.
      const office = await adminContext(chrome.browser);
      const clerk = await openPage(office);
      // The whole order number opens the order.
      await clerk.page.goto(`${baseUrl}${path(locale, "/admin/orders")}?q=${number}`);
      await clerk.page.waitForURL(/\/admin\/order\/[0-9a-f-]{36}$/);
      await hydrated(clerk.page);
      await expectAccessible(clerk.page, "admin order with the waiver");
      expect(await waiverRow(clerk.page)).toEqual(expectedRow);
      expect(clerk.consoleErrors).toEqual([]);
      await office.close();
    });
  }
});
