/**
 * The camera on the hand-out's unit code fields (issue 20), in Chromium on a phone: its fake camera films a
 * label (a Code 128 and a QR code of the reserved unit's code, drawn into a Y4M file the test writes), the
 * browser's BarcodeDetector is taken away so the scanner loads its own decoder (and only then), and the
 * code lands in the field; the scanner moves on to the next field and, closed, leaves the cursor there.
 * Where the browser has a BarcodeDetector, it is the one asked, and the fallback is never fetched. With the
 * camera refused, the scanner says so in Danish at 320 px, and typing the codes hands out as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { code128Bars } from "../../app/domain/code128";
import en from "../../app/i18n/lang/en.json";
import { launchBrowser, openPage, PHONE_UA, workerShop } from "../helpers/browser";
import { bookOut, expectAccessible, hydrated, text, winterPeriod } from "../helpers/browser-booking";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
const dir = mkdtempSync(join(tmpdir(), "scan-codes-"));
const camera = join(dir, "label.y4m");
let browser: Browser;

/**
 * One 640 × 480 frame of a label, as Chromium's fake camera plays a file (YUV 4:2:0, looped): the code's
 * Code 128 across the top, its QR code below, black on white.
 */
function writeLabelVideo(code: string) {
  const [width, height] = [640, 480];
  const luma = new Uint8Array(width * height).fill(235);
  const fill = (x: number, y: number, w: number, h: number) => {
    for (let row = y; row < y + h; row++) luma.fill(16, row * width + x, row * width + x + w);
  };
  const { modules, bars } = code128Bars(code);
  const module = Math.floor((width - 80) / (modules + 20));
  const left = Math.floor((width - modules * module) / 2);
  for (const bar of bars) fill(left + bar.x * module, 40, bar.width * module, 110);
  const qr = QRCode.create(code, { errorCorrectionLevel: "M" }).modules;
  const cell = Math.floor(230 / qr.size);
  const qrLeft = Math.floor((width - qr.size * cell) / 2);
  for (let row = 0; row < qr.size; row++)
    for (let column = 0; column < qr.size; column++) if (qr.get(row, column)) fill(qrLeft + column * cell, 205 + row * cell, cell, cell);
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  writeFileSync(camera, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
}

beforeAll(async () => {
  // The file is read when a page starts the camera, so it can be written once the codes are known.
  writeLabelVideo("NOTHING-YET");
  browser = await launchBrowser(["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${camera}`]);
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function phone(width: number, permissions: string[]) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
    permissions,
  });
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  // Chromium on Linux has no BarcodeDetector anyway; taken away so the scanner's own decoder is what reads, wherever this runs.
  await context.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  return context;
}

async function openOrder(context: BrowserContext, locale: "en" | "da", orderPath: string, lines = 2) {
  const number = /R-\d{4}-\d{6}/.exec(await (await context.request.get(`${baseUrl}${orderPath}`)).text())?.[0] as string;
  const { page, consoleErrors } = await openPage(context);
  await page.goto(`${baseUrl}/login?next=/admin/orders`);
  await hydrated(page);
  await page.locator("#email").fill(ADMIN_EMAIL);
  await page.locator("#password").fill(ADMIN_PASSWORD);
  await page.locator("#password").press("Enter");
  await page.waitForURL(`${baseUrl}/admin/orders`);
  const prefix = locale === "en" ? "" : `/${locale}`;
  await page.goto(`${baseUrl}${prefix}/admin/orders?q=${number}`);
  await page.waitForURL(new RegExp(`${prefix}/admin/order/[0-9a-f-]{36}$`));
  await hydrated(page);
  const fields = page.locator('input[name^="codes."]');
  await expect.poll(() => fields.count()).toBe(lines);
  const reserved = text(locale, "admin.orders.reserved", { codes: "" });
  const codes = await fields.evaluateAll(
    (inputs, hint) => inputs.map((input) => (document.getElementById(`${input.id}-hint`)?.textContent ?? "").replace(hint, "").trim()),
    reserved,
  );
  return { page, consoleErrors, fields, codes };
}

const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? "");

describe("scanning unit codes with the camera at the hand-out", () => {
  it("reads the label through the scanner's own decoder, fills the field and moves on to the next one", async () => {
    const orderPath = await bookOut(baseUrl, "ski-all-mountain", ["163", "170"], winterPeriod(new Date(), 13), {
      email: "scan.camera@example.com",
    });
    const context = await phone(390, ["camera"]);
    const { page, consoleErrors, fields, codes } = await openOrder(context, "en", orderPath);
    for (const code of codes) expect(code).toMatch(/^CI-SKI-\d+$/);
    writeLabelVideo(codes[0]);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });

    const names = await fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));
    const label = await page.locator(`label[for="${await fields.nth(0).getAttribute("id")}"]`).textContent();
    const button = page.getByRole("button", { name: en.admin.scan.open.replace("{{field}}", label ?? "") });
    await button.click();
    const scanner = page.getByRole("dialog", { name: en.admin.scan.title });
    await scanner.waitFor();
    // The code lands in the first field, and the scanner says so and goes on to the second.
    await expect.poll(() => fields.nth(0).inputValue(), { timeout: 20_000 }).toBe(codes[0]);
    await expect
      .poll(() => scanner.locator("[data-scan-status]").textContent())
      .toBe(en.admin.scan.scanned.replace("{{code}}", codes[0]).replace("{{field}}", label ?? ""));
    const second = await page.locator(`label[for="${await fields.nth(1).getAttribute("id")}"]`).textContent();
    expect(await scanner.textContent()).toContain(en.admin.scan.for.replace("{{field}}", second ?? ""));
    // Only the decoder of browsers without BarcodeDetector was fetched, now that the scanner opened.
    expect(scripts.filter((url) => url.includes("/code-decoder-"))).toHaveLength(1);
    await expectAccessible(page, "the scanner open");

    await scanner.getByRole("button", { name: en.admin.scan.close }).click();
    await scanner.waitFor({ state: "hidden" });
    // Closed, the cursor is in the code still to fill in, as after a hand scanner's Enter; the camera is off.
    await expect.poll(() => focused(page)).toBe(names[1]);
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll("video")].some((v) => (v.srcObject as MediaStream | null)?.active)))
      .toBe(false);
    expect(await fields.nth(1).inputValue()).toBe("");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("reads with the browser's BarcodeDetector where there is one, asking it for QR codes and Code 128, without the fallback", async () => {
    const orderPath = await bookOut(baseUrl, "ski-all-mountain", ["156"], winterPeriod(new Date(), 13), {
      email: "scan.native@example.com",
    });
    const context = await phone(390, ["camera"]);
    // A detector as Chrome on Android has one, which "sees" the code put into the page's window.
    await context.addInitScript(() => {
      const scope = window as unknown as Record<string, unknown>;
      scope.BarcodeDetector = class {
        static async getSupportedFormats() {
          return ["aztec", "code_128", "ean_13", "qr_code"];
        }
        constructor(options: { formats: string[] }) {
          scope.askedFormats = options.formats;
        }
        async detect(source: HTMLVideoElement) {
          return source.videoWidth > 0 && typeof scope.seen === "string"
            ? [{ rawValue: ` ${scope.seen.toLowerCase()} `, format: "qr_code" }]
            : [];
        }
      };
    });
    const { page, consoleErrors, fields, codes } = await openOrder(context, "en", orderPath, 1);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.locator("button[data-scan-for]").first().click();
    await page.getByRole("dialog", { name: en.admin.scan.title }).waitFor();
    await page.evaluate((code) => {
      (window as unknown as Record<string, unknown>).seen = code;
    }, codes[0]);
    // Read as the detector gives it (spaces, lower case) and written as a unit code; the only field filled, the scanner closes.
    await expect.poll(() => fields.nth(0).inputValue(), { timeout: 20_000 }).toBe(codes[0]);
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).askedFormats)).toEqual(["qr_code", "code_128"]);
    expect(scripts.filter((url) => url.includes("/code-decoder-"))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("says in Danish at 320 px that the camera was refused, and the typed codes hand out as before", async () => {
    const orderPath = await bookOut(baseUrl, "ski-all-mountain", ["149", "177"], winterPeriod(new Date(), 13), {
      email: "scan.refused@example.com",
      locale: "da",
    });
    const context = await phone(320, []);
    const { page, consoleErrors, fields, codes } = await openOrder(context, "da", orderPath);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.locator("button[data-scan-for]").first().click();
    const scanner = page.getByRole("dialog", { name: text("da", "admin.scan.title") });
    await scanner.getByRole("alert").getByText(text("da", "admin.scan.refused")).waitFor();
    // Nothing wider than the phone, the dialog included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = await scanner.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    // Refused, the decoder is not fetched at all.
    expect(scripts.filter((url) => url.includes("/code-decoder-"))).toEqual([]);
    await expectAccessible(page, "the scanner refused");
    await page.keyboard.press("Escape");
    await scanner.waitFor({ state: "hidden" });

    await fields.nth(0).fill(codes[0]);
    await fields.nth(1).fill(codes[1]);
    // Weeks before the pickup day, the clerk confirms handing out early.
    await page.getByLabel(text("da", "admin.orders.early")).check();
    await page.getByRole("button", { name: text("da", "admin.orders.pickupButton") }).click();
    await page.waitForURL(/\?done=pickup$/);
    await expect.poll(() => page.locator("[data-status]").first().getAttribute("data-status")).toBe("picked_up");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
