/**
 * What a change of a booked order costs and tells (issue 33, points 2, 3 and 21): the changed order is priced
 * as a new booking of it made when the order was booked (packages as packages, the damage waiver for every
 * piece and day, coupon, partner hotel, early booking, peak surcharges), the change page shows the new price
 * line by line, the order's lines add up to its total afterwards, and a refund (of a cheaper change or of a
 * cancellation) is told in one e-mail that says when the money arrives, as the order page does. Posted over
 * real HTTP by the customer and the clerk. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import { daysBetween } from "../../app/domain/periods";
import { priceForDays } from "../../app/domain/pricing";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { quoteBag } from "../../app/server/booking/quote.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, holdRequest, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let ciaslin: number;
let cookie: string;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  ciaslin = (await shopIds(db)).ciaslin;
  cookie = await shop.login();
});
afterAll(async () => {
  await shop?.close();
});

/** Monday 15 to Thursday 18 March 2027: four rental days, no peak window of the demo data. */
const MARCH = { pickupDate: "2027-03-15", pickupTime: "09:00", returnDate: "2027-03-18", returnTime: "17:00" };
const WAIVER_DAY_CENTS = 200;
const words = (text: string) => ({ en: text, de: text, it: text, nl: text, be: text, da: text });
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

type Line = { itemId: number; size: string | null; quantity?: number; person: number | null; packageId?: number | null };

/**
 * A paid order booked on `bookedAt` (its `created_at` set to that day, as if it had been booked then),
 * through holdOrder as the checkout books, and paid through the demo provider's record.
 */
async function bookedOrder(options: {
  lines: Line[];
  bookedAt: Date;
  period?: typeof MARCH;
  appId?: "winter" | "summer";
  persons?: { firstName: string; ageBand?: "adult" | "child" }[];
  damageWaiver?: boolean;
  couponCode?: string;
  hotelId?: number;
  language?: "en" | "de";
  /** Who took the payment: the demo provider (online) or the counter. */
  provider?: "demo" | "counter";
}) {
  const held = await holdOrder(
    holdRequest(
      ciaslin,
      options.lines.map((l, i) => ({
        key: `l${i}`,
        itemId: l.itemId,
        size: l.size,
        quantity: l.quantity ?? 1,
        personIndex: l.person,
        packageId: l.packageId ?? null,
      })),
      {
        appId: options.appId ?? "winter",
        period: options.period ?? MARCH,
        persons: (options.persons ?? [{ firstName: "Anna" }]).map((p) => ({
          firstName: p.firstName,
          heightCm: 175,
          weightKg: 70,
          skill: "intermediate" as const,
          shoeSize: 42,
          ageBand: p.ageBand ?? "adult",
        })),
        damageWaiver: options.damageWaiver,
        couponCode: options.couponCode,
        hotelId: options.hotelId,
        language: options.language ?? "en",
        now: options.bookedAt,
      },
    ),
  );
  if (!held.ok) throw new Error(`hold failed: ${JSON.stringify(held)}`);
  await db.insert(schema.payments).values({
    orderId: held.value.id,
    provider: options.provider ?? "demo",
    ref: `${options.provider ?? "demo"}_${randomUUID()}`,
    status: "succeeded",
    amountCents: held.value.totalCents,
  });
  expect(await confirmOrder(held.value.id)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  await db.update(schema.orders).set({ createdAt: options.bookedAt }).where(eq(schema.orders.id, held.value.id));
  return orderOf(held.value.id);
}

const orderOf = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const linesOf = (id: string) =>
  db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, id)).orderBy(asc(schema.orderLines.id));
const mailsOf = (orderId: string) =>
  db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, orderId)).orderBy(asc(schema.emailOutbox.id));

/** What the order page lists: its lines, the discounts taken off, the waiver added. They must make its total. */
async function linesAddUp(orderId: string) {
  const order = await orderOf(orderId);
  const lines = await linesOf(orderId);
  const listed = lines.reduce((sum, l) => sum + l.subtotalCents, 0);
  expect(order.subtotalCents).toBe(listed);
  expect(listed - order.discounts.reduce((sum, d) => sum + d.amountCents, 0) + order.damageWaiverCents).toBe(order.totalCents);
}

/** The change form's fields as the page renders them (inputs with their values, selects at their chosen option). */
function formFields(html: string): Record<string, string> {
  const form = [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes('value="review"')) ?? "";
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input [^>]*>/g)) {
    const name = tag.match(/name="([^"]+)"/)?.[1];
    if (!name || name.startsWith("add.") || /type="(checkbox|radio|submit)"/.test(tag)) continue;
    fields[name] = (tag.match(/value="([^"]*)"/)?.[1] ?? "").replaceAll("&amp;", "&");
  }
  for (const [, name, body] of form.matchAll(/<select [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    if (name.startsWith("add.")) continue;
    fields[name] =
      body
        .match(/<option [^>]*selected=""[^>]*value="([^"]*)"|<option value="([^"]*)"[^>]*selected=""/)
        ?.slice(1)
        .find((v) => v !== undefined) ?? "";
  }
  return fields;
}

/** The customer's change page: the form as it starts, then a review (the new price) and the confirm. */
async function customerChange(order: { token: string }, change: (fields: Record<string, string>) => Record<string, string>, locale = "en") {
  const visitor = createVisitor(shop.url);
  const path = `${locale === "en" ? "" : `/${locale}`}/order/${order.token}/change`;
  const page = await visitor.get(path);
  expect(page.status).toBe(200);
  const fields = change(formFields(await page.text()));
  const review = await visitor.post(path, { ...fields, intent: "review" });
  expect(review.status).toBe(200);
  const html = await review.text();
  const expectedTotal = html.match(/name="expectedTotal" value="(\d+)"/)?.[1] ?? "";
  const done = await visitor.post(path, { ...fields, intent: "confirm", expectedTotal });
  return { visitor, review: html, newTotalCents: Number(expectedTotal), done };
}

/** The clerk's change page, the same steps, taking a higher price in cash. */
async function staffChange(orderId: string, change: (fields: Record<string, string>) => Record<string, string>) {
  const get = await shop.request(`/admin/order/${orderId}/change`, { headers: { Cookie: cookie } });
  expect(get.status).toBe(200);
  const fields = change(formFields(await get.text()));
  const post = (extra: Record<string, string>) =>
    shop.request(`/admin/order/${orderId}/change`, {
      method: "POST",
      body: new URLSearchParams({ ...fields, ...extra }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
  const review = await post({ intent: "review" });
  expect(review.status).toBe(200);
  const html = await review.text();
  const expectedTotal = html.match(/name="expectedTotal" value="(\d+)"/)?.[1] ?? "";
  const done = await post({ intent: "confirm", expectedTotal, method: "cash" });
  expect(done.status).toBe(302);
  return { review: html, newTotalCents: Number(expectedTotal) };
}

/** The rows of the review's price: each line's text and amount (as the order page lists its lines). */
const previewLines = (html: string) => [...html.matchAll(/data-preview-line/g)].length;

/** The seeded package `slug` for one person: the first item of each slot, in a size of which Ciaslin has units. */
async function packageLines(slug: string, person: number) {
  const [pkg] = await db.select().from(schema.packages).where(eq(schema.packages.slug, slug));
  const slots = await db
    .select()
    .from(schema.packageItems)
    .where(and(eq(schema.packageItems.packageId, pkg.id), eq(schema.packageItems.rank, 0)))
    .orderBy(asc(schema.packageItems.slot));
  const lines: Line[] = [];
  for (const slot of slots) {
    const units = await db
      .select({ size: schema.units.size })
      .from(schema.units)
      .where(and(eq(schema.units.itemId, slot.itemId), eq(schema.units.shopId, ciaslin)));
    const sizes = units.map((u) => u.size);
    const size = sizes.sort((a, b) => sizes.filter((s) => s === b).length - sizes.filter((s) => s === a).length)[0] ?? null;
    lines.push({ itemId: slot.itemId, size, person, packageId: pkg.id });
  }
  return { pkg, lines };
}

describe(`a change is priced as a new booking of the changed order on ${testDbKind}`, () => {
  it("the customer changes only the return hour of an order with the damage waiver: nothing to pay, the waiver kept, the lines add up", async () => {
    const item = await createRentalItem(db, ciaslin, 2);
    const order = await bookedOrder({
      lines: [{ itemId: item.id, size: "170", quantity: 2, person: 0 }],
      bookedAt: new Date("2027-03-01T10:00:00Z"),
      damageWaiver: true,
    });
    const days = daysBetween(MARCH.pickupDate, MARCH.returnDate) + 1;
    expect(order.damageWaiverCents).toBe(WAIVER_DAY_CENTS * 2 * days);
    await linesAddUp(order.id);

    const { review, newTotalCents, done, visitor } = await customerChange(order, (fields) => ({ ...fields, returnTime: "16:00" }));
    expect(newTotalCents).toBe(order.totalCents);
    expect(await pageText(new Response(review))).toContain(en.order.change.samePrice);
    // The review lists the line and the waiver, as the order page does.
    expect(previewLines(review)).toBe(1);
    expect(review).toContain("data-damage-waiver");
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe(`/order/${order.token}?changed=1`);

    const after = await orderOf(order.id);
    expect(after.returnAt.toISOString()).not.toBe(order.returnAt.toISOString());
    expect(after.totalCents).toBe(order.totalCents);
    expect(after.damageWaiverCents).toBe(order.damageWaiverCents);
    expect(after.damageWaiverDayCents).toBe(WAIVER_DAY_CENTS);
    await linesAddUp(order.id);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment.refundedCents).toBe(0);
    expect(await (await visitor.get(`/order/${order.token}`)).text()).toContain("data-damage-waiver");
  });

  it("the clerk extends an order with the damage waiver by a day: the waiver is charged for the added day too", async () => {
    const item = await createRentalItem(db, ciaslin, 2);
    const bookedAt = new Date("2027-03-10T10:00:00Z");
    const order = await bookedOrder({ lines: [{ itemId: item.id, size: "170", quantity: 2, person: 0 }], bookedAt, damageWaiver: true });
    const { review, newTotalCents } = await staffChange(order.id, (fields) => ({ ...fields, returnDate: "2027-03-19" }));
    expect(review).toContain("data-damage-waiver");

    // Five days now: two skis at the table's five-day price, the waiver for two pieces and five days.
    const table = { dayPrices: [3000, 5500, 7800], extraDayCents: 2000 };
    const waiver = WAIVER_DAY_CENTS * 2 * 5;
    expect(newTotalCents).toBe(priceForDays(table, 5) * 2 + waiver);
    expect(newTotalCents - order.totalCents).toBe((priceForDays(table, 5) - priceForDays(table, 4)) * 2 + WAIVER_DAY_CENTS * 2);
    const after = await orderOf(order.id);
    expect(after.totalCents).toBe(newTotalCents);
    expect(after.damageWaiverCents).toBe(waiver);
    await linesAddUp(order.id);
    const [change] = await db.select().from(schema.orderChanges).where(eq(schema.orderChanges.orderId, order.id));
    expect(change).toMatchObject({ status: "applied", differenceCents: newTotalCents - order.totalCents });
  });

  it("two 4-day ski packages extended by a day cost the package's extra day, and keep their labels on the order and the e-mail", async () => {
    const anna = await packageLines("package-ski-intermediate", 0);
    const ben = await packageLines("package-ski-intermediate", 1);
    const { pkg } = anna;
    const order = await bookedOrder({
      lines: [...anna.lines, ...ben.lines],
      persons: [{ firstName: "Anna" }, { firstName: "Ben" }],
      bookedAt: new Date("2027-03-10T10:00:00Z"),
    });
    expect(order.subtotalCents).toBe(2 * priceForDays(pkg, 4));

    const { review, newTotalCents, done } = await customerChange(order, (fields) => ({ ...fields, returnDate: "2027-03-19" }));
    // The change page lists the six pieces, each with its package.
    expect(previewLines(review)).toBe(6);
    expect([...review.matchAll(/data-package-line/g)]).toHaveLength(6);
    expect(newTotalCents - order.totalCents).toBe(2 * (priceForDays(pkg, 5) - priceForDays(pkg, 4)));
    // A dearer change by the customer goes to the provider's page for the difference.
    expect(done.status).toBe(302);
    const pay = new URL(done.headers.get("location") as string, shop.url);
    const visitor = createVisitor(shop.url);
    const paid = await visitor.post(pay.pathname, { c: pay.searchParams.get("c") as string, method: "card", outcome: "paid" });
    expect(paid.status).toBe(302);

    const after = await orderOf(order.id);
    expect(after.totalCents).toBe(newTotalCents);
    const lines = await linesOf(order.id);
    expect(lines.map((l) => l.packageName)).toEqual(lines.map(() => pkg.name.en));
    expect(lines.every((l) => l.packageId === pkg.id)).toBe(true);
    await linesAddUp(order.id);
    const [mail] = (await mailsOf(order.id)).filter((m) => m.kind.startsWith("change-"));
    expect(mail.text).toContain(fill(en.booking.package.inBag, { name: pkg.name.en }));
  });

  it("changing only the return hour of an e-bike package costs nothing", async () => {
    const { lines, pkg } = await packageLines("package-ebike-tour", 0);
    const june = { pickupDate: "2027-06-14", pickupTime: "09:00", returnDate: "2027-06-16", returnTime: "17:00" };
    const order = await bookedOrder({ lines, appId: "summer", period: june, bookedAt: new Date("2027-06-10T10:00:00Z") });
    expect(order.subtotalCents).toBe(priceForDays(pkg, 3));
    const { newTotalCents, done } = await customerChange(order, (fields) => ({ ...fields, returnTime: "18:00" }));
    expect(newTotalCents).toBe(order.totalCents);
    expect(done.status).toBe(302);
    expect((await orderOf(order.id)).totalCents).toBe(order.totalCents);
    expect((await linesOf(order.id)).every((l) => l.packageName === pkg.name.en)).toBe(true);
  });

  it("the coupon, the partner hotel, the early-booking offer and a peak surcharge count as on the day the order was booked", async () => {
    const item = await createRentalItem(db, ciaslin, 1);
    // Valid when booked, not yet valid today; a peak on the 16th for this item.
    const code = `MARCH${randomUUID().slice(0, 6).toUpperCase()}`;
    await db.insert(schema.coupons).values({
      code,
      kind: "percent",
      value: 10,
      description: words("Ten per cent in March"),
      validFrom: new Date("2027-03-01T00:00:00Z"),
      validUntil: new Date("2027-03-31T00:00:00Z"),
    });
    const [hotel] = await db.insert(schema.partnerHotels).values({ name: "Hotel Test", town: "Ciaslin", discountPercent: 5 }).returning();
    await db
      .insert(schema.priceSurcharges)
      .values({ appId: "winter", itemId: item.id, name: words("Test peak"), startsOn: "2027-03-16", endsOn: "2027-03-16", percent: 15 });
    // Five days before pickup: no early-booking offer then (today it would be 10 %, more than the hotel's 5 %).
    const bookedAt = new Date("2027-03-10T10:00:00Z");
    const order = await bookedOrder({
      lines: [{ itemId: item.id, size: "170", person: 0 }],
      bookedAt,
      couponCode: code,
      hotelId: hotel.id,
    });
    expect(order.discounts.map((d) => d.kind)).toEqual(["hotel", "coupon"]);
    // The hotel leaves the partnership after the booking: the order keeps its discount.
    await db.update(schema.partnerHotels).set({ active: false }).where(eq(schema.partnerHotels.id, hotel.id));

    const { newTotalCents } = await staffChange(order.id, (fields) => ({ ...fields, returnDate: "2027-03-19" }));
    const asBooked = await quoteBag(
      {
        appId: "winter",
        period: { pickupDate: MARCH.pickupDate, returnDate: "2027-03-19" },
        lines: [{ key: "l0", itemId: item.id, size: "170", quantity: 1, personIndex: 0 }],
        couponCode: code,
        hotelId: hotel.id,
        now: bookedAt,
        orderId: order.id,
      },
      db,
    );
    if (!asBooked.ok) throw new Error(JSON.stringify(asBooked));
    expect(asBooked.value.quote.lines[0].surchargeCents).toBeGreaterThan(0);
    expect(newTotalCents).toBe(asBooked.value.quote.totalCents);
    const after = await orderOf(order.id);
    expect(after.totalCents).toBe(newTotalCents);
    expect(after.discounts.map((d) => d.kind)).toEqual(["hotel", "coupon"]);
    expect(after.couponId).toBe(order.couponId);
    // The line keeps its peak surcharge and the window's name, as a new booking's line would.
    const [line] = await linesOf(order.id);
    expect(line.surchargeCents).toBe(asBooked.value.quote.lines[0].surchargeCents);
    expect(line.peaks.map((p) => p.name)).toEqual(["Test peak"]);
    await linesAddUp(order.id);
  });
});

describe(`a refund is told once, with when it arrives, on ${testDbKind}`, () => {
  it("a cheaper change sends one e-mail that states the refund and when it arrives, in German", async () => {
    const item = await createRentalItem(db, ciaslin, 2);
    const order = await bookedOrder({
      lines: [{ itemId: item.id, size: "170", quantity: 2, person: 0 }],
      bookedAt: new Date("2027-03-01T10:00:00Z"),
      language: "de",
    });
    const { newTotalCents, done } = await customerChange(order, (fields) => ({ ...fields, "lines.0.quantity": "1" }), "de");
    expect(done.status).toBe(302);
    const refund = order.totalCents - newTotalCents;
    expect(refund).toBeGreaterThan(0);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment.refundedCents).toBe(refund);
    const mails = (await mailsOf(order.id)).filter((m) => m.kind !== "confirmation");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(fill(de.mail.change.refunded, { amount: formatMoney(refund, "de") }));
    expect(mails[0].text).toContain(de.mail.refund.arrival);
  });

  it("a cheaper change at the counter of an order paid there says the branch pays the difference back", async () => {
    const item = await createRentalItem(db, ciaslin, 2);
    const order = await bookedOrder({
      lines: [{ itemId: item.id, size: "170", quantity: 2, person: 0 }],
      bookedAt: new Date("2027-03-01T10:00:00Z"),
      provider: "counter",
    });
    const { newTotalCents } = await staffChange(order.id, (fields) => ({ ...fields, "lines.0.quantity": "1" }));
    const refund = order.totalCents - newTotalCents;
    expect(refund).toBeGreaterThan(0);
    const mails = (await mailsOf(order.id)).filter((m) => m.kind !== "confirmation");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(fill(en.mail.change.refundedCounter, { amount: formatMoney(refund, "en") }));
    expect(mails[0].text).not.toContain(en.mail.refund.arrival);
  });

  it("a cancellation with a refund sends one e-mail stating it, and the order page promises the same arrival", async () => {
    const item = await createRentalItem(db, ciaslin, 1);
    const order = await bookedOrder({ lines: [{ itemId: item.id, size: "170", person: 0 }], bookedAt: new Date("2027-03-01T10:00:00Z") });
    const visitor = createVisitor(shop.url);
    const cancelled = await visitor.post(`/order/${order.token}`, { intent: "cancel", confirm: "yes" });
    expect(cancelled.status).toBe(302);
    const page = await pageText(await visitor.follow(cancelled));
    expect(page).toContain(en.order.cancel.done);
    const mails = (await mailsOf(order.id)).filter((m) => m.kind !== "confirmation");
    expect(mails.map((m) => m.kind)).toEqual(["cancellation"]);
    expect(mails[0].text).toContain(fill(en.mail.cancellation.refundProvider, { amount: formatMoney(order.totalCents, "en") }));
    // The same promise of when, word for word, on the page and in the e-mail.
    const when = "within 5 to 10 working days";
    expect(en.order.cancel.done).toContain(when);
    expect(mails[0].text).toContain(when);
  });
});
