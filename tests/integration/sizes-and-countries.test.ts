/**
 * Issue 16 over real HTTP: a shoe size given in UK, US or Mondopoint on the persons step and at the counter
 * is kept as EU, and the invoice takes any country of the world, the likely ones offered first.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, shopIds } from "../helpers/booking";
import { addItem, bagOf, INVOICE, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let itemIds: Record<string, number>;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  itemIds = Object.fromEntries(
    (await db.select({ id: schema.items.id, slug: schema.items.slug }).from(schema.items)).map((i) => [i.slug, i.id]),
  );
});
afterAll(async () => {
  await shop?.close();
});

describe(`shoe sizes in EU, UK, US and Mondo on ${testDbKind}`, () => {
  it("keeps a UK, US or Mondo size as EU, reads a child's UK size on the children's scale, and EU without a system as before", async () => {
    const visitor = createVisitor(shop.url);
    const persons = await startBooking(db, visitor, "en", [
      { firstName: "Anna", shoeSize: "8", shoeSystem: "uk" },
      { firstName: "Ben", shoeSize: "9", shoeSystem: "us" },
      { firstName: "Cara", shoeSize: "27.5", shoeSystem: "mondo" },
      { firstName: "Dan", shoeSize: "12", shoeSystem: "uk", heightCm: "120" },
      { firstName: "Eva", shoeSize: "39" },
    ]);
    expect(persons.map((p) => [p.firstName, p.shoeSize])).toEqual([
      ["Anna", 42],
      ["Ben", 42],
      ["Cara", 43],
      ["Dan", 30],
      ["Eva", 39],
    ]);
    // Back on the step, each size is shown as EU, with the other systems beside it.
    const page = await visitor.get("/rental/winter/ciaslin/persons");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("EU 42 · UK 8 · US 9 · Mondo 27");
    expect(html).toContain("EU 30 · UK 11.5C · US 12.5C · Mondo 19");
    expect(html).toContain('name="persons.0.shoeSystem"');
    expect(html).toContain(`aria-label="${en.booking.persons.shoeSystem}"`);
  });

  it("refuses a size outside its system's range with that system's message, keeping what was typed", async () => {
    const visitor = createVisitor(shop.url);
    await startBooking(db, visitor);
    const refused = await visitor.post("/de/rental/winter/ciaslin/persons", {
      intent: "save",
      "persons.0.firstName": "Anna",
      "persons.0.shoeSize": "20",
      "persons.0.shoeSystem": "uk",
      "persons.1.firstName": "Ben",
      "persons.1.shoeSize": "40",
      "persons.1.shoeSystem": "mondo",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const text = html.replace(/<[^>]+>/g, " ");
    expect(text).toContain(de.booking.errors.shoeSizeUk);
    expect(text).toContain(de.booking.errors.shoeSizeMondo);
    expect(html).toMatch(/<option value="uk" selected="">UK<\/option>/);
    expect(html).toMatch(/<option value="mondo" selected="">Mondo<\/option>/);
    // Nothing was saved: the bag still has the person of the first save.
    const saved = await db
      .select()
      .from(schema.bagPersons)
      .where(eq(schema.bagPersons.bagId, bagOf(visitor)));
    expect(saved.map((p) => p.shoeSize)).toEqual([39]);
  });

  it("at the counter: a UK size is kept as EU on the order", async () => {
    const branches = await shopIds(db);
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const admin = await shop.login();
    const created = await shop.request("/admin/order/create", {
      method: "POST",
      body: new URLSearchParams({
        shopId: String(branches.ciaslin),
        appId: "winter",
        pickupDate: "2027-01-11",
        pickupTime: "09:00",
        returnDate: "2027-01-12",
        returnTime: "17:00",
        "persons.0.firstName": "Walter",
        "persons.0.heightCm": "178",
        "persons.0.shoeSize": "8",
        "persons.0.shoeSystem": "uk",
        "persons.1.firstName": "Wanda",
        "persons.1.shoeSize": "40",
        "lines.0.person": "0",
        "lines.0.item": `${ski.id}|170`,
        "lines.0.quantity": "1",
        language: "it",
        method: "cash",
        name: "Walter Walk-in",
        intent: "create",
      }),
      headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
    });
    expect(created.status).toBe(302);
    const id = /\/admin\/order\/([0-9a-f-]{36})\?done=create$/.exec(locationOf(created))?.[1] as string;
    const persons = await db
      .select()
      .from(schema.orderPersons)
      .where(eq(schema.orderPersons.orderId, id))
      .orderBy(schema.orderPersons.position);
    expect(persons.map((p) => [p.firstName, p.shoeSize])).toEqual([
      ["Walter", 42],
      ["Wanda", 40],
    ]);

    const refused = await shop.request("/admin/order/create", {
      method: "POST",
      body: new URLSearchParams({
        shopId: String(branches.ciaslin),
        appId: "winter",
        pickupDate: "2027-01-11",
        pickupTime: "09:00",
        returnDate: "2027-01-12",
        returnTime: "17:00",
        "persons.0.firstName": "Walter",
        "persons.0.shoeSize": "30",
        "persons.0.shoeSystem": "us",
        language: "it",
        method: "cash",
        name: "Walter Walk-in",
        intent: "create",
      }),
      headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
    });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(en.booking.errors.shoeSizeUs);
  });
});

describe(`invoice countries on ${testDbKind}`, () => {
  async function toCheckout(locale: "en" | "de") {
    const prefix = locale === "en" ? "" : `/${locale}`;
    const visitor = createVisitor(shop.url);
    await startBooking(db, visitor, locale);
    await addItem(visitor, "person=all&category=ski-service", { itemId: itemIds["service-waxing"], quantity: 1 }, locale);
    expect((await visitor.post(`${prefix}/rental/bag`, { intent: "continue" })).status).toBe(302);
    const page = await visitor.get(`${prefix}/rental/checkout`);
    expect(page.status).toBe(200);
    return { visitor, prefix, html: await page.text() };
  }

  it("offers the language's country and the likely ones first, then every country by name", async () => {
    const { html } = await toCheckout("de");
    const select = html.slice(html.indexOf('name="country"'), html.indexOf("</select>", html.indexOf('name="country"')));
    const likely = select.indexOf(`<optgroup label="${de.booking.invoice.countriesLikely}">`);
    const all = select.indexOf(`<optgroup label="${de.booking.invoice.countriesAll}">`);
    expect(likely).toBeGreaterThan(-1);
    expect(all).toBeGreaterThan(likely);
    const codes = (part: string) => [...part.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    const first = codes(select.slice(likely, all));
    const rest = codes(select.slice(all));
    expect(first[0]).toBe("DE");
    expect(first).toEqual(expect.arrayContaining(["IT", "AT", "CH", "NL", "BE", "DK", "FR", "GB"]));
    expect(rest).toEqual(expect.arrayContaining(["JP", "BR", "ZA", "ES"]));
    expect(rest).not.toContain("DE");
    expect(first.length + rest.length).toBe(249);
    expect(select).toMatch(/<option value="DE" selected="">Deutschland<\/option>/);
    expect(select).toContain(">Japan</option>");
  });

  for (const country of ["US", "JP"]) {
    it(`takes an invoice address in ${country}`, async () => {
      const { visitor, prefix, html } = await toCheckout("en");
      const total = /name="total" value="(\d+)"/.exec(html)?.[1] as string;
      const pay = await visitor.post(`${prefix}/rental/checkout`, { ...INVOICE, country, total });
      expect(pay.status).toBe(302);
      expect(locationOf(pay)).not.toContain("/rental/checkout");
      const [bag] = await db
        .select()
        .from(schema.bags)
        .where(eq(schema.bags.id, bagOf(visitor)));
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.id, bag.orderId as string));
      expect(order.invoiceCountry).toBe(country);
    });
  }

  it("refuses a code that is no country", async () => {
    const { visitor, prefix, html } = await toCheckout("en");
    const total = /name="total" value="(\d+)"/.exec(html)?.[1] as string;
    const refused = await visitor.post(`${prefix}/rental/checkout`, { ...INVOICE, country: "XX", total });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(en.booking.errors.country);
  });
});
