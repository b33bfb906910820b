/**
 * Browser-side behaviour: the chunk-reload guard and new-build detection (docs/spec.md §4, §7, §8, §9), the
 * consent banner without a tag manager, the translate page transition (docs/spec.md §2) and the CSP nonce.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../app/domain/i18n";
import { browserPerFile, DESKTOP_UA, openPage, routerReady, workerShop } from "../helpers/browser";
import { path, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
/** Headless Chromium's own user agent counts as a bot (no rendered error pages): browse as desktop Chrome. */
const GUARD_KEY = "rental:chunk-reload-at";
const chrome = browserPerFile();

/** A visitor who already made the cookie choice (so the banner covers nothing), browsing in English. */
async function visitor(options: { consent?: boolean; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await chrome.browser.newContext({
    userAgent: DESKTOP_UA,
    locale: "en-US",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (options.consent !== false) await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

const hydrated = routerReady;

/** Counts the main frame's document loads (a client-side navigation loads no document). */
function countDocumentLoads(page: Page) {
  const counter = { loads: 0 };
  page.on("load", () => {
    counter.loads++;
  });
  return counter;
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

describe("requests given up", () => {
  it("a request aborted because a newer one replaced it is no page error; any other rejection still is", async () => {
    const context = await visitor();
    const { page, consoleErrors } = await openPage(context);
    await page.goto(baseUrl + path("en", "/"));
    await hydrated(page);
    await page.evaluate(() => {
      // What the router does to a navigation's data request when another click replaces it.
      const superseded = new AbortController();
      void fetch("/version.json", { signal: superseded.signal });
      superseded.abort();
    });
    await page.evaluate(() => {
      void Promise.reject(new Error("a real failure"));
    });
    await expect.poll(() => consoleErrors).toEqual(["a real failure"]);
    await context.close();
  });
});

describe("chunk-load errors", () => {
  /** Opens the home page, hydrated, then makes the about page's chunk fail (a deploy removed about-<hash>.js). */
  async function homeWithMissingAboutChunk(locale: Locale = "en") {
    const context = await visitor();
    const page = await context.newPage();
    const documents = countDocumentLoads(page);
    await page.goto(baseUrl + path(locale, "/"));
    await hydrated(page);
    expect(documents.loads).toBe(1);
    await page.route(/\/assets\/about-[^/]*\.js$/, (route) => route.abort());
    return { context, page, documents };
  }

  /** Clicks "About us" and reports what happens first: a document load, or the error page. */
  async function clickAbout(page: Page, locale: Locale = "en") {
    const outcome = Promise.race([
      page.waitForEvent("load", { timeout: 10_000 }).then(() => "reloaded" as const),
      page
        .getByTestId("error-message")
        .waitFor({ timeout: 10_000 })
        .then(() => "error page" as const),
    ]);
    await page
      .getByRole("navigation", { name: text(locale, "nav.main") })
      .getByRole("link", { name: text(locale, "nav.about") })
      .click();
    return outcome;
  }

  it("a missing route chunk loads the page the visitor asked for, once, and the guard stores when", async () => {
    const { context, page, documents } = await homeWithMissingAboutChunk();
    expect(await clickAbout(page)).toBe("reloaded");
    await page.waitForLoadState("load");
    expect(documents.loads).toBe(2);
    // The visitor is on the page they clicked, not back where they clicked it, and need not click again.
    expect(page.url()).toBe(`${baseUrl}/about`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About us");
    // The guard wrote down when it reloaded (sessionStorage survives the reload).
    const stamp = await page.evaluate((key) => window.sessionStorage.getItem(key), GUARD_KEY);
    expect(stamp, `sessionStorage["${GUARD_KEY}"] after the reload`).not.toBeNull();
    expect(Math.abs(Date.now() - Number(stamp))).toBeLessThan(60_000);
    // Once: the reloaded page stays.
    await page.waitForLoadState("networkidle");
    expect(documents.loads).toBe(2);
    // Back leads to the page the visitor clicked on.
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });

  it.each<Locale>(["en", "de"])(
    "in %s, a second chunk failure within 10 s of the reload explains itself in the visitor's language",
    async (locale) => {
      const { context, page, documents } = await homeWithMissingAboutChunk(locale);
      expect(await clickAbout(page, locale)).toBe("reloaded");
      await page.waitForLoadState("load");
      expect(page.url()).toBe(baseUrl + path(locale, "/about"));
      // Back on the home page in the same tab (the guard lives in this tab's sessionStorage), well within 10 s.
      await page.goto(baseUrl + path(locale, "/"));
      await hydrated(page);
      const loads = documents.loads;
      // Still failing: no second reload, a page that says what happened and what to do.
      expect(await clickAbout(page, locale)).toBe("error page");
      expect(await page.locator("h1").textContent()).toBe(text(locale, "errors.chunkTitle"));
      expect(await page.getByTestId("error-message").textContent()).toBe(text(locale, "errors.chunkHelp"));
      await expect.poll(() => page.title()).toBe(text(locale, "errors.chunkTitle"));
      expect(await page.locator("body").textContent()).not.toMatch(/dynamically imported module|Internal Server Error/);
      expect(documents.loads).toBe(loads);
      // The button loads the page asked for, whole (the new build's chunks).
      await page.unroute(/\/assets\/about-[^/]*\.js$/);
      await page.getByRole("link", { name: text(locale, "errors.reload") }).click();
      await page.waitForURL(baseUrl + path(locale, "/about"));
      await page.waitForFunction((title) => document.querySelector("h1")?.textContent === title, text(locale, "pages.about.title"));
      expect(documents.loads).toBe(loads + 1);
      await context.close();
    },
  );

  it("without a chunk failure the same click is a client-side navigation (no reload)", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const documents = countDocumentLoads(page);
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    await mainNav(page).getByRole("link", { name: "About us" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About us");
    expect(documents.loads).toBe(1);
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), GUARD_KEY)).toBeNull();
    await context.close();
  });
});

describe("new build detection", () => {
  it("once /version.json names another build, the next navigation loads the whole document", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const documents = countDocumentLoads(page);
    const versionChecks: string[] = [];
    // The server now runs another build than the one this page was loaded from.
    await page.route("**/version.json", (route) => {
      versionChecks.push(route.request().url());
      return route.fulfill({ contentType: "application/json", body: JSON.stringify({ version: "something-new" }) });
    });
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    // The whole-document load may still be under way when the URL changes: read the marker once it is done.
    const marker = async (): Promise<number | undefined> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
        } catch (error) {
          if (attempt > 5 || !String(error).includes("Execution context was destroyed")) throw error;
          await page.waitForLoadState("load");
        }
      }
    };
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });

    // First client-side navigation: the check runs (at the latest now) and learns about the new build.
    await mainNav(page).getByRole("link", { name: "Branches" }).click();
    await page.waitForURL(`${baseUrl}/stores`);
    await expect.poll(() => versionChecks.length).toBeGreaterThan(0);
    if ((await marker()) === 1) {
      // The first navigation stayed client-side: the next one must load the document.
      await page.waitForLoadState("networkidle");
      const loadsBefore = documents.loads;
      await mainNav(page).getByRole("link", { name: "About us" }).click();
      await page.waitForURL(`${baseUrl}/about`);
      await page.waitForLoadState("load");
      expect(documents.loads).toBe(loadsBefore + 1);
    }
    // The new document may be there before its load event: wait for the event to be counted.
    await expect.poll(() => documents.loads).toBeGreaterThanOrEqual(2);
    expect(await marker()).toBeUndefined();
    await hydrated(page);
    expect(await page.locator("h1").count()).toBe(1);
    await context.close();
  });

  it("the same build: navigations stay client-side", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const documents = countDocumentLoads(page);
    const checked = page.waitForResponse((r) => r.url().endsWith("/version.json"));
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    // The real server answers with the build this page runs.
    const body = await (await checked).json();
    expect(body.version).toBe(await page.evaluate(() => window.__reactRouterManifest?.version));
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    await mainNav(page).getByRole("link", { name: "Branches" }).click();
    await page.waitForURL(`${baseUrl}/stores`);
    await mainNav(page).getByRole("link", { name: "About us" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About us");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(documents.loads).toBe(1);
    await context.close();
  });
});

describe("consent without a tag manager", () => {
  it("banner first, no data layer, no GTM; Necessary only hides it for good", async () => {
    const context = await visitor({ consent: false });
    const { page, consoleErrors } = await openPage(context);
    const gtmRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("googletagmanager.com")) gtmRequests.push(request.url());
    });
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies on this website" });
    expect(await banner.isVisible()).toBe(true);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();

    // With JavaScript the banner posts in the background (a fetcher) and leaves at once.
    await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${baseUrl}/resources/consent`) && r.request().method() === "POST"),
      banner.getByRole("button", { name: "Necessary only" }).click(),
    ]);
    await banner.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${baseUrl}/`);
    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === "consent");
    expect(cookie?.value).toBe("necessary");
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");

    const response = await page.reload();
    expect(await response?.text()).not.toContain("consent-title");
    await hydrated(page);
    expect(await page.getByRole("region", { name: "Cookies on this website" }).count()).toBe(0);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
    expect(gtmRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("Accept all without a configured container still loads no tag manager", async () => {
    const context = await visitor({ consent: false });
    const page = await context.newPage();
    const gtmRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("googletagmanager.com")) gtmRequests.push(request.url());
    });
    await page.goto(`${baseUrl}/stores`);
    await hydrated(page);
    await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${baseUrl}/resources/consent`) && r.request().method() === "POST"),
      page.getByRole("button", { name: "Accept all" }).click(),
    ]);
    await page.getByRole("region", { name: "Cookies on this website" }).waitFor({ state: "detached" });
    expect((await context.cookies(baseUrl)).find((c) => c.name === "consent")?.value).toBe("all");
    await mainNav(page).getByRole("link", { name: "About us" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
    expect(gtmRequests).toEqual([]);
    await context.close();
  });

  it("without JavaScript the banner is a plain form that comes back to the page", async () => {
    const context = await visitor({ consent: false, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/stores`);
    await page.getByRole("button", { name: "Necessary only" }).click();
    await page.waitForURL(`${baseUrl}/stores`);
    await page.waitForLoadState("load");
    expect(await page.getByRole("region", { name: "Cookies on this website" }).count()).toBe(0);
    expect((await context.cookies(baseUrl)).find((c) => c.name === "consent")?.value).toBe("necessary");
    await context.close();
  });

  it("the cookies page names the choice made in its banner at once", async () => {
    const context = await visitor({ consent: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cookies`);
    await hydrated(page);
    const main = page.locator("main");
    await expect.poll(() => main.textContent()).toContain("You have not made a choice yet.");
    await page.getByRole("button", { name: "Necessary only" }).click();
    await expect.poll(() => main.textContent()).toContain("Your current choice: necessary cookies only.");
    await context.close();
  });

  it("a choice the shop could not store (offline, an error) brings the banner back to ask again", async () => {
    const context = await visitor({ consent: false });
    const page = await context.newPage();
    await page.route(`${baseUrl}/resources/consent`, (route) => route.abort("internetdisconnected"));
    await page.goto(`${baseUrl}/stores`);
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies on this website" });
    await banner.getByRole("button", { name: "Accept all" }).click();
    await banner.waitFor({ state: "visible" });
    expect(page.url()).toBe(`${baseUrl}/stores`);
    expect((await context.cookies(baseUrl)).find((c) => c.name === "consent")).toBeUndefined();
    await context.close();
  });
});

describe("translate transition", () => {
  const wrapper = (page: Page) => page.locator("main#main > div").first();
  const animationName = (page: Page) => wrapper(page).evaluate((el) => getComputedStyle(el).animationName);

  it("/stores enters with the translate animation, none when motion is reduced", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/stores`);
    await hydrated(page);
    expect(await wrapper(page).getAttribute("class")).toContain("transition-translate");
    expect(await animationName(page)).toBe("enter-translate");

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animationName(page)).toBe("none");
    await page.reload();
    expect(await wrapper(page).getAttribute("class")).toContain("transition-translate");
    expect(await animationName(page)).toBe("none");
    await context.close();
  });

  it("/about gets it on a client-side navigation; / (no transition) does not", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    expect(await wrapper(page).getAttribute("class")).toBeNull();
    expect(await animationName(page)).toBe("none");
    await mainNav(page).getByRole("link", { name: "About us" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "About us");
    expect(await wrapper(page).getAttribute("class")).toContain("transition-translate");
    expect(await animationName(page)).toBe("enter-translate");
    await context.close();
  });
});

describe("content security policy", () => {
  async function load(page: Page) {
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl}/`);
    const csp = response?.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src "));
    const match = /^script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'$/.exec(scriptSrc ?? "");
    expect(match, csp).not.toBeNull();
    return { nonce: match?.[1] ?? "", html: (await response?.text()) ?? "" };
  }

  it("script-src allows 'self' and a fresh nonce per response, and every script carries it", async () => {
    const context = await visitor();
    const { page, consoleErrors } = await openPage(context);
    const first = await load(page);
    await hydrated(page);
    const second = await load(page);
    await hydrated(page);
    expect(first.nonce.length).toBeGreaterThanOrEqual(16);
    expect(second.nonce).not.toBe(first.nonce);

    for (const { nonce, html } of [first, second]) {
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
    }
    // In the live document too (browsers hide the attribute, but keep the property).
    const nonces = await page.evaluate(() => Array.from(document.scripts).map((s) => s.nonce));
    expect(nonces.length).toBeGreaterThan(0);
    expect(nonces.every((n) => n === second.nonce)).toBe(true);
    // The policy is enforced, and nothing of the shop's own violates it.
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("an inline script without the nonce is blocked", async () => {
    const context = await visitor();
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(consoleErrors.some((e) => /Content Security Policy/i.test(e))).toBe(true);
    await context.close();
  });
});
