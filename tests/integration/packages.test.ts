/**
 * Packages over real HTTP (decision 030): a family chooses a package per person on the equipment step, the
 * child pays the children's price and gets the junior models, the bag and the checkout price the package,
 * the order claims one unit per component and shows the package; a booked-out component refuses the
 * package and writes nothing. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packagesQuery } from "../../app/domain/admin/package";
import type { Locale } from "../../app/domain/i18n";
import { daysBetween } from "../../app/domain/periods";
import { priceForDays } from "../../app/domain/pricing";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { listPackages } from "../../app/server/admin/packages.server";
import * as schema from "../../app/server/db/schema";
import { bagOf, goToPayment, period, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let itemIds: Record<string, number>;
let packageOf: Record<string, typeof schema.packages.$inferSelect>;
const days = daysBetween(period.pickupDate, period.returnDate) + 1;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  itemIds = Object.fromEntries(
    (await db.select({ id: schema.items.id, slug: schema.items.slug }).from(schema.items)).map((i) => [i.slug, i.id]),
  );
  packageOf = Object.fromEntries((await db.select().from(schema.packages)).map((p) => [p.slug, p]));
});
afterAll(async () => {
  await shop?.close();
});

const FAMILY = [
  { firstName: "Anna", heightCm: "172", weightKg: "64", skill: "intermediate", shoeSize: "39", age: "41" },
  { firstName: "Luca", heightCm: "128", weightKg: "26", skill: "beginner", shoeSize: "31", age: "8" },
];

const equipment = (locale: Locale) => `${locale === "en" ? "" : `/${locale}`}/rental/winter/ciaslin/equipment`;
const linesOf = (visitor: Visitor) =>
  db
    .select()
    .from(schema.bagLines)
    .where(eq(schema.bagLines.bagId, bagOf(visitor)));

function choosePackage(visitor: Visitor, locale: Locale, personId: number, slug: string) {
  return visitor.post(`${equipment(locale)}?person=${personId}`, { intent: "addPackage", packageId: String(packageOf[slug].id) });
}

/** The package cards of a person's equipment page, in the order shown: slug and price in cents. */
async function packageCards(visitor: Visitor, locale: Locale, personId: number) {
  const page = await visitor.get(`${equipment(locale)}?person=${personId}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  return [...html.matchAll(/data-package="([^"]+)" data-state="([^"]+)"[\s\S]*?data-price="(\d+)"/g)].map((m) => ({
    slug: m[1],
    state: m[2],
    priceCents: Number(m[3]),
    recommended: html.slice(m.index, m.index + m[0].length).includes("data-recommended"),
  }));
}

describe(`packages over HTTP on ${testDbKind}`, () => {
  it.each([
    ["en", en.booking.package.inBag],
    ["de", de.booking.package.inBag],
  ] as const)("a family in %s takes a package for an adult and a child through to the order page", async (locale, inBag) => {
    const visitor = createVisitor(shop.url);
    const [anna, luca] = await startBooking(db, visitor, locale, FAMILY);
    expect(luca.ageBand).toBe("child");

    // The package of the person's level comes first, recommended; the child sees the children's price.
    const annaCards = await packageCards(visitor, locale, anna.id);
    expect(annaCards[0]).toMatchObject({ slug: "package-ski-intermediate", recommended: true, state: "available" });
    const intermediate = packageOf["package-ski-intermediate"];
    expect(annaCards[0].priceCents).toBe(priceForDays(intermediate, days));
    const lucaCards = await packageCards(visitor, locale, luca.id);
    expect(lucaCards[0]).toMatchObject({ slug: "package-ski-beginner", recommended: true });
    const beginner = packageOf["package-ski-beginner"];
    const childPrice = priceForDays({ dayPrices: beginner.childDayPrices, extraDayCents: beginner.childExtraDayCents }, days);
    expect(lucaCards[0].priceCents).toBe(childPrice);
    expect(childPrice).toBeLessThan(priceForDays(beginner, days));
    // Expert skis are two levels above a beginner: the expert package is not offered to Luca.
    expect(lucaCards.map((c) => c.slug)).not.toContain("package-ski-expert");
    // Snowboard boots start at 36: a child's 31 is no reason to hand out adult boots.
    expect(lucaCards.map((c) => c.slug)).not.toContain("package-snowboard");

    expect((await choosePackage(visitor, locale, anna.id, "package-ski-intermediate")).status).toBe(302);
    expect((await choosePackage(visitor, locale, luca.id, "package-ski-beginner")).status).toBe(302);
    const lines = await linesOf(visitor);
    const itemsOf = (personId: number) =>
      lines
        .filter((l) => l.personId === personId)
        .map((l) => l.itemId)
        .sort();
    expect(itemsOf(anna.id)).toEqual([itemIds["ski-all-mountain"], itemIds["ski-boots-comfort"], itemIds["ski-helmet"]].sort());
    // The child gets the junior models of each slot, in sizes for a child.
    expect(itemsOf(luca.id)).toEqual([itemIds["ski-junior-easy"], itemIds["ski-boots-junior"], itemIds["ski-helmet-kids"]].sort());
    expect(lines.every((l) => l.packageId !== null)).toBe(true);
    const lucaBoots = lines.find((l) => l.itemId === itemIds["ski-boots-junior"]);
    expect(lucaBoots?.size).toBe("31");

    const bag = await pageText(await visitor.get(`${locale === "en" ? "" : `/${locale}`}/rental/bag`));
    expect(bag).toContain(inBag.replace("{{name}}", intermediate.name[locale]));
    expect(bag).toContain(inBag.replace("{{name}}", beginner.name[locale]));

    const { order } = await goToPayment(db, visitor, locale);
    expect(order.subtotalCents).toBe(priceForDays(intermediate, days) + childPrice);
    const orderLines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    expect(orderLines).toHaveLength(6);
    expect(new Set(orderLines.map((l) => l.packageName))).toEqual(new Set([intermediate.name[locale], beginner.name[locale]]));
    // Every component claims a unit of its own.
    const held = await db
      .select()
      .from(schema.reservations)
      .where(
        and(
          inArray(
            schema.reservations.orderLineId,
            orderLines.map((l) => l.id),
          ),
          eq(schema.reservations.state, "held"),
        ),
      );
    expect(held).toHaveLength(6);
    const persons = await db.select().from(schema.orderPersons).where(eq(schema.orderPersons.orderId, order.id));
    expect(persons.map((p) => p.ageBand).sort()).toEqual(["adult", "child"]);

    const orderPage = await pageText(await visitor.get(`${locale === "en" ? "" : `/${locale}`}/order/${order.token}`));
    expect(orderPage).toContain(inBag.replace("{{name}}", beginner.name[locale]));
  });

  it("choosing another package replaces the first, and removing it takes all its pieces out", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "en", FAMILY.slice(0, 1));
    await choosePackage(visitor, "en", anna.id, "package-ski-intermediate");
    await choosePackage(visitor, "en", anna.id, "package-snowboard");
    const lines = await linesOf(visitor);
    expect(lines).toHaveLength(3);
    expect(new Set(lines.map((l) => l.packageId))).toEqual(new Set([packageOf["package-snowboard"].id]));
    const removed = await visitor.post(`${equipment("en")}?person=${anna.id}`, {
      intent: "removePackage",
      packageId: String(packageOf["package-snowboard"].id),
    });
    expect(removed.status).toBe(302);
    expect(await linesOf(visitor)).toHaveLength(0);
  });

  it("a package with a piece taken out is no longer the package: the rest cost what their items cost", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "en", FAMILY.slice(0, 1));
    await choosePackage(visitor, "en", anna.id, "package-ski-intermediate");
    const helmet = (await linesOf(visitor)).find((l) => l.itemId === itemIds["ski-helmet"]);
    const removed = await visitor.post(`${equipment("en")}?person=${anna.id}`, { intent: "remove", lineId: String(helmet?.id) });
    expect(removed.status).toBe(302);
    const bag = await visitor.get("/rental/bag");
    const html = await bag.text();
    expect(html).not.toContain("data-package-line");
    const own = await db
      .select()
      .from(schema.priceTables)
      .where(inArray(schema.priceTables.itemId, [itemIds["ski-all-mountain"], itemIds["ski-boots-comfort"]]));
    const subtotal = own.reduce((sum, t) => sum + priceForDays(t, days), 0);
    const { order } = await goToPayment(db, visitor, "en");
    expect(order.subtotalCents).toBe(subtotal);
    const orderLines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    expect(orderLines.map((l) => [l.packageId, l.packageName])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it("refuses a package one component of which is booked out, and writes nothing", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "de", [{ ...FAMILY[0], skill: "expert", shoeSize: "42" }]);
    const units = await db
      .update(schema.units)
      .set({ status: "maintenance" })
      .where(and(eq(schema.units.itemId, itemIds["ski-boots-sport"]), eq(schema.units.status, "active")))
      .returning({ id: schema.units.id });
    try {
      const cards = await packageCards(visitor, "de", anna.id);
      // Boots from the other branches are gone too: the package says so instead of offering itself.
      expect(cards.find((c) => c.slug === "package-ski-expert")?.state).toBe("not available");
      const refused = await choosePackage(visitor, "de", anna.id, "package-ski-expert");
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("booking.equipment.soldOut");
      expect(await linesOf(visitor)).toHaveLength(0);
    } finally {
      await db
        .update(schema.units)
        .set({ status: "active" })
        .where(
          inArray(
            schema.units.id,
            units.map((u) => u.id),
          ),
        );
    }
  });

  it("refuses a package of another season and a malformed one, writing nothing", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "en", FAMILY.slice(0, 1));
    expect((await choosePackage(visitor, "en", anna.id, "package-ebike-tour")).status).toBe(400);
    const malformed = await visitor.post(`${equipment("en")}?person=${anna.id}`, { intent: "addPackage", packageId: "1e1" });
    expect(malformed.status).toBe(400);
    expect(await linesOf(visitor)).toHaveLength(0);
  });

  it.each([
    ["en", en.booking.errors.age],
    ["de", de.booking.errors.age],
  ] as const)("refuses an age that is not a number of years in %s, keeping what was typed", async (locale, message) => {
    const visitor = createVisitor(shop.url);
    const prefix = locale === "en" ? "" : `/${locale}`;
    expect((await visitor.post(`${prefix}/rental/winter/ciaslin`, period)).status).toBe(302);
    const refused = await visitor.post(`${prefix}/rental/winter/ciaslin/persons`, {
      intent: "save",
      "persons.0.firstName": "Ida",
      "persons.0.age": "toddler",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(message);
    expect(html).toContain('value="Ida"');
    expect(
      await db
        .select()
        .from(schema.bagPersons)
        .where(eq(schema.bagPersons.bagId, bagOf(visitor))),
    ).toHaveLength(0);
  });

  describe("in the back office", () => {
    const form = (slug: string, over: Record<string, string> = {}) => {
      const p = packageOf[slug];
      return {
        "name.en": p.name.en,
        "name.de": p.name.de,
        "description.en": p.description.en,
        level: p.level,
        sort: String(p.sort),
        active: "on",
        dayPrices: p.dayPrices.map((c) => (c / 100).toFixed(2)).join("; "),
        extraDay: (p.extraDayCents / 100).toFixed(2),
        childDayPrices: p.childDayPrices.map((c) => (c / 100).toFixed(2)).join("; "),
        childExtraDay: (p.childExtraDayCents / 100).toFixed(2),
        ...over,
      };
    };
    const post = (cookie: string, path: string, fields: Record<string, string>) =>
      shop.request(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: shop.url },
      });
    const auditOf = (id: number) =>
      db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.entity, "package"), eq(schema.auditLog.entityId, String(id))));

    it.each([
      ["en", en],
      ["de", de],
    ] as const)(
      "an admin in %s is refused prices that fall with more days: the form keeps them, nothing is written",
      async (locale, messages) => {
        const cookie = await shop.login();
        const snowboard = packageOf["package-snowboard"];
        const prefix = locale === "en" ? "" : `/${locale}`;
        const list = await shop.request(`${prefix}/admin/packages`, { headers: { Cookie: cookie } });
        expect(list.status).toBe(200);
        expect(await list.text()).toContain(snowboard.name[locale]);
        const refused = await post(cookie, `${prefix}/admin/package/${snowboard.id}`, form("package-snowboard", { dayPrices: "36; 30" }));
        expect(refused.status).toBe(400);
        const html = await refused.text();
        expect(html).toContain(messages.admin.items.errors.pricesDecrease);
        expect(html).toContain('value="36; 30"');
        const [after] = await db.select().from(schema.packages).where(eq(schema.packages.id, snowboard.id));
        expect(after.dayPrices).toEqual(snowboard.dayPrices);
        expect(await auditOf(snowboard.id)).toHaveLength(0);
      },
    );

    it.each([
      ["en", en],
      ["de", de],
    ] as const)("an item of a package cannot be deleted in %s: the package would lose a piece unnoticed", async (locale, messages) => {
      const cookie = await shop.login();
      const prefix = locale === "en" ? "" : `/${locale}`;
      const refused = await post(cookie, `${prefix}/admin/item/${itemIds["snowboard-boots"]}`, { intent: "delete" });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(messages.admin.items.deleteRefusedPackage);
      expect(await db.select().from(schema.items).where(eq(schema.items.id, itemIds["snowboard-boots"]))).toHaveLength(1);
    });

    it("an admin's new children's price is what the next family pays, with an audit entry", async () => {
      const cookie = await shop.login();
      const beginner = packageOf["package-ski-beginner"];
      const saved = await post(cookie, `/admin/package/${beginner.id}`, form("package-ski-beginner", { childDayPrices: "15; 28; 40" }));
      expect(saved.status).toBe(302);
      const [entry] = await auditOf(beginner.id);
      expect(entry.userId).toBeTruthy();
      const visitor = createVisitor(shop.url);
      const [, luca] = await startBooking(db, visitor, "en", FAMILY);
      const cards = await packageCards(visitor, "en", luca.id);
      expect(cards.find((c) => c.slug === "package-ski-beginner")?.priceCents).toBe(
        priceForDays({ dayPrices: [1500, 2800, 4000], extraDayCents: beginner.childExtraDayCents }, days),
      );
      // Put back for the other tests of this file.
      expect((await post(cookie, `/admin/package/${beginner.id}`, form("package-ski-beginner"))).status).toBe(302);
    });
  });
});

describe("the packages list in the back office", () => {
  const query = (search: Record<string, string>) => packagesQuery.parse(search);

  it("searches the name in any language, filters by season and level, and sorts by the one-day price both ways", async () => {
    const snowboard = await listPackages(query({ q: "snowboard" }));
    expect(snowboard.rows.length).toBeGreaterThan(0);
    for (const row of snowboard.rows) expect(JSON.stringify(row.name).toLowerCase()).toContain("snowboard");
    // German for e-bike tour: found by its German name too.
    const german = await listPackages(query({ q: packageOf["package-ebike-tour"].name.de.slice(0, 8) }));
    expect(german.rows.map((r) => r.slug)).toContain("package-ebike-tour");

    const summer = await listPackages(query({ app: "summer" }));
    expect(summer.rows.every((r) => r.appId === "summer")).toBe(true);
    expect(summer.total).toBe(Object.values(packageOf).filter((p) => p.appId === "summer").length);
    const beginners = await listPackages(query({ level: "beginner" }));
    expect(beginners.rows.every((r) => r.level === "beginner")).toBe(true);

    const prices = (rows: { dayPrices: number[] }[]) => rows.map((r) => r.dayPrices[0]);
    const up = prices((await listPackages(query({ sort: "price", dir: "asc" }))).rows);
    const down = prices((await listPackages(query({ sort: "price", dir: "desc" }))).rows);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...up].reverse());
  });
});
