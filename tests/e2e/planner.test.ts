/**
 * The planner (/admin/calendar) in Chromium, as the shop's admin uses it: a booking's bar dragged with the
 * mouse to another unit, moved back with the keyboard (M, arrows, Enter), a move onto a booked unit refused
 * with the message, and a unit blocked for maintenance from its row, after which a customer finds the item not
 * available for those days; the block removed again from its panel. The shop is shared with other browser
 * tests: everything happens on an item of this file's own (local to Ciaslin, three units), in a week well ahead,
 * and the item is switched off at the end.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminContext, DESKTOP_UA, launchBrowser, openPage, routerReady, seriousViolations, workerShop } from "../helpers/browser";
import { bookOut } from "../helpers/browser-booking";
import { winterPeriod } from "../helpers/visitor";

const baseUrl = workerShop().url;
/** Headless Chromium's own user agent counts as a bot (no rendered error pages): browse as desktop Chrome. */
const tag = randomBytes(3).toString("hex").toUpperCase();
const slug = `e2e-planner-${tag.toLowerCase()}`;
const codes = ["A", "B", "C"].map((letter) => `E2E-PLN-${tag}-${letter}`);
/** A Monday to Wednesday well ahead in the season, that no other file books. */
const period = winterPeriod(new Date(), 11);

let browser: Browser;
let admin: BrowserContext;
let itemId = "";
let ciaslin = "";
let itemFields: [string, string][] = [];

async function postForm(path: string, fields: [string, string][]) {
  return admin.request.post(baseUrl + path, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminContext(browser, baseUrl);
  // Ciaslin's id, from the planner's branch list.
  const html = await (await admin.request.get(`${baseUrl}/admin/calendar`)).text();
  ciaslin = /<option value="(\d+)"[^>]*>[^<]*Ciaslin/.exec(html)?.[1] ?? "";
  expect(ciaslin).not.toBe("");
  const name = `E2E planner ski ${tag}`;
  itemFields = [
    ["slug", slug],
    ["appId", "winter"],
    ["categoryId", "ski-snowboard"],
    ...["en", "de", "it", "nl", "be", "da"].flatMap((l): [string, string][] => [
      [`name.${l}`, name],
      [`description.${l}`, "A ski for the planner's browser test"],
    ]),
    ["sizes", "170"],
    ["sizing", "ski"],
    ["level", "intermediate"],
    ["vatRate", "22"],
    ["local", "on"],
    ["sort", "99"],
  ];
  const created = await postForm("/admin/item/create", [...itemFields, ["active", "on"]]);
  expect(created.status(), await created.text()).toBe(302);
  itemId = /\/admin\/item\/(\d+)/.exec(created.headers().location ?? "")?.[1] ?? "";
  expect(itemId).not.toBe("");
  const prices = await postForm(`/admin/item/${itemId}`, [
    ["intent", "prices"],
    ["dayPrices[]", "25"],
    ["dayPrices[]", "45"],
    ["dayPrices[]", "60"],
    ["extraDay", "15"],
  ]);
  expect(prices.status()).toBe(302);
  for (const code of codes) {
    const added = await postForm(`/admin/item/${itemId}`, [
      ["intent", "addUnits"],
      ["shopId", ciaslin],
      [`b${ciaslin}.size`, "170"],
      [`b${ciaslin}.count`, "1"],
      [`b${ciaslin}.code`, code],
    ]);
    expect(added.status(), code).toBe(302);
  }
  // Two customers book the week: their orders take the first two units.
  await bookOut(baseUrl, slug, ["170"], period, { name: "Planner Guest One", email: "planner.one@example.com" });
  await bookOut(baseUrl, slug, ["170"], period, { name: "Planner Guest Two", email: "planner.two@example.com" });
});

afterAll(async () => {
  // The item leaves the shop's lists again (it keeps its orders, so it is switched off rather than deleted).
  if (admin && itemId) expect((await postForm(`/admin/item/${itemId}`, [["intent", "save"], ...itemFields])).status()).toBe(302);
  await browser?.close();
});

const row = (page: Page, code: string) => page.locator(`[data-unit="${code}"]`);
const barOf = (page: Page, code: string, text: string) => row(page, code).locator("[data-bar]", { hasText: text });

/** The planner on the test's week at Ciaslin, scrolled until the item's rows are rendered. */
async function openPlanner(page: Page, locale = "") {
  await page.goto(`${baseUrl}${locale}/admin/calendar?shop=${ciaslin}&start=${period.pickupDate}&span=week`);
  await routerReady(page);
  await page.locator("[data-planner]").waitFor();
  for (let i = 0; i < 400 && (await row(page, codes[2]).count()) === 0; i++) {
    await page.locator("[data-planner]").evaluate((box) => {
      box.scrollTop += 240;
    });
    await page.waitForTimeout(20);
  }
  await row(page, codes[2]).scrollIntoViewIfNeeded();
}

/** What a customer sees on the equipment step for the week: the item's card state. */
async function customerSees(): Promise<string | null> {
  const customer = await browser.newContext({ userAgent: DESKTOP_UA });
  await customer.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  const form = (fields: Record<string, string>) => ({
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
  expect((await customer.request.post(`${baseUrl}/rental/winter/ciaslin`, form(period))).status()).toBe(302);
  expect(
    (
      await customer.request.post(`${baseUrl}/rental/winter/ciaslin/persons`, form({ intent: "save", "persons.0.firstName": "Mia" }))
    ).status(),
  ).toBe(302);
  const page = await customer.newPage();
  await page.goto(`${baseUrl}/rental/winter/ciaslin/equipment`);
  const state = await page.locator(`[data-item="${slug}"]`).getAttribute("data-state");
  await customer.close();
  return state;
}

describe("the planner", () => {
  it("shows the week's bookings, moves one by dragging it to a free unit, and one back with the keyboard", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await openPlanner(page);
    await barOf(page, codes[0], "Planner Guest One").waitFor();
    await barOf(page, codes[1], "Planner Guest Two").waitFor();
    expect(await barOf(page, codes[0], "Planner Guest One").getAttribute("data-kind")).toBe("paid");
    expect(await seriousViolations(page), "axe on the planner").toEqual([]);

    // Drag Guest One's bar from the first unit onto the third.
    const bar = await barOf(page, codes[0], "Planner Guest One").boundingBox();
    const target = await row(page, codes[2]).boundingBox();
    if (!bar || !target) throw new Error("bar or row not on screen");
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++)
      await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2 + ((target.y - bar.y) * step) / 8);
    await page.mouse.up();
    await page.getByRole("status").filter({ hasText: "Moved to the other unit." }).waitFor();
    await barOf(page, codes[2], "Planner Guest One").waitFor();
    expect(await barOf(page, codes[0], "Planner Guest One").count()).toBe(0);

    // Back to the first unit by keyboard: M, the first other unit is the first row, Enter.
    await barOf(page, codes[2], "Planner Guest One").locator("a").focus();
    await page.keyboard.press("m");
    await expect.poll(() => page.locator("[aria-live=assertive]").textContent()).toContain(codes[0]);
    await page.keyboard.press("Enter");
    await barOf(page, codes[0], "Planner Guest One").waitFor();
    expect(await barOf(page, codes[2], "Planner Guest One").count()).toBe(0);
    // The keyboard is back on the moved bar.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[data-unit]")?.getAttribute("data-unit"))).toBe(codes[0]);

    // Escape puts a picked-up bar back where it was.
    await page.keyboard.press("m");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    expect(await page.locator("[aria-live=assertive]").textContent()).toBe("");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("refuses a move onto a unit booked for those days, with the message, and leaves the bar where it was", async () => {
    const { page } = await openPage(admin);
    await openPlanner(page);
    await barOf(page, codes[0], "Planner Guest One").locator("a").focus();
    await page.keyboard.press("m");
    // The second unit (Guest Two's) is the first one offered.
    await expect.poll(() => page.locator("[aria-live=assertive]").textContent()).toContain(codes[1]);
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "That unit is already booked for these days." }).waitFor();
    await barOf(page, codes[0], "Planner Guest One").waitFor();
    await barOf(page, codes[1], "Planner Guest Two").waitFor();
    expect(await barOf(page, codes[1], "Planner Guest One").count()).toBe(0);

    // In German, from the bar's panel (the form that also works without JavaScript).
    await openPlanner(page, "/de");
    await barOf(page, codes[0], "Planner Guest One").locator("a").click();
    const panel = page.getByRole("dialog");
    await panel.getByRole("link", { name: /Bestellung R-/ }).waitFor();
    expect(await seriousViolations(page), "axe on the planner with a bar's panel").toEqual([]);
    await panel.getByLabel("Auf Einheit verschieben").selectOption({ label: codes[1] });
    await panel.getByRole("button", { name: "Verschieben" }).click();
    await page.getByRole("alert").filter({ hasText: "Diese Einheit ist an diesen Tagen schon gebucht." }).waitFor();
    await page.close();
  });

  it("blocks a unit for maintenance from its row: the item is no longer available to customers that week", async () => {
    expect(await customerSees()).toBe("available");
    const { page, consoleErrors } = await openPage(admin);
    await openPlanner(page);
    await row(page, codes[2])
      .getByRole("link", { name: `Block ${codes[2]} for maintenance` })
      .click();
    const form = page.locator("#planner-block");
    expect(await form.getByLabel("Unit code").inputValue()).toBe(codes[2]);
    await form.getByLabel("First day").fill(period.pickupDate);
    await form.getByLabel("Last day").fill(period.returnDate);
    await form.getByLabel("Note (optional)").fill("Edges and wax");
    await form.getByRole("button", { name: "Block the unit" }).click();
    await page.getByRole("status").filter({ hasText: "The unit is blocked for maintenance on those days." }).waitFor();
    await openPlanner(page);
    const block = row(page, codes[2]).locator('[data-bar][data-kind="block"]');
    await block.waitFor();
    expect(await block.textContent()).toContain("Edges and wax");

    expect(await customerSees()).toBe("not available");

    // A block over a booking is refused.
    await row(page, codes[0])
      .getByRole("link", { name: `Block ${codes[0]} for maintenance` })
      .click();
    await form.getByLabel("First day").fill(period.pickupDate);
    await form.getByLabel("Last day").fill(period.pickupDate);
    await form.getByRole("button", { name: "Block the unit" }).click();
    await form.getByRole("alert").filter({ hasText: "That unit is already booked for these days." }).waitFor();

    // Removed from its panel, with a confirmation: the item is available again.
    await openPlanner(page);
    await block.locator("a").click();
    await page.getByRole("dialog").getByText("Remove this block…").click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, remove the block" }).click();
    await page.getByRole("status").filter({ hasText: "The block is removed." }).waitFor();
    expect(await customerSees()).toBe("available");
    expect(consoleErrors.filter((e) => !e.includes("status of 409"))).toEqual([]);
    await page.close();
  });
});
