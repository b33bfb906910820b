/**
 * Hostile requests over real HTTP: forms posted from another website, GETs that try to change something,
 * security headers on every HTML answer, guessing order links, and script or SQL in the fields customers
 * and staff type into. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { addItem, bagOf, goToPayment, INVOICE, startBooking } from "../helpers/booking-flow";
import { fingerprint } from "../helpers/fingerprint";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let admin: Visitor;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  admin = createVisitor(shop.url, { headers: { Cookie: await shop.login() } });
});
afterAll(async () => {
  await shop?.close();
});

async function itemId(slug: string) {
  const [row] = await db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.slug, slug));
  return row.id;
}

const post = (path: string, fields: Record<string, string>, headers: Record<string, string>) => shop.post(path, fields, undefined, headers);

describe("a form posted from another website", () => {
  it("gets 403 with a translated explanation and writes nothing", async () => {
    const before = await fingerprint(db);
    const fromElsewhere = await post("/de/rental/winter/ciaslin", { pickupDate: "2027-01-10" }, { Origin: "https://evil.example" });
    expect(fromElsewhere.status).toBe(403);
    expect(await fromElsewhere.text()).toContain(de.errors.foreignOrigin);
    const nullOrigin = await post("/login", { email: "a@b.example", password: "whatever long" }, { Origin: "null" });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await post("/rental/bag", { intent: "continue" }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const lookalike = await post("/login", { email: "a@b.example", password: "x" }, { Origin: `${shop.url}.evil.example` });
    expect(lookalike.status).toBe(403);
    expect(await fingerprint(db)).toEqual(before);
  });

  it("lets the shop's own pages and callers without a browser (webhooks) through", async () => {
    const own = await post("/login", { email: "nobody@test.example", password: "not the password" }, { Origin: shop.url });
    expect(own.status).toBe(400);
    const webhook = await shop.request("/webhooks/demo", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(webhook.status).toBe(400);
  });
});

describe("GET requests", () => {
  it("change nothing in the database: every public page in six languages, the booking steps, the order page and the back office", async () => {
    // A customer in the middle of a payment, and a paid order, so the pages have something to show.
    const customer = createVisitor(shop.url);
    const [anna] = await startBooking(db, customer);
    await addItem(customer, `person=${anna.id}`, { itemId: await itemId("ski-all-mountain"), size: "163" });
    const payment = await goToPayment(db, customer);
    const orderPath = `/order/${payment.order.token}`;

    const sitemap = await (await shop.request("/sitemap.xml")).text();
    const publicPages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(publicPages.length).toBeGreaterThan(60);
    const customerPages = [
      "/rental",
      "/rental/winter",
      "/rental/winter/ciaslin",
      "/rental/winter/ciaslin/persons",
      "/rental/winter/ciaslin/equipment?person=all",
      "/rental/checkout",
      "/rental/bag",
      "/rental/bag?payment=cancelled",
      "/de/rental/bag?payment=failed",
      orderPath,
      `${orderPath}/calendar.ics`,
      `${orderPath}/confirmation.pdf`,
      "/logout",
      "/login?mode=forgot",
    ];
    const adminPages = [
      "/admin",
      "/admin/orders",
      `/admin/order/${payment.order.id}`,
      `/admin/order/${payment.order.id}/contract.pdf`,
      "/admin/orders.csv",
      "/admin/calendar",
      "/admin/items",
      "/admin/apps",
      "/admin/shops",
      "/admin/users",
      "/admin/coupons",
      "/admin/categories",
      "/admin/settings",
      "/admin/settings/hotels",
      "/admin/settings/hotels/report",
      "/admin/settings/hotels/report.csv",
      "/admin/order/create",
    ];

    const before = await fingerprint(db);
    const statuses: string[] = [];
    for (const path of publicPages) statuses.push(`${path} ${(await shop.request(path)).status}`);
    for (const path of customerPages) statuses.push(`${path} ${(await customer.get(path)).status}`);
    for (const path of adminPages) statuses.push(`${path} ${(await admin.get(path)).status}`);
    expect(statuses.filter((s) => !/ (200|302)$/.test(s))).toEqual([]);
    expect(await fingerprint(db)).toEqual(before);

    // The hold is still there after the GETs; the bag page gives it back with a POST.
    const [held] = await db.select().from(schema.orders).where(eq(schema.orders.id, payment.order.id));
    expect(held.status).toBe("pending_payment");
    const released = await customer.post("/rental/bag?payment=cancelled", { intent: "releaseHold" });
    expect(released.status).toBe(200);
    const [after] = await db.select().from(schema.orders).where(eq(schema.orders.id, payment.order.id));
    expect(after.status).toBe("expired");
    expect(await pageText(await customer.get("/rental/bag?payment=cancelled"))).toContain(en.booking.bag.returned.cancelled);
  });
});

describe("security headers", () => {
  it("come with every HTML answer, each with its own CSP nonce", async () => {
    const paths = ["/", "/de/stores", "/it/shop/ciaslin", "/rental/winter/ciaslin", "/login", "/nope/nothing", "/da/ski-depot"];
    const nonces = new Set<string>();
    const responses = [
      ...(await Promise.all(paths.map((path) => shop.request(path)))),
      await admin.get("/admin/orders"),
      await admin.get("/admin/settings"),
    ];
    for (const response of responses) {
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce as string);
      const html = await response.text();
      // Every script that runs carries the nonce (JSON-LD is data, which CSP does not govern).
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes("application/ld+json"));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // Style elements only under the nonce, and a page has none: its stylesheet is the build's file (decision 036).
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      expect(html).not.toMatch(/<style\b/);
      expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/);
      // Nothing in the browser adds style elements of its own any more, so the nonce is not handed to scripts.
      expect(html).not.toContain('name="csp-nonce"');
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(response.headers.get("permissions-policy")).toBe("camera=(self), microphone=(), geolocation=(), payment=()");
    }
    expect(nonces.size).toBe(responses.length);
  });
});

describe("order links", () => {
  it("cannot be guessed: long random tokens, and numbers, ids or near misses find nothing", async () => {
    const rows = await db.select({ id: schema.orders.id, token: schema.orders.token, number: schema.orders.number }).from(schema.orders);
    expect(rows.length).toBeGreaterThan(0);
    const tokens = rows.map((r) => r.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    // At least 128 random bits: 22 or more base64url characters.
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const known = rows[0];
    const nearMiss = known.token.slice(0, -1) + (known.token.endsWith("A") ? "B" : "A");
    const guesses = [known.number, known.id, nearMiss, randomBytes(16).toString("base64url"), "1", "../admin", "%00"];
    for (const guess of guesses) {
      const response = await shop.request(`/order/${encodeURIComponent(String(guess))}`);
      expect(response.status, String(guess)).toBe(404);
    }
    // The back office's order page needs a signed-in member of staff, whatever the id.
    const anonymous = await shop.request(`/admin/order/${known.id}`);
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous)).toMatch(/^\/login\?next=/);
  });
});

const LOCALES = ["en", "de", "it", "nl", "be", "da"] as const;

describe("script and SQL in what people type", () => {
  const PAYLOADS = [
    `<script>alert("x")</script>`,
    `"><img src=x onerror=alert(1)>`,
    `'; drop table orders; --`,
    `Robert'); DELETE FROM users WHERE ('1'='1`,
    `{{constructor.constructor('alert(1)')()}}`,
    `<svg/onload=alert(1)>' OR 1=1 --`,
  ];

  it("is stored as typed and shown as text, on the customer's pages and in the back office, in every language", async () => {
    for (const [index, payload] of PAYLOADS.entries()) {
      const locale = LOCALES[index % LOCALES.length];
      const prefix = locale === "en" ? "" : `/${locale}`;
      const visitor = createVisitor(shop.url);
      const [person] = await startBooking(db, visitor, locale, [{ firstName: payload, lastName: payload, heightCm: "180" }]);
      expect(person.firstName).toBe(payload);
      await addItem(visitor, `person=${person.id}`, { itemId: await itemId("ski-all-mountain"), size: "170" }, locale);
      await visitor.post(`${prefix}/rental/bag`, { intent: "coupon", code: payload.slice(0, 40) });
      const toCheckout = await visitor.post(`${prefix}/rental/bag`, { intent: "continue" });
      expect(toCheckout.status).toBe(302);
      const checkout = await (await visitor.get(`${prefix}/rental/checkout`)).text();
      const total = /name="total" value="(\d+)"/.exec(checkout)?.[1] as string;
      const pay = await visitor.post(`${prefix}/rental/checkout`, {
        ...INVOICE,
        name: payload,
        company: payload,
        street: payload,
        city: payload,
        total,
      });
      expect(pay.status).toBe(302);
      const [bag] = await db
        .select()
        .from(schema.bags)
        .where(eq(schema.bags.id, bagOf(visitor)));
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.id, bag.orderId as string));
      expect(order.invoiceName).toBe(payload);
      expect(order.invoiceStreet).toBe(payload);

      const pages = [
        await visitor.get(`${prefix}/rental/bag`),
        await visitor.get(`${prefix}/order/${order.token}`),
        await admin.get(`/admin/order/${order.id}`),
        await admin.get(`/admin/orders?q=${encodeURIComponent(payload.slice(0, 20))}`),
      ];
      for (const page of pages) {
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).not.toContain(payload.includes("<") ? "<script>alert" : "\u0000");
        expect(html).not.toContain("<img src=x onerror");
        expect(html).not.toContain("<svg/onload");
      }
    }
    // Nothing was dropped or deleted along the way.
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(schema.users))[0].n).toBeGreaterThan(0);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(schema.orders))[0].n).toBeGreaterThanOrEqual(PAYLOADS.length);
  });

  it("typed into back-office forms is stored as typed and shown as text, to staff and to customers, in every language", async () => {
    const payload = PAYLOADS[0];
    const names = Object.fromEntries(LOCALES.map((locale, i) => [`name.${locale}`, `${PAYLOADS[i]} ${locale}`]));
    const category = await admin.post("/admin/category/create", {
      id: "hostile",
      appId: "winter",
      kind: "rental",
      sort: "9",
      ...names,
      "description.en": PAYLOADS[3],
    });

    expect(category.status).toBe(302);
    const hotel = await admin.post("/admin/settings/hotel/create", {
      name: payload,
      street: PAYLOADS[2],
      town: PAYLOADS[1],
      discountPercent: "5",
      commissionPercent: "5",
      active: "on",
    });
    expect(hotel.status).toBe(302);
    const [storedCategory] = await db.select().from(schema.categories).where(eq(schema.categories.id, "hostile"));
    expect(storedCategory.name).toEqual(Object.fromEntries(LOCALES.map((locale, i) => [locale, `${PAYLOADS[i]} ${locale}`])));
    const [storedHotel] = await db.select().from(schema.partnerHotels).where(eq(schema.partnerHotels.name, payload));
    expect(storedHotel.town).toBe(PAYLOADS[1]);

    const customer = createVisitor(shop.url);
    const [person] = await startBooking(db, customer, "da", [{ firstName: "Ida", heightCm: "180" }]);
    await addItem(customer, `person=${person.id}&category=ski-snowboard`, { itemId: await itemId("ski-all-mountain"), size: "170" }, "da");
    const pages = [
      ...(await Promise.all(LOCALES.map((locale) => admin.get(`${locale === "en" ? "" : `/${locale}`}/admin/categories`)))),
      await admin.get("/admin/settings/hotels"),
      await admin.get(`/admin/settings/hotel/${storedHotel.id}`),
      await customer.get("/da/rental/bag"),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toMatch(/<script>alert|<img src=x onerror|<svg\/onload/);
    }
    // The customer's bag lists the hotel by its name, escaped as React escapes text.
    const escaped = payload.replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c] as string,
    );
    expect(await (await customer.get("/da/rental/bag")).text()).toContain(escaped);
  });
});

describe("ids in URLs", () => {
  it("are read strictly: another spelling of an id is a 404, not that record", async () => {
    const [item] = await db.select({ id: schema.items.id }).from(schema.items).limit(1);
    const [branch] = await db.select({ id: schema.shops.id }).from(schema.shops).limit(1);
    const [coupon] = await db.select({ id: schema.coupons.id }).from(schema.coupons).limit(1);
    const [hotel] = await db.select({ id: schema.partnerHotels.id }).from(schema.partnerHotels).limit(1);
    const records = [
      ["/admin/item/", item.id],
      ["/admin/shop/", branch.id],
      ["/admin/coupon/", coupon.id],
      ["/admin/settings/hotel/", hotel.id],
    ] as const;
    for (const [base, id] of records) {
      expect((await admin.get(`${base}${id}`)).status, `${base}${id}`).toBe(200);
      const hex = `0x${id.toString(16)}`;
      for (const spelling of [hex, `${id}e0`, `%20${id}`, `0${id}`, `${id}.0`, `+${id}`])
        expect((await admin.get(`${base}${spelling}`)).status, `${base}${spelling}`).toBe(404);
    }
  });

  it("are read strictly in forms: a bag line id in another spelling removes nothing", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}&category=ski-snowboard`, { itemId: await itemId("ski-all-mountain"), size: "170" });
    const lines = () =>
      db
        .select()
        .from(schema.bagLines)
        .where(eq(schema.bagLines.bagId, bagOf(visitor)));
    const [line] = await lines();
    for (const spelling of [`0x${line.id.toString(16)}`, `${line.id}e0`, ` ${line.id}`, `0${line.id}`]) {
      const answer = await visitor.post("/rental/bag", { intent: "remove", lineId: spelling });
      expect(answer.status, spelling).toBe(400);
    }
    expect(await lines()).toHaveLength(1);
    expect((await visitor.post("/rental/bag", { intent: "remove", lineId: String(line.id) })).status).toBe(302);
    expect(await lines()).toHaveLength(0);
  });
});
