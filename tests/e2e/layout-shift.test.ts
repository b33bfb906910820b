import { describe, expect, it } from "vitest";
import { browserPerFile, routerReady, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

const pages = ["/", "/stores", "/shop/ciaslin", "/rental/winter", "/rental/winter/ciaslin", "/sports-shop", "/item/ski-easy-carve"];

describe("layout shift on a phone", () => {
  it.each(pages)("%s shifts less than 0.02", async (path) => {
    const context = await chrome.browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true });
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
