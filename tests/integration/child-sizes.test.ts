/**
 * Issue 33, point 10, over real HTTP: a child's tab recommends no adult skis, board or boots, and neither
 * the equipment step nor a package hands out a size far from the person's when theirs is booked out — the
 * page says "your size is not available" instead. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let itemIds: Record<string, number>;
let packageIds: Record<string, number>;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  itemIds = Object.fromEntries(
    (await db.select({ id: schema.items.id, slug: schema.items.slug }).from(schema.items)).map((i) => [i.slug, i.id]),
  );
  packageIds = Object.fromEntries(
    (await db.select({ id: schema.packages.id, slug: schema.packages.slug }).from(schema.packages)).map((p) => [p.slug, p.id]),
  );
});
afterAll(async () => {
  await shop?.close();
});

const FAMILY = [
  { firstName: "Anna", heightCm: "170", weightKg: "62", skill: "intermediate", shoeSize: "39", age: "38" },
  { firstName: "Mia", heightCm: "128", weightKg: "26", skill: "beginner", shoeSize: "32", age: "8" },
];
const EQUIPMENT = "/rental/winter/ciaslin/equipment";

/** Each item card of a person's list: its fit, the size marked "recommended", and the "not available" note. */
async function cards(visitor: Visitor, personId: number, category = "ski-snowboard") {
  const html = await (await visitor.get(`${EQUIPMENT}?person=${personId}&category=${category}`)).text();
  const parts = html.split('data-item="').slice(1);
  return Object.fromEntries(
    parts.map((part) => {
      const card = part.slice(0, part.indexOf("</li>"));
      const recommended = new RegExp(`<option[^>]*value="([^"]+)"[^>]*>[^<]*(?:<!-- -->)?[^<]*– ${en.booking.equipment.recommended}`).exec(
        card,
      );
      return [
        card.slice(0, card.indexOf('"')),
        {
          fit: /data-fit="([^"]+)"/.exec(card)?.[1] ?? null,
          recommended: recommended?.[1] ?? null,
          sizeMissing: card.includes("data-size-missing"),
        },
      ];
    }),
  );
}

/** Takes the units of those items and sizes out of service everywhere for the test, and puts them back after. */
async function bookedOut<T>(slugs: string[], sizes: number[], run: () => Promise<T>): Promise<T> {
  const taken = await db
    .update(schema.units)
    .set({ status: "maintenance" })
    .where(
      and(
        inArray(
          schema.units.itemId,
          slugs.map((s) => itemIds[s]),
        ),
        inArray(schema.units.size, sizes.map(String)),
        eq(schema.units.status, "active"),
      ),
    )
    .returning({ id: schema.units.id });
  expect(taken.length).toBeGreaterThan(0);
  try {
    return await run();
  } finally {
    await db
      .update(schema.units)
      .set({ status: "active" })
      .where(
        inArray(
          schema.units.id,
          taken.map((u) => u.id),
        ),
      );
  }
}

describe(`sizes that fit, over HTTP on ${testDbKind}`, () => {
  it("recommends a 128 cm beginner child no adult skis, board or boots, and the junior ski in its size", async () => {
    const visitor = createVisitor(shop.url);
    const [, mia] = await startBooking(db, visitor, "en", FAMILY);
    const list = await cards(visitor, mia.id);
    for (const adult of ["ski-all-mountain", "snowboard-all-mountain", "ski-boots-comfort", "ski-boots-sport", "snowboard-boots"])
      expect(list[adult], adult).toMatchObject({ fit: "unsuitable", recommended: null });
    expect(list["ski-junior-easy"]).toMatchObject({ fit: "suits", recommended: "110" });
    expect(list["ski-boots-junior"]).toMatchObject({ recommended: "32" });
    const page = await pageText(await visitor.get(`${EQUIPMENT}?person=${mia.id}&category=ski-snowboard`));
    expect(page).toContain("Not recommended: too big for this shoe size. The smallest is 36; 32 would fit.");
  });

  it("says an adult's EU 39 is not available rather than recommending 38 or 41", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "en", FAMILY);
    await bookedOut(["ski-boots-comfort"], [39, 40], async () => {
      const list = await cards(visitor, anna.id);
      expect(list["ski-boots-comfort"]).toMatchObject({ recommended: null, sizeMissing: true });
      const page = await pageText(await visitor.get(`${EQUIPMENT}?person=${anna.id}&category=ski-snowboard`));
      expect(page).toContain("Your size (EU 39) is not available for your dates.");
    });
    // With the size back, it is recommended again and nothing is said.
    expect((await cards(visitor, anna.id))["ski-boots-comfort"]).toMatchObject({ recommended: "39", sizeMissing: false });
  });

  it("gives a package no boots far from the child's EU 32, says so, and refuses it writing nothing", async () => {
    const visitor = createVisitor(shop.url);
    const [, mia] = await startBooking(db, visitor, "en", FAMILY);
    await bookedOut(["ski-boots-junior"], [27, 28, 29, 30, 31, 32, 33, 34, 35], async () => {
      const html = await (await visitor.get(`${EQUIPMENT}?person=${mia.id}`)).text();
      const card = html.slice(html.indexOf('data-package="package-ski-beginner"'));
      const text = card.slice(0, card.indexOf("</li></ul>") > 0 ? card.indexOf("</li></ul>") : 4000);
      expect(text).toContain('data-state="not available"');
      expect(text).not.toContain("Size 36");
      expect(text.replace(/<!-- -->/g, "")).toContain("your size (EU 32) is not available for your dates");
      const refused = await visitor.post(`${EQUIPMENT}?person=${mia.id}`, {
        intent: "addPackage",
        packageId: String(packageIds["package-ski-beginner"]),
      });
      expect(refused.status).toBe(409);
      expect(await pageText(refused)).toContain("is not available in this person's size for your dates.");
      const lines = await db.select().from(schema.bagLines).where(eq(schema.bagLines.personId, mia.id));
      expect(lines).toEqual([]);
    });
  });

  it("gives an adult's EU 39 no boots 41 in a package", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "en", FAMILY);
    await bookedOut(["ski-boots-comfort"], [39, 40], async () => {
      const html = await (await visitor.get(`${EQUIPMENT}?person=${anna.id}`)).text();
      const card = html.slice(
        html.indexOf('data-package="package-ski-intermediate"'),
        html.indexOf('data-package="package-ski-intermediate"') + 4000,
      );
      expect(card).toContain('data-state="not available"');
      expect(card).not.toMatch(/Size (38|41)/);
      expect(card.replace(/<!-- -->/g, "")).toContain("your size (EU 39) is not available for your dates");
    });
  });
});
