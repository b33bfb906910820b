/**
 * Issue 17, point 3: every public page and booking step, in all six languages, on phones 320 and 390 px wide.
 * Nothing scrolls sideways (the document is no wider than the configured viewport: with mobile emulation
 * `innerWidth` grows with the content, so it cannot be the yardstick), no text is cut off by a box that hides
 * its overflow or by the edge of the screen, and axe's WCAG 2.2 rule `target-size` passes (every tap target
 * 24 × 24 px, or spaced as if it were). Only that rule: the whole of axe runs on these pages in
 * public-pages.test.ts and booking.test.ts, and running it 300 times more would only cost minutes. Each phone
 * collects every failure of its pages first, so one run names them all; a console error fails it too.
 *
 * Each page is loaded once and checked at both widths (`inspect`). Two files of three languages each
 * (narrow-screens-en-de-it.test.ts, narrow-screens-nl-be-da.test.ts): the e2e project runs files in parallel.
 */

import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Locale } from "../../app/domain/i18n";
import { launchBrowser, PHONE_UA, workerShop } from "../helpers/browser";
import { hydrated, path, winterPeriod } from "../helpers/browser-booking";

const baseUrl = workerShop().url;

let browser: Browser;

/** The pages anyone can open without a bag, as English paths. */
const PUBLIC_PAGES = [
  "/",
  "/stores",
  "/shop/ciaslin",
  "/item/ski-easy-carve",
  "/rental",
  "/rental/winter",
  "/rental/summer",
  "/rental/winter/ciaslin",
  "/ski-service",
  "/ski-depot",
  "/sports-shop",
  "/about",
  "/cookies",
  "/privacy",
  "/impressum",
  "/coupon/WELCOME10",
  "/login",
  "/login?mode=signup",
  "/no-such-page",
];

/** The booking steps that need a bag with a person and an item in it, in the order a customer reaches them. */
const BAG_PAGES = ["/rental/winter/ciaslin/persons", "/rental/winter/ciaslin/equipment", "/rental/bag", "/rental/checkout"];

let phones = 0;
/** The phones' widths, widest first (see `inspect`), and their height. */
const WIDTHS = [390, 320];
const HEIGHT = 740;

async function phone(locale: Locale): Promise<BrowserContext> {
  phones++;
  const context = await browser.newContext({
    viewport: { width: WIDTHS[0], height: HEIGHT },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
    // A network of its own per phone: the shop limits bags and holds per address.
    extraHTTPHeaders: { "X-Forwarded-For": `198.19.${200 + (process.pid % 50)}.${phones}` },
  });
  // The bare "/" follows the language cookie.
  await context.addCookies([{ name: "lang", value: locale, url: baseUrl }]);
  return context;
}

/**
 * What does not fit the phone: the document wider than `width`, and every piece of visible text that reaches
 * past the screen's edge or past a box that hides its overflow (`overflow: hidden/clip`, an ellipsis, a line
 * clamp). Boxes that scroll (`overflow: auto/scroll`) keep their text reachable and are not counted;
 * visually hidden text for screen readers (a 1 px box) is not shown, so not counted either.
 */
function misfits(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : "";
      return `${el.tagName.toLowerCase()}${id}${cls}`;
    };
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > width) found.push(`document is ${docWidth} px wide`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const tolerance = 1;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const words = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!words || !parent || parent.closest("script, style, noscript, template, select, option")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      range.selectNodeContents(node);
      const rect0 = range.getBoundingClientRect();
      if (rect0.width === 0 || rect0.height === 0) continue;
      // What of the text can be brought into view: a box that scrolls shows what the visitor scrolls to, so
      // beyond it only the part inside the scroller counts (a chip row that scrolls sideways is not cut off).
      const box = { left: rect0.left, right: rect0.right, top: rect0.top, bottom: rect0.bottom };
      let screenReaderOnly = false;
      let clippedBy: Element | null = null;
      for (let el: Element | null = parent; el && el !== document.documentElement; el = el.parentElement) {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        if ((rect.width <= 1 || rect.height <= 1) && style.overflow !== "visible") {
          screenReaderOnly = true;
          break;
        }
        const hidesX = style.overflowX === "hidden" || style.overflowX === "clip";
        const hidesY = style.overflowY === "hidden" || style.overflowY === "clip";
        const scrollsX = style.overflowX === "auto" || style.overflowX === "scroll";
        const scrollsY = style.overflowY === "auto" || style.overflowY === "scroll";
        if (
          !clippedBy &&
          ((hidesX && (box.left < rect.left - tolerance || box.right > rect.right + tolerance)) ||
            (hidesY && (box.top < rect.top - tolerance || box.bottom > rect.bottom + tolerance)) ||
            (style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth))
        )
          clippedBy = el;
        if (scrollsX) {
          box.left = Math.min(Math.max(box.left, rect.left), rect.right);
          box.right = Math.max(Math.min(box.right, rect.right), rect.left);
        }
        if (scrollsY) {
          box.top = Math.min(Math.max(box.top, rect.top), rect.bottom);
          box.bottom = Math.max(Math.min(box.bottom, rect.bottom), rect.top);
        }
      }
      if (screenReaderOnly) continue;
      const sample = JSON.stringify(words.length > 40 ? `${words.slice(0, 40)}…` : words);
      if (clippedBy) found.push(`${sample} in ${describe(parent)} is cut off by ${describe(clippedBy)}`);
      else if (box.left < -tolerance || box.right > width + tolerance)
        found.push(`${sample} in ${describe(parent)} runs off the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    }
    return found;
  }, width);
}

/** Checks the page as it is now at one width; every problem is collected under `where`. */
async function inspectAt(page: Page, width: number, where: string, problems: string[]) {
  for (const misfit of await misfits(page, width)) problems.push(`${where}: ${misfit}`);
  const axe = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  for (const violation of axe.violations)
    for (const node of violation.nodes) problems.push(`${where}: axe ${violation.id} ${node.target.join(" ")}: ${node.failureSummary}`);
}

/**
 * Checks the page at every width, widest first: the phone turns narrower in place (the viewport resized, as
 * a browser window is), so a page is loaded, rendered and hydrated once for all widths. The page's layout is
 * CSS alone (no script measures the screen), so a resized page lays out as one loaded at that width; the
 * next page is loaded at the widest width again.
 */
async function inspect(page: Page, widths: number[], where: (width: number) => string, problems: string[]) {
  for (const [i, width] of widths.entries()) {
    if (i > 0) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    await inspectAt(page, width, where(width), problems);
  }
  if (widths.length > 1) await page.setViewportSize({ width: widths[0], height: HEIGHT });
}

async function visit(page: Page, locale: Locale, englishPath: string, status = 200) {
  const response = await page.goto(baseUrl + path(locale, englishPath));
  expect(response?.status(), englishPath).toBe(status);
  await hydrated(page);
  // /about and /stores slide in (docs/spec.md §2): measure the page where it comes to rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/** Posts a form as a browser without JavaScript does; the phone's cookies keep the bag. */
async function post(context: BrowserContext, locale: Locale, englishPath: string, form: Record<string, string>) {
  const response = await context.request.post(baseUrl + path(locale, englishPath), { form, headers: { Origin: baseUrl }, maxRedirects: 0 });
  expect(response.status(), `POST ${englishPath}`).toBe(302);
}

/** Branch, period and one person at Ciaslin in winter. */
async function startBag(context: BrowserContext, locale: Locale) {
  await post(context, locale, "/rental/winter/ciaslin", winterPeriod(new Date(), 3));
  await post(context, locale, "/rental/winter/ciaslin/persons", {
    intent: "save",
    "persons.0.firstName": "Anna",
    "persons.0.heightCm": "172",
    "persons.0.weightKg": "64",
    "persons.0.skill": "intermediate",
    "persons.0.shoeSize": "39",
  });
}

/** The test of these languages at both widths. */
export function checkNarrowScreens(languages: readonly Locale[]) {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  it.each(languages)(
    "in %s at 390 and 320 px every public page and booking step fits, reads whole and has tap targets of 24 px",
    async (locale) => {
      const context = await phone(locale);
      const page = await context.newPage();
      // Which page said it: the 404 page's own status is the one console error expected.
      const pageErrors: string[] = [];
      const known = (here: string, text: string) => here.endsWith("/no-such-page") && text.includes("404");
      const record = (text: string) => {
        const here = new URL(page.url()).pathname;
        if (!known(here, text)) pageErrors.push(`${here}: ${text}`);
      };
      page.on("console", (message) => {
        if (message.type() === "error") record(message.text());
      });
      page.on("pageerror", (error) => record(error.message));
      const problems: string[] = [];
      const where = (what: string) => (width: number) => `${locale} ${width} px ${what}`;
      const check = (what: string) => inspect(page, WIDTHS, where(what), problems);

      // The first visit: the consent banner is open, and so is the language menu once.
      await visit(page, locale, "/");
      await expect.poll(() => page.locator("[data-consent-banner]").isVisible()).toBe(true);
      await check("/ with the cookie banner");
      await page.locator("header summary").click();
      await expect.poll(() => page.locator("header details[open] form").isVisible()).toBe(true);
      await check("/ with the language menu open");
      await page.locator("header summary").click();
      await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);

      for (const englishPath of PUBLIC_PAGES) {
        await visit(page, locale, englishPath, englishPath === "/no-such-page" ? 404 : 200);
        await check(englishPath);
      }

      await startBag(context, locale);
      const [persons, equipment, bag, checkout] = BAG_PAGES;
      await visit(page, locale, persons);
      await check(persons);
      await visit(page, locale, equipment);
      const card = page.locator('[data-item="ski-easy-carve"]');
      await card.locator('form button[type="submit"]').first().click();
      await expect.poll(() => card.getAttribute("data-state")).toBe("added");
      await check(equipment);
      await visit(page, locale, bag);
      await check(bag);
      await post(context, locale, bag, { intent: "continue" });
      await visit(page, locale, checkout);
      await check(checkout);

      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
    300_000,
  );
}
