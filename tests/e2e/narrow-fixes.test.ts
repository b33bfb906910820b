/**
 * Issue 33, point 21, on phones in Chromium: the German demo payment page fits 320 px and shows the whole card
 * number; the bag's partner hotels are shown in full at 320 and 390 px; the equipment step's bag bar hides
 * what scrolls under it and keeps its count clear of its button; and in the back office on a 390 px phone
 * the menu is folded behind a button, and the planner shows a unit code as long as a three-letter branch's
 * in full.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localizePath } from "../../app/domain/i18n";
import { launchBrowser, PHONE_UA, routerReady, signIn, workerShop } from "../helpers/browser";
import { hydrated, text } from "../helpers/browser-booking";
import { createVisitor, winterPeriod } from "../helpers/visitor";

const baseUrl = workerShop().url;
/** This file's own address, so the shop's limits per address leave other files alone. */
const ADDRESS = `198.19.33.${21 + (process.pid % 200)}`;
/** A week no other browser test books. */
const period = winterPeriod(new Date(), 17);

let browser: Browser;
/** The German customer's bag (cookies) and the demo provider's payment page for it. */
let bagCookies: { name: string; value: string; url: string }[] = [];
let payPath = "";

const de = (englishPath: string) => localizePath(englishPath, "de");

async function phone(width: number, cookies = bagCookies): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
    extraHTTPHeaders: { "X-Forwarded-For": ADDRESS },
  });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }, ...cookies]);
  return context;
}

/** How much wider than the phone the page is (0: not at all). */
const overflow = (page: Page, width: number) => page.evaluate((width) => document.scrollingElement!.scrollWidth - width, width);

/** A German guest with a pair of skis in the bag, over plain HTTP; returns the guest. */
async function skisInTheBag() {
  const visitor = createVisitor(baseUrl, { headers: { "X-Forwarded-For": ADDRESS } });
  expect((await visitor.post(de("/rental/winter/ciaslin"), period)).status).toBe(302);
  expect((await visitor.post(de("/rental/winter/ciaslin/persons"), { intent: "save", "persons.0.firstName": "Jürgen" })).status).toBe(302);
  const html = await (await visitor.get(de("/rental/winter/ciaslin/equipment"))).text();
  const personId = /equipment\?person=(\d+)/.exec(html)?.[1];
  const card = html.slice(html.indexOf('data-item="ski-easy-carve"'));
  const itemId = /name="itemId" value="(\d+)"/.exec(card)?.[1] as string;
  const size = /<option value="([^"]+)"/.exec(card.slice(card.indexOf('name="size"')))?.[1] as string;
  const added = await visitor.post(de(`/rental/winter/ciaslin/equipment?person=${personId}`), { intent: "add", itemId, size });
  expect(added.status).toBe(302);
  return visitor;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const guest = await skisInTheBag();
  bagCookies = [...guest.cookies].map(([name, value]) => ({ name, value, url: baseUrl }));
  // Another guest goes on to pay (the first one's bag stays before the checkout): the payment page.
  const payer = await skisInTheBag();
  expect((await payer.post(de("/rental/bag"), { intent: "continue" })).status).toBe(302);
  const total = /name="total" value="(\d+)"/.exec(await (await payer.get(de("/rental/checkout"))).text())?.[1] as string;
  const pay = await payer.post(de("/rental/checkout"), {
    name: "Jürgen Müller-Lüdenscheidt",
    street: "Via Roma 1",
    postalCode: "39100",
    city: "Bolzano",
    country: "IT",
    email: "juergen.mueller-luedenscheidt@example.com",
    phone: "+39 333 000000",
    total,
  });
  const payUrl = new URL(pay.headers.get("location") as string);
  payPath = payUrl.pathname + payUrl.search;
});
afterAll(async () => {
  await browser?.close();
});

describe("the shop on a phone", () => {
  it.each([320, 390])("the German demo payment page fits %i px and shows the whole card number", async (width) => {
    const context = await phone(width, []);
    const page = await context.newPage();
    await page.goto(baseUrl + payPath);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await overflow(page, width)).toBeLessThanOrEqual(0);
    const number = page.getByLabel(text("de", "demoPay.cardNumber"));
    const box = await number.evaluate((input: HTMLInputElement) => ({ scroll: input.scrollWidth, client: input.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    await context.close();
  });

  it.each([320, 390])("the bag shows every partner hotel's name in full at %i px", async (width) => {
    const context = await phone(width);
    const page = await context.newPage();
    await page.goto(baseUrl + de("/rental/bag"));
    const hotels = page.getByRole("group", { name: text("de", "booking.bag.hotel") });
    await hotels.waitFor();
    expect(await overflow(page, width)).toBeLessThanOrEqual(0);
    const choices = await hotels.evaluate((group) =>
      [...group.querySelectorAll("input[type=radio]")].map((radio) => {
        const label = radio.closest("label") as HTMLLabelElement;
        const rect = label.getBoundingClientRect();
        return { text: label.textContent, right: rect.right, cut: label.scrollWidth > label.clientWidth };
      }),
    );
    expect(choices.map((c) => c.text)).toContain("Garni Ciasa Mugon, Runcadoz");
    for (const choice of choices) {
      expect(choice.cut, choice.text ?? "").toBe(false);
      expect(choice.right, choice.text ?? "").toBeLessThanOrEqual(width);
    }
    await context.close();
  });

  it("the equipment step's bag bar hides what scrolls under it, its count clear of its button (320 px)", async () => {
    const context = await phone(320);
    const page = await context.newPage();
    await page.goto(baseUrl + de("/rental/winter/ciaslin/equipment"));
    await hydrated(page);
    const bar = page.locator("[data-bag-count]").locator("xpath=..");
    const look = await bar.evaluate((el) => {
      const count = (el.querySelector("[data-bag-count]") as HTMLElement).getBoundingClientRect();
      const button = (el.querySelector("a") as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(el);
      // rgb(…) is opaque; rgba(…, a) or "color(srgb … / a)" is not unless a is 1.
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1] ?? /\/\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1];
      return { position: style.position, alpha: alpha === undefined ? 1 : Number(alpha), countRight: count.right, buttonLeft: button.left };
    });
    expect(look.position).toBe("sticky");
    expect(look.alpha).toBe(1);
    expect(look.countRight).toBeLessThanOrEqual(look.buttonLeft);
    await context.close();
  });
});

describe("the back office on a 390 px phone", () => {
  let admin: BrowserContext;
  /** An item of this file's own with one unit at Ciaslin, its code as long as a three-letter branch's ("PDS-SKI-0001"). */
  const tag = randomBytes(3).toString("hex").toUpperCase();
  const code = `N33-${tag}-1`;
  let itemId = "";
  let itemFields: [string, string][] = [];

  const postForm = (path: string, fields: [string, string][]) =>
    admin.request.post(baseUrl + path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
      data: new URLSearchParams(fields).toString(),
      maxRedirects: 0,
    });

  beforeAll(async () => {
    admin = await phone(390, []);
    await signIn(admin, baseUrl);
    const html = await (await admin.request.get(`${baseUrl}/admin/calendar`)).text();
    const ciaslin = /<option value="(\d+)"[^>]*>[^<]*Ciaslin/.exec(html)?.[1] ?? "";
    itemFields = [
      ["slug", `e2e-narrow-${tag.toLowerCase()}`],
      ["appId", "winter"],
      ["categoryId", "ski-snowboard"],
      ...["en", "de", "it", "nl", "be", "da"].flatMap((l): [string, string][] => [
        [`name.${l}`, `E2E narrow ski ${tag}`],
        [`description.${l}`, "A ski for the narrow screens' browser test"],
      ]),
      ["sizes", "170"],
      ["sizing", "ski"],
      ["level", "intermediate"],
      ["vatRate", "22"],
      ["local", "on"],
      ["sort", "99"],
    ];
    const created = await postForm("/admin/item/create", [...itemFields, ["active", "on"]]);
    expect(created.status()).toBe(302);
    itemId = /\/admin\/item\/(\d+)/.exec(created.headers().location ?? "")?.[1] ?? "";
    const unit = await postForm(`/admin/item/${itemId}`, [
      ["intent", "addUnits"],
      ["shopId", ciaslin],
      [`b${ciaslin}.size`, "170"],
      [`b${ciaslin}.count`, "1"],
      [`b${ciaslin}.code`, code],
    ]);
    expect(unit.status()).toBe(302);
  });
  afterAll(async () => {
    // Switched off again (saved without "active"), so no other test meets it.
    if (admin && itemId) expect((await postForm(`/admin/item/${itemId}`, [["intent", "save"], ...itemFields])).status()).toBe(302);
    await admin?.close();
  });

  it("folds the menu behind a button, which opens it, and a new screen folds it again", async () => {
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/admin`);
    await routerReady(page);
    const menu = page.locator("aside");
    expect(await menu.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(120);
    const navigation = page.getByRole("navigation", { name: text("en", "admin.navigation") });
    expect(await navigation.isVisible()).toBe(false);
    await page.getByText(text("en", "admin.menu"), { exact: true }).click();
    await navigation.waitFor();
    await navigation.getByRole("link", { name: text("en", "admin.nav.orders") }).click();
    await page.waitForURL(`${baseUrl}/admin/orders`);
    await expect.poll(() => navigation.isVisible()).toBe(false);
    await page.close();
  });

  it("shows the planner's unit codes in full", async () => {
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/admin/calendar`);
    await routerReady(page);
    const row = page.locator(`[data-unit="${code}"]`);
    // Only the rows in view are drawn: scroll until the item's row is.
    for (let i = 0; i < 400 && (await row.count()) === 0; i++) {
      await page.locator("[data-planner]").evaluate((box) => {
        box.scrollTop += 240;
      });
      await page.waitForTimeout(20);
    }
    const codes = page.locator("tr[data-unit] th span.font-mono");
    const cut = await codes.evaluateAll((spans) =>
      spans
        .filter((span) => {
          const wrench = span.closest("th")?.querySelector("a")?.getBoundingClientRect();
          return span.scrollWidth > span.clientWidth || (wrench !== undefined && span.getBoundingClientRect().right > wrench.left);
        })
        .map((span) => span.textContent),
    );
    expect(await row.locator("th span.font-mono").textContent()).toBe(code);
    expect(cut).toEqual([]);
    await page.close();
  });
});
