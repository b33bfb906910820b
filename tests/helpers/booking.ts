/**
 * Fixtures for the rental core's tests and benchmark: items with a known number of units, stock or
 * capacity, added to the seeded demo shop, and valid hold requests for them.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { HoldInput } from "../../app/server/booking/holds.server";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";

export async function shopIds(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries((await db.select().from(schema.shops)).map((s) => [s.slug, s.id]));
}

const name = (text: string) => ({ en: text, de: text, it: text, nl: text, be: text, da: text });

/** A winter rental item in size "170" with `units` units at the branch. */
export async function createRentalItem(db: Db, shopId: number, units: number, options: { local?: boolean } = {}) {
  const slug = `test-ski-${randomBytes(4).toString("hex")}`;
  const [item] = await db
    .insert(schema.items)
    .values({
      slug,
      appId: "winter",
      categoryId: "ski-snowboard",
      kind: "rental",
      name: name(`Test ski ${slug}`),
      description: name("A ski for tests"),
      sizes: ["170"],
      sizing: "ski",
      local: options.local ?? false,
    })
    .returning();
  await db.insert(schema.priceTables).values({ itemId: item.id, dayPrices: [3000, 5500, 7800], extraDayCents: 2000 });
  if (units > 0) {
    await db
      .insert(schema.units)
      .values(Array.from({ length: units }, (_, n) => ({ itemId: item.id, shopId, size: "170", code: `${slug}-${n + 1}` })));
  }
  return item;
}

/** A winter sale article (no sizes) with `quantity` in stock at the branch. */
export async function createSaleItem(db: Db, shopId: number, quantity: number) {
  const slug = `test-sock-${randomBytes(4).toString("hex")}`;
  const [item] = await db
    .insert(schema.items)
    .values({
      slug,
      appId: "winter",
      categoryId: "clothing",
      kind: "sale",
      name: name(`Test socks ${slug}`),
      description: name("Socks for tests"),
      priceCents: 1990,
    })
    .returning();
  await db.insert(schema.stock).values({ itemId: item.id, shopId, size: "", quantity });
  return item;
}

/** A winter service taking `perDay` jobs a day at the branch. */
export async function createServiceItem(db: Db, shopId: number, perDay: number) {
  const slug = `test-wax-${randomBytes(4).toString("hex")}`;
  const [item] = await db
    .insert(schema.items)
    .values({
      slug,
      appId: "winter",
      categoryId: "ski-service",
      kind: "service",
      name: name(`Test waxing ${slug}`),
      description: name("Waxing for tests"),
      priceCents: 2500,
    })
    .returning();
  await db.insert(schema.serviceCapacity).values({ itemId: item.id, shopId, perDay });
  return item;
}

/** Monday 11 to Wednesday 13 January 2027, 09:00 to 17:00: inside the winter season and opening hours. */
export const JANUARY_PERIOD = { pickupDate: "2027-01-11", returnDate: "2027-01-13", pickupTime: "09:00", returnTime: "17:00" };
/**
 * For what runs on the real clock, as the JSON API does (it takes no `now`): Monday to Wednesday, 09:00 to
 * 17:00, in the second week of the coming January (at least a week ahead), and the same five weeks later.
 */
export function comingWinterPeriods(today = new Date()) {
  const secondMonday = (year: number) => {
    const eighth = new Date(Date.UTC(year, 0, 8));
    return new Date(Date.UTC(year, 0, 8 + ((8 - eighth.getUTCDay()) % 7)));
  };
  let monday = secondMonday(today.getUTCFullYear());
  if (monday.getTime() - today.getTime() < 28 * 86_400_000) monday = secondMonday(today.getUTCFullYear() + 1);
  const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const period = (offset: number) => ({ pickupDate: day(offset), pickupTime: "09:00", returnDate: day(offset + 2), returnTime: "17:00" });
  return { january: period(0), february: period(35) };
}

/** When the tests "book": before the period, after the season opened for booking. */
const BOOKED_AT = new Date("2026-12-01T10:00:00Z");

export function holdRequest(shopId: number, lines: HoldInput["lines"], overrides: Partial<HoldInput> = {}): HoldInput {
  return {
    appId: "winter",
    shopId,
    language: "en",
    period: JANUARY_PERIOD,
    persons: [{ firstName: "Anna", heightCm: 172, weightKg: 64, skill: "intermediate", shoeSize: 39 }],
    lines,
    invoice: {
      name: "Anna Test",
      street: "Via Roma 1",
      postalCode: "39100",
      city: "Bolzano",
      country: "IT",
      email: "anna@example.com",
      phone: "+39 333 000000",
    },
    now: BOOKED_AT,
    ...overrides,
  };
}

export const rentalLine = (itemId: number, key = "l1", quantity = 1) => ({ key, itemId, size: "170", quantity, personIndex: 0 });
export const plainLine = (itemId: number, key: string, quantity = 1) => ({ key, itemId, size: null, quantity, personIndex: null });

/** Rows of reservations on the item's units in a live state, for overlap checks. */
export async function liveReservations(db: Db, itemId: number) {
  return db
    .select({ unitId: schema.reservations.unitId, period: schema.reservations.period, state: schema.reservations.state })
    .from(schema.reservations)
    .innerJoin(schema.units, eq(schema.units.id, schema.reservations.unitId))
    .where(and(eq(schema.units.itemId, itemId), inArray(schema.reservations.state, ["held", "confirmed"])));
}
