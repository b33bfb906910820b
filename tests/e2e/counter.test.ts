/**
 * The counter as a ski shop runs it, in Chromium (issue 20): a family books online with their ages and
 * measures and pays; at the counter the clerk sees each ski's ISO 11088 binding value, hands everything out,
 * the customer signs the agreement with a finger (a mouse here), and at the return the clerk notes damage
 * with a photo and keeps part of the deposit for it.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import { browserPerFile, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, text, winterPeriod } from "../helpers/browser-booking";
import { pdfText } from "../helpers/pdf-text";
import { createVisitor, locationOf } from "../helpers/visitor";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: {}, admin: true });

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

/** A signature drawn with the mouse on the pad (pointer events, as a finger or a pen gives them). */
async function sign(page: Page) {
  const pad = page.locator("canvas[data-signature-pad]");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  const points: [number, number][] = [
    [0.1, 0.7],
    [0.3, 0.25],
    [0.5, 0.75],
    [0.7, 0.3],
    [0.9, 0.6],
  ];
  await page.mouse.move(box.x + points[0][0] * box.width, box.y + points[0][1] * box.height);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => page.locator('input[name="signature"]').inputValue()).toMatch(/^data:image\/png;base64,/);
}

const photo = async () => ({
  name: "edge.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 90, b: 100 } } })
    .png()
    .toBuffer(),
});

describe("the counter", () => {
  it("hands out a family's skis with binding values, a signed agreement and the deposit held, and takes them back with a damage photo and part of the deposit kept", async () => {
    const number = await bookFamily(winterPeriod(new Date(), 15), [
      {
        person: { firstName: "Giulia", heightCm: "172", weightKg: "64", age: "41", skill: "expert", shoeSize: "42" },
        gear: [
          { slug: "ski-race-pro", size: "165" },
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
    const { page, consoleErrors } = await openPage(chrome.context);
    await openOrder(page, number);
    const orderUrl = page.url();

    // Giulia: J by weight, K by height, the lighter J, type 3 two rows down: L; her EU 42 boots' 305 mm sole gives 6.5.
    // Luca: E by weight, under 10 one row up: D; kids' EU 32 boots (250 mm) give 1.75.
    const bindings = page.locator("[data-binding-value]");
    await expect
      .poll(() => bindings.allTextContents())
      .toEqual(["6.5 · skier code L · sole 305 mm · torque 58 / 229 Nm", "1.75 · skier code D · sole 250 mm · torque 17 / 64 Nm"]);
    await expectAccessible(page, "hand-out with binding values");

    // Every piece handed out as reserved: the codes in the hints.
    const codes: string[] = [];
    for (const field of await page.locator('input[name^="codes."]').all()) {
      const hint = await page.locator(`#${await field.getAttribute("id")}-hint`).textContent();
      const code = (hint ?? "").replace(en.admin.orders.reserved.replace("{{codes}}", ""), "").trim();
      codes.push(code);
      await field.fill(code);
    }
    const skiCode = codes[0];
    await page.getByLabel(en.admin.orders.early).check();
    await page.getByRole("button", { name: en.admin.orders.pickupButton }).click();
    await page.waitForURL(`${orderUrl}?done=pickup`);
    await hydrated(page);
    await expect
      .poll(() => page.locator("[data-binding-set]").evaluateAll((els) => els.map((e) => e.getAttribute("data-binding-set"))))
      .toEqual(["6.5", "1.75"]);
    // The Race Pro asks a deposit; the pickup is weeks after the payment, so it is held on the card now.
    expect(await page.locator("[data-deposit]").getAttribute("data-deposit")).toBe("authorised");

    // The customer signs on the counter's tablet; the agreement names the units and their binding values.
    await page.getByRole("link", { name: en.admin.agreement.open }).click();
    await page.waitForURL(/\/admin\/order\/[0-9a-f-]{36}\/agreement/);
    await hydrated(page);
    await sign(page);
    await page.getByRole("button", { name: en.admin.agreement.sign }).click();
    await page.waitForURL(`${orderUrl}?signed=1#agreement`);
    await hydrated(page);
    const href = (await page.locator('[data-agreement="1"]').getByRole("link").getAttribute("href")) as string;
    const agreement = (await pdfText(await (await page.request.get(`${baseUrl}${href}`)).body())).lines.join("\n");
    for (const code of codes) expect(agreement).toContain(code);
    expect(agreement).toContain("6.5");
    expect(agreement).toContain("1.75");
    expect(agreement).toContain("€150.00");

    // Back after the rental: the Race Pro's edge is torn, with a photo, 40 € to take from the deposit.
    await page.getByRole("button", { name: en.admin.orders.returnButton }).click();
    await page.waitForURL(`${orderUrl}?done=return`);
    await hydrated(page);
    const unit = page.locator(`[data-damage-unit="${skiCode}"]`);
    await unit.getByText(text("en", "admin.damage.open", { code: skiCode })).click();
    await unit.locator('input[type="file"]').setInputFiles([await photo()]);
    await unit.locator("[data-photo-preview] img").waitFor();
    await unit.getByLabel(text("en", "order.damage.category.edges")).check();
    await unit.getByLabel(text("en", "admin.damage.note")).fill("Edge torn out under the binding.");
    await unit.getByLabel(text("en", "admin.damage.fee")).fill("40");
    await unit.getByLabel(text("en", "order.damage.paidBy.deposit")).check();
    await unit.getByRole("button", { name: text("en", "admin.damage.save") }).click();
    await page.waitForURL(/\?done=damageReport&unit=\d+#damage$/);
    await hydrated(page);
    await expect.poll(() => unit.locator("[data-unit-status]").getAttribute("data-unit-status")).toBe("maintenance");
    await unit.locator("[data-damage-photo] img").waitFor();

    // The fee to keep is filled in for the clerk; the rest of the deposit goes back to the card.
    await page.getByText(en.admin.deposit.captureOpen).click();
    expect(await page.getByLabel(en.admin.deposit.captureAmount).inputValue()).toBe("40");
    await page.getByLabel(en.admin.deposit.captureReason).fill("Edge torn out under the binding");
    await page.getByRole("button", { name: en.admin.deposit.captureButton }).click();
    await page.waitForURL(`${orderUrl}?done=deposit-capture`);
    await hydrated(page);
    expect(await page.locator("[data-deposit]").getAttribute("data-deposit")).toBe("captured");
    await expectAccessible(page, "returned with damage and part of the deposit kept");
    expect(consoleErrors).toEqual([]);
  });
  it("a hand-out sent twice on the counter's tablet (a double click, a second tablet on the old page) answers as done", async () => {
    const number = await bookFamily(winterPeriod(new Date(), 20), [
      {
        person: { firstName: "Marco", heightCm: "180", weightKg: "80", age: "35", skill: "intermediate", shoeSize: "42" },
        gear: [{ slug: "ski-boots-comfort", size: "42" }],
      },
    ]);
    const tablet = async () => {
      const { page } = await openPage(chrome.context);
      await page.setViewportSize({ width: 1280, height: 800 });
      await openOrder(page, number);
      const field = page.locator('input[name^="codes."]');
      const hint = await page.locator(`#${await field.getAttribute("id")}-hint`).textContent();
      await field.fill((hint ?? "").replace(en.admin.orders.reserved.replace("{{codes}}", ""), "").trim());
      await page.getByLabel(en.admin.orders.early).check();
      return page;
    };
    // Both tablets show the order ready to hand out; the first hands it out with a double click.
    const first = await tablet();
    const second = await tablet();
    const orderUrl = first.url();
    await first.getByRole("button", { name: en.admin.orders.pickupButton }).dblclick();
    await first.waitForURL(`${orderUrl}?done=pickup`);
    // The second still shows the form from before: the same hand-out sent from it is the one already done.
    await second.getByRole("button", { name: en.admin.orders.pickupButton }).click();
    await second.waitForURL(`${orderUrl}?done=pickup`);
    await hydrated(second);
    for (const page of [first, second]) {
      expect(await page.getByText(en.admin.orders.errors.notNow).count()).toBe(0);
      expect(await page.getByText(en.order.status.picked_up, { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: en.admin.orders.pickupButton }).count()).toBe(0);
      await page.close();
    }
  });
});
