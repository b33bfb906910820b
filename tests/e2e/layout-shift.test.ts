/**
 * No layout shift (issue 6: CLS below 0.02) on a phone: the layout-shift entries Chromium reports from
 * the first byte until the page is hydrated and idle, summed as CLS sums them within one session. The
 * network and the CPU are slowed down like Lighthouse's mobile preset (slow 4G, 4× CPU), so the page
 * paints before it hydrates, as it does on a real phone.
 * The dates step swaps its plain date inputs for the calendar on hydration: the place is reserved.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, routerReady, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pages = ["/", "/stores", "/shop/ciaslin", "/rental/winter", "/rental/winter/ciaslin", "/sports-shop", "/item/ski-easy-carve"];

describe("layout shift on a phone", () => {
  it.each(pages)("%s shifts less than 0.02", async (path) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 85_000,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    await routerReady(page);
    // Two frames after hydration: any shift it causes has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    const cls = shifts.reduce((sum, value) => sum + value, 0);
    expect(cls, `shifts: ${shifts.join(", ")}`).toBeLessThan(0.02);
    await context.close();
  });
});
