/**
 * Issue 33, points 20 and 21, over real HTTP: summer is not half winter (the persons step asks no shoe size
 * in four systems and speaks of no ski binding, the home page offers neither the winter coupon nor the
 * winter-only branch, the footer no ski service or depot), a group of more than 12 is told where to ask, and
 * a weight of "80,5" is taken. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PERSONS } from "../../app/domain/person-rows";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { bagOf, period as winter } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
});
afterAll(async () => {
  await shop?.close();
});

/** Three days in June of the next summer season (15 May – 15 October), when Ciaslin rents e-bikes. */
function summerPeriod(now = new Date()) {
  const year = now.getUTCMonth() >= 4 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return { pickupDate: `${year}-06-08`, returnDate: `${year}-06-10`, pickupTime: "09:00", returnTime: "17:00" };
}

/** The visitor stands on the persons step of the season's booking at Ciaslin, in German. */
async function toPersons(visitor: Visitor, season: "winter" | "summer") {
  const dates = await visitor.post(`/de/rental/${season}/ciaslin`, season === "summer" ? summerPeriod() : winter);
  expect(dates.status).toBe(302);
  expect(locationOf(dates)).toBe(`/de/rental/${season}/ciaslin/persons`);
  return visitor.get(`/de/rental/${season}/ciaslin/persons`);
}

describe(`summer is summer, over HTTP on ${testDbKind}`, () => {
  it("asks summer's e-bike riders no shoe size and speaks of no ski binding; winter still asks both", async () => {
    const summer = await toPersons(createVisitor(shop.url), "summer");
    expect(summer.status).toBe(200);
    const html = await summer.text();
    const text = await pageText(new Response(html));
    expect(html).not.toContain('name="persons.0.shoeSize"');
    expect(html).not.toContain('name="persons.0.shoeSystem"');
    expect(text).not.toMatch(/Ski|Bindung|Schuhgröße|Mondo/);
    expect(text).toContain(de.booking.persons.ageHintPrices);

    const wintry = await (await toPersons(createVisitor(shop.url), "winter")).text();
    expect(wintry).toContain('name="persons.0.shoeSize"');
    expect(wintry).toMatch(/<select[^>]*name="persons\.0\.shoeSystem"/);
    expect(await pageText(new Response(wintry))).toContain(de.booking.persons.ageHint);
  });

  it.each([
    ["summer", false],
    ["winter", true],
  ] as const)("shows the %s home page only its own coupons, branches and offers", async (season, winterly) => {
    const visitor = createVisitor(shop.url);
    visitor.cookies.set("season", season);
    const html = await (await visitor.get("/de")).text();
    // FAMILY25 is the winter storefront's coupon, Plan da Sëra a winter-only branch, WELCOME10 for every storefront.
    expect(html.includes("FAMILY25")).toBe(winterly);
    expect(html.includes('href="/de/shop/plan-da-sera"')).toBe(winterly);
    expect(html).toContain("WELCOME10");
    expect(html).toContain('href="/de/shop/ciaslin"');
    const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
    expect(footer.includes('href="/de/ski-service"')).toBe(winterly);
    expect(footer.includes('href="/de/ski-depot"')).toBe(winterly);
    expect(footer.includes(de.offer.service.title)).toBe(winterly);
  });

  it("keeps the summer booking steps' footer free of ski service and depot", async () => {
    const visitor = createVisitor(shop.url);
    visitor.cookies.set("season", "winter");
    const html = await (await toPersons(visitor, "summer")).text();
    const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
    expect(footer).not.toContain("/ski-service");
    expect(footer).not.toContain("/ski-depot");
  });
});

describe(`the persons step, over HTTP on ${testDbKind}`, () => {
  const rows = (count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        [`persons.${i}.key`, `k${i}`],
        [`persons.${i}.firstName`, `Gast ${i + 1}`],
      ]).flat(),
    );

  it(`tells a group of more than ${MAX_PERSONS} where to ask instead of cutting it silently`, async () => {
    const visitor = createVisitor(shop.url);
    await toPersons(visitor, "winter");
    const below = await visitor.post("/rental/winter/ciaslin/persons", { ...rows(MAX_PERSONS - 2), intent: "add" });
    expect(await below.text()).not.toContain("data-group-limit");
    const full = await visitor.post("/rental/winter/ciaslin/persons", { ...rows(MAX_PERSONS - 1), intent: "add" });
    expect(full.status).toBe(200);
    const html = await full.text();
    expect(html).toContain("data-group-limit");
    expect(html).toContain('href="mailto:ciaslin@dolomiti-rent.example?subject=');
    expect(html).toContain('href="tel:+390471795120"');
    expect(await pageText(new Response(html))).toContain(en.booking.persons.groupLimit.replace("{{count}}", String(MAX_PERSONS)));
    // The add button is gone: the limit is said, not just enforced.
    expect(html).not.toMatch(/name="intent" value="add"/);
  });

  it.each([
    ["80,5", 81],
    ["80.5", 81],
    ["64,4", 64],
  ])("takes a weight of %s kg as %i", async (weightKg, kg) => {
    const visitor = createVisitor(shop.url);
    await toPersons(visitor, "winter");
    const saved = await visitor.post("/de/rental/winter/ciaslin/persons", {
      intent: "save",
      "persons.0.firstName": "Anna",
      "persons.0.weightKg": weightKg,
      "persons.0.heightCm": "172,5",
    });
    expect(saved.status).toBe(302);
    const [person] = await db
      .select()
      .from(schema.bagPersons)
      .where(eq(schema.bagPersons.bagId, bagOf(visitor)));
    expect(person).toMatchObject({ weightKg: kg, heightCm: 173 });
  });
});
