/**
 * Where the bag is kept: a row in the `carts` table (with `cart_persons` and `cart_lines`; the SQL names are
 * older than the word "bag") found through a signed cookie, so it survives reloads, back and forward, and
 * server restarts. Every step reads and writes it here; bag.server.ts takes it on to the checkout.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { BAG_COOKIE_DAYS } from "../../domain/cookies";
import { couponCodeSchema } from "../../domain/coupon-code";
import type { Locale } from "../../domain/i18n";
import type { PersonInput } from "../../domain/persons";
import { fail, ok, type Result } from "../../domain/result";
import type { Season } from "../../domain/vocabulary";
import { sessionSecret } from "../auth/session.server";
import { verifiedCookieReader } from "../auth/signed-cookies.server";
import { getConfig } from "../config.server";
import { type Db, getDb } from "../db/client.server";
import { type BagInvoice, bagLines, bagPersons, bags, items, partnerHotels } from "../db/schema";

/** The bag's cookie. No page of links shows the bag, so it does not stop one from being kept (decision 038). */
export const BAG_COOKIE = "rental_cart";

let cookie: ReturnType<typeof createCookie> | undefined;
function bagCookie() {
  cookie ??= createCookie(BAG_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().PUBLIC_URL?.startsWith("https://") ?? false,
    secrets: [sessionSecret()],
    maxAge: BAG_COOKIE_DAYS * 24 * 3600,
  });
  return cookie;
}

const readBagCookie = verifiedCookieReader(bagCookie);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function bagIdFrom(request: Request): Promise<string | null> {
  const value = await readBagCookie(request);
  return typeof value === "string" && UUID.test(value) ? value : null;
}

export type Bag = typeof bags.$inferSelect & {
  persons: (typeof bagPersons.$inferSelect)[];
  lines: (typeof bagLines.$inferSelect)[];
};

const bagQuery = (db: Db, id: string | ReturnType<typeof sql.placeholder>) =>
  db.query.bags.findFirst({
    where: eq(bags.id, id),
    with: { persons: { orderBy: asc(bagPersons.position) }, lines: { orderBy: asc(bagLines.id) } },
  });

/** Built once per database: building the query cost more CPU than PostgreSQL spends running it. */
const preparedBagQuery = new WeakMap<Db, ReturnType<ReturnType<typeof bagQuery>["prepare"]>>();

/** The bag with its persons and lines: one query, as every step of every visitor reads it. */
async function loadById(id: string, db: Db): Promise<Bag | null> {
  if (db !== getDb()) return (await bagQuery(db, id)) ?? null;
  let prepared = preparedBagQuery.get(db);
  if (!prepared) {
    prepared = bagQuery(db, sql.placeholder("id")).prepare("load_bag");
    preparedBagQuery.set(db, prepared);
  }
  return (await prepared.execute({ id })) ?? null;
}

/** The visitor's bag, or null when there is none (or the cookie is forged or stale). */
export async function loadBag(request: Request, db: Db = getDb()): Promise<Bag | null> {
  const id = await bagIdFrom(request);
  return id ? loadById(id, db) : null;
}

/** The visitor's bag, created when missing; `setCookie` is set when the response must carry the cookie. */
export async function ensureBag(request: Request, language: Locale, db: Db = getDb()): Promise<{ bag: Bag; setCookie: string | null }> {
  const existing = await loadBag(request, db);
  if (existing) return { bag: existing, setCookie: null };
  const id = randomUUID();
  await db.insert(bags).values({ id, language });
  return { bag: { ...(await loadById(id, db))! }, setCookie: await bagCookie().serialize(id) };
}

/** Forgets the bag in the browser (after the order is paid). */
export async function clearBagCookie(): Promise<string> {
  return bagCookie().serialize("", { maxAge: 0 });
}

type BagPatch = Partial<{
  appId: Season;
  shopId: number;
  pickupDate: string;
  returnDate: string;
  pickupTime: string;
  returnTime: string;
  couponCode: string | null;
  hotelId: number | null;
  invoice: BagInvoice | null;
  damageWaiver: boolean;
  orderId: string | null;
  checkoutKey: string | null;
  language: Locale;
}>;

export async function updateBag(bagId: string, patch: BagPatch, db: Db = getDb()) {
  await db
    .update(bags)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(bags.id, bagId));
}

/**
 * Switching storefront or branch keeps the persons but empties the bag: items, prices and availability
 * belong to one branch and season.
 */
export async function chooseShop(bag: Bag, appId: Season, shopId: number, db: Db = getDb()) {
  if (bag.appId === appId && bag.shopId === shopId) return;
  await db.transaction(async (tx) => {
    await tx.delete(bagLines).where(eq(bagLines.bagId, bag.id));
    await tx.update(bags).set({ appId, shopId, updatedAt: sql`now()` }).where(eq(bags.id, bag.id));
  });
}

/** Replaces the persons with the submitted list, keeping the lines of persons that stay (matched by id). */
export async function savePersons(bag: Bag, persons: (PersonInput & { id?: number | null })[], db: Db = getDb()) {
  await db.transaction(async (tx) => {
    const keep = persons.map((p) => p.id).filter((id): id is number => typeof id === "number" && bag.persons.some((c) => c.id === id));
    const gone = bag.persons.filter((p) => !keep.includes(p.id)).map((p) => p.id);
    if (gone.length > 0) await tx.delete(bagPersons).where(and(eq(bagPersons.bagId, bag.id), inArray(bagPersons.id, gone)));
    for (const [position, person] of persons.entries()) {
      const values = {
        position,
        firstName: person.firstName,
        lastName: person.lastName ?? null,
        heightCm: person.heightCm ?? null,
        weightKg: person.weightKg ?? null,
        skill: person.skill ?? null,
        shoeSize: person.shoeSize ?? null,
        ageBand: person.ageBand ?? null,
        age: person.age ?? null,
      };
      if (person.id && keep.includes(person.id)) {
        await tx
          .update(bagPersons)
          .set(values)
          .where(and(eq(bagPersons.id, person.id), eq(bagPersons.bagId, bag.id)));
      } else {
        await tx.insert(bagPersons).values({ ...values, bagId: bag.id });
      }
    }
    await tx.update(bags).set({ updatedAt: sql`now()` }).where(eq(bags.id, bag.id));
  });
}

/** Adds a piece of equipment for a person (one per item and person) or an article to the bag; adding it again adds to the quantity. */
export async function addLine(
  bag: Bag,
  line: { itemId: number; size: string | null; personId: number | null; quantity: number; shownPriceCents: number | null },
  db: Db = getDb(),
) {
  if (line.personId !== null) {
    // One of each item per person: choosing another size replaces the line.
    const existing = bag.lines.find((l) => l.personId === line.personId && l.itemId === line.itemId);
    if (existing) {
      await db.update(bagLines).set({ size: line.size, shownPriceCents: line.shownPriceCents }).where(eq(bagLines.id, existing.id));
      return;
    }
  } else {
    const existing = bag.lines.find((l) => l.personId === null && l.itemId === line.itemId && l.size === line.size);
    if (existing) {
      await db
        .update(bagLines)
        .set({ quantity: Math.min(99, existing.quantity + line.quantity) })
        .where(eq(bagLines.id, existing.id));
      return;
    }
  }
  await db.insert(bagLines).values({ ...line, bagId: bag.id });
}

export async function removeLine(bag: Bag, lineId: number, db: Db = getDb()) {
  await db.delete(bagLines).where(and(eq(bagLines.id, lineId), eq(bagLines.bagId, bag.id)));
}

/**
 * Changes a line of the bag: another size of the same item, or how many of a shared article (equipment for a
 * person is always one). Refused, changing nothing, for a line of another bag, a size the item does not
 * come in, or a quantity on a person's line.
 */
export async function changeLine(
  bag: Bag,
  lineId: number,
  change: { size?: string; quantity?: number },
  db: Db = getDb(),
): Promise<Result> {
  const refused = fail.invalid({ form: "booking.equipment.invalid" });
  const line = bag.lines.find((l) => l.id === lineId);
  if (!line) return refused;
  if (change.quantity !== undefined && line.personId !== null) return refused;
  if (change.size !== undefined) {
    const [item] = await db.select({ sizes: items.sizes }).from(items).where(eq(items.id, line.itemId));
    if (!item?.sizes.includes(change.size)) return refused;
  }
  await db
    .update(bagLines)
    .set(change)
    .where(and(eq(bagLines.id, lineId), eq(bagLines.bagId, bag.id)));
  return ok();
}

/** The partner hotel the customer stays at (or none); refused for a hotel that is not an active partner. */
export async function chooseHotel(bag: Bag, hotelId: number | null, db: Db = getDb()): Promise<Result> {
  if (hotelId !== null) {
    const [hotel] = await db
      .select({ id: partnerHotels.id })
      .from(partnerHotels)
      .where(and(eq(partnerHotels.id, hotelId), eq(partnerHotels.active, true)));
    if (!hotel) return fail.invalid({ form: "booking.equipment.invalid" });
  }
  await updateBag(bag.id, { hotelId }, db);
  return ok();
}

/** The coupon code the customer typed, kept on the bag (whether it applies is the price's business). */
export async function enterCoupon(bag: Bag, code: string, db: Db = getDb()): Promise<Result> {
  const parsed = couponCodeSchema.safeParse(code);
  if (!parsed.success) return fail.invalid({ form: "coupon.unknown" });
  await updateBag(bag.id, { couponCode: parsed.data }, db);
  return ok();
}

/** Deletes a bag (its order is paid). */
export async function deleteBag(bagId: string, db: Db = getDb()) {
  await db.delete(bags).where(eq(bags.id, bagId));
}

/** Bags untouched for longer than BAG_COOKIE_DAYS are forgotten. */
export async function deleteStaleBags(db: Db = getDb()) {
  await db.delete(bags).where(sql`${bags.updatedAt} < now() - make_interval(days => ${BAG_COOKIE_DAYS})`);
}
