/**
 * Holds a stranger cannot hoard (issue 14, decision 026), over real HTTP on PGlite and PostgreSQL: open
 * held orders per address, renewals per bag, checkouts and bag changes per address, units of one size, and
 * a hold given back at once when the payer cancels at the provider. The race of one address against real
 * customers on two processes is in tests/concurrency/hold-limits.test.ts.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "../../app/domain/accounts";
import { BOOKING_RATE_LIMITS, HOLD_LIMITS } from "../../app/domain/hold-limits";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { hitRateLimit } from "../../app/server/auth/rate-limit.server";
import { holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, holdRequest, shopIds } from "../helpers/booking";
import { addItem, bagOf, INVOICE, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { fingerprint } from "../helpers/fingerprint";
import { startTestServer } from "../helpers/http";
import { createVisitor, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let itemId = 0;
let ciaslin = 0;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  ciaslin = (await shopIds(db)).ciaslin;
  itemId = (await createRentalItem(db, ciaslin, 9, { local: true })).id;
});
afterAll(async () => {
  await shop?.close();
});

/** A customer at `address` with one pair of the test ski in the bag, on the invoice step. */
async function customerWithSki(address: string, locale: "en" | "de" = "en") {
  const visitor = createVisitor(shop.url, { headers: { "X-Forwarded-For": address } });
  const [anna] = await startBooking(db, visitor, locale);
  await addItem(visitor, `person=${anna.id}&category=ski-snowboard`, { itemId, size: "170" }, locale);
  return visitor;
}

/** `invoice` changes the form sent: the same form sent again is no new checkout (issue 33). */
async function checkout(visitor: Visitor, locale: "en" | "de" = "en", invoice: Partial<typeof INVOICE> = {}) {
  const prefix = locale === "en" ? "" : `/${locale}`;
  const page = await (await visitor.get(`${prefix}/rental/checkout`)).text();
  const total = /name="total" value="(\d+)"/.exec(page)?.[1] as string;
  return visitor.post(`${prefix}/rental/checkout`, { ...INVOICE, ...invoice, total });
}

const pendingOrders = () =>
  db
    .select()
    .from(schema.orders)
    .where(and(eq(schema.orders.status, "pending_payment"), isNotNull(schema.orders.holderKey)));

describe(`hold limits on ${testDbKind}`, () => {
  it("holds at most three orders waiting for payment per address; a cancelled payment frees its place at once", async () => {
    const address = "203.0.113.10";
    const visitors = [];
    for (let n = 0; n < HOLD_LIMITS.MAX_OPEN_ORDERS; n++) {
      const visitor = await customerWithSki(address);
      const answer = await checkout(visitor);
      expect(answer.status, `checkout ${n + 1}`).toBe(302);
      visitors.push({ visitor, provider: new URL(answer.headers.get("location") as string) });
    }
    const held = await pendingOrders();
    expect(held).toHaveLength(3);
    // One key for the address, and not the address itself.
    expect(new Set(held.map((o) => o.holderKey)).size).toBe(1);
    expect(JSON.stringify(held)).not.toContain(address);

    const fourth = await customerWithSki(address, "de");
    const before = await fingerprint(db);
    const refused = await checkout(fourth, "de");
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain(de.booking.checkout.holdLimitOrders);
    // What was typed stays in the form, and no order was written.
    expect(html).toContain(`value="${INVOICE.street}"`);
    const after = await fingerprint(db);
    for (const table of ["orders", "order_lines", "reservations", "payments"]) expect(after[table], table).toBe(before[table]);

    // Another address is not affected.
    expect((await checkout(await customerWithSki("203.0.113.11"))).status).toBe(302);

    // The payer cancels at the provider: the hold is given back now, not after 30 minutes.
    const { visitor, provider } = visitors[0];
    const back = await visitor.post(provider.pathname, {
      c: provider.searchParams.get("c") as string,
      method: "card",
      outcome: "cancelled",
    });
    expect(back.status).toBe(302);
    const [bag] = await db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(visitor)));
    const [cancelled] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, bag.orderId as string));
    expect(cancelled.status).toBe("expired");
    expect((await checkout(fourth, "de")).status).toBe(302);
  });

  it("lets one bag renew its open hold at most twice an hour, then answers 429 and keeps the form", async () => {
    const visitor = await customerWithSki("203.0.113.20");
    // A hold given back at once (back in the bag from the provider) is no renewal.
    expect((await checkout(visitor)).status).toBe(302);
    expect((await visitor.post("/rental/bag", { intent: "releaseHold" })).status).toBe(200);
    // Each hold is another form (another phone number): the same form again would get the waiting order's page.
    const phone = (n: number) => ({ phone: `+45 20 12 34 5${n}` });
    for (let n = 0; n <= HOLD_LIMITS.MAX_RENEWALS_PER_BAG; n++)
      expect((await checkout(visitor, "en", phone(n))).status, `hold ${n + 1}`).toBe(302);
    // Each renewal gave the previous hold back first: one order of the bag still waits.
    const [bag] = await db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(visitor)));
    const pending = await pendingOrders();
    const holder = pending.find((o) => o.id === bag.orderId)?.holderKey;
    expect(pending.filter((o) => o.holderKey === holder)).toHaveLength(1);
    const limited = await checkout(visitor, "en", phone(9));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toMatch(/Too many attempts to pay from your connection\. Please try again in \d+ minutes?; your details are kept\./);
    expect(html).toContain(`value="${phone(9).phone}"`);
  });

  it("answers the 21st checkout in ten minutes from one address with 429", async () => {
    const address = "203.0.113.30";
    for (let n = 0; n < BOOKING_RATE_LIMITS.checkout.max; n++) await hitRateLimit(BOOKING_RATE_LIMITS.checkout, addressKey(address));
    const visitor = await customerWithSki(address);
    const orders = (await fingerprint(db)).orders;
    const limited = await checkout(visitor);
    expect(limited.status).toBe(429);
    expect((await fingerprint(db)).orders).toBe(orders);
  });

  it("answers too many changes to bags from one address with a translated 429", async () => {
    const address = "203.0.113.40";
    const visitor = createVisitor(shop.url, { headers: { "X-Forwarded-For": address } });
    const [anna] = await startBooking(db, visitor, "de");
    for (let n = 0; n < BOOKING_RATE_LIMITS.bagChanges.max; n++) await hitRateLimit(BOOKING_RATE_LIMITS.bagChanges, addressKey(address));
    const limited = await visitor.post(`/de/rental/winter/ciaslin/equipment?person=${anna.id}&category=ski-snowboard`, {
      intent: "add",
      itemId,
      size: "170",
    });
    expect(limited.status).toBe(429);
    expect(await pageText(limited)).toMatch(
      /Zu viele Änderungen am Warenkorb in kurzer Zeit\. Bitte versuchen Sie es in \d+ Minuten? erneut\./,
    );
    const lines = await db
      .select()
      .from(schema.bagLines)
      .where(eq(schema.bagLines.bagId, bagOf(visitor)));
    expect(lines).toHaveLength(0);
    // Giving a hold back is never limited.
    expect((await visitor.post("/de/rental/bag", { intent: "releaseHold" })).status).not.toBe(429);
  });

  it("holds at most six units of one item and size per address; the counter is not limited", async () => {
    const [other] = await Promise.all([createRentalItem(db, ciaslin, 8, { local: true })]);
    const line = (quantity: number) => ({ key: "l1", itemId: other.id, size: "170", quantity, personIndex: null });
    const before = await fingerprint(db);
    const tooMany = await holdOrder(
      holdRequest(ciaslin, [line(HOLD_LIMITS.MAX_UNITS_PER_SIZE + 1)], { holder: "size-test", now: new Date() }),
    );
    expect(tooMany).toEqual({ ok: false, reason: "holdLimit", limit: "size" });
    expect(await fingerprint(db)).toEqual(before);
    const six = await holdOrder(holdRequest(ciaslin, [line(HOLD_LIMITS.MAX_UNITS_PER_SIZE)], { holder: "size-test", now: new Date() }));
    expect(six.ok).toBe(true);
    const seventh = await holdOrder(holdRequest(ciaslin, [line(1)], { holder: "size-test", now: new Date() }));
    expect(seventh).toEqual({ ok: false, reason: "holdLimit", limit: "size" });
    // At the counter (no holder) the rest can be had.
    expect((await holdOrder(holdRequest(ciaslin, [line(2)], { source: "counter", now: new Date() }))).ok).toBe(true);
    expect(en.booking.checkout.holdLimitSize).toContain("six");
  });
});
