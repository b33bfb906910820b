/** Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work here). */
import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Download, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./server-process";
import { DESKTOP_UA, PHONE_UA } from "./user-agent";

/** The user agents, for the browser tests that set their own context. */
export { DESKTOP_UA, PHONE_UA };

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

/** The switches every test Chromium runs with. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium for a test file: a connection to its worker's Chromium (tests/e2e/global-setup.ts starts one per
 * worker, as it does the shop), or a Chromium of its own when `extraArgs` add switches, such as a fake
 * camera. Closing the connection closes the file's contexts and leaves the worker's Chromium for the next
 * file: a launch cost 1.4–2 s per file, a connection 0.1–0.7 s.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const endpoint = extraArgs.length === 0 ? inject("browsers")?.[Number(process.env.VITEST_POOL_ID ?? "1") - 1] : undefined;
  if (endpoint) return chromium.connect(endpoint);
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export type Device = "desktop" | "tablet" | "phone";

/**
 * What a test context looks like: a 1280 px desktop, an 820 px tablet or a phone (390 px unless `width`);
 * any of Playwright's options (a `viewport` of its own, `javaScriptEnabled`, …) over that.
 */
export type ContextOptions = {
  device?: Device;
  width?: number;
  /** The cookie banner answered ("necessary") before the first page: true unless a test is about the banner. */
  consent?: boolean;
  /** The shop to set the consent cookie for: this worker's unless given. */
  url?: string;
} & BrowserContextOptions;

const DEVICES: Record<Device, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_UA },
  tablet: { viewport: { width: 820, height: 1180 }, userAgent: DESKTOP_UA },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_UA },
};

/** A browser context of a customer or clerk on `device`, the cookie banner answered unless `consent: false`. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { device = "desktop", width, consent = true, url = workerShop().url, ...rest } = options;
  const base = DEVICES[device];
  const viewport = width && base.viewport ? { ...base.viewport, width } : base.viewport;
  const context = await browser.newContext({ ...base, viewport, ...rest });
  if (consent) await context.addCookies([{ name: "consent", value: "necessary", url }]);
  return context;
}

/**
 * The browser of a test file, and (with `context`) one context all its tests share, signed in as the shop's
 * admin with `admin`: opened before the file's first test, closed after its last. Read `.browser` and
 * `.context` inside tests and hooks.
 */
export function browserPerFile(options: { context?: ContextOptions; admin?: boolean; extraArgs?: string[] } = {}) {
  const state = {} as { browser: Browser; context: BrowserContext };
  beforeAll(async () => {
    state.browser = await launchBrowser(options.extraArgs);
    if (options.context) state.context = await newContext(state.browser, options.context);
    if (options.context && options.admin) await signIn(state.context, options.context.url ?? workerShop().url);
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return state;
}

/**
 * A download's content as text, read through its stream: over the connection to the worker's Chromium the
 * file lies on the browser's side, where `download.path()` cannot reach it.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
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
 * The axe rules whose outcome can change when only the words of a page change (decision 066): the page's
 * language, the accessible names and text alternatives taken from the text, an empty heading or title, and
 * the rules that measure what the words' length lays out (the contrast of a word with what lies behind it
 * where it wraps, tap targets, a link inside a block of text, a region that overflows into a scroller). The
 * other rules look at markup, roles and attributes, which every language shares: they run once per page
 * (`allViolations`, in English), these in every language.
 */
export const TEXT_RULES = [
  "html-has-lang",
  "html-lang-valid",
  "html-xml-lang-mismatch",
  "valid-lang",
  "document-title",
  "area-alt",
  "aria-command-name",
  "aria-dialog-name",
  "aria-input-field-name",
  "aria-meter-name",
  "aria-progressbar-name",
  "aria-tab-name",
  "aria-toggle-field-name",
  "aria-tooltip-name",
  "aria-treeitem-name",
  "button-name",
  "empty-heading",
  "empty-table-header",
  "frame-title",
  "frame-title-unique",
  "image-alt",
  "image-redundant-alt",
  "input-button-name",
  "input-image-alt",
  "label",
  "label-title-only",
  "landmark-unique",
  "link-name",
  "object-alt",
  "role-img-alt",
  "select-name",
  "summary-name",
  "svg-img-alt",
  "table-duplicate-name",
  "color-contrast",
  "link-in-text-block",
  "target-size",
  "scrollable-region-focusable",
];

/** Every violation of the text-dependent axe rules (`TEXT_RULES`), of any impact. */
export async function textViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(TEXT_RULES).analyze();
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

/**
 * Signs in without the form: the login is posted over HTTP by the context's own request client, whose cookies
 * are the context's, so its pages are signed in. For tests that are not about signing in (the form has tests
 * of its own: admin.test.ts, accounts.test.ts); a page load and a hydration less per sign-in.
 */
export async function signIn(context: BrowserContext, url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const answer = await context.request.post(`${url}/login`, { form: { email, password }, headers: { Origin: url }, maxRedirects: 0 });
  if (answer.status() !== 302) throw new Error(`signing in ${email} failed: ${answer.status()} ${await answer.text()}`);
}

/** A browser context of the shop's admin, signed in, with the cookie banner answered ("necessary"). */
export async function adminContext(browser: Browser, url = workerShop().url, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await newContext(browser, { ...options, url });
  await signIn(context, url);
  return context;
}
