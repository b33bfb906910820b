/**
 * Webhooks in Chromium, as an admin: an endpoint registered (its secret shown once), a private address
 * refused, an order's events arriving signed at a local receiver, the delivery log, and "send again". On a
 * shop process of its own with the private-network switch on (the receiver is on 127.0.0.1; the sandbox
 * has no internet) and a one-second sweep; a loopback address is refused with the switch off in the
 * integration tests.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../app/domain/webhooks";
import { adminContext, launchBrowser, openPage, routerReady, seriousViolations } from "../helpers/browser";
import { bookOut, text, winterPeriod } from "../helpers/browser-booking";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

const en = (key: string, values: Record<string, string | number> = {}) => text("en", key, values);

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let shop: ShopProcess;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("got it");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rental-hook`;
  shop = await startShopProcess({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_SWEEP_SECONDS: "1" });
  browser = await launchBrowser();
  admin = await adminContext(browser, shop.url);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

describe("webhooks in the back office", () => {
  it("registers an endpoint, shows its secret once, logs the signed deliveries of an order and sends one again", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${shop.url}/admin`);
    await routerReady(page);
    await page.getByRole("link", { name: en("admin.nav.webhooks") }).click();
    await page.waitForURL(`${shop.url}/admin/webhooks`);
    await expect.poll(() => page.getByText(en("admin.webhooks.empty")).count()).toBe(1);

    // Nothing ticked and a URL with a password: both refused, what was typed kept.
    await page.getByLabel(en("admin.webhooks.url")).fill("https://user:secret@hooks.example.com/x");
    await page.getByRole("button", { name: en("admin.webhooks.register") }).click();
    await expect.poll(() => page.getByText(en("admin.webhooks.errors.credentials")).count()).toBe(1);
    expect(await page.getByText(en("admin.webhooks.errors.events")).count()).toBe(1);
    expect(await page.getByLabel(en("admin.webhooks.url")).inputValue()).toBe("https://user:secret@hooks.example.com/x");

    await page.getByLabel(en("admin.webhooks.url")).fill(receiverUrl);
    await page.getByLabel(en("admin.field.description")).fill("Accounting");
    await page.getByLabel(en("admin.webhooks.eventNames.created")).check();
    await page.getByLabel(en("admin.webhooks.eventNames.paid")).check();
    await page.getByRole("button", { name: en("admin.webhooks.register") }).click();
    const secretField = page.locator("#webhook-secret");
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await page.getByText(en("admin.webhooks.secretWarning")).count()).toBe(1);
    await expectAccessible(page, "the new endpoint's secret");

    // Shown once: the list, loaded again, does not have it.
    await page.goto(`${shop.url}/admin/webhooks`);
    await expect.poll(() => page.getByRole("link", { name: receiverUrl }).count()).toBe(1);
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator("#webhook-secret").count()).toBe(0);

    // An order booked and paid: two events, delivered by the shop's sweeper, signed with that secret.
    await bookOut(shop.url, "ski-all-mountain", ["156"], winterPeriod(new Date(), 9), { email: "hooks.guest@example.com" });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    const bodies = received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: { order: { id: string } } });
    expect(bodies.map((b) => b.type)).toEqual(["order.created", "order.paid"]);
    for (const r of received) expect(verifyWebhookSignature(secret, r.headers["rental-signature"] as string, r.body)).toBe(true);

    await page.getByRole("link", { name: receiverUrl }).click();
    await routerReady(page);
    const rows = page.locator("tbody tr");
    await expect.poll(() => page.locator('[data-delivery-status="delivered"]').count()).toBe(2);
    // Newest first: the payment above the creation.
    expect(await rows.nth(0).locator("[data-event]").getAttribute("data-event")).toBe("order.paid");
    expect(await rows.nth(0).textContent()).toContain(bodies[1].data.order.id);
    expect(await rows.nth(0).textContent()).toContain("got it");
    await expectAccessible(page, "the delivery log");

    await rows
      .nth(1)
      .getByRole("button", { name: en("admin.webhooks.resend") })
      .click();
    await expect.poll(() => page.getByText(en("admin.webhooks.resent")).count()).toBe(1);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    expect(JSON.parse(received[2].body).id).toBe(bodies[0].id);
    expect(received[2].headers["rental-event-id"]).toBe(bodies[0].id);
    await page.reload();
    await expect.poll(() => page.locator('[data-delivery-status="delivered"]').count()).toBe(2);
    expect(await page.locator('[data-audit="webhookResend"]').count()).toBe(1);

    // A new secret, shown once in its place; deliveries from then on are signed with it.
    await page.getByText(en("admin.webhooks.roll")).click();
    await page.getByRole("button", { name: en("admin.webhooks.rollConfirm") }).click();
    await expect.poll(() => page.locator("#webhook-secret").count()).toBe(1);
    const rolled = await page.locator("#webhook-secret").inputValue();
    expect(rolled).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rolled).not.toBe(secret);
    await expectAccessible(page, "the rolled secret");

    // The refused registration answered 400, as every refused form does.
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  });
});
