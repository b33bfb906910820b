/**
 * The counter as a ski shop runs it, in Chromium (issue 20): a family books online with their ages and
 * measures and pays; at the counter the clerk sees each ski's ISO 11088 binding value, hands everything out,
 * the customer signs the agreement with a finger (a mouse here), and at the return the clerk notes damage
 * with a photo and keeps part of the deposit for it.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import { adminContext, launchBrowser, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, winterPeriod } from "../helpers/browser-booking";
import { createVisitor, locationOf } from "../helpers/visitor";

const baseUrl = workerShop().url;
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await adminContext(browser, baseUrl, userAgent);
});
afterAll(async () => {
  await browser?.close();
});

type Member = { person: Record<string, string>; gear: { slug: string; size: string }[] };

/** A family's online booking at Ciaslin, paid with the demo provider; answers the order's number. */
async function bookFamily(period: ReturnType<typeof winterPeriod>, family: Member[]) {
  const visitor = createVisitor(baseUrl);
  expect((await visitor.post("/rental/winter/ciaslin", period)).status).toBe(302);
  const persons: Record<string, string> = { intent: "save" };
  for (const [i, { person }] of family.entries())
    for (const [field, value] of Object.entries(person)) persons[`persons.${i}.${field}`] = value;
  expect((await visitor.post("/rental/winter/ciaslin/persons", persons)).status).toBe(302);
  const html = await (await visitor.get("/rental/winter/ciaslin/equipment")).text();
  const personIds = [...new Set([...html.matchAll(/equipment\?person=(\d+)/g)].map((m) => m[1]))];
  for (const [i, { gear }] of family.entries()) {
    const page = await (await visitor.get(`/rental/winter/ciaslin/equipment?person=${personIds[i]}`)).text();
    for (const { slug, size } of gear) {
      const itemId = /name="itemId" value="(\d+)"/.exec(page.slice(page.indexOf(`data-item="${slug}"`)))?.[1] as string;
      const added = await visitor.post(`/rental/winter/ciaslin/equipment?person=${personIds[i]}`, { intent: "add", itemId, size });
      expect(added.status).toBe(302);
    }
  }
  expect(locationOf(await visitor.post("/rental/bag", { intent: "continue" }))).toBe("/rental/checkout");
  const total = /name="total" value="(\d+)"/.exec(await (await visitor.get("/rental/checkout")).text())?.[1] as string;
  const pay = await visitor.post("/rental/checkout", {
    name: "Famiglia Rossi",
    street: "Via Roma 1",
    postalCode: "39100",
    city: "Bolzano",
    country: "IT",
    email: "rossi@example.com",
    phone: "+39 333 000000",
    total,
  });
  const payUrl = new URL(pay.headers.get("location") as string);
  const paid = await visitor.post(payUrl.pathname, { c: payUrl.searchParams.get("c") as string, method: "card", outcome: "paid" });
  const orderPage = await (await visitor.get(locationOf(paid))).text();
  return /R-\d{4}-\d{6}/.exec(orderPage)?.[0] as string;
}

/** An exact order number in the back office's search opens the order. */
async function openOrder(page: Page, number: string) {
  await page.goto(`${baseUrl}/admin/orders?q=${number}`);
  await page.waitForURL(/\/admin\/order\/[0-9a-f-]{36}$/);
  await hydrated(page);
}

describe("the counter", () => {
  it("hands out a family's skis with their binding values", async () => {
    const number = await bookFamily(winterPeriod(new Date(), 9), [
      {
        person: { firstName: "Giulia", heightCm: "172", weightKg: "64", age: "41", skill: "intermediate", shoeSize: "42" },
        gear: [
          { slug: "ski-easy-carve", size: "164" },
          { slug: "ski-boots-comfort", size: "42" },
        ],
      },
      {
        person: { firstName: "Luca", heightCm: "128", weightKg: "26", age: "8", skill: "beginner", shoeSize: "32" },
        gear: [
          { slug: "ski-junior-easy", size: "120" },
          { slug: "ski-boots-junior", size: "32" },
        ],
      },
    ]);
    const { page, consoleErrors } = await openPage(context);
    await openOrder(page, number);

    // Giulia: J by weight, K by height, the lighter J, type 2 one row down: K; her EU 42 boots' 305 mm sole gives 5.5.
    // Luca: E by weight, under 10 one row up: D; kids' EU 32 boots (250 mm) give 1.75.
    const bindings = page.locator("[data-binding-value]");
    await expect
      .poll(() => bindings.allTextContents())
      .toEqual(["5.5 · skier code K · sole 305 mm · torque 50 / 194 Nm", "1.75 · skier code D · sole 250 mm · torque 17 / 64 Nm"]);
    await expectAccessible(page, "hand-out with binding values");

    // Every piece handed out as reserved: the codes in the hints.
    for (const field of await page.locator('input[name^="codes."]').all()) {
      const hint = await page
        .locator(`#${await field.getAttribute("aria-describedby")}`)
        .first()
        .textContent();
      await field.fill(/: (\S+)$/.exec(hint ?? "")?.[1] ?? "");
    }
    const early = page.getByLabel(en.admin.orders.early);
    if (await early.count()) await early.check();
    await page.getByRole("button", { name: en.admin.orders.pickupButton }).click();
    await page.waitForURL(/\?done=pickup$/);
    await hydrated(page);
    await expect
      .poll(() => page.locator("[data-binding-set]").evaluateAll((els) => els.map((e) => e.getAttribute("data-binding-set"))))
      .toEqual(["5.5", "1.75"]);
    expect(consoleErrors).toEqual([]);
  });
});
