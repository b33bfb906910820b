/**
 * Issue 21 in Chromium: an admin makes an API key with two scopes for one branch, sees it once, finds it in
 * the list and revokes it after confirming; a staff member makes their calendar link, copies it, and the
 * link (fetched without any cookie, as a calendar app does) holds their branch's pickup. axe on the new
 * screens, and the API keys page on a 390 px phone in German. Runs on a shop process of its own, whose
 * database holds the staff member and the order (no browser test adds users to the shared shop).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/server/auth/password.server";
import { openDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { DESKTOP_UA, launchBrowser, openPage, routerReady, seriousViolations, signIn } from "../helpers/browser";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

const STAFF = { email: "feed.clerk@test.example", password: "a clerk password 1" };
const CUSTOMER = "Anna Feedbrowser";
const KEY = /^rk_([A-Za-z0-9_-]{12})_[A-Za-z0-9_-]{32}$/;

let browser: Browser;
let own: ShopProcess;
let dataDir: string;
let admin: BrowserContext;
let orderNumber = "";

async function context(viewport?: { width: number; height: number }) {
  const created = await browser.newContext({ userAgent: DESKTOP_UA, ...(viewport ? { viewport } : {}) });
  await created.addCookies([{ name: "consent", value: "necessary", url: own.url }]);
  return created;
}

async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rental-e2e-integrations-"));
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  await database.migrate();
  await seedDemo(database.db);
  const [ciaslin] = await database.db.select().from(schema.shops).orderBy(schema.shops.sort).limit(1);
  const [clerk] = await database.db
    .insert(schema.users)
    .values({ email: STAFF.email, name: "Feed Clerk", role: "staff", passwordHash: await hashPassword(STAFF.password) })
    .returning();
  await database.db.insert(schema.userShops).values({ userId: clerk.id, shopId: ciaslin.id });
  const pickupAt = new Date(Date.now() + 3 * 86_400_000);
  const [order] = await database.db
    .insert(schema.orders)
    .values({
      number: "R-E2E-FEED-1",
      token: "e2e-feed-order-token-0123456789",
      status: "paid",
      appId: "winter",
      shopId: ciaslin.id,
      language: "en",
      pickupAt,
      returnAt: new Date(pickupAt.getTime() + 2 * 86_400_000),
      invoiceName: CUSTOMER,
      invoiceStreet: "Street 1",
      invoicePostalCode: "1000",
      invoiceCity: "Town",
      invoiceCountry: "NL",
      phone: "+31 20 123 4567",
      email: "feed@test.example",
      subtotalCents: 10_000,
      discountCents: 0,
      totalCents: 10_000,
      vatCents: 1_623,
      discounts: [],
    })
    .returning();
  orderNumber = order.number;
  await database.close();
  own = await startShopProcess({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  admin = await context();
  await signIn(admin, own.url);
});

afterAll(async () => {
  await browser?.close();
  await own?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("API keys", () => {
  it("creates a key with two scopes and a branch, shows it once, lists it, and revokes it after confirming", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${own.url}/admin/api-keys`);
    await routerReady(page);
    await page.getByText("No API keys yet.").waitFor();
    await expectAccessible(page, "API keys, empty");

    await page.getByLabel("Name").fill("Hotel Alpina website");
    await page.getByLabel(/^Read catalogue/).check();
    await page.getByLabel(/^Book/).check();
    await page.locator("#field-shopId").selectOption({ label: "Dolomiti Rent Ciaslin" });
    await page.getByRole("button", { name: "Create key" }).click();

    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const key = await shown.inputValue();
    const prefix = KEY.exec(key)?.[1];
    expect(prefix).toBeDefined();
    expect(page.url()).toBe(`${own.url}/admin/api-keys`);
    expect(await page.locator("main").textContent()).toContain("it is shown only this once and cannot be shown again");
    const row = page.locator("tbody tr", { hasText: "Hotel Alpina website" });
    await expect.poll(() => row.textContent()).toContain(`rk_${prefix}_…`);
    const rowText = await row.textContent();
    for (const words of ["Read catalogue, Book", "Dolomiti Rent Ciaslin", "Never", "Active"]) expect(rowText).toContain(words);
    // The form is empty again, ready for the next key.
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    await expectAccessible(page, "API keys, a key just made");

    // Shown once: a reload has the key's prefix, never the key.
    await page.reload();
    await routerReady(page);
    expect(await page.content()).not.toContain(key);
    await row.getByRole("link", { name: "Hotel Alpina website" }).click();
    await page.waitForURL(/\/admin\/api-key\/\d+$/);
    await page.getByText("No calls with this key yet.").waitFor();
    await expectAccessible(page, "an API key");

    // No one-click revoke: the button is behind a step that says what happens.
    await expect.poll(() => page.getByRole("button", { name: "Yes, revoke Hotel Alpina website" }).isVisible()).toBe(false);
    await page.getByText("Revoke Hotel Alpina website…").click();
    await page.getByText("Every system that uses Hotel Alpina website loses access at once.").waitFor();
    await page.getByRole("button", { name: "Yes, revoke Hotel Alpina website" }).click();
    await page.waitForURL(/\/admin\/api-key\/\d+\?revoked=1$/);
    await page.getByRole("status").filter({ hasText: "The key is revoked" }).waitFor();
    expect(await page.locator("dl").textContent()).toMatch(/Revoked.* by Admin/);
    await expectAccessible(page, "a revoked API key");

    await page.goto(`${own.url}/admin/api-keys`);
    await expect.poll(() => page.locator("tbody tr", { hasText: "Hotel Alpina website" }).textContent()).toContain("Revoked");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("fits a 390 px phone in German", async () => {
    const phone = await context({ width: 390, height: 844 });
    await signIn(phone, own.url);
    const { page, consoleErrors } = await openPage(phone);
    await page.goto(`${own.url}/de/admin/api-keys`);
    await routerReady(page);
    await page.getByRole("heading", { name: "API-Schlüssel", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Neuer API-Schlüssel" }).waitFor();
    // Nothing wider than the screen but the list, which scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const shots = join(process.cwd(), "test-results");
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, "api-keys-de-390.png"), fullPage: true });
    await expectAccessible(page, "API keys in German on a phone");
    expect(consoleErrors).toEqual([]);
    await phone.close();
  });
});

describe("calendar feed", () => {
  it("lets a staff member copy their calendar link, which holds their branch's pickup without a cookie", async () => {
    const clerk = await context();
    await clerk.grantPermissions(["clipboard-read", "clipboard-write"], { origin: own.url });
    await signIn(clerk, own.url, STAFF.email, STAFF.password);
    const { page, consoleErrors } = await openPage(clerk);
    await page.goto(`${own.url}/admin/calendar`);
    await routerReady(page);
    await page.getByRole("heading", { name: "Subscribe in your calendar app" }).waitFor();
    await page.getByRole("button", { name: "Create my calendar link" }).click();
    const link = page.getByTestId("calendar-feed-url");
    await link.waitFor();
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByRole("status").filter({ hasText: "Copied to the clipboard." }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await link.inputValue());
    expect(copied).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    await expectAccessible(page, "the calendar with a new feed link");

    // As a calendar app fetches it: no cookie, no session.
    const feed = await fetch(copied);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = (await feed.text()).replace(/\r\n /g, "");
    expect(ics).toContain(`SUMMARY:Pickup ${orderNumber} · ${CUSTOMER} (0 items)`);
    expect(ics).toContain(`SUMMARY:Return ${orderNumber} · ${CUSTOMER} (0 items)`);

    // The link is not shown again; a new one, after confirming, replaces it.
    await page.reload();
    await routerReady(page);
    await page.getByText("You have a calendar link").waitFor();
    expect(await page.content()).not.toContain(copied);
    await page.getByText("New link…").click();
    await page.getByRole("button", { name: "Yes, make a new link" }).click();
    await page.getByTestId("calendar-feed-url").waitFor();
    expect(await page.getByTestId("calendar-feed-url").inputValue()).not.toBe(copied);
    expect((await fetch(copied)).status).toBe(404);
    expect(consoleErrors).toEqual([]);
    await clerk.close();
  });
});
