/** Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work here). */
import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./server-process";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The shop this browser-test worker drives (tests/e2e/global-setup.ts starts one per worker): its address,
 * its data directory (the outbox of e-mails) and its log. A worker runs one file at a time, so a file has
 * its shop to itself while it runs.
 */
export function workerShop() {
  const shops = inject("shops");
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  const shop = shops?.[id - 1];
  if (!shop) throw new Error(`No shop for e2e worker ${id} (${shops?.length ?? 0} started): run the browser tests with the e2e project`);
  return shop;
}

/** Chromium as every browser test runs it; `extraArgs` add switches, such as a fake camera. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/** A page that records console errors and failed same-origin requests. */
export async function openPage(context: BrowserContext) {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { page, consoleErrors };
}

/** axe violations of impact serious or critical (WCAG 2.2 AA rules). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Every axe violation, of any impact, under every rule axe runs by default (WCAG and best practices). */
export async function allViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * The visitor's first move, then the router running. A page of links hydrates only once the visitor touches,
 * types, scrolls or moves the pointer (decision 033); every other page hydrates after its first paint anyway.
 */
export async function routerReady(page: Page) {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

/** Signs in through the real login form in a page of its own, and waits for the page it lands on. */
export async function signIn(context: BrowserContext, url: string, email: string, password: string, landing: string) {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await routerReady(page);
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(password);
  await page.locator("main form button[type=submit]").click();
  await page.waitForURL(url + landing);
  await page.close();
}

/** A browser context of the shop's admin, signed in, with the cookie banner answered ("necessary"). */
export async function adminContext(browser: Browser, url: string, userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent });
  await context.addCookies([{ name: "consent", value: "necessary", url }]);
  await signIn(context, url, ADMIN_EMAIL, ADMIN_PASSWORD, "/admin");
  return context;
}
