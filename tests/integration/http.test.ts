import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { hashPassword } from "../../app/server/auth/password.server";
import * as schema from "../../app/server/db/schema";
import { testDbKind } from "../helpers/db";
import { ADMIN, startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  shop = await startTestServer({ LANGUAGE_COOKIE: "shop_lang" });
});
afterAll(async () => {
  await shop?.close();
});

const html = async (response: Response) => {
  const text = await response.text();
  return { text, title: /<title>([^<]*)<\/title>/.exec(text)?.[1], lang: /<html lang="([^"]+)"/.exec(text)?.[1] };
};

describe(`HTTP on ${testDbKind}`, () => {
  it("answers health and readiness", async () => {
    expect(await (await shop.request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await shop.request("/readyz")).json()).toEqual({ status: "ready", database: testDbKind });
  });

  it("sends the security headers with a fresh CSP nonce on every response, and the nonce on every script", async () => {
    const [a, b] = await Promise.all([shop.request("/stores"), shop.request("/stores")]);
    const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toBeNull(); // plain HTTP
    const body = await a.text();
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce(a)}"`);
  });

  it("sends HSTS when the request came over HTTPS through a proxy", async () => {
    const response = await shop.request("/healthz", { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });

  it("caches hashed assets for a year", async () => {
    const page = await (await shop.request("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(page)?.[0];
    expect(asset).toBeTruthy();
    const response = await shop.request(asset as string);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("compresses HTML", async () => {
    const response = await shop.request("/stores", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("picks the language of / from the cookie, then Accept-Language, then English", async () => {
    expect((await shop.request("/")).status).toBe(200);
    const german = await shop.request("/", { headers: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" } });
    expect(german.status).toBe(302);
    expect(german.headers.get("location")).toBe("/de");
    const belgian = await shop.request("/", { headers: { "Accept-Language": "nl-BE" } });
    expect(belgian.headers.get("location")).toBe("/be");
    const cookieWins = await shop.request("/", { headers: { "Accept-Language": "de", Cookie: "shop_lang=da" } });
    expect(cookieWins.headers.get("location")).toBe("/da");
    const englishCookie = await shop.request("/", { headers: { "Accept-Language": "de", Cookie: "shop_lang=en" } });
    expect(englishCookie.status).toBe(200);
    const unknown = await shop.request("/", { headers: { "Accept-Language": "fr-FR,fr", Cookie: "shop_lang=xx" } });
    expect(unknown.status).toBe(200);
  });

  it("switches language on the same page and sets the configured cookie for 365 days", async () => {
    const response = await shop.request("/resources/language", {
      method: "POST",
      body: new URLSearchParams({ locale: "it", to: "/shop/ciaslin?x=1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/it/shop/ciaslin?x=1");
    expect(response.headers.get("set-cookie")).toBe("shop_lang=it; Max-Age=31536000; Path=/; SameSite=Lax");
    const fromGerman = await shop.request("/resources/language", {
      method: "POST",
      body: new URLSearchParams({ locale: "en", to: "/de/stores" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(fromGerman.headers.get("location")).toBe("/stores");
    const offsite = await shop.request("/resources/language", {
      method: "POST",
      body: new URLSearchParams({ locale: "de", to: "//evil.example/x" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(offsite.headers.get("location")).toBe("/de");
  });

  it.each([
    ["/login", en],
    ["/de/login", de],
  ])("%s: a post that is no form gets a page that says what to do, in its language", async (path, messages) => {
    const response = await shop.request(path, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(415);
    const page = await html(response);
    expect(page.text).toContain(messages.errors.badRequestHelp);
    expect(page.text).not.toContain("could not be read as a form");
  });

  it("renders each page in its language with hreflang alternates and a canonical link", async () => {
    for (const [path, lang] of [
      ["/stores", "en"],
      ["/de/stores", "de"],
      ["/it/stores", "it"],
      ["/nl/stores", "nl"],
      ["/be/stores", "nl-BE"],
      ["/da/stores", "da"],
    ]) {
      const response = await shop.request(path);
      expect(response.status).toBe(200);
      const page = await html(response);
      expect(page.lang).toBe(lang);
      expect(page.text).toContain(`<link rel="canonical" href="${shop.url}${path}"/>`);
      expect(page.text).toContain(`<link rel="alternate" hrefLang="nl-BE" href="${shop.url}/be/stores"/>`);
      expect(page.text).toContain(`<link rel="alternate" hrefLang="x-default" href="${shop.url}/stores"/>`);
    }
  });

  it("shows the branches from the database", async () => {
    const shops = await shop.database.db.select().from(schema.shops);
    const page = await html(await shop.request("/stores"));
    for (const s of shops) expect(page.text).toContain(s.name);
    const one = await html(await shop.request(`/de/shop/${shops[0].slug}`));
    expect(one.text).toContain(shops[0].street);
    expect(one.title).toContain(shops[0].name);
  });

  it.each([
    "/nope",
    "/de/nope",
    "/be/a/b/c",
    "/xx/stores",
    "/shop/nope",
    "/de/shop/nope",
    "/shop/Not_A_Slug!",
    "/order/nope",
    "/order/AAAAAAAAAAAAAAAAAAAAAAAA",
    "/coupon/NOPE",
  ])("%s is 404 Page Not Found", async (path) => {
    const response = await shop.request(path);
    expect(response.status).toBe(404);
    const page = await html(response);
    expect(page.title).toBe("Page Not Found");
    expect(page.text).toContain(`Page not found: ${path.split("?")[0]}`);
  });

  it("answers 404 for a language file that does not exist", async () => {
    expect((await shop.request("/app/i18n/lang/xx.json")).status).toBe(404);
    expect((await shop.request("/app/i18n/lang/../../root.tsx")).status).toBe(404);
  });

  it("shows an order behind its unguessable token, in the page's language", async () => {
    const db = shop.database.db;
    const [branch] = await db.select().from(schema.shops).limit(1);
    const [item] = await db.select().from(schema.items).where(eq(schema.items.kind, "rental")).limit(1);
    const token = randomBytes(18).toString("base64url");
    const [order] = await db
      .insert(schema.orders)
      .values({
        number: "R-2026-000001",
        token,
        status: "paid",
        appId: item.appId,
        shopId: branch.id,
        language: "de",
        pickupAt: new Date("2026-12-27T08:30:00Z"),
        returnAt: new Date("2026-12-30T16:00:00Z"),
        invoiceName: "Anna Muster",
        invoiceStreet: "Hauptstraße 1",
        invoicePostalCode: "80331",
        invoiceCity: "München",
        invoiceCountry: "DE",
        phone: "+49 89 123456",
        email: "anna@example.com",
        subtotalCents: 12000,
        totalCents: 12000,
        vatCents: 2164,
      })
      .returning();
    const [person] = await db
      .insert(schema.orderPersons)
      .values({ orderId: order.id, position: 1, firstName: "Lena", lastName: "Muster" })
      .returning();
    await db.insert(schema.orderLines).values({
      orderId: order.id,
      personId: person.id,
      itemId: item.id,
      kind: "rental",
      name: item.name.de,
      size: item.sizes[0] ?? null,
      unitPriceCents: 12000,
      subtotalCents: 12000,
      totalCents: 12000,
      vatRateBp: 2200,
    });
    const response = await shop.request(`/de/order/${token}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page.lang).toBe("de");
    expect(page.text).toContain("R-2026-000001");
    expect(page.text).toContain("Lena Muster");
    expect(page.text).toContain(item.name.de);
    expect(page.text).toContain('content="noindex"');
    // One character off is another, non-existent order.
    const other = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await shop.request(`/de/order/${other}`)).status).toBe(404);
  });

  it("gives bots no rendered error page", async () => {
    const response = await fetch(`${shop.url}/nope`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("publishes a sitemap per language and lists them in robots.txt", async () => {
    const sitemap = await shop.request("/de/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${shop.url}/de/stores</loc>`);
    expect(xml).toContain(`<loc>${shop.url}/de/shop/ciaslin</loc>`);
    expect(xml).toContain(`<loc>${shop.url}/de/coupon/WELCOME10</loc>`);
    expect(xml).not.toContain("/admin");
    const robots = await (await shop.request("/robots.txt")).text();
    for (const path of ["/sitemap.xml", "/de/sitemap.xml", "/it/sitemap.xml", "/nl/sitemap.xml", "/be/sitemap.xml", "/da/sitemap.xml"]) {
      expect(robots).toContain(`Sitemap: ${shop.url}${path}`);
    }
  });

  it("serves one language's messages at /app/i18n/lang/{locale}.json", async () => {
    const de = await (await shop.request("/app/i18n/lang/de.json")).json();
    expect(de.nav.stores).toBeTruthy();
    expect(de.admin.backOffice).toBeTruthy();
  });

  it("names a page's messages in a bundle of its own, cached for good, with only its language and area", async () => {
    const de = await (await shop.request("/app/i18n/lang/de.json")).json();
    const en = await (await shop.request("/app/i18n/lang/en.json")).json();
    const page = await (await shop.request("/de/stores")).text();
    const url = page.match(/<meta name="messages" content="([^"]+)"/)?.[1] ?? "";
    expect(url).toMatch(/^\/i18n\/de\.site\.[0-9a-f]{12}\.json$/);
    // The messages no longer ride in the page: one the branches page does not show is not in its HTML.
    expect(page).not.toContain(JSON.stringify(de.booking.bag.chooseEquipment).slice(1, -1));

    const bundle = await shop.request(url);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const messages = await bundle.json();
    expect(messages.booking.bag.chooseEquipment).toBe(de.booking.bag.chooseEquipment);
    expect(messages.nav).toEqual(de.nav);
    // The public site's bundle leaves out the back office, the e-mails, the documents and the API's problems.
    expect(Object.keys(messages).sort()).toEqual(
      Object.keys(de)
        .filter((k) => !["admin", "mail", "documents", "api"].includes(k))
        .sort(),
    );
    if (en.nav.stores !== de.nav.stores) expect(JSON.stringify(messages)).not.toContain(JSON.stringify(en.nav.stores));

    // The back office names its own bundle, with its messages.
    const cookie = await shop.login();
    const adminPage = await (await shop.request("/de/admin/orders", { headers: { cookie } })).text();
    const adminUrl = adminPage.match(/<meta name="messages" content="([^"]+)"/)?.[1] ?? "";
    expect(adminUrl).toMatch(/^\/i18n\/de\.admin\.[0-9a-f]{12}\.json$/);
    expect((await (await shop.request(adminUrl)).json()).admin.backOffice).toBe(de.admin.backOffice);
    // Another build's hash gets today's messages, uncached; anything else is 404.
    const old = await shop.request("/i18n/de.site.000000000000.json");
    expect(old.headers.get("cache-control")).toBe("no-cache");
    expect((await old.json()).nav).toEqual(de.nav);
    for (const bad of ["/i18n/xx.site.000000000000.json", "/i18n/de.mail.000000000000.json", "/i18n/de.site.json", "/i18n/..%2Fsecret"]) {
      expect((await shop.request(bad)).status, bad).toBe(404);
    }
  });
});

describe(`sign-in and the admin area on ${testDbKind}`, () => {
  it("sends anonymous visitors to the login page of their language", async () => {
    const response = await shop.request("/de/admin/items?page=2");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/de/login?next=%2Fde%2Fadmin%2Fitems%3Fpage%3D2");
  });

  it("signs in with a signed, httpOnly, SameSite=Lax session cookie and a sessions row", async () => {
    const response = await shop.request("/login", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN.email.toUpperCase(), password: ADMIN.password, next: "/admin/shops" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/shops");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^rental_session=[^;]+\.[^;]+;/); // value.signature
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    const admin = await shop.request("/admin/shops", { headers: { Cookie: cookie.split(";")[0] } });
    expect(admin.status).toBe(200);
  });

  it("refuses a wrong password with a message, keeping the e-mail", async () => {
    const response = await shop.request("/de/login", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN.email, password: "wrong password" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain(`value="${ADMIN.email}"`);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("ignores a forged or tampered session cookie", async () => {
    const cookie = await shop.login();
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect((await shop.request("/admin", { headers: { Cookie: tampered } })).status).toBe(302);
    expect((await shop.request("/admin", { headers: { Cookie: "rental_session=anything" } })).status).toBe(302);
  });

  it("gives signed-in users who are not admins 403", async () => {
    await shop.database.db
      .insert(schema.users)
      .values({ email: "guest@test.example", passwordHash: await hashPassword("guest password 1"), role: "customer" });
    const cookie = await shop.login("guest@test.example", "guest password 1");
    for (const path of ["/admin", "/de/admin/orders", "/admin/item/1", "/admin/settings"]) {
      const response = await shop.request(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(403);
    }
    const page = await html(await shop.request("/de/admin", { headers: { Cookie: cookie } }));
    expect(page.title).toBe("Internal Server Error");
    expect(page.text).toContain("403");
    expect(page.text).toContain("Sie sind mit einem Konto angemeldet, das diese Seite nicht öffnen darf.");
  });

  it("shows every admin screen to an admin", async () => {
    const cookie = await shop.login();
    const db = shop.database.db;
    const [item] = await db.select().from(schema.items).limit(1);
    const [s] = await db.select().from(schema.shops).limit(1);
    const [user] = await db.select().from(schema.users).limit(1);
    const [coupon] = await db.select().from(schema.coupons).limit(1);
    const paths = [
      "/admin",
      "/admin/apps",
      "/admin/items",
      "/admin/shops",
      "/admin/users",
      "/admin/orders",
      "/admin/coupons",
      "/admin/calendar",
      "/admin/settings",
      "/admin/categories",
      "/admin/app/winter",
      `/admin/item/${item.id}`,
      `/admin/shop/${s.id}`,
      `/admin/user/${user.id}`,
      `/admin/coupon/${coupon.id}`,
      "/admin/category/ski-snowboard",
      "/admin/app/create",
      "/admin/item/create",
      "/admin/shop/create",
      "/admin/order/create",
      "/admin/coupon/create",
      "/admin/category/create",
    ];
    for (const base of paths) {
      for (const prefix of ["", "/it"]) {
        const response = await shop.request(prefix + base, { headers: { Cookie: cookie } });
        expect(response.status, prefix + base).toBe(200);
      }
    }
    const items = await (await shop.request("/admin/items", { headers: { Cookie: cookie } })).text();
    expect(items).toContain(item.name.en);
    for (const missing of [
      "/admin/item/999999",
      "/admin/app/spring",
      "/admin/user/create",
      "/admin/order/00000000-0000-0000-0000-000000000000",
    ]) {
      expect((await shop.request(missing, { headers: { Cookie: cookie } })).status, missing).toBe(404);
    }
  });

  it("ends the session in the database at logout", async () => {
    const cookie = await shop.login();
    const before = await shop.database.db.select().from(schema.sessions);
    const response = await shop.request("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const after = await shop.database.db.select().from(schema.sessions);
    expect(after.length).toBe(before.length - 1);
    expect((await shop.request("/admin", { headers: { Cookie: cookie } })).status).toBe(302);
  });

  it("stores passwords as argon2id with at least 19 MiB, 2 iterations, parallelism 1", async () => {
    const [admin] = await shop.database.db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe(`failures on ${testDbKind}`, () => {
  it("when the database is gone: Internal Server Error once, then a translated 503 until it is back; readiness says 503", async () => {
    const other = await startTestServer();
    try {
      await other.database.close();
      const response = await other.request("/stores");
      expect(response.status).toBe(500);
      const page = await html(response);
      expect(page.title).toBe("Internal Server Error");
      expect(page.text).toContain('data-testid="error-message"');
      expect(page.text).not.toMatch(/at \S+ \(.*:\d+:\d+\)/); // no stack trace in production
      // That failure said the database cannot be reached: the next pages do not try, they ask to come back.
      const paused = await other.request("/de/stores");
      expect(paused.status).toBe(503);
      expect(paused.headers.get("retry-after")).toBe("5");
      expect(paused.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      const text = await paused.text();
      expect(text).toContain('<html lang="de">');
      expect(text).toContain(de.errors.unavailable);
      // Said as the shop speaks, not as a system does: no "database" in the English either.
      const english = await (await other.request("/stores")).text();
      expect(english).toContain(en.errors.unavailable);
      expect(en.errors.unavailable).not.toMatch(/database/i);
      const ready = await other.request("/readyz");
      expect(ready.status).toBe(503);
    } finally {
      await other.close();
    }
  });
});
