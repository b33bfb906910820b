/**
 * The back office's settings, partner hotels, commission report, dashboard and calendar in Chromium, as an
 * admin: a changed setting shows on the public site, a reminder is switched off and on again on a phone, a hotel is created, changed and deleted, a day closed
 * from the calendar is refused by the booking's period step and shown on the branch's page, then opened
 * again. axe on every screen. The shop process is shared with the other browser tests: whatever is changed
 * here is put back, also when a step fails (afterAll).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import { adminContext, DESKTOP_UA, launchBrowser, openPage, routerReady, seriousViolations, workerShop } from "../helpers/browser";
import { winterPeriod } from "../helpers/visitor";

const baseUrl = workerShop().url;
/** Headless Chromium's own user agent counts as a bot (no rendered error pages): browse as desktop Chrome. */
const LEGAL_NAME = "Dolomiti Rent Prova S.r.l. (e2e)";
const HOTEL = "Hotel Ciasa e2e";

let browser: Browser;
let admin: BrowserContext;
/** The settings form as it was before this file changed anything, to post back at the end. */
let originalSettings: [string, string][] | null = null;
/** A Monday well ahead in the season, closed and opened again at Ciaslin. */
const period = winterPeriod(new Date(), 6);
let ciaslinId: string | null = null;

const hydrated = routerReady;

async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Posts a form with the admin's session, the way the page's own form would. */
async function postForm(path: string, fields: [string, string][]) {
  return admin.request.post(baseUrl + path, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminContext(browser, baseUrl);
});

afterAll(async () => {
  // Put back what this file changed, whatever happened above.
  if (admin) {
    if (originalSettings) await postForm("/admin/settings", originalSettings);
    if (ciaslinId)
      await postForm("/admin/calendar", [
        ["intent", "reopenDay"],
        ["shopId", ciaslinId],
        ["day", period.pickupDate],
      ]);
  }
  await browser?.close();
});

describe("settings", () => {
  it("refuses a bad tag manager id beside the field, saves the business data, and the legal notice shows it", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/settings`);
    await hydrated(page);
    await expectAccessible(page, "settings");
    originalSettings = await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("main form[method=post]");
      return form ? ([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]) as [string, string][]) : null;
    });
    expect(originalSettings?.some(([name]) => name === "business.legalName")).toBe(true);

    const gtm = page.getByLabel("Google Tag Manager container (optional)", { exact: true });
    await gtm.fill("gtm-lower");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").waitFor();
    await expect.poll(() => gtm.getAttribute("aria-invalid")).toBe("true");
    const message = page.locator(`#${await gtm.getAttribute("id")}-error`);
    expect(await message.textContent()).toBe("Enter the container ID as GTM- followed by capital letters or digits, e.g. GTM-AB12CD.");
    // What was typed is still there.
    expect(await gtm.inputValue()).toBe("gtm-lower");
    await expectAccessible(page, "settings with an error");

    await gtm.fill("");
    await page.getByLabel("Legal name (company)", { exact: true }).fill(LEGAL_NAME);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${baseUrl}/admin/settings?saved=1`);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    // The change history names the setting.
    await page.locator('[data-setting="business"]').first().waitFor();

    const visitor = await browser.newContext({ userAgent: DESKTOP_UA });
    const legal = await visitor.newPage();
    await legal.goto(`${baseUrl}/impressum`);
    await hydrated(legal);
    expect(await legal.locator("main").textContent()).toContain(LEGAL_NAME);
    await legal.goto(`${baseUrl}/de/privacy`);
    expect(await legal.locator("main").textContent()).toContain(LEGAL_NAME);
    await visitor.close();

    // Back as it was, through the form.
    const original = originalSettings?.find(([name]) => name === "business.legalName")?.[1] ?? "";
    await page.getByLabel("Legal name (company)", { exact: true }).fill(original);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByLabel("Legal name (company)", { exact: true }).inputValue()).toBe(original);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });
});

describe("reminder settings", () => {
  it("switches the return reminder off and on again in Danish and German on a phone, each change in the history", async () => {
    const { page, consoleErrors } = await openPage(admin);
    for (const [prefix, width, texts] of [
      ["/da", 320, da],
      ["/de", 390, de],
    ] as const) {
      const label = texts.admin.settings.field.reminderReturn;
      /** Saves, waits for the action's answer, and opens the page afresh: what it shows is what was stored. */
      const saveAndReload = async () => {
        const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/settings"));
        await page.getByRole("button", { name: texts.admin.form.save, exact: true }).click();
        expect((await answered).status()).toBeLessThan(400);
        await page.waitForURL(`${baseUrl}${prefix}/admin/settings?saved=1`);
        await page.getByRole("status").filter({ hasText: texts.admin.form.saved }).waitFor();
        await page.goto(`${baseUrl}${prefix}/admin/settings`);
        await hydrated(page);
      };
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${baseUrl}${prefix}/admin/settings`);
      await hydrated(page);
      expect(await page.getByLabel(label, { exact: true }).isChecked()).toBe(true);
      // The section fits the phone: nothing sticks out, no label or hint is cut off.
      const section = page.locator("fieldset:has(#field-reminders-return)");
      expect(await section.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
      expect(
        await section.evaluate((el) => [...el.querySelectorAll("label, p, legend")].filter((t) => t.scrollWidth > t.clientWidth).length),
      ).toBe(0);

      await page.getByLabel(label, { exact: true }).uncheck();
      await saveAndReload();
      expect(await page.getByLabel(label, { exact: true }).isChecked()).toBe(false);
      expect(await page.getByLabel(texts.admin.settings.field.reminderPickup, { exact: true }).isChecked()).toBe(true);
      await page.locator('[data-setting="reminders"]').first().waitFor();

      await page.getByLabel(label, { exact: true }).check();
      await saveAndReload();
      expect(await page.getByLabel(label, { exact: true }).isChecked()).toBe(true);
    }
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("partner hotels", () => {
  it("creates, changes and deletes a hotel with a confirmation step", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/settings`);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Partner hotels" }).click();
    await page.waitForURL(`${baseUrl}/admin/settings/hotels`);
    await page.getByRole("heading", { level: 1, name: "Partner hotels" }).waitFor();
    await page.locator("main table").waitFor();
    await expectAccessible(page, "hotels");

    await page.getByRole("link", { name: "Create" }).click();
    await page.waitForURL(`${baseUrl}/admin/settings/hotel/create`);
    await page.getByRole("heading", { level: 1, name: "New partner hotel" }).waitFor();
    await expectAccessible(page, "new hotel");
    await page.getByLabel("Name", { exact: true }).fill(HOTEL);
    await page.getByLabel("Town", { exact: true }).fill("Ciaslin");
    await page.getByLabel("Street and number (optional)").fill("Strada e2e 5");
    await page.getByLabel("Guest discount (%)", { exact: true }).fill("6");
    await page.getByLabel("Commission (%)", { exact: true }).fill("150");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByLabel("Commission (%)", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Commission (%)", { exact: true }).fill("9");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/admin\/settings\/hotel\/\d+\?saved=1$/);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await expect.poll(() => page.locator("main h1").textContent()).toBe(HOTEL);
    await expectAccessible(page, "hotel");

    await page.getByLabel("Commission (%)", { exact: true }).fill("11");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator('[data-audit="update"]').count()).toBe(1);
    expect(await page.getByLabel("Commission (%)", { exact: true }).inputValue()).toBe("11");

    await page.getByText(`Delete ${HOTEL}…`).click();
    await page.getByRole("button", { name: `Yes, delete ${HOTEL}` }).click();
    await page.waitForURL(`${baseUrl}/admin/settings/hotels?deleted=1`);
    await page.getByRole("status").filter({ hasText: "Deleted." }).waitFor();
    await expect.poll(() => page.locator("main table").textContent()).not.toContain(HOTEL);
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });

  it("shows the commission report by month, with the rule and a CSV download", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin/settings/hotels/report?month=2027-01`);
    await hydrated(page);
    expect(await page.locator("main h2").first().textContent()).toBe("January 2027");
    expect(await page.locator("#commission-rule").textContent()).toContain("in the month of their pickup");
    expect(await page.locator("main table tbody tr").count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, "commission report");
    await page.getByRole("link", { name: "← Previous month" }).click();
    await page.waitForURL(`${baseUrl}/admin/settings/hotels/report?month=2026-12`);
    await expect.poll(() => page.locator("main h2").first().textContent()).toBe("December 2026");

    const csvLink = page.getByRole("link", { name: "Download as CSV" });
    const csv = await admin.request.get(baseUrl + ((await csvLink.getAttribute("href")) ?? ""));
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Month,Hotel,Town,Commission %,Orders,Revenue EUR,Commission EUR",
    );
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("dashboard and calendar", () => {
  it("the dashboard shows the day per branch, payments waiting, revenue and utilisation", async () => {
    const { page, consoleErrors } = await openPage(admin);
    await page.goto(`${baseUrl}/admin`);
    await hydrated(page);
    for (const heading of ["Pickups and returns", "Waiting for payment", "Revenue per day", "Utilisation of rental equipment"]) {
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    }
    expect(await page.getByRole("region", { name: "Dolomiti Rent Ciaslin" }).count()).toBe(1);
    // Either the chart (with its accessible name and table) or the empty state, depending on what other tests booked.
    const chart = page.locator('svg[data-chart="revenue"]');
    if ((await chart.count()) > 0) {
      expect(await chart.getAttribute("role")).toBe("img");
      await page.getByText("Show the figures as a table").click();
      await page.getByRole("table", { name: "Revenue per day" }).waitFor();
    } else {
      await page.getByText("No paid orders in the last 30 days yet.").waitFor();
    }
    await expectAccessible(page, "dashboard");
    await page.goto(`${baseUrl}/it/admin`);
    await page.getByRole("heading", { name: "Ritiri e riconsegne" }).waitFor();
    await expectAccessible(page, "dashboard (it)");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("closes a day from the calendar, the booking refuses it and the branch page shows it, then opens it again", async () => {
    const { page, consoleErrors } = await openPage(admin);
    const month = period.pickupDate.slice(0, 7);
    await page.goto(`${baseUrl}/admin/calendar?view=month&month=${month}`);
    await hydrated(page);
    await page.getByRole("table").waitFor();
    expect(await page.locator("main table thead th").first().textContent()).toBe("Day");
    await expectAccessible(page, "calendar, month");

    await page.getByRole("navigation", { name: "Calendar view" }).getByRole("link", { name: "Week" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "week");
    await expect.poll(() => page.locator("main tbody tr").count()).toBe(7);
    await expectAccessible(page, "calendar, week");
    await page.getByRole("navigation", { name: "Calendar view" }).getByRole("link", { name: "Month" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "month");
    expect(new URL(page.url()).searchParams.get("month")).toBe(month);
    await expect.poll(() => page.locator("main tbody tr").count()).toBeGreaterThan(27);

    await page.getByText("Close a branch on a day").click();
    const shop = page.getByLabel("Shop", { exact: true }).last();
    await shop.selectOption({ label: "Dolomiti Rent Ciaslin" });
    ciaslinId = await shop.inputValue();
    await page.getByLabel("Date", { exact: true }).fill(period.pickupDate);
    await page.getByLabel("English (optional)").fill("Closed for the ski race");
    await page.getByLabel("Deutsch (optional)").fill("Geschlossen wegen Skirennen");
    await page.getByRole("button", { name: "Close on this day" }).click();
    await page.getByRole("status").filter({ hasText: "The branch is now closed on that day." }).waitFor();
    const cell = page.locator(`tr[data-date="${period.pickupDate}"] td[data-shop="${ciaslinId}"]`);
    expect(await cell.getAttribute("data-closed")).toBe("true");
    expect(await cell.textContent()).toContain("Closed for the ski race");
    await expectAccessible(page, "calendar with a closed day");

    // The booking's calendar shows the day closed, with no button to pick it (without JavaScript: the GET form).
    const noScript = await browser.newContext({ userAgent: DESKTOP_UA, javaScriptEnabled: false });
    await noScript.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
    const booking = await noScript.newPage();
    await booking.goto(`${baseUrl}/rental/winter/ciaslin?month=${month}`);
    expect(await booking.locator(`button[name="day"][value="${period.pickupDate}"]`).count()).toBe(0);
    const dayNumber = new RegExp(`^${Number(period.pickupDate.slice(8))}$`);
    expect(await booking.locator('button[disabled][aria-label$=", closed"]').filter({ hasText: dayNumber }).count()).toBe(1);
    // A form that sends the day anyway (a tab opened before the day was closed) is refused with the reason.
    const refused = await booking.request.post(`${baseUrl}/rental/winter/ciaslin`, {
      form: { pickupDate: period.pickupDate, returnDate: period.returnDate, pickupTime: "10:00", returnTime: "16:00" },
      headers: { Origin: baseUrl },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("The branch is closed on the pickup day.");
    // The branch's page lists it, in the visitor's language.
    await booking.goto(`${baseUrl}/de/shop/ciaslin`);
    expect(await booking.locator("main").textContent()).toContain("Geschlossen wegen Skirennen");
    await noScript.close();

    await cell.getByRole("button", { name: /^Open Dolomiti Rent Ciaslin again on / }).click();
    await page.getByRole("status").filter({ hasText: "The branch is open again on that day." }).waitFor();
    await expect.poll(() => cell.getAttribute("data-closed")).toBeNull();
    ciaslinId = null;
    const visitor = await browser.newContext({ userAgent: DESKTOP_UA });
    const store = await visitor.newPage();
    await store.goto(`${baseUrl}/shop/ciaslin`);
    expect(await store.locator("main").textContent()).not.toContain("Closed for the ski race");
    await visitor.close();
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
