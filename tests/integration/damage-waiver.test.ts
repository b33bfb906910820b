/**
 * The damage waiver over real HTTP (decision 029): offered at checkout as a box never ticked in advance,
 * charged per rented unit and day, stored on the order and paid with it, shown on the order page, in the
 * e-mail, the PDFs, the back office's order, its CSV and dashboard, refunded with the order, added at the
 * counter, and switched and priced in the settings. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settingsFormValues } from "../../app/domain/admin/settings";
import { formatMoney } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import it_ from "../../app/i18n/lang/it.json";
import * as schema from "../../app/server/db/schema";
import { getSettings } from "../../app/server/settings/settings.server";
import { createRentalItem, shopIds } from "../helpers/booking";
import { addItem, bagOf, INVOICE, startBooking } from "../helpers/booking-flow";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { counterOrderForm, createdOrderId } from "../helpers/orders";
import { pdfText } from "../helpers/pdf-text";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let itemIds: Record<string, number>;
let admin: string;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  itemIds = Object.fromEntries(
    (await db.select({ id: schema.items.id, slug: schema.items.slug }).from(schema.items)).map((i) => [i.slug, i.id]),
  );
  admin = await shop.login();
});
afterAll(async () => {
  await shop?.close();
});
// Every test starts from the default offer: 2,00 € per rented item and day.
beforeEach(async () => {
  await db.delete(schema.settings).where(eq(schema.settings.key, "damageWaiver"));
});

/** Money as the page's text shows it (any space a plain one). */
const money = (cents: number, locale: Locale) => formatMoney(cents, locale).replace(/\s/g, " ");
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
const orderById = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const bagRow = async (visitor: Visitor) =>
  (
    await db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(visitor)))
  )[0];
const as = (cookie: string) => ({ headers: { Cookie: cookie } });
const adminPost = (path: string, fields: Record<string, string> | [string, string][]) => shop.post(path, fields, admin);

/** The settings form as the page shows it, as a browser posts it (boxes "on" or absent), with some fields changed. */
async function settingsForm(changes: Record<string, string | null> = {}): Promise<[string, string][]> {
  const fields: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) for (const v of value) fields.push([`${path}[]`, String(v)]);
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else if (value === "true") fields.push([path, "on"]);
    else if (!(path.endsWith("enabled") || path === "requireStaffTotp")) fields.push([path, String(value ?? "")]);
  };
  walk(settingsFormValues(await getSettings()), "");
  const kept = fields.filter(([name]) => !(name in changes));
  return [...kept, ...Object.entries(changes).flatMap(([name, value]) => (value === null ? [] : [[name, value] as [string, string]]))];
}

/** Two skiers with skis and boots (four rented units, three days) and a pair of socks from the sports shop. */
async function fillBag(visitor: Visitor, locale: Locale) {
  const persons = await startBooking(db, visitor, locale, [
    { firstName: "Lena", heightCm: "170", skill: "intermediate", shoeSize: "39" },
    { firstName: "Jonas", heightCm: "182", skill: "expert", shoeSize: "44" },
  ]);
  for (const [person, size, boots] of [
    [persons[0], "156", "39"],
    [persons[1], "164", "44"],
  ] as const) {
    await addItem(visitor, `person=${person.id}`, { itemId: itemIds["ski-easy-carve"], size }, locale);
    await addItem(visitor, `person=${person.id}`, { itemId: itemIds["ski-boots-comfort"], size: boots }, locale);
  }
  await addItem(visitor, "person=all&category=clothing", { itemId: itemIds["ski-socks"], size: "39-42", quantity: 1 }, locale);
  const path = locale === "en" ? "/rental/bag" : `/${locale}/rental/bag`;
  expect((await visitor.post(path, { intent: "continue" })).status).toBe(302);
}

/** The checkout page and the amounts it was shown with. */
async function checkoutPage(visitor: Visitor, locale: Locale) {
  const page = await visitor.get(locale === "en" ? "/rental/checkout" : `/${locale}/rental/checkout`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const total = /name="total" value="(\d+)"/.exec(html)?.[1] as string;
  const waiver = /name="waiver" value="(\d+)"/.exec(html)?.[1] ?? null;
  return { html, text: await pageText(new Response(html)), total, waiver };
}

/** A PDF's text as one line (a long label may wrap), any space a plain one. */
const pdfLines = async (response: Response) =>
  (await pdfText(new Uint8Array(await response.arrayBuffer()))).lines.join(" ").replace(/\s/g, " ");

/** The demo provider's page: pay, and follow the payer back to the order page. */
async function payAtDemo(visitor: Visitor, location: string) {
  const url = new URL(location, shop.url);
  expect((await visitor.get(url.pathname + url.search)).status).toBe(200);
  const back = await visitor.post(url.pathname, { c: url.searchParams.get("c") as string, method: "card", outcome: "paid" });
  expect(back.status).toBe(302);
  return back;
}

describe(`damage waiver on ${testDbKind}`, () => {
  it("in German: offered unticked, taken, charged per item and day, and shown everywhere the order is", async () => {
    const visitor = createVisitor(shop.url);
    await fillBag(visitor, "de");
    const checkout = await checkoutPage(visitor, "de");
    // 4 rented units × 3 days × 2,00 €; the socks are not covered.
    expect(checkout.waiver).toBe("2400");
    expect(checkout.text).toContain(fill(de.booking.waiver.add, { day: money(200, "de"), total: money(2400, "de") }));
    expect(checkout.text).toContain(de.booking.waiver.covers);
    // Never ticked in advance (EU consumer rules forbid pre-ticked paid extras).
    const box = /<input[^>]*id="damage-waiver"[^>]*>/.exec(checkout.html)?.[0] ?? "";
    expect(box).toContain('name="damageWaiver"');
    expect(box).not.toContain("checked");
    // Both sums are on the page; CSS shows the one that fits the box.
    expect(checkout.text).toContain(fill(de.booking.checkout.pay, { total: money(Number(checkout.total), "de") }));
    expect(checkout.text).toContain(fill(de.booking.checkout.pay, { total: money(Number(checkout.total) + 2400, "de") }));

    const pay = await visitor.post("/de/rental/checkout", {
      ...INVOICE,
      total: checkout.total,
      waiver: checkout.waiver as string,
      damageWaiver: "on",
    });
    expect(pay.status).toBe(302);
    const bag = await bagRow(visitor);
    expect(bag.damageWaiver).toBe(true);
    const held = await orderById(bag.orderId as string);
    expect(held).toMatchObject({ damageWaiverCents: 2400, damageWaiverDayCents: 200, totalCents: Number(checkout.total) + 2400 });
    // The lines still add up to the subtotal; the waiver is in the total and its VAT.
    const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, held.id));
    expect(lines.reduce((sum, l) => sum + l.subtotalCents, 0)).toBe(held.subtotalCents);
    expect(held.vatBreakdown.reduce((sum, v) => sum + v.netCents + v.vatCents, 0)).toBe(held.totalCents);
    // The payment asks for the whole amount, waiver included.
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, held.id));
    expect(payment.amountCents).toBe(held.totalCents);

    const back = await payAtDemo(visitor, locationOf(pay));
    const order = await orderById(held.id);
    expect(order.status).toBe("paid");
    const waiverLine = fill(de.booking.waiver.line, { day: money(200, "de") });
    const orderPage = await pageText(await visitor.follow(back));
    expect(orderPage).toContain(`${waiverLine} ${money(2400, "de")}`);
    expect(orderPage).toContain(money(order.totalCents, "de"));

    const [mail] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, order.id));
    expect(mail.text.replace(/\s/g, " ")).toContain(
      `${fill(de.mail.confirmation.damageWaiver, { day: money(200, "de") })}: ${money(2400, "de")}`,
    );

    const confirmation = await pdfLines(await visitor.get(`/de/order/${order.token}/confirmation.pdf`));
    expect(confirmation).toContain(fill(de.documents.damageWaiver, { day: money(200, "de") }));
    expect(confirmation).toContain(
      `${fill(de.documents.damageWaiver, { day: money(200, "de") })} ${money(2400, "de")} ${de.documents.total} ${money(order.totalCents, "de")}`,
    );

    const adminPage = await pageText(await shop.request(`/de/admin/order/${order.id}`, as(admin)));
    expect(adminPage).toContain(`${waiverLine} ${money(2400, "de")}`);
    const contract = await pdfLines(await shop.request(`/de/admin/order/${order.id}/contract.pdf`, as(admin)));
    expect(contract).toContain(de.documents.contract.waiver);
    expect(contract).toContain(fill(de.documents.contract.waiverTaken, { day: money(200, "de"), total: money(2400, "de") }));

    // The CSV has its own column; the dashboard says how much of the revenue was waivers.
    const csv = (await (await shop.request(`/de/admin/orders.csv?q=${order.number}`, as(admin))).text()).replace(/^\uFEFF/, "").trim();
    const [header, row] = csv.split("\r\n").map((line) => line.split(";"));
    const column = header.indexOf(de.admin.orders.csvColumn.damageWaiver);
    expect(column).toBeGreaterThan(0);
    expect(row[column]).toBe("24,00");
    const [sum] = await db
      .select({ cents: sql<number>`sum(${schema.orders.damageWaiverCents})::int` })
      .from(schema.orders)
      .where(eq(schema.orders.status, "paid"));
    const dashboard = await pageText(await shop.request("/de/admin", as(admin)));
    expect(dashboard).toContain(fill(de.admin.dashboard.waiverShare, { week: money(sum.cents, "de"), month: money(sum.cents, "de") }));

    // Cancelled under the policy, the whole amount comes back, waiver included.
    const cancelled = await visitor.post(`/de/order/${order.token}`, { intent: "cancel", confirm: "yes" });
    expect(cancelled.status).toBe(302);
    const [refunded] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(refunded).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
  });

  it("in English: not taken, nothing charged for it, and no line for it anywhere", async () => {
    const visitor = createVisitor(shop.url);
    await fillBag(visitor, "en");
    const checkout = await checkoutPage(visitor, "en");
    expect(checkout.text).toContain(fill(en.booking.waiver.add, { day: money(200, "en"), total: money(2400, "en") }));
    const pay = await visitor.post("/rental/checkout", { ...INVOICE, total: checkout.total, waiver: checkout.waiver as string });
    expect(pay.status).toBe(302);
    const bag = await bagRow(visitor);
    expect(bag.damageWaiver).toBe(false);
    const held = await orderById(bag.orderId as string);
    expect(held).toMatchObject({ damageWaiverCents: 0, damageWaiverDayCents: null, totalCents: Number(checkout.total) });
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, held.id));
    expect(payment.amountCents).toBe(Number(checkout.total));
    await payAtDemo(visitor, locationOf(pay));
    const orderPage = await pageText(await visitor.get(`/order/${held.token}`));
    expect(orderPage).not.toContain(fill(en.booking.waiver.line, { day: money(200, "en") }));
    const confirmation = await pdfLines(await visitor.get(`/order/${held.token}/confirmation.pdf`));
    expect(confirmation).toContain(held.number);
    expect(confirmation).not.toContain(fill(en.documents.damageWaiver, { day: money(200, "en") }));
    const csv = (await (await shop.request(`/admin/orders.csv?q=${held.number}`, as(admin))).text()).replace(/^\uFEFF/, "").trim();
    const [header, row] = csv.split("\r\n").map((line) => line.split(","));
    expect(row[header.indexOf(en.admin.orders.csvColumn.damageWaiver)]).toBe("0.00");
  });

  it("refuses a box posted with another value: the message beside it, what was typed kept, nothing written", async () => {
    for (const locale of ["en", "de"] as const) {
      const visitor = createVisitor(shop.url);
      await fillBag(visitor, locale);
      const checkout = await checkoutPage(visitor, locale);
      const ordersBefore = await db.select({ n: sql<number>`count(*)::int` }).from(schema.orders);
      const path = locale === "en" ? "/rental/checkout" : `/${locale}/rental/checkout`;
      const refused = await visitor.post(path, {
        ...INVOICE,
        name: "Typed Name",
        total: checkout.total,
        waiver: "2400",
        damageWaiver: "yes",
      });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(await pageText(new Response(html))).toContain((locale === "en" ? en : de).booking.errors.damageWaiver);
      expect(html).toContain('value="Typed Name"');
      expect(html).toMatch(/<input[^>]*id="damage-waiver"[^>]*aria-invalid="true"/);
      expect(await db.select({ n: sql<number>`count(*)::int` }).from(schema.orders)).toEqual(ordersBefore);
      expect((await bagRow(visitor)).invoice).toBeNull();
    }
  });

  it("a box ticked on a page whose waiver price has changed since sends the customer back to the bag, without an order", async () => {
    const visitor = createVisitor(shop.url);
    await fillBag(visitor, "en");
    const checkout = await checkoutPage(visitor, "en");
    const pay = await visitor.post("/rental/checkout", { ...INVOICE, total: checkout.total, waiver: "1200", damageWaiver: "on" });
    expect(pay.status).toBe(302);
    expect(locationOf(pay)).toBe("/rental/bag?changed=price");
    expect((await bagRow(visitor)).orderId).toBeNull();
  });

  it("the settings switch it and price it, in euros as typed, with messages beside the field", async () => {
    const settingsPage = await pageText(await shop.request("/it/admin/settings", as(admin)));
    expect(settingsPage).toContain(it_.admin.settings.hint.waiver);
    const fields = await settingsForm();
    expect(fields).toContainEqual(["damageWaiver.dayPrice", "2.00"]);

    for (const [locale, messages] of [
      ["it", it_],
      ["de", de],
    ] as const) {
      const refused = await adminPost(`/${locale}/admin/settings`, await settingsForm({ "damageWaiver.dayPrice": "due" }));
      expect(refused.status).toBe(400);
      const text = await pageText(refused);
      expect(text).toContain(messages.admin.errors.money);
    }
    const saved = await adminPost("/it/admin/settings", await settingsForm({ "damageWaiver.dayPrice": "2,50" }));
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, "damageWaiver"));
    expect(row.value).toEqual({ dayCents: 250 });
    const visitor = createVisitor(shop.url);
    await fillBag(visitor, "it");
    const checkout = await checkoutPage(visitor, "it");
    expect(checkout.waiver).toBe("3000");
    expect(checkout.text).toContain(fill(it_.booking.waiver.add, { day: money(250, "it"), total: money(3000, "it") }));

    const off = await settingsForm({ "damageWaiver.enabled": null, "damageWaiver.dayPrice": "" });
    expect((await adminPost("/admin/settings", off)).status).toBe(302);
    const [none] = await db.select().from(schema.settings).where(eq(schema.settings.key, "damageWaiver"));
    expect(none.value).toBeNull();
    const again = await checkoutPage(visitor, "it");
    expect(again.waiver).toBeNull();
    expect(again.html).not.toContain('id="damage-waiver"');
    // A forged box on a shop that offers none cannot add a charge: the total shown no longer holds.
    const forged = await visitor.post("/it/rental/checkout", { ...INVOICE, total: again.total, damageWaiver: "on" });
    expect(locationOf(forged)).toBe("/it/rental/bag?changed=price");
  });

  it("the clerk adds it at the counter: offered with its price, charged, and paid with the order", async () => {
    const ciaslin = (await shopIds(db)).ciaslin;
    const ski = await createRentalItem(db, ciaslin, 2);
    const base = counterOrderForm(ciaslin, ski.id, { language: "de", method: "card", name: "Walter Walk-in" });
    // One pair for two days: 4,00 €, offered with the price, not ticked.
    const offered = await adminPost("/de/admin/order/create", { ...base, intent: "refresh" });
    expect(offered.status).toBe(200);
    const html = await offered.text();
    expect(await pageText(new Response(html))).toContain(fill(de.admin.orders.waiver, { day: money(200, "de"), total: money(400, "de") }));
    expect(/<input[^>]*name="damageWaiver"[^>]*>/.exec(html)?.[0]).not.toContain("checked");
    const ticked = await pageText(await adminPost("/de/admin/order/create", { ...base, intent: "refresh", damageWaiver: "on" }));
    expect(ticked).toContain(`${fill(de.booking.waiver.line, { day: money(200, "de") })} ${money(400, "de")}`);

    const created = await adminPost("/de/admin/order/create", { ...base, intent: "create", damageWaiver: "on" });
    expect(created.status).toBe(302);
    const id = createdOrderId(created);
    const order = await orderById(id);
    expect(order).toMatchObject({ status: "paid", source: "counter", damageWaiverCents: 400, damageWaiverDayCents: 200 });
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
    expect(payment.amountCents).toBe(order.totalCents);
    expect(order.totalCents).toBe(order.subtotalCents - order.discountCents + 400);
  });
});
