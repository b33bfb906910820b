/**
 * What the checkout says and does (issue 33, points 4, 5, 6 and the cancelled payment of 21), over real HTTP:
 * a peak surcharge is named with its amount on every step, e-mail and PDF, and the amounts add up; the
 * deposit is in the bag, the e-mail and the PDF, and an order with one is paid by card only; the same
 * checkout form sent twice at once makes one order; an order whose payment was cancelled or failed says
 * so rather than "not paid in time".
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatPercent } from "../../app/domain/format";
import { addDays } from "../../app/domain/periods";
import en from "../../app/i18n/lang/en.json";
import { expireDueOrders } from "../../app/server/booking/expiry.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, shopIds } from "../helpers/booking";
import { addItem, bagOf, INVOICE, period, startBooking } from "../helpers/booking-flow";
import { startTestServer } from "../helpers/http";
import { pdfText } from "../helpers/pdf-text";
import { createVisitor, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
/** A ski with a 150 € deposit and a peak on the first two of the period's three days; one without either. */
let peakSkiId = 0;
let peakSkiSlug = "";
let plainSkiId = 0;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const money = (cents: number) => formatMoney(cents, "en");
// 3 days of the test ski cost 78.00 €; 15 % on 2 of the 3 days is 7.80 €.
const PEAK_NOTE = fill(en.booking.peak.notePart, {
  name: "New Year",
  percent: formatPercent(15, "en"),
  count: 2,
  days: 3,
  amount: money(780),
});
const DEPOSIT_NOTE = fill(en.order.deposit.due, { amount: money(15000) });
const squeeze = (text: string) => text.replace(/\s+/g, " ");

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  const { ciaslin } = await shopIds(db);
  const peakSki = await createRentalItem(db, ciaslin, 6, { local: true });
  await db.update(schema.items).set({ depositCents: 15000 }).where(eq(schema.items.id, peakSki.id));
  peakSkiId = peakSki.id;
  peakSkiSlug = peakSki.slug;
  plainSkiId = (await createRentalItem(db, ciaslin, 6, { local: true })).id;
  // Only this peak, whatever the date the tests run on (the demo's Christmas window may overlap the period).
  await db.delete(schema.priceSurcharges);
  await db.insert(schema.priceSurcharges).values({
    appId: "winter",
    itemId: peakSki.id,
    startsOn: period.pickupDate,
    endsOn: addDays(period.pickupDate, 1),
    percent: 15,
    name: { en: "New Year", de: "Neujahr", it: "Capodanno", nl: "Nieuwjaar", be: "Nieuwjaar", da: "Nytår" },
  });
});
afterAll(async () => {
  await shop?.close();
});

/** A customer with one ski in the bag, on the invoice step; returns the form's total. */
async function onInvoiceStep(visitor: Visitor, itemId: number) {
  const [anna] = await startBooking(db, visitor);
  await addItem(visitor, `person=${anna.id}&category=ski-snowboard`, { itemId, size: "170" });
  expect((await visitor.post("/rental/bag", { intent: "continue" })).status).toBe(302);
  const page = await (await visitor.get("/rental/checkout")).text();
  return { page, total: /name="total" value="(\d+)"/.exec(page)?.[1] as string };
}

const bagRow = async (visitor: Visitor) =>
  (
    await db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(visitor)))
  )[0];
const orderRow = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];

describe("the checkout explains its price", () => {
  it("names the peak surcharge and the deposit in the bag, the checkout, the order page, the e-mail and the PDF", async () => {
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}&category=ski-snowboard`, { itemId: peakSkiId, size: "170" });

    // The cards price before discounts; the running total above them says which discount it took off.
    const equipment = await pageText(await visitor.get(`/rental/winter/ciaslin/equipment?person=${anna.id}&category=ski-snowboard`));
    const offer = fill(en.booking.discount.offer, { percent: formatPercent(10, "en") });
    expect(equipment.replaceAll(" :", ":")).toContain(`${en.booking.summary.total}: ${money(8580 - 858)}`);
    expect(equipment).toContain(money(8580));
    expect(equipment).toContain(fill(en.booking.summary.discounted, { discount: offer, amount: money(858) }));

    const bag = await pageText(await visitor.get("/rental/bag"));
    expect(bag).toContain(PEAK_NOTE);
    expect(bag).toContain(money(8580));
    expect(bag).toContain(fill(en.booking.checkout.deposit, { amount: money(15000) }));

    expect((await visitor.post("/rental/bag", { intent: "continue" })).status).toBe(302);
    const checkoutHtml = await (await visitor.get("/rental/checkout")).text();
    const checkout = squeeze(checkoutHtml.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'"));
    expect(checkout).toContain(PEAK_NOTE);
    // An order with a deposit is paid by card: PayPal is not promised.
    expect(checkout).toContain(en.booking.checkout.payHintCard);
    expect(checkout).not.toContain(en.booking.checkout.payHint);
    const total = /name="total" value="(\d+)"/.exec(checkoutHtml)?.[1] as string;

    const pay = await visitor.post("/rental/checkout", { ...INVOICE, total });
    expect(pay.status).toBe(302);
    const provider = new URL(pay.headers.get("location") as string);
    const demoPage = await (await visitor.get(provider.pathname + provider.search)).text();
    expect(demoPage).toContain('value="card"');
    expect(demoPage).not.toContain('value="paypal"');
    const paid = await visitor.post(provider.pathname, { c: provider.searchParams.get("c") as string, method: "paypal", outcome: "paid" });
    expect(paid.status).toBe(302);

    const { orderId } = await bagRow(visitor);
    const order = await orderRow(orderId as string);
    expect(order.status).toBe("paid");
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment.method).toBe("card");
    // The order keeps the surcharge and its peak, and its lines add up to its subtotal.
    const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      subtotalCents: 8580,
      surchargeCents: 780,
      peaks: [{ name: "New Year", percent: 15, days: 2, of: 3 }],
    });
    expect(lines.reduce((sum, l) => sum + l.subtotalCents, 0)).toBe(order.subtotalCents);
    expect(order.subtotalCents - order.discountCents + order.damageWaiverCents).toBe(order.totalCents);

    const orderPage = await pageText(await visitor.get(`/order/${order.token}`));
    expect(orderPage).toContain(PEAK_NOTE);

    const [mail] = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.orderId, order.id), eq(schema.emailOutbox.kind, "confirmation")));
    expect(mail.text).toContain(`${money(8580)}\n    ${PEAK_NOTE}`);
    expect(mail.text).toContain(`${en.order.deposit.title}: ${DEPOSIT_NOTE}`);
    expect(mail.html).toContain(PEAK_NOTE);
    expect(mail.html).toContain(DEPOSIT_NOTE);

    const pdf = await visitor.get(`/order/${order.token}/confirmation.pdf`);
    expect(pdf.status).toBe(200);
    const { lines: pdfLines } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const document = squeeze(pdfLines.join(" "));
    expect(document).toContain(PEAK_NOTE);
    expect(document).toContain(DEPOSIT_NOTE);
  });

  it("the item's page names the peak beside its price table", async () => {
    const day = (iso: string) => formatDate(`${iso}T12:00:00Z`, "en", { day: "numeric", month: "long", timeZone: "UTC" });
    const page = await pageText(await createVisitor(shop.url).get(`/item/${peakSkiSlug}`));
    expect(page).toContain(
      fill(en.item.peak, {
        name: "New Year",
        from: day(period.pickupDate),
        to: day(addDays(period.pickupDate, 1)),
        percent: formatPercent(15, "en"),
      }),
    );
    // Another item has no peak of its own (the only window is the peak ski's).
    expect(await pageText(await createVisitor(shop.url).get("/item/ski-easy-carve"))).not.toContain("New Year");
  });

  it("promises PayPal where no deposit is due", async () => {
    const { page } = await onInvoiceStep(createVisitor(shop.url), plainSkiId);
    expect(page).toContain(en.booking.checkout.payHint);
    expect(page).not.toContain(en.booking.checkout.payHintCard);
  });
});

describe("a double tap on the pay button", () => {
  it("makes one order: both copies of the form go to its payment page, and so does a third", async () => {
    const visitor = createVisitor(shop.url);
    const { total } = await onInvoiceStep(visitor, plainSkiId);
    const form = { ...INVOICE, email: "double.tap@example.com", total };
    const [first, second] = await Promise.all([visitor.post("/rental/checkout", form), visitor.post("/rental/checkout", form)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    const again = await visitor.post("/rental/checkout", form);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));

    const orders = await db.select().from(schema.orders).where(eq(schema.orders.email, "double.tap@example.com"));
    expect(orders.map((o) => o.status)).toEqual(["pending_payment"]);
    expect((await bagRow(visitor)).orderId).toBe(orders[0].id);

    // Another form (the customer corrected the phone number) is another checkout, as before.
    const changed = await visitor.post("/rental/checkout", { ...form, phone: "+45 20 12 34 99" });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).not.toBe(first.headers.get("location"));
    const after = await db.select().from(schema.orders).where(eq(schema.orders.email, "double.tap@example.com"));
    expect(after.map((o) => o.status).sort()).toEqual(["expired", "pending_payment"]);
  });
});

describe("an order that was not paid", () => {
  async function unpaid(outcome: "cancelled" | "failed" | null) {
    const visitor = createVisitor(shop.url);
    const { total } = await onInvoiceStep(visitor, plainSkiId);
    const pay = await visitor.post("/rental/checkout", { ...INVOICE, total });
    const provider = new URL(pay.headers.get("location") as string);
    if (outcome) {
      await visitor.post(provider.pathname, { c: provider.searchParams.get("c") as string, method: "card", outcome });
    } else {
      // Nobody paid or cancelled: the hold runs out.
      await db
        .update(schema.orders)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(schema.orders.id, (await bagRow(visitor)).orderId as string));
      await expireDueOrders(db);
    }
    const order = await orderRow((await bagRow(visitor)).orderId as string);
    expect(order.status).toBe("expired");
    return pageText(await visitor.get(`/order/${order.token}`));
  }

  it("says the payment was cancelled, not that it was not paid in time", async () => {
    const page = await unpaid("cancelled");
    expect(page).toContain(en.order.cancelledPaymentNote);
    expect(page).not.toContain(en.order.expiredNote);
  });

  it("says the payment did not go through when it failed", async () => {
    const page = await unpaid("failed");
    expect(page).toContain(en.order.failedPaymentNote);
    expect(page).not.toContain(en.order.expiredNote);
  });

  it("says it was not paid in time when its hold ran out", async () => {
    const page = await unpaid(null);
    expect(page).toContain(en.order.expiredNote);
    expect(page).not.toContain(en.order.cancelledPaymentNote);
  });
});
