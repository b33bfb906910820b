/**
 * The home page's JavaScript budget (issue 6: at most 120 KB gzip). Chromium loads the page and says
 * which scripts it runs; each is then fetched again asking for gzip only, and counted by the bytes on
 * the wire (Content-Length). Browsers that take Brotli get less.
 */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { browserPerFile, routerReady, workerShop } from "../helpers/browser";

const baseUrl = workerShop().url;
const BUDGET = 120 * 1024;
const chrome = browserPerFile();

/** Bytes sent for a URL with this Accept-Encoding, undecoded. */
function bytesOnTheWire(url: string, encoding: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the home page's JavaScript", () => {
  it.each(["/", "/de"])("%s stays within 120 KB gzip", async (path) => {
    const page = await chrome.browser.newPage();
    const scripts = new Set<string>();
    page.on("requestfinished", (r) => {
      if (r.resourceType() === "script") scripts.add(r.url());
    });
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    await routerReady(page);
    await page.close();
    expect(scripts.size).toBeGreaterThan(3);
    const gzip = await Promise.all([...scripts].map((url) => bytesOnTheWire(url, "gzip")));
    const brotli = await Promise.all([...scripts].map((url) => bytesOnTheWire(url, "br, gzip")));
    // Everything but the tiniest files (under 1 KB, not worth it) arrives compressed.
    expect(gzip.filter((s) => s.encoding !== "gzip" && s.bytes >= 1024)).toEqual([]);
    const total = (list: { bytes: number }[]) => list.reduce((sum, s) => sum + s.bytes, 0);
    console.log(
      `${path}: ${scripts.size} scripts, ${(total(gzip) / 1024).toFixed(1)} KB gzip, ${(total(brotli) / 1024).toFixed(1)} KB Brotli`,
    );
    expect(total(brotli)).toBeLessThan(total(gzip));
    expect(total(gzip)).toBeLessThanOrEqual(BUDGET);
  });
});
