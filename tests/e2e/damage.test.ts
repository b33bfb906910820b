/**
 * Damage at return in Chromium on a phone (issue 20, point 4; decision 046): a clerk hands out and takes back
 * an online order, is told at once that a fourth photo is one too many, reports the damage with a photo from
 * the camera (a generated PNG through the file input), sees the unit in repair with its photo served to staff
 * and the fee on the order, the customer sees the fee line on their page, and the clerk puts the unit back in
 * service. It books the Snowboard All Mountain, which no other browser test books. axe checks each screen;
 * the page fits a 320 px screen.
 */

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, PHONE_UA, workerShop } from "../helpers/browser";
import { bookOut, expectAccessible, hydrated, text, winterPeriod } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: { userAgent: PHONE_UA }, admin: true });

const photo = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 70, b: 40 } } })
    .png()
    .toBuffer(),
});

describe("damage at return", () => {
  it("reports damage with a photo, shows the unit in repair and the fee, and puts the unit back in service", async () => {
    const orderPath = await bookOut(baseUrl, "snowboard-all-mountain", ["154"], winterPeriod(new Date(), 7), {
      email: "damage.guest@example.com",
    });
    const number = /R-\d{4}-\d{6}/.exec(await (await chrome.context.request.get(`${baseUrl}${orderPath}`)).text())?.[0] as string;
    expect(number).toBeTruthy();
    const { page, consoleErrors } = await openPage(chrome.context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/admin/orders?q=${number}`);
    await page.waitForURL(/\/admin\/order\/[0-9a-f-]{36}$/);
    const orderUrl = page.url();
    await hydrated(page);

    // Hand out the reserved board, weeks early, and take it back.
    const code = ((await page.getByText(/^Reserved: /).textContent()) ?? "").replace("Reserved: ", "").trim();
    expect(code).toMatch(/^CI-/);
    await page.locator('input[name^="codes."]').fill(code);
    await page.getByLabel(text("en", "admin.orders.early")).check();
    await page.getByRole("button", { name: text("en", "admin.orders.pickupButton") }).click();
    await page.waitForURL(`${orderUrl}?done=pickup`);
    await hydrated(page);
    await page.getByRole("button", { name: text("en", "admin.orders.returnButton") }).click();
    await page.waitForURL(`${orderUrl}?done=return`);
    await hydrated(page);
    const unit = page.locator(`[data-damage-unit="${code}"]`);
    expect(await unit.locator("[data-unit-status]").getAttribute("data-unit-status")).toBe("active");
    await expectAccessible(page, "returned, damage section");

    // The report's form, as a clerk fills it on a phone.
    await unit.getByText(text("en", "admin.damage.open", { code })).click();
    const input = unit.locator('input[type="file"]');
    expect(await input.getAttribute("capture")).toBe("environment");
    expect(await input.getAttribute("accept")).toBe("image/*");
    const note = unit.getByLabel(text("en", "admin.damage.note"));
    await note.fill("Edge torn out near the nose.");
    // Four photos at once: the first three are kept and previewed, the fourth is named as left out, and
    // the note stays (it used to empty the choice, and the report was saved without any photo).
    await input.setInputFiles(await Promise.all(["a.png", "b.png", "c.png", "d.png"].map(photo)));
    const alert = unit.locator("[data-photo-error]");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `${text("en", "admin.damage.errors.tooManyPhotos")} ${text("en", "admin.damage.leftOut", { names: "d.png" })}`,
    );
    await expect.poll(() => unit.locator("[data-photo-preview] img").count()).toBe(3);
    expect(await input.evaluate((field: HTMLInputElement) => [...(field.files ?? [])].map((f) => f.name))).toEqual([
      "a.png",
      "b.png",
      "c.png",
    ]);
    expect(await note.inputValue()).toBe("Edge torn out near the nose.");
    // The clerk takes them off again and uses one photo from the camera: previewed, the message gone.
    for (const n of [3, 2, 1]) await unit.getByRole("button", { name: text("en", "admin.damage.removePhoto", { number: n }) }).click();
    expect(await unit.locator("[data-photo-preview]").count()).toBe(0);
    await input.setInputFiles([await photo("IMG_2041.png")]);
    await unit.locator("[data-photo-preview] img").waitFor();
    expect(await unit.locator("[data-photo-error]").count()).toBe(0);
    await unit.getByLabel(text("en", "order.damage.category.edges")).check();
    await unit.getByLabel(text("en", "admin.damage.fee")).fill("35");
    await expectAccessible(page, "damage form with a photo");
    await unit.getByRole("button", { name: text("en", "admin.damage.save") }).click();
    await page.waitForURL(/\?done=damageReport&unit=\d+#damage$/);
    await hydrated(page);

    // In repair, with its photo (served to staff), the fee under the totals, the report in the history.
    await expect.poll(() => unit.locator("[data-unit-status]").getAttribute("data-unit-status")).toBe("maintenance");
    expect(await unit.locator("[data-unit-status]").textContent()).toBe(text("en", "admin.unitStatus.maintenance"));
    const shown = unit.locator("[data-damage-photo] img");
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await unit.locator("[data-damage-category]").textContent()).toBe(text("en", "order.damage.category.edges"));
    expect(await page.locator("[data-damage-fees]").textContent()).toContain("€35.00");
    expect(await page.locator('[data-audit="damageReport"] [data-field="unitId"]').textContent()).toContain(code);
    await expectAccessible(page, "unit in repair");

    // Every line fits a 320 px screen: nothing wider than the page.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The customer sees the fee line, not the staff's photo or note.
    const customer = await chrome.context.browser()?.newContext({ userAgent: PHONE_UA, viewport: { width: 320, height: 800 } });
    if (!customer) throw new Error("no browser");
    await customer.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const customerPage = await customer.newPage();
    await customerPage.goto(`${baseUrl}${orderPath}`);
    const fees = customerPage.locator("[data-damage-fees]");
    expect(await fees.textContent()).toContain(text("en", "order.damage.total"));
    expect(await fees.textContent()).toContain("€35.00");
    expect(await fees.textContent()).toContain(text("en", "order.damage.paidBy.counter"));
    expect(await customerPage.locator("body").textContent()).not.toContain("Edge torn out");
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Nor can the customer's browser load the photo.
    const src = (await shown.getAttribute("src")) as string;
    expect((await customer.request.get(`${baseUrl}${src}`, { maxRedirects: 0 })).status()).not.toBe(200);
    await customer.close();

    // Back in service, after a second click.
    await unit.getByText(text("en", "admin.damage.release")).click();
    await unit.getByRole("button", { name: text("en", "admin.damage.releaseButton", { code }) }).click();
    await page.waitForURL(/\?done=damageRelease&unit=\d+#damage$/);
    await expect.poll(() => unit.locator("[data-unit-status]").getAttribute("data-unit-status")).toBe("active");
    expect(await page.locator('[role="status"]').first().textContent()).toBe(text("en", "admin.orders.done.damageRelease"));
    expect(await page.locator("[data-audit]").first().getAttribute("data-audit")).toBe("damageRelease");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
