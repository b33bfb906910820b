/**
 * The booking flow over real HTTP, the way a browser without JavaScript goes through it: every step's form,
 * its messages, the demo provider's hosted page and its signed webhooks, the order page, self-service
 * cancellation, and the confirmation e-mail. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import type { Server } from "node:http";
import { and, eq, inArray } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { expireDueOrders } from "../../app/server/booking/expiry.server";
import * as schema from "../../app/server/db/schema";
import { createHttpApp } from "../../app/server/http/app.server";
import { deliverPendingEmails } from "../../app/server/mail/mail.server";
import { signDemoWebhook } from "../../app/server/payments/demo.server";
import { createRentalItem, liveReservations, shopIds } from "../helpers/booking";
import { addItem, bagOf, goToPayment, INVOICE, period, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let itemIds: Record<string, number>;
let ciaslin: number;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  ciaslin = (await shopIds(db)).ciaslin;
  itemIds = Object.fromEntries(
    (await db.select({ id: schema.items.id, slug: schema.items.slug }).from(schema.items)).map((i) => [i.slug, i.id]),
  );
});
afterAll(async () => {
  await shop?.close();
});

/** To the demo provider's hosted page: its path, its signed checkout token and the checkout's ref. */
async function goToDemoPayment(visitor: Visitor, locale: Locale = "en") {
  const { location, order, payment } = await goToPayment(db, visitor, locale);
  expect(location.pathname).toMatch(new RegExp(`^${locale === "en" ? "" : `/${locale}`}/pay/demo/demo_`));
  const ref = location.pathname.split("/").at(-1) as string;
  expect(payment.ref).toBe(ref);
  return { payPath: location.pathname + location.search, token: location.searchParams.get("c") as string, ref, order, payment };
}

/** The payer decides on the demo provider's page; returns where the provider sends them. */
async function decide(visitor: Visitor, payment: { payPath: string; token: string }, outcome: "paid" | "cancelled" | "failed") {
  const page = await visitor.get(payment.payPath);
  expect(page.status).toBe(200);
  const response = await visitor.post(payment.payPath.split("?")[0], { c: payment.token, method: "paypal", outcome });
  expect(response.status).toBe(302);
  return response;
}

const orderById = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const outbox = (orderId: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, orderId));
const liveReservationsOf = (orderId: string) =>
  db
    .select()
    .from(schema.reservations)
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(and(eq(schema.orderLines.orderId, orderId), inArray(schema.reservations.state, ["held", "confirmed"])));

function demoEvent(
  payment: { ref: string; order: { id: string; totalCents: number } },
  type: string,
  overrides: Record<string, unknown> = {},
) {
  return JSON.stringify({
    id: `evt_demo_${Math.random().toString(36).slice(2)}`,
    type,
    ref: payment.ref,
    orderId: payment.order.id,
    amountCents: payment.order.totalCents,
    currency: "EUR",
    method: "card",
    created: Math.floor(Date.now() / 1000),
    ...overrides,
  });
}

const postWebhook = (body: string, signature = signDemoWebhook(body)) =>
  shop.request("/webhooks/demo", { method: "POST", body, headers: { "Content-Type": "application/json", "demo-signature": signature } });

describe(`booking over HTTP on ${testDbKind}`, () => {
  it("books skis and a service for a family in Danish: every step, the demo provider, the order page and one e-mail", async () => {
    const visitor = createVisitor(shop.url);
    const branch = await visitor.get("/da/rental/winter");
    expect(branch.status).toBe(200);
    expect(await branch.text()).toContain('href="/da/rental/winter/ciaslin"');
    const persons = await startBooking(db, visitor, "da", [
      { firstName: "Anna", lastName: "Jensen", heightCm: "172", weightKg: "64", skill: "intermediate", shoeSize: "39" },
      { firstName: "Mads", heightCm: "185", skill: "expert", shoeSize: "44" },
      { firstName: "Freja", heightCm: "128", skill: "beginner", shoeSize: "31" },
      { firstName: "Oscar", heightCm: "110", shoeSize: "28" },
    ]);
    expect(persons.map((p) => p.firstName)).toEqual(["Anna", "Mads", "Freja", "Oscar"]);
    for (const person of persons) {
      const page = await visitor.get(`/da/rental/winter/ciaslin/equipment?person=${person.id}`);
      expect(page.status).toBe(200);
      // The recommended size is preselected: take it as the form would send it.
      const html = await page.text();
      const slug = person.heightCm && person.heightCm < 150 ? "ski-junior-easy" : "ski-easy-carve";
      const card = html.slice(html.indexOf(`data-item="${slug}"`));
      const size = /<option value="([^"]+)" selected/.exec(card)?.[1];
      expect(size, `a recommended ${slug} size for ${person.firstName}`).toBeTruthy();
      await addItem(visitor, `person=${person.id}`, { itemId: itemIds[slug], size: size as string }, "da");
    }
    // The shop's articles, the ski service and the depot go into the same bag.
    await addItem(visitor, "person=all&category=ski-service", { itemId: itemIds["service-waxing"], quantity: 2 }, "da");
    await addItem(visitor, "person=all&category=clothing", { itemId: itemIds["ski-socks"], size: "39-42", quantity: 3 }, "da");
    await addItem(visitor, "person=all&category=depot", { itemId: itemIds["depot-locker-day"], quantity: 1 }, "da");
    const bag = await visitor.get("/da/rental/bag");
    expect(bag.status).toBe(200);
    const bagText = await pageText(bag);
    for (const name of ["Anna Jensen", "Mads", "Freja", "Oscar"]) expect(bagText).toContain(name);

    const payment = await goToDemoPayment(visitor, "da");
    const back = await decide(visitor, payment, "paid");
    expect(locationOf(back)).toBe(`/da/order/${payment.order.token}`);
    const paid = await orderById(payment.order.id);
    expect(paid.status).toBe("paid");
    expect(paid.language).toBe("da");
    // Four pairs of skis and a locker are reserved; the socks come off the branch's stock.
    expect(await liveReservationsOf(paid.id)).toHaveLength(5);
    const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, paid.id));
    expect(lines.map((l) => l.kind).sort()).toEqual(["depot", "rental", "rental", "rental", "rental", "sale", "service"]);
    expect(lines.reduce((sum, l) => sum + l.subtotalCents, 0)).toBe(paid.subtotalCents);

    const orderPage = await visitor.follow(back);
    expect(orderPage.status).toBe(200);
    const text = await pageText(orderPage);
    expect(text).toContain(paid.number);
    expect(text).toContain("Dolomiti Rent Ciaslin");
    // Paid: the bag is done, and its cookie forgotten.
    expect(visitor.cookies.has("rental_cart")).toBe(false);
    const mails = await outbox(paid.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "confirmation", to: INVOICE.email, language: "da" });
    expect(mails[0].text).toContain(`${shop.url}/da/order/${paid.token}`);

    const ics = await visitor.get(`/da/order/${paid.token}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    const pdf = await visitor.get(`/da/order/${paid.token}/confirmation.pdf`);
    expect(pdf.status).toBe(200);
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("recommends only what suits a child, says why, and asks before an unsuitable ski goes into the bag", async () => {
    const visitor = createVisitor(shop.url);
    const [child] = await startBooking(db, visitor, "en", [{ firstName: "Tim", heightCm: "128", skill: "beginner" }]);
    const html = await (await visitor.get(`/rental/winter/ciaslin/equipment?person=${child.id}&category=ski-snowboard`)).text();
    const card = (slug: string) => {
      const start = html.indexOf(`data-item="${slug}"`);
      return html.slice(start, html.indexOf("</li>", start));
    };
    // Expert skis and adult lengths are listed with the reason, never with a recommended size.
    expect(card("ski-race-pro")).toContain(en.booking.fit.levelTooHigh);
    expect(card("ski-easy-carve")).toContain(en.booking.fit.tooLong.replace("{{size}}", "140").replace("{{ideal}}", "108"));
    for (const slug of ["ski-race-pro", "ski-easy-carve"]) {
      expect(card(slug)).not.toMatch(/<option [^>]*selected/);
      expect(card(slug)).toContain('name="anyway"');
    }
    // Each card shows the item's picture, decorative beside its name (decision 031).
    expect(card("ski-junior-easy")).toMatch(/<img src="\/media\/items\/\d+\/[0-9a-f]{16}-640x480\.webp"[^>]* alt=""/);
    // The children's ski suits, says so, and comes before the ones that do not.
    expect(card("ski-junior-easy")).toContain(en.booking.fit.suits);
    expect(card("ski-junior-easy")).toMatch(/<option value="110" selected/);
    expect(html.indexOf('data-item="ski-junior-easy"')).toBeLessThan(html.indexOf('data-item="ski-race-pro"'));

    // Added without the confirmation: refused, with the item named; nothing in the bag.
    const query = `person=${child.id}&category=ski-snowboard`;
    const refused = await visitor.post(`/rental/winter/ciaslin/equipment?${query}`, {
      intent: "add",
      itemId: itemIds["ski-race-pro"],
      size: "158",
    });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain(en.booking.fit.confirm.replace("{{item}}", "Ski Race Pro"));
    expect(
      await db
        .select()
        .from(schema.bagLines)
        .where(eq(schema.bagLines.bagId, bagOf(visitor))),
    ).toHaveLength(0);
    // With it, the customer's choice is theirs.
    await addItem(visitor, query, { itemId: itemIds["ski-race-pro"], size: "158", anyway: "1" });
    expect(
      await db
        .select()
        .from(schema.bagLines)
        .where(eq(schema.bagLines.bagId, bagOf(visitor))),
    ).toHaveLength(1);
  });

  it("shows the three messages of the spec, in the visitor's language, and keeps what was typed", async () => {
    const visitor = createVisitor(shop.url);
    const periodStep = await visitor.post("/de/rental/winter/ciaslin", period);
    expect(periodStep.status).toBe(302);
    const noName = await visitor.post("/de/rental/winter/ciaslin/persons", {
      intent: "save",
      "persons.0.firstName": "  ",
      "persons.0.lastName": "Müller",
      "persons.0.heightCm": "181",
    });
    expect(noName.status).toBe(400);
    const noNameText = await pageText(noName);
    expect(noNameText).toContain(de.booking.errors.firstName);
    expect(noNameText).not.toContain(en.booking.errors.firstName);
    const again = await visitor.post("/de/rental/winter/ciaslin/persons", {
      intent: "save",
      "persons.0.firstName": "",
      "persons.0.lastName": "Müller",
    });
    expect(await again.text()).toContain('value="Müller"');

    await visitor.post("/de/rental/winter/ciaslin/persons", { intent: "save", "persons.0.firstName": "Lena" });
    const emptyBag = await visitor.post("/de/rental/bag", { intent: "continue" });
    expect(emptyBag.status).toBe(400);
    expect(await pageText(emptyBag)).toContain(de.booking.errors.emptyBag);

    const [lena] = await db
      .select()
      .from(schema.bagPersons)
      .where(eq(schema.bagPersons.bagId, bagOf(visitor)));
    await addItem(visitor, `person=${lena.id}&category=goggles-helmets`, { itemId: itemIds["ski-helmet"], size: "M" }, "de");
    const missingInvoice = await visitor.post("/de/rental/checkout", { ...INVOICE, name: "", email: "not-an-email", total: 0 });
    expect(missingInvoice.status).toBe(400);
    const invoiceHtml = await missingInvoice.text();
    // The spec's sentence, then what to fill in.
    expect(invoiceHtml).toContain(
      `${de.booking.errors.invoiceFirst}. ${de.booking.checkout.fillIn.replace("{{fields}}", "Vor- und Nachname und E-Mail")}`,
    );
    expect(invoiceHtml).toContain(de.booking.errors.email);
    // What was typed stays in the form.
    expect(invoiceHtml).toContain('value="Vestergade 12"');
    expect(invoiceHtml).toContain('value="not-an-email"');
    expect(await db.select().from(schema.orders).where(eq(schema.orders.email, "not-an-email"))).toHaveLength(0);
  });

  it.each([
    ["en", en],
    ["de", de],
  ] as const)("in %s, a change to the bag the shop cannot make says what to do", async (locale, messages) => {
    const visitor = createVisitor(shop.url);
    const [person] = await startBooking(db, visitor, locale);
    // A page left open while the item was deleted posts an item that no longer exists.
    const stale = await visitor.post(`${locale === "en" ? "" : `/${locale}`}/rental/winter/ciaslin/equipment?person=${person.id}`, {
      intent: "add",
      itemId: "not-an-item",
    });
    expect(stale.status).toBe(400);
    const text = await pageText(stale);
    expect(text).toContain(messages.booking.equipment.invalid);
    expect(messages.booking.equipment.invalid).toMatch(/reload|neu/i);
  });

  it("sends a visitor who skipped a step back to it", async () => {
    const visitor = createVisitor(shop.url);
    const equipment = await visitor.get("/it/rental/winter/ciaslin/equipment");
    expect(equipment.status).toBe(302);
    expect(locationOf(equipment)).toBe("/it/rental/winter/ciaslin");
    const checkout = await visitor.get("/it/rental/checkout");
    expect(locationOf(checkout)).toBe("/it/rental");
    await visitor.post("/it/rental/winter/ciaslin", period);
    const noPersons = await visitor.get("/it/rental/winter/ciaslin/equipment");
    expect(locationOf(noPersons)).toBe("/it/rental/winter/ciaslin/persons");
    // A branch that does not serve the season, and a season that does not exist: 404.
    expect((await visitor.get("/it/rental/summer/plan-da-sera")).status).toBe(404);
    expect((await visitor.get("/it/rental/spring")).status).toBe(404);
  });

  it("refuses a period outside the branch's rules with a message next to the field", async () => {
    const visitor = createVisitor(shop.url);
    const closed = await visitor.post("/rental/winter/runcadoz", { ...period, pickupTime: "07:00" });
    expect(closed.status).toBe(400);
    expect(await pageText(closed)).toContain(en.period.pickupOutsideHours);
    const backwards = await visitor.post("/rental/winter/ciaslin", { ...period, returnDate: period.pickupDate, returnTime: "08:00" });
    expect(backwards.status).toBe(400);
    expect(await pageText(backwards)).toContain(en.period.returnBeforePickup);
    expect(visitor.cookies.has("rental_cart")).toBe(false);
  });

  it("shows an item booked out by another order as not available", async () => {
    const lastPair = await createRentalItem(db, ciaslin, 1);
    const first = createVisitor(shop.url);
    const [anna] = await startBooking(db, first);
    await addItem(first, `person=${anna.id}`, { itemId: lastPair.id, size: "170" });
    const payment = await goToDemoPayment(first);
    await decide(first, payment, "paid");
    expect((await orderById(payment.order.id)).status).toBe("paid");

    const second = createVisitor(shop.url);
    const [ben] = await startBooking(db, second, "en", [{ firstName: "Ben", heightCm: "175" }]);
    const page = await second.get(`/rental/winter/ciaslin/equipment?person=${ben.id}`);
    const html = await page.text();
    const card = html.slice(html.indexOf(`data-item="${lastPair.slug}"`)).split("</li>")[0];
    expect(card).toContain(en.booking.state.notAvailable);
    expect(card).not.toContain(`>${en.booking.equipment.add.replace("{{item}}", lastPair.name.en)}<`);
    // Adding it anyway (an old page) is refused with a message, and nothing is added.
    const refused = await second.post(`/rental/winter/ciaslin/equipment?person=${ben.id}`, {
      intent: "add",
      itemId: lastPair.id,
      size: "170",
    });
    expect(refused.status).toBe(409);
    const secondBag = bagOf(second);
    expect(await db.select().from(schema.bagLines).where(eq(schema.bagLines.bagId, secondBag))).toHaveLength(0);
  });

  it("a cancel at the provider brings the customer back to the bag with the hold released", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-all-mountain"], size: "163" });
    const payment = await goToDemoPayment(visitor);
    expect(await liveReservationsOf(payment.order.id)).toHaveLength(1);
    const back = await decide(visitor, payment, "cancelled");
    expect(locationOf(back)).toBe("/rental/bag?payment=cancelled");
    const bag = await visitor.follow(back);
    expect(bag.status).toBe(200);
    const text = await pageText(bag);
    expect(text).toContain(en.booking.bag.returned.cancelled);
    expect(text).toContain("Ski All-Mountain");
    expect((await orderById(payment.order.id)).status).toBe("expired");
    expect(await liveReservationsOf(payment.order.id)).toHaveLength(0);
    // The bag can go to payment again.
    const retry = await goToDemoPayment(visitor);
    expect(retry.order.id).not.toBe(payment.order.id);
  });

  it("a failed payment says nothing was charged and releases the hold", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor, "nl");
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-race-pro"], size: "165" }, "nl");
    const payment = await goToDemoPayment(visitor, "nl");
    const back = await decide(visitor, payment, "failed");
    expect(locationOf(back)).toBe("/nl/rental/bag?payment=failed");
    expect((await orderById(payment.order.id)).status).toBe("expired");
    const bag = await visitor.follow(back);
    const nl = (await import("../../app/i18n/lang/nl.json")).default;
    expect(await pageText(bag)).toContain(nl.booking.bag.returned.failed);
    expect(await liveReservationsOf(payment.order.id)).toHaveLength(0);
  });

  it("a hold that ran out while paying says so and checks availability again", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["snowboard-easy-ride"], size: "150" });
    const payment = await goToDemoPayment(visitor);
    await db
      .update(schema.orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.orders.id, payment.order.id));
    await db
      .update(schema.reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.reservations.state, "held"));
    expect(await expireDueOrders(db)).toBeGreaterThanOrEqual(1);
    const bag = await visitor.get("/rental/bag?payment=cancelled");
    expect(await pageText(bag)).toContain(en.booking.bag.returned.expired);
    expect((await orderById(payment.order.id)).status).toBe("expired");
  });

  it("lets the customer cancel a paid order under the policy: units released, payment refunded", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-boots-comfort"], size: "39" });
    const payment = await goToDemoPayment(visitor);
    await decide(visitor, payment, "paid");
    const orderPath = `/order/${payment.order.token}`;
    const page = await pageText(await visitor.get(orderPath));
    expect(page).toContain(en.order.cancel.title);

    const unconfirmed = await visitor.post(orderPath, { intent: "cancel" });
    expect(unconfirmed.status).toBe(400);
    expect(await pageText(unconfirmed)).toContain(en.order.cancel.confirmFirst);
    expect((await orderById(payment.order.id)).status).toBe("paid");

    const cancelled = await visitor.post(orderPath, { intent: "cancel", confirm: "yes" });
    expect(cancelled.status).toBe(302);
    expect(locationOf(cancelled)).toBe(`${orderPath}?cancelled=1`);
    expect((await orderById(payment.order.id)).status).toBe("refunded");
    expect(await liveReservationsOf(payment.order.id)).toHaveLength(0);
    const [refunded] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, payment.order.id));
    expect(refunded).toMatchObject({ status: "refunded", refundedCents: payment.order.totalCents });
    expect(await pageText(await visitor.follow(cancelled))).toContain(en.order.cancel.done);
    // Twice is no second refund.
    const twice = await visitor.post(orderPath, { intent: "cancel", confirm: "yes" });
    expect(twice.status).toBe(409);
  });

  it("refuses a self-service cancellation after the free period", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}&category=goggles-helmets`, { itemId: itemIds["ski-helmet"], size: "L" });
    const payment = await goToDemoPayment(visitor);
    await decide(visitor, payment, "paid");
    await db
      .insert(schema.settings)
      .values({ key: "cancellationFreeHours", value: 720 })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value: 720 } });
    try {
      const orderPath = `/order/${payment.order.token}`;
      expect(await pageText(await visitor.get(orderPath))).toContain("+39 0471 795 120");
      const refused = await visitor.post(orderPath, { intent: "cancel", confirm: "yes" });
      expect(refused.status).toBe(409);
      expect((await orderById(payment.order.id)).status).toBe("paid");
    } finally {
      await db.delete(schema.settings).where(eq(schema.settings.key, "cancellationFreeHours"));
    }
  });

  it("records the partner hotel on the order and gives its discount when it beats the early-booking offer", async () => {
    const [hotel] = await db
      .insert(schema.partnerHotels)
      .values({ name: "Hotel Test Lumina", street: "Strada 1", town: "Ciaslin", discountPercent: 15, commissionPercent: 10 })
      .returning();
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-all-mountain"], size: "156" });
    const before = await pageText(await visitor.get("/rental/bag"));
    expect(before).toContain(en.booking.discount.offer.replace(" {{percent}}", ""));
    expect((await visitor.post("/rental/bag", { intent: "hotel", hotelId: hotel.id })).status).toBe(302);
    const after = await pageText(await visitor.get("/rental/bag"));
    expect(after).toContain("Partner hotel Hotel Test Lumina 15%");
    expect(after).not.toContain(en.booking.discount.offer.replace(" {{percent}}", ""));
    // The checkout names the hotel too, and says its discount is in the total.
    const checkout = await pageText(await visitor.get("/rental/checkout"));
    expect(checkout).toContain(`${en.order.hotel.label} ${en.order.hotel.applied.replace("{{hotel}}", "Hotel Test Lumina")}`);
    const payment = await goToDemoPayment(visitor);
    expect(payment.order.hotelId).toBe(hotel.id);
    expect(payment.order.discounts).toEqual([expect.objectContaining({ kind: "hotel", label: "Hotel Test Lumina", percent: 15 })]);
    // A hotel that does not exist is refused, and the bag keeps its choice.
    expect((await visitor.post("/rental/bag", { intent: "hotel", hotelId: "abc" })).status).toBe(400);
    expect((await visitor.post("/rental/bag", { intent: "hotel", hotelId: 999999 })).status).toBe(400);
    const [bag] = await db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(visitor)));
    expect(bag.hotelId).toBe(hotel.id);
  });

  it("keeps naming a partner hotel whose discount the early-booking offer beats, in the bag and at checkout", async () => {
    const [hotel] = await db
      .insert(schema.partnerHotels)
      .values({ name: "Garni Test Sorëdl", street: "Strada 2", town: "Ciaslin", discountPercent: 5, commissionPercent: 10 })
      .returning();
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-all-mountain"], size: "156" });
    expect((await visitor.post("/rental/bag", { intent: "hotel", hotelId: hotel.id })).status).toBe(302);
    const note = `${en.order.hotel.label} ${en.order.hotel.offerBetter.replace("{{hotel}}", "Garni Test Sorëdl")}`;
    const bag = await pageText(await visitor.get("/rental/bag"));
    expect(bag).toContain(en.booking.discount.offer.replace(" {{percent}}", ""));
    expect(bag).toContain(note);
    expect(await pageText(await visitor.get("/rental/checkout"))).toContain(note);
  });

  it("changes a line's size in the bag, and refuses sizes the item lacks and quantities on a person's equipment", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-easy-carve"], size: "156" });
    const [line] = await db
      .select()
      .from(schema.bagLines)
      .where(eq(schema.bagLines.bagId, bagOf(visitor)));
    expect((await visitor.post("/rental/bag", { intent: "size", lineId: line.id, size: "164" })).status).toBe(302);
    expect((await visitor.post("/rental/bag", { intent: "size", lineId: line.id, size: "999" })).status).toBe(400);
    expect((await visitor.post("/rental/bag", { intent: "quantity", lineId: line.id, quantity: 5 })).status).toBe(400);
    const stranger = createVisitor(shop.url);
    await startBooking(db, stranger);
    expect((await stranger.post("/rental/bag", { intent: "remove", lineId: line.id })).status).toBe(302);
    const [after] = await db.select().from(schema.bagLines).where(eq(schema.bagLines.id, line.id));
    expect(after).toMatchObject({ size: "164", quantity: 1 });
  });

  it("sends the customer back to the bag, without an order, when the price changed since it was shown", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-easy-carve"], size: "148" });
    const answer = await visitor.post("/rental/checkout", { ...INVOICE, email: "price.changed@example.com", total: 1 });
    expect(answer.status).toBe(302);
    expect(locationOf(answer)).toBe("/rental/bag?changed=price");
    expect(await pageText(await visitor.follow(answer))).toContain(en.booking.checkout.priceChanged);
    expect(await db.select().from(schema.orders).where(eq(schema.orders.email, "price.changed@example.com"))).toHaveLength(0);
  });

  it("a coupon below its minimum says how much to add, in the bag and at checkout, and the order is paid without it", async () => {
    for (const locale of ["en", "de"] as const) {
      const messages = locale === "en" ? en : de;
      const visitor = createVisitor(shop.url);
      const prefix = locale === "en" ? "" : `/${locale}`;
      const [anna] = await startBooking(db, visitor, locale);
      await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-easy-carve"], size: "164" }, locale);
      expect((await visitor.post(`${prefix}/rental/bag`, { intent: "coupon", code: "family25" })).status).toBe(302);
      const checkoutHtml = await (await visitor.get(`${prefix}/rental/checkout`)).text();
      const total = Number(/name="total" value="(\d+)"/.exec(checkoutHtml)?.[1]);
      const [coupon] = await db.select().from(schema.coupons).where(eq(schema.coupons.code, "FAMILY25"));
      expect(total).toBeLessThan(coupon.minOrderCents);
      const hint = messages.booking.couponReason.minOrder
        .replace("{{amount}}", formatMoney(coupon.minOrderCents - total, locale))
        .replace("{{code}}", "FAMILY25")
        .replace(/\s+/g, " ");
      expect(await pageText(await visitor.get(`${prefix}/rental/bag`))).toContain(hint);
      expect(await pageText(await visitor.get(`${prefix}/rental/checkout`))).toContain(hint);
      // Paying is not blocked: the order is held and paid at the total shown, without the coupon.
      const payment = await goToDemoPayment(visitor, locale);
      expect(payment.order).toMatchObject({ totalCents: total, couponId: null });
      expect(payment.order.discounts.filter((d) => d.kind === "coupon")).toEqual([]);
      await decide(visitor, payment, "paid");
      expect((await orderById(payment.order.id)).status).toBe("paid");
      const [after] = await db.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id));
      expect(after.usedCount).toBe(coupon.usedCount);
    }
  });

  it("applies a coupon once the bag reaches its minimum, and the total paid includes it", async () => {
    const visitor = createVisitor(shop.url);
    const family = [
      { firstName: "Lena", heightCm: "165" },
      { firstName: "Paul", heightCm: "185" },
      { firstName: "Mia", heightCm: "165" },
      { firstName: "Ben", heightCm: "185" },
    ];
    // Sizes no other test here books, so the four pairs take nobody's units.
    const sizeFor = (i: number) => (i % 2 === 0 ? "163" : "177");
    const persons = await startBooking(db, visitor, "de", family);
    for (const [i, person] of persons.slice(0, 2).entries())
      await addItem(visitor, `person=${person.id}`, { itemId: itemIds["ski-all-mountain"], size: sizeFor(i), anyway: "1" }, "de");
    expect((await visitor.post("/de/rental/bag", { intent: "coupon", code: "FAMILY25" })).status).toBe(302);
    const below = await pageText(await visitor.get("/de/rental/bag"));
    expect(below).toContain(de.booking.couponReason.minOrder.split("{{amount}}")[0]);
    for (const [i, person] of persons.slice(2).entries())
      await addItem(visitor, `person=${person.id}`, { itemId: itemIds["ski-all-mountain"], size: sizeFor(i), anyway: "1" }, "de");
    const reached = await pageText(await visitor.get("/de/rental/bag"));
    expect(reached).toContain(de.booking.bag.couponApplied.replace("{{code}}", "FAMILY25"));
    expect(reached).toContain(de.booking.discount.coupon.replace("{{label}}", "FAMILY25"));
    const payment = await goToDemoPayment(visitor, "de");
    expect(payment.order.couponId).not.toBeNull();
    expect(payment.order.discounts).toContainEqual(expect.objectContaining({ kind: "coupon", label: "FAMILY25", amountCents: 2500 }));
    await decide(visitor, payment, "paid");
  });

  it("shows branch, period, persons and the running total on the persons and equipment steps, in English and Danish", async () => {
    for (const locale of ["en", "da"] as const) {
      const messages = locale === "en" ? en : da;
      const prefix = locale === "en" ? "" : `/${locale}`;
      const visitor = createVisitor(shop.url);
      const [anna, tim] = await startBooking(db, visitor, locale, [
        { firstName: "Anna", heightCm: "172" },
        { firstName: "Tim", heightCm: "150" },
      ]);
      const summaryOf = (html: string) => html.slice(html.indexOf("data-summary"), html.indexOf("</aside>", html.indexOf("data-summary")));
      const persons = summaryOf(await (await visitor.get(`${prefix}/rental/winter/ciaslin/persons`)).text());
      expect(persons).toContain("Dolomiti Rent Ciaslin");
      expect(persons).toContain(`data-summary-persons="2"`);
      expect(persons).toContain(messages.booking.summary.persons_other.replace("{{count}}", "2"));
      // Nothing chosen yet: no total to show.
      expect(persons).not.toContain("data-summary-total");
      await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-easy-carve"], size: "156" }, locale);
      await addItem(visitor, `person=${tim.id}`, { itemId: itemIds["ski-junior-easy"], size: "130" }, locale);
      const checkoutHtml = await (await visitor.get(`${prefix}/rental/checkout`)).text();
      const total = /name="total" value="(\d+)"/.exec(checkoutHtml)?.[1];
      const equipment = await (await visitor.get(`${prefix}/rental/winter/ciaslin/equipment?person=${tim.id}`)).text();
      // The running total is the bag's total, the one the checkout charges.
      expect(summaryOf(equipment)).toContain(`data-summary-total="${total}"`);
      expect(summaryOf(equipment)).toContain(messages.booking.summary.total);
      const periodText = messages.booking.bag.summary_other.split("{{shop}}")[1].split("{{from}}")[0];
      expect(summaryOf(equipment)).toContain(`Dolomiti Rent Ciaslin${periodText}`);
      expect(summaryOf(equipment)).toContain("(3 ");
    }
  });

  it("says at checkout whom each line is for, when two persons rent the same item and size", async () => {
    const visitor = createVisitor(shop.url);
    const [anna, tim] = await startBooking(db, visitor, "it", [
      { firstName: "Anna", heightCm: "172" },
      { firstName: "Tim", lastName: "Rossi", heightCm: "172" },
    ]);
    for (const person of [anna, tim])
      await addItem(visitor, `person=${person.id}`, { itemId: itemIds["ski-easy-carve"], size: "164" }, "it");
    const checkout = await pageText(await visitor.get("/it/rental/checkout"));
    expect(checkout).toContain("Sci Easy Carve (164) – Anna ");
    expect(checkout).toContain("Sci Easy Carve (164) – Tim Rossi ");
  });

  it("the thank-you page says where the confirmation e-mail went, in English and German", async () => {
    for (const locale of ["en", "de"] as const) {
      const messages = locale === "en" ? en : de;
      const visitor = createVisitor(shop.url);
      const [anna] = await startBooking(db, visitor, locale);
      await addItem(visitor, `person=${anna.id}&category=goggles-helmets`, { itemId: itemIds["ski-helmet"], size: "M" }, locale);
      const payment = await goToDemoPayment(visitor, locale);
      const back = await decide(visitor, payment, "paid");
      // Queued at payment, the e-mail is "on its way" until the mailer has delivered it, then "sent".
      const queued = await pageText(await visitor.follow(back));
      expect(queued).toContain(messages.order.email.sending.replace("{{email}}", INVOICE.email));
      await deliverPendingEmails();
      expect((await outbox(payment.order.id))[0].sentAt).not.toBeNull();
      const text = await pageText(await visitor.follow(back));
      expect(text).toContain(messages.order.email.sent.replace("{{email}}", INVOICE.email));
      // Cancelling is still there, behind its own control, with the box to tick.
      expect(text).toContain(messages.order.cancel.title);
      expect(text).toContain(messages.order.cancel.confirm);
    }
  });

  it("keeps the bag in the database: another server process on the same database shows it", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-easy-carve"], size: "156" });
    const build = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as ServerBuild;
    const other = createHttpApp({ config: shop.config, database: shop.database, build, buildVersion: build.assets.version });
    const server: Server = await new Promise((resolve) => {
      const s = other.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const bag = await visitor.request(`http://127.0.0.1:${port}/rental/bag`);
      expect(bag.status).toBe(200);
      expect(await pageText(bag)).toContain("Anna");
      expect(
        (
          await db
            .select()
            .from(schema.bagLines)
            .where(eq(schema.bagLines.bagId, bagOf(visitor)))
        ).length,
      ).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe(`demo webhooks on ${testDbKind}`, () => {
  async function pendingPayment() {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: itemIds["ski-all-mountain"], size: "170" });
    return goToDemoPayment(visitor);
  }

  it("the same event delivered 10 times at once gives one paid order and one e-mail", async () => {
    const payment = await pendingPayment();
    const body = demoEvent(payment, "succeeded");
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const results = (await Promise.all(answers.map((a) => a.json()))).map((r: { result: string }) => r.result).sort();
    expect(results).toEqual([...Array(9).fill("duplicate"), "paid"]);
    expect((await orderById(payment.order.id)).status).toBe("paid");
    expect(await outbox(payment.order.id)).toHaveLength(1);
    expect(await liveReservationsOf(payment.order.id)).toHaveLength(1);
  });

  it("different events for one payment delivered at once still give one e-mail", async () => {
    const payment = await pendingPayment();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(demoEvent(payment, "succeeded"))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await orderById(payment.order.id)).status).toBe("paid");
    expect(await outbox(payment.order.id)).toHaveLength(1);
  });

  it.each([
    ["failed, then succeeded", ["failed", "succeeded"]],
    ["succeeded, then failed", ["succeeded", "failed"]],
    ["succeeded, then expired", ["succeeded", "expired"]],
    ["expired, then succeeded", ["expired", "succeeded"]],
    ["pending, succeeded, pending again", ["pending", "succeeded", "pending"]],
  ])("events in any order end paid: %s", async (_, types) => {
    const payment = await pendingPayment();
    for (const type of types) expect((await postWebhook(demoEvent(payment, type))).status).toBe(200);
    const order = await orderById(payment.order.id);
    expect(order.status).toBe("paid");
    expect(await liveReservationsOf(order.id)).toHaveLength(1);
    expect(await outbox(order.id)).toHaveLength(1);
  });

  it("a bad signature or an old timestamp gets 400 and changes nothing", async () => {
    const payment = await pendingPayment();
    const body = demoEvent(payment, "succeeded");
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    for (const signature of [
      "",
      "t=123,v1=abc",
      signDemoWebhook(demoEvent(payment, "succeeded", { amountCents: 1 })),
      signDemoWebhook(body, sixMinutesAgo),
    ]) {
      const answer = await postWebhook(body, signature);
      expect(answer.status).toBe(400);
    }
    const [tampered] = [body.replace(`"amountCents":${payment.order.totalCents}`, '"amountCents":1')];
    expect((await postWebhook(tampered, signDemoWebhook(body))).status).toBe(400);
    expect((await orderById(payment.order.id)).status).toBe("pending_payment");
    expect(
      await db
        .select()
        .from(schema.webhookEvents)
        .where(eq(schema.webhookEvents.eventId, JSON.parse(body).id)),
    ).toHaveLength(0);
    expect(await outbox(payment.order.id)).toHaveLength(0);
  });

  it("an amount or currency that does not match the order is not accepted as paid", async () => {
    const payment = await pendingPayment();
    for (const overrides of [{ amountCents: payment.order.totalCents - 1 }, { currency: "USD" }, { amountCents: null }]) {
      const answer = await postWebhook(demoEvent(payment, "succeeded", overrides));
      expect(answer.status).toBe(200);
      expect((await answer.json()).result).toBe("mismatch");
    }
    expect((await orderById(payment.order.id)).status).toBe("pending_payment");
    expect(await outbox(payment.order.id)).toHaveLength(0);
  });

  it("answers 404 for a provider that is not configured and 405 for a GET", async () => {
    expect((await shop.request("/webhooks/stripe", { method: "POST", body: "{}" })).status).toBe(404);
    expect((await shop.request("/webhooks/paypal", { method: "POST", body: "{}" })).status).toBe(404);
    expect((await shop.request("/webhooks/demo")).status).toBe(405);
  });
});

it("keeps the checkout and the reservation free of overlaps across all these orders", async () => {
  const items = await db.select({ id: schema.items.id }).from(schema.items);
  for (const item of items) {
    const rows = await liveReservations(db, item.id);
    const byUnit = new Map<number, string[]>();
    for (const row of rows) byUnit.set(row.unitId, [...(byUnit.get(row.unitId) ?? []), String(row.period)]);
    for (const periods of byUnit.values()) expect(new Set(periods).size).toBe(periods.length);
  }
});
