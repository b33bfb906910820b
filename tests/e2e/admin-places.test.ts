/**
 * The back office's storefronts, branches, coupons and users in Chromium, as an admin: a storefront edited (and put
 * back), a branch created, edited, given opening hours and a closed day that show on its public page, and
 * deleted, a coupon created, edited and deleted, a user made staff at two branches and a customer again.
 * axe on every screen. The shop process is shared with the other browser tests, so records made here have
 * unique names and the demo data is left as it was; the users part runs on a shop process of its own,
 * whose database holds a customer to promote (no other browser test makes one).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/server/auth/password.server";
import { openDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { DESKTOP_UA, launchBrowser, openPage, routerReady, seriousViolations, signIn, workerShop } from "../helpers/browser";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

const baseUrl = workerShop().url;
const tag = Math.random().toString(36).slice(2, 8);
const SHOP_SLUG = `e2e-branch-${tag}`;
const SHOP_NAME = `Dolomiti Rent E2E ${tag}`;
const COUPON = `E2E-${tag.toUpperCase()}`;

let browser: Browser;
let admin: BrowserContext;
/** The summer storefront's Danish name before this file touched it, to put back whatever happens. */
let summerDanish: string | null = null;

const hydrated = routerReady;

async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

async function newContext() {
  const context = await browser.newContext({ userAgent: DESKTOP_UA });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

/** A day some weeks ahead (the public page lists closed days from today on). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The form on the page as a browser would post it, with some fields changed. */
async function formFields(page: Page, selector: string, changes: Record<string, string>) {
  const fields = await page.evaluate((s) => {
    const form = document.querySelector<HTMLFormElement>(s);
    return form ? [...new FormData(form).entries()].map(([k, v]) => [k, String(v)] as [string, string]) : [];
  }, selector);
  return fields.map(([name, value]): [string, string] => [name, changes[name] ?? value]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext();
  await signIn(admin, baseUrl);
});

afterAll(async () => {
  if (admin && summerDanish !== null) {
    // Put the storefront's name back even when a step above failed.
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/admin/app/summer`);
    const fields = await formFields(page, "main form[method=post]", { "name.da": summerDanish });
    await admin.request.post(`${baseUrl}/admin/app/summer`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams(fields).toString(),
      maxRedirects: 0,
    });
    await page.close();
  }
  await browser?.close();
});

describe("apps", () => {
  it("edits an app (a season day that does not exist is refused beside the field) and puts it back", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/apps`);
    await hydrated(page);
    await expectAccessible(page, "apps");
    await page.locator('main table a[href="/admin/app/summer"]').click();
    await page.waitForURL(`${baseUrl}/admin/app/summer`);
    await page.locator("#field-name-da").waitFor();
    await expectAccessible(page, "app");
    summerDanish = await page.locator("#field-name-da").inputValue();

    await page.locator("#field-name-da").fill("Sommer: elcykler (e2e)");
    await page.locator("#field-seasonEnd-day").selectOption("31");
    await page.locator("#field-seasonEnd-month").selectOption("9");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.locator("#field-seasonEnd-error").textContent()).toBe("Choose a day that exists in this month.");
    expect(await page.locator("#field-seasonEnd-day").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#field-name-da").inputValue()).toBe("Sommer: elcykler (e2e)");
    await expectAccessible(page, "app with an error");

    await page.locator("#field-seasonEnd-day").selectOption("15");
    await page.locator("#field-seasonEnd-month").selectOption("10");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/app/summer?saved=1`);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await expect.poll(() => page.locator('[data-audit="update"]').first().textContent()).toContain("Sommer: elcykler (e2e)");

    // Deleting is explained, not offered: the storefront has categories and items.
    await page.getByText(/^Delete .*…$/).click();
    await page.getByText("untick Enabled and save").waitFor();
    expect(await page.getByRole("button", { name: /^Yes, delete/ }).count()).toBe(0);

    await page.locator("#field-name-da").fill(summerDanish);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator('[data-audit="update"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator("#field-name-da").inputValue()).toBe(summerDanish);
    summerDanish = null;
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });

  it("the create page says plainly that a new kind of season needs a developer", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/app/create`);
    await hydrated(page);
    await page.getByText("Both seasons, winter and summer, already exist").waitFor();
    expect(await page.locator("main").textContent()).toContain("needs a developer");
    expect(await page.locator("main form[method=post]").count()).toBe(0);
    await expectAccessible(page, "app create");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("branches", () => {
  it("creates a branch, edits it, sets opening hours with a lunch break and a closed day that the public page shows, then deletes it", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/shops`);
    await hydrated(page);
    await expectAccessible(page, "branches");
    await page.getByRole("link", { name: "Create" }).click();
    await page.waitForURL(`${baseUrl}/admin/shop/create`);
    await expectAccessible(page, "new branch");

    await page.locator("#field-name").fill(SHOP_NAME);
    await page.locator("#field-slug").fill(SHOP_SLUG);
    await page.locator("#field-description-en").fill("A branch made by the browser tests.");
    await page.locator("#field-street").fill("Strada e2e 7");
    await page.locator("#field-postalCode").fill("39030");
    await page.locator("#field-town").fill("Testëi");
    await page.locator("#field-latitude").fill("146,55");
    await page.locator("#field-longitude").fill("11,81");
    await page.locator("#field-phone").fill("+39 0471 000 222");
    await page.locator("#field-email").fill(`${SHOP_SLUG}@dolomiti-rent.example`);
    await page.locator("#field-appIds-summer").check();
    await page.locator("#field-active").check();
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.locator("#field-latitude-error").textContent()).toBe("Enter a latitude from -90 to 90, e.g. 46.5483.");
    expect(await page.locator("#field-street").inputValue()).toBe("Strada e2e 7");
    expect(await page.locator("#field-appIds-summer").isChecked()).toBe(true);
    await expectAccessible(page, "new branch with an error");

    await page.locator("#field-latitude").fill("46,55");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/admin\/shop\/\d+\?saved=1$/);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await expect.poll(() => page.locator("main h1").textContent()).toBe(SHOP_NAME);
    const recordUrl = page.url().replace(/\?saved=1$/, "");
    await expectAccessible(page, "branch");

    // Edit: a new name.
    await page.locator("#field-name").fill(`${SHOP_NAME} Centro`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe(`${SHOP_NAME} Centro`);

    // Opening hours: a wrong line is refused beside it; then Tuesday with a lunch break.
    await page.locator("#hours-summer-2").fill("09:00-12:00, 11:30-17:00");
    await page.getByRole("button", { name: "Save opening hours (Summer)" }).click();
    await page.locator("#hours-summer-2-error").waitFor();
    expect(await page.locator("#hours-summer-2-error").textContent()).toBe("These opening times overlap.");
    expect(await page.locator("#hours-summer-2").inputValue()).toBe("09:00-12:00, 11:30-17:00");
    await expectAccessible(page, "branch with wrong hours");
    await page.locator("#hours-summer-2").fill("9-12, 13:30 - 17");
    await page.locator("#hours-summer-6").fill("08:30–18:00");
    await page.getByRole("button", { name: "Save opening hours (Summer)" }).click();
    await expect.poll(() => page.locator("#hours-summer-2").inputValue()).toBe("09:00–12:00, 13:30–17:00");
    expect(await page.locator('[data-audit="hours"]').count()).toBe(1);

    // A closed day with a reason.
    const closedDay = dayAhead(45);
    await page.locator("#field-day").fill(closedDay);
    await page.locator("#field-reason-en").fill("E2E staff outing");
    await page.locator("#field-reason-de").fill("E2E Betriebsausflug");
    await page.getByRole("button", { name: "Close the branch on this day" }).click();
    await page.locator("[data-closed-days]").getByText("E2E staff outing").waitFor();
    await expectAccessible(page, "branch with a closed day");

    const visitor = await newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${baseUrl}/shop/${SHOP_SLUG}`);
    await hydrated(publicPage);
    const hours = publicPage.getByRole("region", { name: "Summer opening hours" });
    expect(await hours.textContent()).toContain("09:00–12:00, 13:30–17:00");
    expect(await hours.textContent()).toContain("08:30–18:00");
    expect(await publicPage.locator("main").textContent()).toContain("E2E staff outing");
    await expectAccessible(publicPage, "public branch page");
    await publicPage.goto(`${baseUrl}/de/shop/${SHOP_SLUG}`);
    expect(await publicPage.locator("main").textContent()).toContain("E2E Betriebsausflug");

    // Open again: gone from the public page too.
    await page.locator("[data-closed-days] button[value=reopenDay]").click();
    await page.getByText("No closed days ahead.").waitFor();
    await publicPage.goto(`${baseUrl}/shop/${SHOP_SLUG}`);
    expect(await publicPage.locator("main").textContent()).not.toContain("E2E staff outing");
    await visitor.close();

    // Delete with the confirmation step.
    await page.getByText(`Delete ${SHOP_NAME} Centro…`).click();
    await page.getByRole("button", { name: `Yes, delete ${SHOP_NAME} Centro` }).click();
    await page.waitForURL(`${baseUrl}/admin/shops?deleted=1`);
    await page.getByRole("status").filter({ hasText: "Deleted." }).waitFor();
    await expect.poll(() => page.locator("main table").textContent()).not.toContain(SHOP_NAME);
    expect((await admin.request.get(recordUrl)).status()).toBe(404);
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });

  it("a seeded branch cannot be deleted: the page says why and to deactivate it instead", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/shops?q=ciaslin`);
    await hydrated(page);
    await page.locator("main table tbody a").first().click();
    await page.waitForURL(/\/admin\/shop\/\d+$/);
    await page.getByText("Delete Dolomiti Rent Ciaslin…").click();
    await page.getByText("untick Active and save").waitFor();
    expect(await page.getByRole("button", { name: /^Yes, delete/ }).count()).toBe(0);
    await expectAccessible(page, "seeded branch");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("coupons", () => {
  it("creates a coupon (the code upper-cased), edits it, shows its public page, and deletes it", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/coupons`);
    await hydrated(page);
    await expectAccessible(page, "coupons");
    await page.getByRole("link", { name: "Create" }).click();
    await page.waitForURL(`${baseUrl}/admin/coupon/create`);
    await expectAccessible(page, "new coupon");

    await page.locator("#field-code").fill(COUPON.toLowerCase());
    await page.locator("#field-kind").selectOption("fixed");
    await page.locator("#field-value").fill("0");
    await page.locator("#field-description-en").fill("€ 7.50 off, made by the browser tests.");
    await page.locator("#field-minOrder").fill("40");
    await page.locator("#field-appIds-summer").check();
    await page.locator("#field-public").check();
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.locator("#field-value-error").textContent()).toBe("Enter an amount in euros above zero, e.g. 25 or 12.50.");
    expect(await page.locator("#field-code").inputValue()).toBe(COUPON.toLowerCase());
    await expectAccessible(page, "new coupon with an error");

    await page.locator("#field-value").fill("7,50");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/admin\/coupon\/\d+\?saved=1$/);
    await expect.poll(() => page.locator("main h1").textContent()).toBe(COUPON);
    await expect.poll(() => page.locator("#field-value").inputValue()).toBe("7.50");
    await expectAccessible(page, "coupon");

    await page.locator("#field-value").fill("9");
    await page.locator("#field-maxUses").fill("50");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("#field-value").inputValue()).toBe("9.00");
    expect(await page.locator('[data-audit="update"]').count()).toBe(1);

    const visitor = await newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${baseUrl}/coupon/${COUPON}`);
    await hydrated(publicPage);
    expect(await publicPage.locator("main").textContent()).toContain(COUPON);
    expect(await publicPage.locator("main h1").textContent()).toContain("9.00");
    await visitor.close();

    await page.getByText(`Delete ${COUPON}…`).click();
    await page.getByRole("button", { name: `Yes, delete ${COUPON}` }).click();
    await page.waitForURL(`${baseUrl}/admin/coupons?deleted=1`);
    await page.getByRole("status").filter({ hasText: "Deleted." }).waitFor();
    await expect.poll(() => page.locator("main").textContent()).not.toContain(COUPON);
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });
});

describe("users", () => {
  const customer = { email: `family-${tag}@test.example`, password: "a family password 1", name: `Family ${tag}` };
  let own: ShopProcess;
  let dataDir: string;
  let ownAdmin: BrowserContext;

  beforeAll(async () => {
    // A shop of its own whose database holds a customer: no browser test signs anyone up on the shared one.
    dataDir = mkdtempSync(join(tmpdir(), "rental-e2e-users-"));
    const database = await openDatabase({ dataDir: join(dataDir, "db") });
    await database.migrate();
    await seedDemo(database.db);
    await database.db
      .insert(schema.users)
      .values({ email: customer.email, name: customer.name, passwordHash: await hashPassword(customer.password) });
    await database.close();
    own = await startShopProcess({ DATA_DIR: dataDir });
    ownAdmin = await browser.newContext({ userAgent: DESKTOP_UA });
    await ownAdmin.addCookies([{ name: "consent", value: "necessary", url: own.url }]);
    await signIn(ownAdmin, own.url);
  });
  afterAll(async () => {
    await own?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("makes a customer staff at two branches (refused without one), then a customer again", async () => {
    const { page, consoleErrors } = await openPage(ownAdmin);
    await page.goto(`${own.url}/admin/users`);
    await hydrated(page);
    await expectAccessible(page, "users");
    await page.getByLabel("Search name or e-mail").fill(tag);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === tag);
    await expect.poll(() => page.locator("main table tbody tr").count()).toBe(1);
    await page.locator("main table tbody a").first().click();
    await page.waitForURL(/\/admin\/user\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator("main h1").textContent()).toBe(customer.name);
    await page.getByText("Users are not deleted").waitFor();
    await expectAccessible(page, "user");

    await page.locator("#field-role").selectOption("staff");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator("#field-shopIds-error").waitFor();
    expect(await page.locator("#field-shopIds-error").textContent()).toBe("Choose at least one branch for a staff member.");
    expect(await page.locator("#field-role").inputValue()).toBe("staff");
    await expectAccessible(page, "user with an error");

    await page.getByLabel(/^Dolomiti Rent Ciaslin/).check();
    await page.getByLabel(/^Dolomiti Rent Runcadoz/).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL(/\?saved=1$/);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await expect.poll(() => page.getByLabel(/^Dolomiti Rent Ciaslin/).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Dolomiti Rent Plan da Sëra/).isChecked()).toBe(false);
    expect(await page.locator('[data-audit="update"]').count()).toBe(1);

    // The new staff member signs in and works in the back office, not on the admin-only screens.
    const clerk = await browser.newContext({ userAgent: DESKTOP_UA });
    await clerk.addCookies([{ name: "consent", value: "necessary", url: own.url }]);
    const clerkPage = await clerk.newPage();
    await clerkPage.goto(`${own.url}/login?next=/admin`);
    await hydrated(clerkPage);
    await clerkPage.locator("#email").fill(customer.email);
    await clerkPage.locator("#password").fill(customer.password);
    await clerkPage.locator("main form button[type=submit]").click();
    await clerkPage.waitForURL(`${own.url}/admin`);
    const nav = clerkPage.getByRole("navigation", { name: "Back-office navigation" });
    await nav.waitFor();
    expect(await nav.getByRole("link", { name: "Users" }).count()).toBe(0);
    expect((await clerk.request.get(`${own.url}/admin/users`)).status()).toBe(403);

    await page.locator("#field-role").selectOption("customer");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator('[data-audit="update"]').count()).toBe(2);
    expect(await page.getByLabel(/^Dolomiti Rent Ciaslin/).isChecked()).toBe(false);
    expect((await clerk.request.get(`${own.url}/admin`)).status()).toBe(403);
    await clerk.close();

    // The admin's own page: no demoting or deactivating oneself.
    await page.goto(`${own.url}/admin/users?role=admin`);
    await page.locator("main table tbody a").first().click();
    await page.getByText("This is your own account").waitFor();
    expect(await page.getByRole("button", { name: /Deactivate/ }).count()).toBe(0);
    await expectAccessible(page, "own user page");
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });
});
