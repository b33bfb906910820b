/**
 * The shopping bag: a row in `carts` (with persons and lines) found through a signed cookie, so it
 * survives reloads, back and forward, and server restarts. Every step reads and writes it here.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { CART_COOKIE_DAYS } from "../../domain/cookies";
import { couponCodeSchema } from "../../domain/coupon-code";
import type { Locale } from "../../domain/i18n";
import type { PersonInput } from "../../domain/persons";
import { fail, ok, type Result } from "../../domain/result";
import type { Season } from "../../domain/vocabulary";
import { sessionSecret } from "../auth/session.server";
import { getConfig } from "../config.server";
import { type Db, getDb } from "../db/client.server";
import { type CartInvoice, cartLines, cartPersons, carts, items, partnerHotels } from "../db/schema";

let cookie: ReturnType<typeof createCookie> | undefined;
function cartCookie() {
  cookie ??= createCookie("rental_cart", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().PUBLIC_URL?.startsWith("https://") ?? false,
    secrets: [sessionSecret()],
    maxAge: CART_COOKIE_DAYS * 24 * 3600,
  });
  return cookie;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function cartIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && UUID.test(value) ? value : null;
}

export type Cart = typeof carts.$inferSelect & {
  persons: (typeof cartPersons.$inferSelect)[];
  lines: (typeof cartLines.$inferSelect)[];
};

async function loadById(id: string, db: Db): Promise<Cart | null> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, id));
  if (!cart) return null;
  const [persons, lines] = await Promise.all([
    db.select().from(cartPersons).where(eq(cartPersons.cartId, id)).orderBy(asc(cartPersons.position)),
    db.select().from(cartLines).where(eq(cartLines.cartId, id)).orderBy(asc(cartLines.id)),
  ]);
  return { ...cart, persons, lines };
}

/** The visitor's cart, or null when there is none (or the cookie is forged or stale). */
export async function loadCart(request: Request, db: Db = getDb()): Promise<Cart | null> {
  const id = await cartIdFrom(request);
  return id ? loadById(id, db) : null;
}

/** The visitor's cart, created when missing; `setCookie` is set when the response must carry the cookie. */
export async function ensureCart(request: Request, language: Locale, db: Db = getDb()): Promise<{ cart: Cart; setCookie: string | null }> {
  const existing = await loadCart(request, db);
  if (existing) return { cart: existing, setCookie: null };
  const id = randomUUID();
  await db.insert(carts).values({ id, language });
  return { cart: { ...(await loadById(id, db))! }, setCookie: await cartCookie().serialize(id) };
}

/** Forgets the cart in the browser (after the order is paid). */
export async function clearCartCookie(): Promise<string> {
  return cartCookie().serialize("", { maxAge: 0 });
}

type CartPatch = Partial<{
  appId: Season;
  shopId: number;
  pickupDate: string;
  returnDate: string;
  pickupTime: string;
  returnTime: string;
  couponCode: string | null;
  hotelId: number | null;
  invoice: CartInvoice | null;
  orderId: string | null;
  language: Locale;
}>;

export async function updateCart(cartId: string, patch: CartPatch, db: Db = getDb()) {
  await db
    .update(carts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Switching storefront or branch keeps the persons but empties the bag: items, prices and availability
 * belong to one branch and season.
 */
export async function chooseShop(cart: Cart, appId: Season, shopId: number, db: Db = getDb()) {
  if (cart.appId === appId && cart.shopId === shopId) return;
  await db.transaction(async (tx) => {
    await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
    await tx.update(carts).set({ appId, shopId, updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
  });
}

/** Replaces the persons with the submitted list, keeping the lines of persons that stay (matched by id). */
export async function savePersons(cart: Cart, persons: (PersonInput & { id?: number | null })[], db: Db = getDb()) {
  await db.transaction(async (tx) => {
    const keep = persons.map((p) => p.id).filter((id): id is number => typeof id === "number" && cart.persons.some((c) => c.id === id));
    const gone = cart.persons.filter((p) => !keep.includes(p.id)).map((p) => p.id);
    if (gone.length > 0) await tx.delete(cartPersons).where(and(eq(cartPersons.cartId, cart.id), inArray(cartPersons.id, gone)));
    for (const [position, person] of persons.entries()) {
      const values = {
        position,
        firstName: person.firstName,
        lastName: person.lastName ?? null,
        heightCm: person.heightCm ?? null,
        weightKg: person.weightKg ?? null,
        skill: person.skill ?? null,
        shoeSize: person.shoeSize ?? null,
      };
      if (person.id && keep.includes(person.id)) {
        await tx
          .update(cartPersons)
          .set(values)
          .where(and(eq(cartPersons.id, person.id), eq(cartPersons.cartId, cart.id)));
      } else {
        await tx.insert(cartPersons).values({ ...values, cartId: cart.id });
      }
    }
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
  });
}

/** Adds a piece of equipment for a person (one per item and person) or an article to the bag; adding it again adds to the quantity. */
export async function addLine(
  cart: Cart,
  line: { itemId: number; size: string | null; personId: number | null; quantity: number; shownPriceCents: number | null },
  db: Db = getDb(),
) {
  if (line.personId !== null) {
    // One of each item per person: choosing another size replaces the line.
    const existing = cart.lines.find((l) => l.personId === line.personId && l.itemId === line.itemId);
    if (existing) {
      await db.update(cartLines).set({ size: line.size, shownPriceCents: line.shownPriceCents }).where(eq(cartLines.id, existing.id));
      return;
    }
  } else {
    const existing = cart.lines.find((l) => l.personId === null && l.itemId === line.itemId && l.size === line.size);
    if (existing) {
      await db
        .update(cartLines)
        .set({ quantity: Math.min(99, existing.quantity + line.quantity) })
        .where(eq(cartLines.id, existing.id));
      return;
    }
  }
  await db.insert(cartLines).values({ ...line, cartId: cart.id });
}

export async function removeLine(cart: Cart, lineId: number, db: Db = getDb()) {
  await db.delete(cartLines).where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)));
}

/**
 * Changes a line of the bag: another size of the same item, or how many of a shared article (equipment for a
 * person is always one). Refused, changing nothing, for a line of another cart, a size the item does not
 * come in, or a quantity on a person's line.
 */
export async function changeLine(
  cart: Cart,
  lineId: number,
  change: { size?: string; quantity?: number },
  db: Db = getDb(),
): Promise<Result> {
  const refused = fail.invalid({ form: "booking.equipment.invalid" });
  const line = cart.lines.find((l) => l.id === lineId);
  if (!line) return refused;
  if (change.quantity !== undefined && line.personId !== null) return refused;
  if (change.size !== undefined) {
    const [item] = await db.select({ sizes: items.sizes }).from(items).where(eq(items.id, line.itemId));
    if (!item?.sizes.includes(change.size)) return refused;
  }
  await db
    .update(cartLines)
    .set(change)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)));
  return ok();
}

/** The partner hotel the customer stays at (or none); refused for a hotel that is not an active partner. */
export async function chooseHotel(cart: Cart, hotelId: number | null, db: Db = getDb()): Promise<Result> {
  if (hotelId !== null) {
    const [hotel] = await db
      .select({ id: partnerHotels.id })
      .from(partnerHotels)
      .where(and(eq(partnerHotels.id, hotelId), eq(partnerHotels.active, true)));
    if (!hotel) return fail.invalid({ form: "booking.equipment.invalid" });
  }
  await updateCart(cart.id, { hotelId }, db);
  return ok();
}

/** The coupon code the customer typed, kept on the bag (whether it applies is the price's business). */
export async function enterCoupon(cart: Cart, code: string, db: Db = getDb()): Promise<Result> {
  const parsed = couponCodeSchema.safeParse(code);
  if (!parsed.success) return fail.invalid({ form: "coupon.unknown" });
  await updateCart(cart.id, { couponCode: parsed.data }, db);
  return ok();
}

/** Deletes a cart (its order is paid). */
export async function deleteCart(cartId: string, db: Db = getDb()) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/** Carts untouched for longer than CART_COOKIE_DAYS are forgotten. */
export async function deleteStaleCarts(db: Db = getDb()) {
  await db.delete(carts).where(sql`${carts.updatedAt} < now() - make_interval(days => ${CART_COOKIE_DAYS})`);
}
