/**
 * The back office (docs/spec.md §2, §6): anonymous visitors are sent to the login page and come back after
 * signing in; every admin route renders in the admin layout; the session cookie is httpOnly and
 * SameSite=Lax, and logging out ends the session on the server, not only in the browser.
 * (403 for a signed-in customer is covered by the integration tests: no customer account can be made in the UI.)
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_UA, launchBrowser, openPage, routerReady, seriousViolations, workerShop } from "../helpers/browser";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
/** Headless Chromium's own user agent counts as a bot (no rendered error pages): browse as desktop Chrome. */
let browser: Browser;
let admin: BrowserContext;

async function newVisitor() {
  const context = await browser.newContext({ userAgent: DESKTOP_UA });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

const hydrated = routerReady;

/** Fills in and sends the login form on the current page. */
async function logIn(page: Page, email: string, password: string) {
  await hydrated(page);
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(password);
  await page.locator("main form button[type=submit]").click();
}

/** The admin sidebar's navigation landmark, by its accessible name in the page's language. */
const sidebar = (page: Page, name = "Back-office navigation") => page.getByRole("navigation", { name, exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newVisitor();
  const page = await admin.newPage();
  await page.goto(`${baseUrl}/login`);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL(`${baseUrl}/admin`);
  await page.close();
});
afterAll(async () => {
  await browser?.close();
});

describe("signing in", () => {
  it.each([
    ["/admin", "/login", "Back-office navigation"],
    ["/de/admin/items", "/de/login", "Backoffice-Navigation"],
  ])("anonymous %s goes to %s?next=… and back there after signing in", async (path, login, nav) => {
    const context = await newVisitor();
    const { page, consoleErrors } = await openPage(context);
    const response = await page.goto(baseUrl + path);
    expect(response?.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe(login);
    expect(url.searchParams.get("next")).toBe(path);
    // The redirect itself was a 302 from the admin route.
    expect(response?.request().redirectedFrom()?.url()).toBe(baseUrl + path);

    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(baseUrl + path);
    await sidebar(page, nav).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ["/login", "The e-mail address or the password is wrong."],
    ["/de/login", "E-Mail-Adresse oder Passwort ist falsch."],
  ])("a wrong password on %s shows the translated error and keeps the typed e-mail", async (path, message) => {
    const context = await newVisitor();
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + path);
    await logIn(page, ADMIN_EMAIL, "not the password");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(message);
    expect(await page.locator("#email").inputValue()).toBe(ADMIN_EMAIL);
    expect(new URL(page.url()).pathname).toBe(path);
    expect((await context.cookies(baseUrl)).find((c) => c.name === "rental_session")).toBeUndefined();
    // The failed attempt answers 400, which the browser reports; nothing else may go wrong.
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });

  it("the same wrong login without JavaScript: a 400 page with the error and the e-mail kept", async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_UA, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator("#email").fill(ADMIN_EMAIL);
    await page.locator("#password").fill("not the password");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.locator("main form button[type=submit]").click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState("load");
    expect((await page.getByRole("alert").textContent())?.trim()).toBe("The e-mail address or the password is wrong.");
    expect(await page.locator("#email").inputValue()).toBe(ADMIN_EMAIL);
    await context.close();
  });

  it("the session cookie rental_session is httpOnly and SameSite Lax", async () => {
    const cookie = (await admin.cookies(baseUrl)).find((c) => c.name === "rental_session");
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    // Not readable by the page's scripts.
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/admin`);
    expect(await page.evaluate(() => document.cookie)).not.toContain("rental_session");
    await page.close();
  });
});

const lists = [
  "/admin",
  "/admin/apps",
  "/admin/items",
  "/admin/shops",
  "/admin/users",
  "/admin/orders",
  "/admin/coupons",
  "/admin/calendar",
  "/admin/reports",
  "/admin/settings",
  "/admin/categories",
  "/admin/webhooks",
  "/admin/api-keys",
];
const creates = [
  "/admin/app/create",
  "/admin/item/create",
  "/admin/shop/create",
  "/admin/order/create",
  "/admin/coupon/create",
  "/admin/category/create",
];

describe("admin routes in the admin layout", () => {
  // Independent pages of one signed-in context: checked a few at a time to keep the file fast.
  it.concurrent.each([...lists, ...creates])("%s: 200 with the sidebar, no console errors, no serious axe violations", async (path) => {
    const { page, consoleErrors } = await openPage(admin);
    const response = await page.goto(baseUrl + path);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(baseUrl + path);
    await hydrated(page);
    expect(await sidebar(page).count()).toBe(1);
    expect(await page.locator("aside").count()).toBe(1);
    // Not the public layout: no site header with the main navigation.
    expect(await page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(0);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.title()).not.toMatch(/Page Not Found|Internal Server Error/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    // The sidebar marks where we are (every list has its entry; create pages have none).
    if (lists.includes(path)) {
      expect(await sidebar(page).locator(`a[href="${path}"]`).getAttribute("aria-current")).toBe("page");
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it.each([
    ["/admin/apps", /^\/admin\/app\/[^/]+$/],
    ["/admin/items", /^\/admin\/item\/\d+$/],
    ["/admin/shops", /^\/admin\/shop\/[^/]+$/],
    ["/admin/users", /^\/admin\/user\/[^/]+$/],
    ["/admin/coupons", /^\/admin\/coupon\/[^/]+$/],
    ["/admin/categories", /^\/admin\/category\/[^/]+$/],
  ])("%s: the first row links to a record page that answers 200", async (list, detail) => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(baseUrl + list);
    await hydrated(page);
    const first = page.locator("main table tbody tr").first().locator("a").first();
    const label = (await first.textContent())?.trim() ?? "";
    expect(label.length).toBeGreaterThan(0);
    await first.click();
    await page.waitForURL((url) => detail.test(url.pathname));
    await page.locator("main h1").waitFor();
    expect(await page.title()).not.toMatch(/Page Not Found|Internal Server Error/);
    expect(await page.getByTestId("error-message").count()).toBe(0);
    expect(await sidebar(page).count()).toBe(1);
    // The same page loaded as a document answers 200 too.
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    expect(await page.locator("main h1").count()).toBe(1);
    expect(await page.getByTestId("error-message").count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("there is no /admin/user/create: 404", async () => {
    const page = await admin.newPage();
    const response = await page.goto(`${baseUrl}/admin/user/create`);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("Page Not Found");
    await page.close();
  });

  it("the sidebar links navigate client-side within the admin layout", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin`);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    await sidebar(page).getByRole("link", { name: "Coupons" }).click();
    await page.waitForURL(`${baseUrl}/admin/coupons`);
    await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Coupons");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("logging out", () => {
  it("the sidebar's Log out ends the session, also for a replayed cookie", async () => {
    const context = await newVisitor();
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/admin/settings`);
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(`${baseUrl}/admin/settings`);
    const old = (await context.cookies(baseUrl)).find((c) => c.name === "rental_session");
    expect(old?.value).toBeTruthy();
    const sessionCookie = { name: "rental_session", value: old?.value ?? "", url: baseUrl };

    // While the session lives, its cookie value signs in from another browser too (so the check below can fail).
    const live = await newVisitor();
    await live.addCookies([sessionCookie]);
    const livePage = await live.newPage();
    expect((await livePage.goto(`${baseUrl}/admin`))?.status()).toBe(200);
    expect(livePage.url()).toBe(`${baseUrl}/admin`);
    await live.close();

    await page.locator("aside").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect((await context.cookies(baseUrl)).find((c) => c.name === "rental_session")).toBeUndefined();
    // The public header shows "Log in" again.
    await page.locator("header").getByRole("link", { name: "Log in" }).waitFor();

    await page.goto(`${baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe("/login");

    // Replaying the old cookie value does not bring the session back: it ended on the server.
    const replay = await newVisitor();
    await replay.addCookies([sessionCookie]);
    const replayPage = await replay.newPage();
    await replayPage.goto(`${baseUrl}/admin`);
    expect(new URL(replayPage.url()).pathname).toBe("/login");
    expect(new URL(replayPage.url()).searchParams.get("next")).toBe("/admin");
    expect(consoleErrors).toEqual([]);
    await replay.close();
    await context.close();
  });
});
