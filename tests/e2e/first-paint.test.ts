/**
 * Paint first (decision 024), in Chromium against the production build: the document and its one stylesheet
 * (a cached file, decision 036) paint the page, no script is fetched before the first contentful paint, and
 * the page then hydrates as before: client-side navigation works, with no error logged.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, routerReady, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
const chrome = browserPerFile();

const pages = ["/", "/stores", "/shop/ciaslin", "/rental", "/rental/winter", "/de/rental/winter/ciaslin", "/da/sports-shop"];

describe("paint first, then hydrate", () => {
  it.each(pages)("%s paints from the document alone, then hydrates", async (path) => {
    const context = await chrome.browser.newContext({ viewport: { width: 412, height: 823 } });
    const { page, consoleErrors } = await openPage(context);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(baseUrl + path);
    await routerReady(page);

    // One stylesheet, the build's file, linked in the head; no style element; the page is styled by it.
    expect(requests.filter((p) => p.endsWith(".css"))).toHaveLength(1);
    expect(await page.locator("head link[rel=stylesheet][href^='/assets/']").count()).toBe(1);
    expect(await page.locator("style").count()).toBe(0);
    const h1Weight = await page
      .locator("h1")
      .first()
      .evaluate((h1) => getComputedStyle(h1).fontWeight);
    expect(Number(h1Weight)).toBeGreaterThanOrEqual(600);

    // Every script was asked for after the first contentful paint was presented.
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"));
      return { paint: paint?.startTime ?? null, firstScript: Math.min(...scripts.map((entry) => entry.startTime)), count: scripts.length };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.count).toBeGreaterThan(3);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint as number);

    // Hydrated: a link now navigates on the client, keeping the window.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const link = page.locator('footer a[href$="/about"], header a[href$="/about"]').first();
    await link.click();
    await page.waitForURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => document.querySelector("h1")?.textContent ?? "")).not.toBe("");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("without JavaScript the page is just as styled and complete", async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/it/stores`);
    expect(requests.filter((p) => p.startsWith("/assets/"))).toEqual([requests.find((p) => /^\/assets\/app-[\w-]+\.css$/.test(p))]);
    const h1Weight = await page
      .locator("h1")
      .first()
      .evaluate((h1) => getComputedStyle(h1).fontWeight);
    expect(Number(h1Weight)).toBeGreaterThanOrEqual(600);
    await context.close();
  });

  it("a document that arrives in two pieces is painted only once it is all there (no half page, no shift)", async () => {
    // A proxy that sends the document up to the end of its header, then the rest 800 ms later, as a slow
    // link would. Without the render-blocking `rel="expect"` the browser paints the half page at once.
    const HOLD_MS = 800;
    const target = new URL(baseUrl);
    const proxy: Server = createServer((incoming, outgoing) => {
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, "accept-encoding": "identity", host: target.host },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            const body = Buffer.concat(chunks);
            const cut = body.indexOf("</header>");
            const headers = { ...answer.headers };
            delete headers["content-length"];
            outgoing.writeHead(answer.statusCode ?? 200, headers);
            if (cut === -1 || !String(answer.headers["content-type"]).startsWith("text/html")) return outgoing.end(body);
            outgoing.write(body.subarray(0, cut));
            setTimeout(() => outgoing.end(body.subarray(cut)), HOLD_MS);
          });
        },
      );
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const context = await chrome.browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    try {
      for (const path of ["/stores", "/rental/winter"]) {
        await page.goto(proxyUrl + path);
        const paint = await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              new PerformanceObserver((list) => {
                const entry = list.getEntriesByName("first-contentful-paint")[0];
                if (entry) resolve(entry.startTime);
              }).observe({ type: "paint", buffered: true }),
            ),
        );
        expect(paint, path).toBeGreaterThanOrEqual(HOLD_MS);
      }
    } finally {
      await context.close();
      proxy.close();
    }
  });
});
