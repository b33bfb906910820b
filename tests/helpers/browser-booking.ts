/**
 * The booking steps in a real browser, in any of the six languages: the texts come from the language files,
 * the items are found by their `data-item` slug. Each step can run an axe check.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { calendarNames } from "../../app/domain/format";
import { type Locale, localizePath } from "../../app/domain/i18n";
import be from "../../app/i18n/lang/be.json";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import it from "../../app/i18n/lang/it.json";
import nl from "../../app/i18n/lang/nl.json";
import { seriousViolations } from "./browser";
import { createVisitor, locationOf, winterPeriod } from "./visitor";

export const messages = { en, de, it, nl, be, da } as const;

/** A message of a language with its {{placeholders}} filled in. */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  let value: unknown = messages[locale];
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no message ${key} in ${locale}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name] ?? ""));
}

export type Period = ReturnType<typeof winterPeriod>;

/**
 * Waits until React has taken over the page (forms then submit through the router) and the router has
 * nothing in flight: after a client-side navigation the page may still be loading its data (the root's
 * messages, decision 024) when the URL has already changed.
 */
export async function hydrated(page: Page) {
  // A page of links hydrates at the visitor's first move (decision 033).
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true && router.state.navigation.state === "idle";
  });
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, step: string) {
  expect(await seriousViolations(page), `axe on ${step}`).toEqual([]);
}

/** The calendar's month heading for a date: the month's name and the year, in the page's language. */
export function monthHeading(locale: Locale, isoDate: string) {
  return `${calendarNames(locale).months[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;
}

/** A day of the range calendar: a button of its form (decision 034). */
export const calendarDay = (page: Page, isoDate: string) => page.locator(`button[name="day"][value="${isoDate}"]`);

/** The month the range calendar shows, as its heading names it ("December 2026"). */
export async function shownMonth(page: Page): Promise<string> {
  return (await page.locator("#calendar-month").textContent()) ?? "";
}

/**
 * Picks pickup and return day in the range calendar with the pointer (tap or click). Before the page's code
 * runs, each press reloads the step with the day picked (the calendar is a GET form); after, it picks at once.
 */
export async function pickDates(page: Page, locale: Locale, period: Period) {
  for (const day of [period.pickupDate, period.returnDate]) {
    const month = monthHeading(locale, day);
    for (let i = 0; i < 12 && (await shownMonth(page)) !== month; i++) {
      const shown = await shownMonth(page);
      await page.getByRole("button", { name: text(locale, "booking.period.nextMonth"), exact: true }).click();
      await expect.poll(() => shownMonth(page)).not.toBe(shown);
    }
    await expect.poll(() => shownMonth(page)).toBe(month);
    await calendarDay(page, day).click();
    await expect.poll(() => calendarDay(page, day).getAttribute("aria-pressed")).toBe("true");
  }
}

/** Fills the persons form: one fieldset per person, "Add a person" between them. */
export async function fillPersons(page: Page, locale: Locale, persons: Record<string, string>[]) {
  const labels: Record<string, string> = {
    firstName: text(locale, "booking.persons.firstName"),
    lastName: text(locale, "booking.persons.lastName"),
    heightCm: text(locale, "booking.persons.height"),
    weightKg: text(locale, "booking.persons.weight"),
    shoeSize: text(locale, "booking.persons.shoeSize"),
    age: text(locale, "booking.persons.age"),
  };
  for (const [i, person] of persons.entries()) {
    if (i > 0) {
      await page.getByRole("button", { name: text(locale, "booking.persons.add") }).click();
      await expect.poll(() => page.locator("fieldset").count()).toBe(i + 1);
    }
    const fieldset = page.locator("fieldset").nth(i);
    for (const [field, value] of Object.entries(person)) {
      if (field === "skill") await fieldset.getByLabel(text(locale, "booking.persons.skill")).selectOption(value);
      else await fieldset.getByLabel(labels[field], { exact: true }).fill(value);
    }
  }
}

/** On the equipment step: opens a person's tab (a client-side navigation) and waits until it is theirs. */
export async function showPerson(page: Page, locale: Locale, name: string) {
  await page
    .getByRole("navigation", { name: text(locale, "booking.equipment.whom") })
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(text(locale, "booking.equipment.titleFor", { name }));
}

/** On the equipment step: adds an item for the person shown, in its recommended (preselected) size. */
export async function addRecommended(page: Page, slug: string) {
  const card = page.locator(`[data-item="${slug}"]`);
  const before = await page.locator("[data-bag-count]").getAttribute("data-bag-count");
  await card.locator('form button[type="submit"]').first().click();
  await expect.poll(() => page.locator("[data-bag-count]").getAttribute("data-bag-count")).toBe(String(Number(before) + 1));
  await expect.poll(() => card.getAttribute("data-state")).toBe("added");
}

/** The invoice details form, filled as a Danish, German or any other customer would. */
export async function fillInvoice(page: Page, locale: Locale, invoice: Record<string, string>) {
  for (const [field, value] of Object.entries(invoice)) {
    const label = text(locale, `booking.invoice.${field}`);
    const input = page.getByLabel(label, { exact: field !== "company" && field !== "vatId" });
    if (field === "country") await input.selectOption(value);
    else await input.fill(value);
  }
}

/**
 * Books every size of an item for a period over plain HTTP (as other customers would), so that the item is
 * booked out for that period: one person per size, paid through the demo provider, as a guest named `name`
 * with `email`, in `locale`. Returns the order page's path, in the booking's language.
 */
export async function bookOut(
  baseUrl: string,
  slug: string,
  sizes: string[],
  period: Period,
  { email = "other.guest@example.com", name = "Other Guest", locale = "en" }: { email?: string; name?: string; locale?: Locale } = {},
) {
  const visitor = createVisitor(baseUrl);
  const at = (englishPath: string) => localizePath(englishPath, locale);
  expect((await visitor.post(at("/rental/winter/ciaslin"), period)).status).toBe(302);
  const persons: Record<string, string> = { intent: "save" };
  sizes.forEach((_, i) => {
    persons[`persons.${i}.firstName`] = `Guest ${i + 1}`;
  });
  expect((await visitor.post(at("/rental/winter/ciaslin/persons"), persons)).status).toBe(302);
  const html = await (await visitor.get(at("/rental/winter/ciaslin/equipment"))).text();
  const personIds = [...new Set([...html.matchAll(/equipment\?person=(\d+)/g)].map((m) => m[1]))];
  const card = html.slice(html.indexOf(`data-item="${slug}"`));
  const itemId = /name="itemId" value="(\d+)"/.exec(card)?.[1] as string;
  for (const [i, size] of sizes.entries()) {
    const added = await visitor.post(at(`/rental/winter/ciaslin/equipment?person=${personIds[i]}`), { intent: "add", itemId, size });
    expect(added.status).toBe(302);
  }
  expect(locationOf(await visitor.post(at("/rental/bag"), { intent: "continue" }))).toBe(at("/rental/checkout"));
  const total = /name="total" value="(\d+)"/.exec(await (await visitor.get(at("/rental/checkout"))).text())?.[1] as string;
  const pay = await visitor.post(at("/rental/checkout"), {
    name,
    street: "Via Roma 1",
    postalCode: "39100",
    city: "Bolzano",
    country: "IT",
    email,
    phone: "+39 333 000000",
    total,
  });
  const payUrl = new URL(pay.headers.get("location") as string);
  const paid = await visitor.post(payUrl.pathname, { c: payUrl.searchParams.get("c") as string, method: "card", outcome: "paid" });
  const orderPath = locationOf(paid);
  expect(orderPath).toMatch(new RegExp(`^${at("/order/")}`));
  return orderPath;
}

export function path(locale: Locale, englishPath: string) {
  return localizePath(englishPath, locale);
}

export { winterPeriod };
