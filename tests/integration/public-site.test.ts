/**
 * The public site's pages over real HTTP: the ski service and depot pages with what each branch has (the
 * sports shop's filters and stock have their own file, sports-shop.test.ts), the way from them into the
 * booking with the category chosen, item pages, a coupon put into
 * the bag from its page, the sitemaps listing items, branch pages grouped by season and the branch cards
 * with their hours and map link. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedDate } from "../../app/domain/periods";
import * as schema from "../../app/server/db/schema";
import { bagOf, period } from "../helpers/booking-flow";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
});
afterAll(async () => {
  await shop?.close();
});

const visitor = () => createVisitor(shop.url);

async function idOf(table: typeof schema.items | typeof schema.shops, slug: string) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  return row.id;
}

describe("from the ski service page into the booking", () => {
  it("links each branch's booking with the category, and carries it through period and persons to the service", async () => {
    const html = await (await visitor().get("/ski-service")).text();
    expect(html).toContain('href="/rental/winter/ciaslin?category=ski-service"');
    const v = visitor();
    const periodStep = await v.post("/rental/winter/ciaslin?category=ski-service", period);
    expect(locationOf(periodStep)).toBe("/rental/winter/ciaslin/persons?category=ski-service");
    const personsStep = await v.post("/rental/winter/ciaslin/persons?category=ski-service", {
      intent: "save",
      "persons.0.firstName": "Anna",
    });
    expect(locationOf(personsStep)).toBe("/rental/winter/ciaslin/equipment?person=all&category=ski-service");
    const equipment = await pageText(await v.follow(personsStep));
    expect(equipment).toContain("Hot waxing");
  });

  it("ignores a malformed category and goes the usual way", async () => {
    const v = visitor();
    const periodStep = await v.post("/rental/winter/ciaslin?category=%3Cscript%3E", period);
    expect(locationOf(periodStep)).toBe("/rental/winter/ciaslin/persons");
  });
});

describe("item pages", () => {
  it("show the price table, the branches and a Product with an Offer; an inactive item is 404", async () => {
    const page = await visitor().get("/it/item/ski-easy-carve");
    expect(page.status).toBe(200);
    const html = await page.text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");
    expect(ld).toMatchObject({ "@type": "Product", sku: "ski-easy-carve", offers: { "@type": "Offer", priceCurrency: "EUR" } });
    const [table] = await db
      .select()
      .from(schema.priceTables)
      .where(eq(schema.priceTables.itemId, await idOf(schema.items, "ski-easy-carve")));
    expect(ld.offers.price).toBe((table.dayPrices[0] / 100).toFixed(2));
    expect(html).toContain("Ogni giorno in più");
    await db.update(schema.items).set({ active: false }).where(eq(schema.items.slug, "ski-race-pro"));
    expect((await visitor().get("/item/ski-race-pro")).status).toBe(404);
    const sitemap = await (await visitor().get("/it/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${shop.url}/it/item/ski-easy-carve</loc>`);
    expect(sitemap).not.toContain("/item/ski-race-pro<");
  });
});

describe("a coupon's page", () => {
  it("puts the coupon into a new bag, says so, and sends a visitor with a full bag to the bag", async () => {
    const v = visitor();
    expect(await pageText(await v.get("/da/coupon/WELCOME10"))).not.toContain("er i din kurv");
    const applied = await v.post("/da/coupon/WELCOME10", {});
    expect(locationOf(applied)).toBe("/da/coupon/WELCOME10");
    const [bag] = await db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(v)));
    expect(bag.couponCode).toBe("WELCOME10");
    expect(await pageText(await v.follow(applied))).toContain("Rabatkoden WELCOME10 er i din kurv");

    const [item] = await db.select().from(schema.items).where(eq(schema.items.slug, "goggles-vista"));
    await db.insert(schema.bagLines).values({ bagId: bagOf(v), itemId: item.id, quantity: 1, size: null });
    expect(locationOf(await v.post("/da/coupon/WELCOME10", {}))).toBe("/da/rental/bag");
  });

  it("is 404 for a coupon that is not public, and posting to it changes nothing", async () => {
    await db.insert(schema.coupons).values({
      code: "STAFFONLY",
      kind: "percent",
      value: 50,
      description: { en: "", de: "", it: "", nl: "", be: "", da: "" },
      public: false,
    });
    const v = visitor();
    expect((await v.get("/coupon/STAFFONLY")).status).toBe(404);
    expect((await v.post("/coupon/STAFFONLY", {})).status).toBe(404);
    expect(v.cookies.has("rental_cart")).toBe(false);
  });
});

describe("the build's assets", () => {
  const assets = new URL("../../build/client/assets", import.meta.url).pathname;
  const largest = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
  const original = readFileSync(join(assets, largest));
  const get = (encoding: string | null, method = "GET") =>
    fetch(`${shop.url}/assets/${largest}`, { method, headers: encoding ? { "Accept-Encoding": encoding } : {} });

  it("come Brotli-compressed by the build when the browser takes it, else gzip, else as they are", async () => {
    const br = await get("gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    // fetch decodes the body as a browser does: what arrives is the file itself.
    expect(Buffer.from(await br.arrayBuffer()).equals(original)).toBe(true);

    const gz = await get("gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(await gz.arrayBuffer()).equals(original)).toBe(true);
    const sent = (response: Response) => Number(response.headers.get("content-length"));
    expect(sent(br)).toBeLessThan(sent(gz));
    expect(sent(gz)).toBeLessThan(original.length / 2);

    const plain = await get("identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
  });

  it("answers HEAD without a body, and never serves a file outside the assets", async () => {
    const head = await get("br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBe("br");
    expect(await head.text()).toBe("");
    const outside = await fetch(`${shop.url}/assets/..%2f..%2f..%2fpackage.json`, { headers: { "Accept-Encoding": "br" } });
    expect(outside.status).toBe(404);
  });
});

describe("branches and what they rent, the season it is first (issue 16)", () => {
  const today = zonedDate(new Date());
  const md = (days: number) => addDays(today, days).slice(5);
  let saved: { id: "winter" | "summer"; seasonStart: string; seasonEnd: string }[];

  /** Puts one storefront's season window around today and the other's well ahead, so "now" is known. */
  async function seasonNow(current: "winter" | "summer" | null) {
    for (const id of ["winter", "summer"] as const) {
      const window =
        id === current
          ? { seasonStart: md(-10), seasonEnd: md(40) }
          : { seasonStart: md(id === "winter" ? 60 : 120), seasonEnd: md(id === "winter" ? 100 : 160) };
      await db.update(schema.storefronts).set(window).where(eq(schema.storefronts.id, id));
    }
  }

  beforeAll(async () => {
    saved = await db
      .select({ id: schema.storefronts.id, seasonStart: schema.storefronts.seasonStart, seasonEnd: schema.storefronts.seasonEnd })
      .from(schema.storefronts);
  });
  afterAll(async () => {
    for (const { id, ...window } of saved) await db.update(schema.storefronts).set(window).where(eq(schema.storefronts.id, id));
  });

  /** The season sections of a branch page in order, each with its categories and every item's storefront. */
  async function rentalsOf(path: string) {
    const html = await (await visitor().get(path)).text();
    const seasons = [...html.matchAll(/data-season="(winter|summer)"/g)].map((m) => m[1]);
    const sections = html.split(/data-season="/).slice(1);
    const items = await db
      .select({ slug: schema.items.slug, appId: schema.items.appId, categoryId: schema.items.categoryId })
      .from(schema.items);
    const sorted = await db.select({ id: schema.categories.id, sort: schema.categories.sort }).from(schema.categories);
    return {
      seasons,
      check: () =>
        sections.forEach((section, i) => {
          const slugs = [...section.matchAll(/href="[^"]*\/item\/([a-z0-9-]+)"/g)].map((m) => m[1]);
          expect(slugs.length).toBeGreaterThan(0);
          // Every item under a season belongs to it, and its categories come in their order.
          for (const slug of slugs) expect(items.find((it) => it.slug === slug)?.appId).toBe(seasons[i]);
          const categories = [...section.matchAll(/data-category="([a-z0-9-]+)"/g)].map((m) => m[1]);
          const order = categories.map((c) => sorted.find((s) => s.id === c)?.sort ?? 0);
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }),
    };
  }

  it("groups a branch's rentals by season and category, the season it is first", async () => {
    await seasonNow("summer");
    const summerFirst = await rentalsOf("/de/shop/ciaslin");
    expect(summerFirst.seasons).toEqual(["summer", "winter"]);
    summerFirst.check();
    const german = await pageText(await visitor().get("/de/shop/ciaslin"));
    expect(german.indexOf("Öffnungszeiten im Sommer")).toBeLessThan(german.indexOf("Öffnungszeiten im Winter"));

    await seasonNow("winter");
    const winterFirst = await rentalsOf("/da/shop/ciaslin");
    expect(winterFirst.seasons).toEqual(["winter", "summer"]);
    winterFirst.check();

    // Between the seasons the one that opens next comes first.
    await seasonNow(null);
    expect((await rentalsOf("/shop/ciaslin")).seasons).toEqual(["winter", "summer"]);
  });

  it("shows each branch card's hours of today or of the coming season, and a map link opening in a new tab", async () => {
    const runcadoz = await idOf(schema.shops, "runcadoz");
    await db.delete(schema.shopClosedDays).where(eq(schema.shopClosedDays.day, today));
    await db.insert(schema.shopClosedDays).values({ shopId: runcadoz, day: today });
    try {
      await seasonNow("winter");
      const card = (html: string, slug: string) =>
        html.slice(html.indexOf(`href="${slug}"`), html.indexOf("</li>", html.indexOf(`href="${slug}"`)));
      const english = await (await visitor().get("/stores")).text();
      const first = card(english, "/shop/ciaslin");
      expect(first).toContain('data-hours="winter"');
      expect(first).toContain("Winter opening hours");
      expect(first).toMatch(/Today: 08:00–18:00/);
      expect(first).toMatch(/Mon–Sun<\/dt><dd>08:00–18:00/);
      expect(first).toContain('href="https://www.openstreetmap.org/?mlat=46.548300&amp;mlon=11.793600#map=16/46.548300/11.793600"');
      expect(first).toContain('target="_blank"');
      expect(first).toContain('rel="noopener noreferrer"');
      expect(first).toContain("Dolomiti Rent Ciaslin on OpenStreetMap, opens in a new tab");
      expect(card(english, "/shop/runcadoz")).toContain("Today: Closed");

      await seasonNow("summer");
      const danish = await (await visitor().get("/da/stores")).text();
      const summer = card(danish, "/da/shop/ciaslin");
      expect(summer).toContain("Åbningstider – Sommer");
      // Danes write times with a dot, as everywhere in the Danish shop (formatTime).
      expect(summer).toMatch(/I dag: 09\.00–12\.30, 14\.30–18\.30/);
      expect(summer).toContain("på OpenStreetMap, åbner i en ny fane");
      expect(summer).toMatch(/man\.?–søn\.?<\/dt><dd>09\.00–12\.30, 14\.30–18\.30/);

      await seasonNow(null);
      const between = await pageText(await visitor().get("/de/stores"));
      const opens = new Date(`${addDays(today, 60)}T12:00:00Z`).toLocaleDateString("de-DE", {
        day: "numeric",
        month: "long",
        timeZone: "UTC",
      });
      expect(between).toContain(`Die Saison beginnt am ${opens}`);
    } finally {
      await db.delete(schema.shopClosedDays).where(and(eq(schema.shopClosedDays.shopId, runcadoz), eq(schema.shopClosedDays.day, today)));
    }
  });
});

describe("the ski service page (issue 16)", () => {
  it("says which branches offer a service, never how many jobs a day they take; the back office still shows it", async () => {
    const [waxing, ciaslin] = await Promise.all([idOf(schema.items, "service-waxing"), idOf(schema.shops, "ciaslin")]);
    await db
      .update(schema.serviceCapacity)
      .set({ perDay: 9137 })
      .where(and(eq(schema.serviceCapacity.itemId, waxing), eq(schema.serviceCapacity.shopId, ciaslin)));
    for (const [path, offered, perDay] of [
      ["/ski-service", "Dolomiti Rent Ciaslin : offered", "per day"],
      ["/de/ski-service", "Dolomiti Rent Ciaslin : angeboten", "pro Tag"],
    ]) {
      const response = await visitor().get(path);
      const html = await response.text();
      expect(html).not.toContain("9137");
      const text = await pageText(new Response(html));
      expect(text).toContain(offered);
      expect(text).not.toContain(perDay);
    }
    const admin = await shop.login();
    const backOffice = await (await shop.request(`/admin/item/${waxing}`, { headers: { Cookie: admin } })).text();
    expect(backOffice).toContain("9137");
  });
});
