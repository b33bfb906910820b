/**
 * Accounts in a real browser (issue 5, decision 016): a customer signs up (a common password is refused
 * beside its field), finds the account page from the header, changes the password, forgets it and
 * resets it through the e-mailed link without JavaScript; the admin sets up two-step verification from
 * the QR code's key and signs in with a code. axe checks every page on the way.
 *
 * The worker's e2e server is shared by the files that worker runs: the e-mail address is new on each run, and the admin's
 * second factor is turned off again at the end, whatever happens.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { base32Decode, totp } from "../../app/domain/totp";
import { DESKTOP_UA, launchBrowser, openPage, routerReady, seriousViolations, workerShop } from "../helpers/browser";
import { bookOut, text, winterPeriod } from "../helpers/browser-booking";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helpers/server-process";

const baseUrl = workerShop().url;
let browser: Browser;

const customer = {
  name: "Lotte Peeters",
  email: `lotte-${randomBytes(5).toString("hex")}@example.com`,
  password: "fietsen in de bergen",
  changed: "skiën op de Sella Ronda",
  reset: "wandelen naar de Seceda",
};

async function newVisitor(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ userAgent: DESKTOP_UA, ...options });
  // A step that cannot happen fails with its own message, not the test's time-out.
  context.setDefaultTimeout(15_000);
  await context.addCookies([{ name: "consent", value: "necessary", url: baseUrl }]);
  return context;
}

const hydrated = routerReady;

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

/**
 * axe needs JavaScript in the page, so a page seen without JavaScript is checked again as loaded by a
 * browser with it (the server renders the same markup).
 */
async function expectAccessibleAt(url: string) {
  const context = await newVisitor();
  const page = await context.newPage();
  await page.goto(url);
  await expectAccessible(page);
  await context.close();
}

/**
 * The link with `?{param}=` in the newest e-mail of `kind` to `to` that this worker's shop wrote into its
 * outbox folder (no SMTP in tests). The mailer runs every 30 seconds (a kick from a route module does not
 * reach it yet), so wait that long.
 */
async function mailedLink(to: string, kind: string, param: string): Promise<string> {
  const outbox = join(workerShop().dataDir, "outbox");
  return vi.waitFor(
    () => {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith(`-${kind}.eml`)) : [];
      for (const file of files.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))) {
        const raw = readFileSync(join(outbox, file), "utf8");
        if (!raw.includes(`To: ${to}`)) continue;
        // Quoted-printable: join soft line breaks, decode =XX.
        const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
        const link = new RegExp(`https?://[^\\s"<>]+[?&]${param}=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
        if (link) return link;
      }
      throw new Error(`no ${kind} e-mail to ${to} in ${outbox}`);
    },
    { timeout: 45_000, interval: 250 },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a customer's account", () => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it("signs up from the login page; a common password is refused beside its field, the rest kept", async () => {
    context = await newVisitor();
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/nl/login`);
    await hydrated(page);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Account aanmaken" }).click();
    await page.waitForURL(`${baseUrl}/nl/login?mode=signup`);
    await expectAccessible(page);

    await page.getByLabel("Je naam").fill(customer.name);
    await page.getByLabel("E-mailadres").fill(customer.email);
    await page.getByLabel("Nieuw wachtwoord").fill("qwerty123");
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    const error = page.locator("#password-error");
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "Dit wachtwoord is een van de meest gebruikte en makkelijk te raden. Kies een ander wachtwoord.",
    );
    expect(await page.locator("#password").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#password").getAttribute("aria-describedby")).toContain("password-error");
    expect(await page.locator("#name").inputValue()).toBe(customer.name);
    expect(await page.locator("#email").inputValue()).toBe(customer.email);
    await expectAccessible(page);

    await page.locator("#password").fill(customer.password);
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await page.waitForURL(`${baseUrl}/nl/account`);
    await page.getByRole("heading", { name: "Mijn account", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Mijn bestellingen" }).waitFor();
    expect(await page.locator("main").textContent()).toContain("Je hebt met dit account nog niets geboekt.");
    // No second factor for customers.
    expect(await page.getByRole("heading", { name: "Tweestapsverificatie" }).count()).toBe(0);
    await expectAccessible(page);
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  });

  it("the header leads to the account page; a wrong current password is refused, then the change works", async () => {
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${baseUrl}/nl/stores`);
    await hydrated(page);
    await page.locator("header").getByRole("link", { name: "Mijn account" }).click();
    await page.waitForURL(`${baseUrl}/nl/account`);

    await page.getByLabel("Huidig wachtwoord").fill("niet mijn wachtwoord");
    await page.locator("#new-password").fill(customer.changed);
    await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    const error = page.locator("#current-password-error");
    await error.waitFor();
    expect(await error.textContent()).toBe("Je huidige wachtwoord klopt niet.");
    expect(await page.locator("#current-password").inputValue()).toBe(""); // a password is never sent back
    await expectAccessible(page);

    await page.getByLabel("Huidig wachtwoord").fill(customer.password);
    await page.locator("#new-password").fill(customer.changed);
    await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await page.waitForURL(`${baseUrl}/nl/account?done=password`);
    await page.getByRole("status").filter({ hasText: "Je wachtwoord is gewijzigd." }).waitFor();
    await expectAccessible(page);

    await page.locator("header").getByRole("button", { name: "Uitloggen" }).click();
    await page.waitForURL(`${baseUrl}/nl`);
    await page.locator("header").getByRole("link", { name: "Inloggen" }).waitFor();
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });

  it("resets a forgotten password through the e-mailed link, without JavaScript", async () => {
    const noJs = await newVisitor({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`${baseUrl}/be/login`);
    await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
    await page.waitForURL(`${baseUrl}/be/login?mode=forgot`);
    await expectAccessibleAt(page.url());
    await page.getByLabel("E-mailadres").fill(customer.email);
    await page.getByRole("button", { name: "Link versturen" }).click();
    await page.waitForURL(`${baseUrl}/be/login?mode=sent`);
    await expect.poll(() => page.locator("main").textContent()).toContain("Als er een account met dit e-mailadres bestaat");
    await expectAccessibleAt(page.url());

    const link = await mailedLink(customer.email, "password-reset", "reset");
    expect(new URL(link).pathname).toBe("/be/login");
    await page.goto(link);
    await page.getByRole("heading", { name: "Kies een nieuw wachtwoord" }).waitFor();
    await expectAccessibleAt(page.url());
    await page.getByLabel("Nieuw wachtwoord").fill("password1");
    await page.getByRole("button", { name: "Nieuw wachtwoord opslaan" }).click();
    await page.waitForLoadState("load");
    expect(await page.locator("#password-error").textContent()).toBe(
      "Dit wachtwoord is een van de meest gebruikte en gemakkelijk te raden. Kies een ander wachtwoord.",
    );
    await page.getByLabel("Nieuw wachtwoord").fill(customer.reset);
    await page.getByRole("button", { name: "Nieuw wachtwoord opslaan" }).click();
    await page.waitForURL(`${baseUrl}/be/login?done=reset`);
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Uw wachtwoord werd gewijzigd.");
    await expectAccessibleAt(page.url());

    // The link works once.
    await page.goto(link);
    expect(await page.getByRole("alert").textContent()).toContain("Deze link om uw wachtwoord opnieuw in te stellen is niet meer geldig");
    await expectAccessibleAt(page.url());

    await page.goto(`${baseUrl}/be/login`);
    await page.locator("#email").fill(customer.email);
    await page.locator("#password").fill(customer.reset);
    await page.locator("main form button[type=submit]").click();
    await page.waitForURL(`${baseUrl}/be/account`);
    await noJs.close();
  }, 120_000);
});

describe("the admin's two-step verification", () => {
  it("sets it up from the key beside the QR code, then signs in with a code", async () => {
    const context = await newVisitor();
    const { page, consoleErrors } = await openPage(context);
    const signIn = async () => {
      await page.goto(`${baseUrl}/de/login`);
      await hydrated(page);
      await page.locator("#email").fill(ADMIN_EMAIL);
      await page.locator("#password").fill(ADMIN_PASSWORD);
      await page.locator("main form button[type=submit]").click();
    };
    await signIn();
    await page.waitForURL(`${baseUrl}/de/admin`);
    let enabled = false;
    let secret: Uint8Array = new Uint8Array();
    try {
      await page.goto(`${baseUrl}/de/account`);
      await hydrated(page);
      await page.getByRole("heading", { name: "Bestätigung in zwei Schritten" }).waitFor();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Bestätigung in zwei Schritten einrichten" }).click();
      const qr = page.getByRole("img", { name: "QR-Code für Ihre Authenticator-App" });
      await qr.waitFor();
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
      await expectAccessible(page);
      secret = base32Decode((await page.locator("#two-factor dd").textContent()) ?? "") as Uint8Array;
      expect(secret).toHaveLength(20);

      await page.locator("#totp-code").fill("000000" === totp(secret, Date.now()) ? "111111" : "000000");
      await page.getByRole("button", { name: "Bestätigung in zwei Schritten einschalten" }).click();
      await page.locator("#totp-code-error").waitFor();
      await expectAccessible(page);

      const setupAt = Date.now();
      await page.locator("#totp-code").fill(totp(secret, setupAt));
      await page.getByRole("button", { name: "Bestätigung in zwei Schritten einschalten" }).click();
      await page.waitForURL(`${baseUrl}/de/account?done=totp-on`);
      enabled = true;
      await expectAccessible(page);

      await page.locator("header").getByRole("button", { name: "Abmelden" }).click();
      await page.waitForURL(`${baseUrl}/de`);
      await signIn();
      await page.waitForURL(`${baseUrl}/de/login?step=code`);
      await hydrated(page);
      await page.getByRole("heading", { name: "Bestätigung in zwei Schritten" }).waitFor();
      await expectAccessible(page);
      // The next step's code: the current one was used to turn it on.
      await page.getByLabel("6-stelliger Code").fill(totp(secret, setupAt + 30_000));
      await page.getByRole("button", { name: "Bestätigen" }).click();
      await page.waitForURL(`${baseUrl}/de/admin`);
      expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    } finally {
      // The other browser tests sign in as this admin with the password alone.
      if (enabled) {
        await page.goto(`${baseUrl}/account`);
        if (new URL(page.url()).pathname !== "/account") {
          // Signed out half-way: sign in again with a code of a step not used yet.
          await signIn();
          await page.waitForURL(/step=code/);
          await page.locator("#code").fill(totp(secret, Date.now() + 30_000));
          await page.locator("main form button[type=submit]").click();
          await page.waitForURL(`${baseUrl}/de/admin`);
          await page.goto(`${baseUrl}/account`);
        }
        await page.locator("#totp-off-password").fill(ADMIN_PASSWORD);
        await page.getByRole("button", { name: "Turn off two-step verification" }).click();
        await page.waitForURL(`${baseUrl}/account?done=totp-off`);
      } else {
        await page.goto(`${baseUrl}/account`);
        const cancel = page.getByRole("button", { name: "Cancel the setup" });
        if (await cancel.count()) await cancel.click();
      }
      await context.close();
    }
  });
});

describe("earlier guest orders in the account", () => {
  // German and Danish: a guest books, signs up later with the same address, and finds the order in the
  // account only after confirming the address with the welcome e-mail's link.
  for (const [locale, week] of [
    ["de", 8],
    ["da", 9],
  ] as const) {
    it(`shows a guest order in /${locale}/account once the address is confirmed`, async () => {
      const email = `guest-${locale}-${randomBytes(5).toString("hex")}@example.com`;
      const orderPath = await bookOut(baseUrl, "ski-all-mountain", ["156"], winterPeriod(new Date(), week), { email });
      const number = /R-\d{4}-\d{6}/.exec(
        await (await fetch(`${baseUrl}${orderPath}`, { headers: { "User-Agent": DESKTOP_UA } })).text(),
      )?.[0];
      expect(number).toBeTruthy();

      const context = await newVisitor();
      try {
        const { page, consoleErrors } = await openPage(context);
        await page.goto(`${baseUrl}/${locale}/login?mode=signup`);
        await hydrated(page);
        await page.locator('input[name="name"]').fill("Greta Gast");
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="password"]').fill("schneeschuhe am abend");
        await page.getByRole("button", { name: text(locale, "account.signup.submit") }).click();
        await page.waitForURL(`${baseUrl}/${locale}/account`);
        await page.getByRole("heading", { name: text(locale, "account.email.title") }).waitFor();
        expect(await page.locator("main").textContent()).not.toContain(number);
        await expectAccessible(page);

        const link = await mailedLink(email, "welcome", "confirm");
        expect(new URL(link).pathname).toBe(`/${locale}/account`);
        await page.goto(link);
        await hydrated(page);
        // Opening the link shows the button; only the click confirms.
        expect(await page.locator("main").textContent()).not.toContain(number);
        await page.getByRole("button", { name: text(locale, "account.email.confirmButton") }).click();
        await page.waitForURL(`${baseUrl}/${locale}/account?done=email`);
        await expect.poll(() => page.getByRole("status").textContent()).toContain(text(locale, "account.email.confirmed"));
        await page.getByRole("link", { name: text(locale, "order.title", { number: number as string }) }).waitFor();
        await expectAccessible(page);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
      // The mailer writes the welcome e-mail within its 30-second round.
    }, 120_000);
  }
});
