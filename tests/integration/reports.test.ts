/**
 * The week-end reports (/admin/reports, issue 19) on a small fixed data set at two branches of their own,
 * with every figure worked out by hand below: revenue by day, branch, category and channel, utilisation per
 * item and size, top items, coupon and hotel effect, cancellations; the CSV files; and who sees what.
 *
 * The days are counted back from today in the shop's time zone (D0 = today, D3 = three days ago), so the
 * page's default range (the last 7 days, D6 to D0) covers them. The branches are new, so whatever else
 * the database holds (the demo shop) is in none of the figures of staff who work at exactly these two.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedDate, zonedInstant } from "../../app/domain/periods";
import { reportRange } from "../../app/domain/reports/reports";
import { cancelOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { getReports } from "../../app/server/reports/reports.server";
import { signedIn } from "../helpers/accounts";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
const today = zonedDate(new Date());
/** The shop's calendar day `k` days before today. */
const D = (k: number) => addDays(today, -k);
/** An instant on that day, at a time of the shop's clock. */
const at = (k: number, time: string) => zonedInstant(D(k), time);

const NORTH = "Report Nord";
const SOUTH = "Report Süd";
const ids = { north: 0, south: 0, ski: 0, hat: 0, coupon: 0, hotel: 0 };
const units: Record<string, number> = {};
const cookies = { both: "", north: "" };
const i18n = (text: string) => ({ en: text, de: `${text} DE`, it: text, nl: text, be: text, da: text });

async function insertBranch(name: string) {
  const slug = `report-${randomBytes(3).toString("hex")}`;
  const [row] = await db
    .insert(schema.shops)
    .values({
      slug,
      name,
      description: i18n(name),
      street: "Strada 1",
      postalCode: "39030",
      town: "Test",
      latitude: "46.5",
      longitude: "11.9",
      phone: "+39 0471 000000",
      email: `${slug}@example.com`,
      sort: 90,
    })
    .returning();
  return row.id;
}

let counter = 0;
type Line = { itemId: number; kind: "rental" | "sale"; size: string | null; quantity: number; subtotal: number; total: number };
/** An order written as the checkout and the counter write one: its lines, totals and discounts as given. */
async function insertOrder(values: {
  shopId: number;
  status: (typeof schema.orderStatus.enumValues)[number];
  source?: "online" | "counter";
  pickupAt: Date;
  returnAt: Date;
  paidAt?: Date | null;
  cancelledAt?: Date | null;
  lines: Line[];
  waiverCents?: number;
  discounts?: schema.DiscountLine[];
  couponId?: number;
  hotelId?: number;
}) {
  counter += 1;
  const subtotal = values.lines.reduce((sum, l) => sum + l.subtotal, 0);
  const total = values.lines.reduce((sum, l) => sum + l.total, 0) + (values.waiverCents ?? 0);
  const [order] = await db
    .insert(schema.orders)
    .values({
      number: `RP-${String(counter).padStart(4, "0")}-${randomBytes(2).toString("hex")}`,
      token: randomBytes(18).toString("base64url"),
      status: values.status,
      appId: "winter",
      shopId: values.shopId,
      language: "en",
      pickupAt: values.pickupAt,
      returnAt: values.returnAt,
      invoiceName: `Report customer ${counter}`,
      invoiceStreet: "Via Roma 1",
      invoicePostalCode: "39100",
      invoiceCity: "Bolzano",
      invoiceCountry: "IT",
      phone: "+39 333 000000",
      email: `report${counter}@example.com`,
      subtotalCents: subtotal,
      discountCents: subtotal - (total - (values.waiverCents ?? 0)),
      totalCents: total,
      vatCents: Math.round((total * 22) / 122),
      discounts: values.discounts ?? [],
      damageWaiverCents: values.waiverCents ?? 0,
      couponId: values.couponId ?? null,
      hotelId: values.hotelId ?? null,
      source: values.source ?? "online",
      paidAt: values.paidAt ?? null,
      cancelledAt: values.cancelledAt ?? null,
      expiresAt: values.status === "pending_payment" ? new Date(Date.now() + 86_400_000) : null,
    })
    .returning();
  const lines = await db
    .insert(schema.orderLines)
    .values(
      values.lines.map((l) => ({
        orderId: order.id,
        itemId: l.itemId,
        kind: l.kind,
        name: "line",
        size: l.size,
        quantity: l.quantity,
        unitPriceCents: Math.round(l.subtotal / l.quantity),
        subtotalCents: l.subtotal,
        totalCents: l.total,
        vatRateBp: 2200,
      })),
    )
    .returning();
  return { order, lines };
}

/** A unit's reservation, as holds and payments write them: [pickup, return + turnaround). */
async function reserve(
  unit: string,
  from: Date,
  to: Date,
  state: "held" | "confirmed" | "released",
  extra: { orderLineId?: number; expiresAt?: Date } = {},
) {
  await db.insert(schema.reservations).values({
    unitId: units[unit],
    period: `[${from.toISOString()},${to.toISOString()})`,
    state,
    orderLineId: extra.orderLineId ?? null,
    expiresAt: extra.expiresAt ?? null,
  });
}

const staff = (email: string, branches: number[]) =>
  signedIn(shop, email, "staff", { branches, name: email, password: "report password 123" });

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  ids.north = await insertBranch(NORTH);
  ids.south = await insertBranch(SOUTH);
  const [ski] = await db
    .insert(schema.items)
    .values({
      slug: `report-ski-${randomBytes(3).toString("hex")}`,
      appId: "winter",
      categoryId: "ski-snowboard",
      kind: "rental",
      name: i18n("Report ski"),
      description: i18n("x"),
      sizes: ["160", "170"],
      sizing: "ski",
    })
    .returning();
  const [hat] = await db
    .insert(schema.items)
    .values({
      slug: `report-hat-${randomBytes(3).toString("hex")}`,
      appId: "winter",
      categoryId: "clothing",
      kind: "sale",
      name: i18n("Report hat"),
      description: i18n("x"),
      priceCents: 2000,
    })
    .returning();
  ids.ski = ski.id;
  ids.hat = hat.id;
  const fleet = [
    ["N170a", ids.north, "170", "active"],
    ["N170b", ids.north, "170", "active"],
    ["N160", ids.north, "160", "active"],
    ["N170m", ids.north, "170", "maintenance"],
    ["S170a", ids.south, "170", "active"],
    ["S170b", ids.south, "170", "active"],
  ] as const;
  for (const [code, shopId, size, status] of fleet) {
    const [unit] = await db
      .insert(schema.units)
      .values({ itemId: ski.id, shopId, size, status, code: `RP-${code}-${randomBytes(2).toString("hex")}` })
      .returning();
    units[code] = unit.id;
  }
  const [coupon] = await db
    .insert(schema.coupons)
    .values({ code: `REPORT${randomBytes(2).toString("hex").toUpperCase()}`, kind: "percent", value: 10, description: i18n("Ten off") })
    .returning();
  const [hotel] = await db
    .insert(schema.partnerHotels)
    .values({ name: "Hotel Report Test", town: "Test", discountPercent: 10 })
    .returning();
  ids.coupon = coupon.id;
  ids.hotel = hotel.id;

  const ski170 = (quantity: number, subtotal: number, total: number): Line => ({
    itemId: ids.ski,
    kind: "rental",
    size: "170",
    quantity,
    subtotal,
    total,
  });
  const hats = (quantity: number, total: number): Line => ({ itemId: ids.hat, kind: "sale", size: null, quantity, subtotal: total, total });

  // O1, north, online, paid on D5: a ski for 3 days (D4 to D2), 10 % off with the coupon, and the damage waiver.
  const o1 = await insertOrder({
    shopId: ids.north,
    status: "paid",
    pickupAt: at(4, "09:00"),
    returnAt: at(2, "17:00"),
    paidAt: at(5, "10:00"),
    lines: [ski170(1, 9000, 8100)],
    waiverCents: 600,
    discounts: [{ kind: "coupon", label: coupon.code, amountCents: 900, percent: 10 }],
    couponId: coupon.id,
  });
  await reserve("N170a", at(4, "09:00"), at(2, "18:00"), "confirmed", { orderLineId: o1.lines[0].id });
  // The same unit again that evening: D2 is still one unit-day.
  await reserve("N170a", at(2, "19:00"), at(2, "21:00"), "confirmed");
  // O2, north, at the counter, picked up, paid on D3: a 160 ski for the afternoon of D3 and two hats.
  const o2 = await insertOrder({
    shopId: ids.north,
    status: "picked_up",
    source: "counter",
    pickupAt: at(3, "16:00"),
    returnAt: at(3, "18:00"),
    paidAt: at(3, "15:00"),
    lines: [{ itemId: ids.ski, kind: "rental", size: "160", quantity: 1, subtotal: 3000, total: 3000 }, hats(2, 4000)],
  });
  await reserve("N160", at(3, "16:00"), at(3, "19:00"), "confirmed", { orderLineId: o2.lines[0].id });
  // O3, south, online, returned, paid on D3: two skis for 2 days (D2, D1) for a hotel's guests, 10 % hotel discount.
  const o3 = await insertOrder({
    shopId: ids.south,
    status: "returned",
    pickupAt: at(2, "09:00"),
    returnAt: at(1, "17:00"),
    paidAt: at(3, "09:00"),
    lines: [ski170(2, 11000, 9900)],
    discounts: [{ kind: "hotel", label: "Hotel Report Test", amountCents: 1100, percent: 10 }],
    hotelId: hotel.id,
  });
  await reserve("S170a", at(2, "09:00"), at(1, "18:00"), "confirmed", { orderLineId: o3.lines[0].id });
  await reserve("S170b", at(2, "09:00"), at(1, "18:00"), "confirmed", { orderLineId: o3.lines[0].id });
  // O9, north, counter, paid today at 00:30 shop time (23:30 UTC the day before in winter): a hat.
  await insertOrder({
    shopId: ids.north,
    status: "paid",
    source: "counter",
    pickupAt: at(0, "09:00"),
    returnAt: at(0, "10:00"),
    paidAt: at(0, "00:30"),
    lines: [hats(1, 1500)],
  });
  // O4, south, paid on D4 and cancelled in the back office today: its reservation is given back.
  const o4 = await insertOrder({
    shopId: ids.south,
    status: "paid",
    pickupAt: at(0, "09:00"),
    returnAt: at(0, "17:00"),
    paidAt: at(4, "11:00"),
    lines: [ski170(1, 5000, 5000)],
  });
  await reserve("S170a", at(0, "09:00"), at(0, "18:00"), "confirmed", { orderLineId: o4.lines[0].id });
  const cancelled = await cancelOrder(o4.order.id, { note: "report test" }, db);
  if (!cancelled.ok) throw new Error(cancelled.reason);
  // O5, north, paid on D2, cancelled and refunded on D1.
  await insertOrder({
    shopId: ids.north,
    status: "refunded",
    pickupAt: at(0, "09:00"),
    returnAt: at(0, "17:00"),
    paidAt: at(2, "08:00"),
    cancelledAt: at(1, "12:00"),
    lines: [ski170(1, 2500, 2500)],
  });
  // Not revenue: paid before the range (D8), waiting for payment, expired.
  await insertOrder({
    shopId: ids.north,
    status: "paid",
    pickupAt: at(8, "09:00"),
    returnAt: at(7, "17:00"),
    paidAt: at(8, "10:00"),
    lines: [hats(1, 99900)],
  });
  const o7 = await insertOrder({
    shopId: ids.north,
    status: "pending_payment",
    pickupAt: at(1, "10:00"),
    returnAt: at(0, "11:00"),
    lines: [ski170(1, 1234, 1234)],
  });
  await insertOrder({ shopId: ids.south, status: "expired", pickupAt: at(1, "10:00"), returnAt: at(0, "11:00"), lines: [hats(1, 4321)] });
  // O7's hold is live (expires tomorrow): D1 and D0 count. A hold that ran out, a released booking, a unit in
  // maintenance and a booking before the range do not.
  await reserve("N170b", at(1, "10:00"), at(0, "12:00"), "held", {
    orderLineId: o7.lines[0].id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await reserve("N170b", at(6, "10:00"), at(5, "12:00"), "held", { expiresAt: new Date(Date.now() - 3_600_000) });
  await reserve("N170a", at(6, "10:00"), at(5, "12:00"), "released");
  await reserve("N170m", at(3, "10:00"), at(3, "12:00"), "confirmed");
  await reserve("N160", at(9, "10:00"), at(8, "12:00"), "confirmed");

  cookies.both = await staff("report.both@test.example", [ids.north, ids.south]);
  cookies.north = await staff("report.north@test.example", [ids.north]);
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie: string) => shop.request(path, { headers: { Cookie: cookie } });
const csvOf = async (path: string, cookie: string) => {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF"), "byte order mark").toBe(true);
  return text.slice(1).split("\r\n");
};

describe(`the reports' figures, worked out by hand, on ${testDbKind}`, () => {
  it("reports revenue by day, branch, channel and category over both branches", async () => {
    const report = await getReports([ids.north, ids.south], reportRange({}, today));
    expect(report.range.days).toEqual([D(6), D(5), D(4), D(3), D(2), D(1), D(0)]);
    // O1 8700 (of which 600 waiver) on D5; O2 7000 + O3 9900 on D3; O9 1500 today.
    expect(report.days).toEqual([
      { date: D(6), orders: 0, cents: 0, waiverCents: 0 },
      { date: D(5), orders: 1, cents: 8700, waiverCents: 600 },
      { date: D(4), orders: 0, cents: 0, waiverCents: 0 },
      { date: D(3), orders: 2, cents: 16900, waiverCents: 0 },
      { date: D(2), orders: 0, cents: 0, waiverCents: 0 },
      { date: D(1), orders: 0, cents: 0, waiverCents: 0 },
      { date: D(0), orders: 1, cents: 1500, waiverCents: 0 },
    ]);
    expect(report.totals).toEqual({ orders: 4, cents: 27100, waiverCents: 600 });
    expect(report.branches).toEqual([
      { shopId: ids.north, name: NORTH, orders: 3, cents: 17200 },
      { shopId: ids.south, name: SOUTH, orders: 1, cents: 9900 },
    ]);
    expect(report.channels).toEqual([
      { source: "online", orders: 2, cents: 18600 },
      { source: "counter", orders: 2, cents: 8500 },
    ]);
    // Lines after discounts: skis 8100 + 3000 + 9900, hats 4000 + 1500; with the waiver 600 they make 27100.
    expect(report.categories.map((c) => [c.categoryId, c.orders, c.cents])).toEqual([
      ["ski-snowboard", 3, 21000],
      ["clothing", 2, 5500],
    ]);
  });

  it("reports utilisation per item and size as booked over available unit-days", async () => {
    const report = await getReports([ids.north, ids.south], reportRange({}, today));
    // 170: four active units × 7 days = 28; booked N170a D4–D2 (3), N170b D1–D0 (2, the live hold), S170a and
    // S170b D2–D1 (2 each) = 9. 160: one unit × 7 = 7; booked D3 = 1.
    expect(report.utilisation.map((u) => [u.itemId, u.size, u.units, u.availableDays, u.bookedDays, u.share])).toEqual([
      [ids.ski, "170", 4, 28, 9, 9 / 28],
      [ids.ski, "160", 1, 7, 1, 1 / 7],
    ]);
    const north = await getReports([ids.north], reportRange({}, today));
    expect(north.utilisation.map((u) => [u.size, u.units, u.availableDays, u.bookedDays])).toEqual([
      ["170", 2, 14, 5],
      ["160", 1, 7, 1],
    ]);
  });

  it("ranks the top items, and reports what the coupon and the hotel brought", async () => {
    const report = await getReports([ids.north, ids.south], reportRange({}, today));
    // Ski: 21000, rental days 1×3 + 1×1 + 2×2 = 8, pieces 4; hats: 5500, no rental days, 3 pieces.
    expect(report.items.map((i) => [i.itemId, i.revenueCents, i.rentalDays, i.quantity]).sort((a, b) => a[0] - b[0])).toEqual(
      [
        [ids.ski, 21000, 8, 4],
        [ids.hat, 5500, 0, 3],
      ].sort((a, b) => a[0] - b[0]),
    );
    expect(report.coupons).toEqual([
      { couponId: ids.coupon, code: expect.stringMatching(/^REPORT/), orders: 1, cents: 8700, discountCents: 900 },
    ]);
    expect(report.hotels).toEqual([{ hotelId: ids.hotel, name: "Hotel Report Test", orders: 1, cents: 9900, discountCents: 1100 }]);
  });

  it("counts cancellations by branch: count, share of the cancelled and paid orders, value", async () => {
    const report = await getReports([ids.north, ids.south], reportRange({}, today));
    // North: O5 refunded (2500) beside 3 paid orders: 1/4. South: O4 cancelled today (5000) beside 1 paid: 1/2.
    expect(report.cancellations.rows).toEqual([
      { shopId: ids.north, name: NORTH, cancelled: 1, cents: 2500, share: 0.25 },
      { shopId: ids.south, name: SOUTH, cancelled: 1, cents: 5000, share: 0.5 },
    ]);
    expect(report.cancellations.total).toEqual({ cancelled: 2, cents: 7500, share: 2 / 6 });
  });

  it("limits every figure to the branch asked for", async () => {
    const north = await getReports([ids.north], reportRange({}, today));
    expect(north.totals).toEqual({ orders: 3, cents: 17200, waiverCents: 600 });
    expect(north.branches.map((b) => b.name)).toEqual([NORTH]);
    expect(north.hotels).toEqual([]);
    expect(north.cancellations.total).toEqual({ cancelled: 1, cents: 2500, share: 0.25 });
  });

  it("has nothing to report for a range without orders", async () => {
    const report = await getReports([ids.north, ids.south], reportRange({ from: "2020-01-01", to: "2020-01-07" }, today));
    expect(report.totals).toEqual({ orders: 0, cents: 0, waiverCents: 0 });
    expect(report.cancellations.total.cancelled).toBe(0);
    expect(report.utilisation.map((u) => u.bookedDays)).toEqual([0, 0]);
  });
});

describe(`the reports' CSV files on ${testDbKind}`, () => {
  it("writes each report with a header row and plain figures", async () => {
    const base = "/admin/reports.csv";
    expect(await csvOf(`${base}?report=revenue-by-day`, cookies.both)).toEqual([
      "Date,Orders,Revenue (EUR),Damage waiver (EUR)",
      `${D(6)},0,0.00,0.00`,
      `${D(5)},1,87.00,6.00`,
      `${D(4)},0,0.00,0.00`,
      `${D(3)},2,169.00,0.00`,
      `${D(2)},0,0.00,0.00`,
      `${D(1)},0,0.00,0.00`,
      `${D(0)},1,15.00,0.00`,
      "",
    ]);
    expect(await csvOf(`${base}?report=revenue-by-branch`, cookies.both)).toEqual([
      "Branch,Orders,Revenue (EUR)",
      `${NORTH},3,172.00`,
      `${SOUTH},1,99.00`,
      "",
    ]);
    expect(await csvOf(`${base}?report=revenue-by-channel`, cookies.both)).toEqual([
      "Channel,Orders,Revenue (EUR)",
      "Online shop,2,186.00",
      "Counter,2,85.00",
      "",
    ]);
    expect(await csvOf(`${base}?report=revenue-by-category`, cookies.both)).toEqual([
      "Category,Orders,Revenue (EUR)",
      "Ski & snowboard equipment,3,210.00",
      "Clothing,2,55.00",
      "Damage waiver,,6.00",
      "",
    ]);
    expect(await csvOf(`${base}?report=utilisation`, cookies.both)).toEqual([
      "Item,Size,Units,Unit-days available,Unit-days booked,Utilisation (%)",
      "Report ski,170,4,28,9,32.1",
      "Report ski,160,1,7,1,14.3",
      "",
    ]);
    expect(await csvOf(`${base}?report=top-items`, cookies.both)).toEqual([
      "Item,Category,Revenue (EUR),Rental days,Pieces",
      "Report ski,Ski & snowboard equipment,210.00,8,4",
      "Report hat,Clothing,55.00,0,3",
      "",
    ]);
    const [couponHeader, couponRow] = await csvOf(`${base}?report=coupons`, cookies.both);
    expect(couponHeader).toBe("Coupon,Orders,Revenue (EUR),Discount (EUR)");
    expect(couponRow).toMatch(/^REPORT[0-9A-F]{4},1,87\.00,9\.00$/);
    expect(await csvOf(`${base}?report=hotels`, cookies.both)).toEqual([
      "Hotel,Orders,Revenue (EUR),Discount (EUR)",
      "Hotel Report Test,1,99.00,11.00",
      "",
    ]);
    expect(await csvOf(`${base}?report=cancellations`, cookies.both)).toEqual([
      "Branch,Cancelled orders,Share (%),Value (EUR)",
      `${NORTH},1,25.0,25.00`,
      `${SOUTH},1,50.0,50.00`,
      "",
    ]);
  });

  it("heads the file in the page's language, keeps the filters, and falls back to the defaults on bad values", async () => {
    const response = await get(`/de/admin/reports.csv?report=revenue-by-branch&shop=${ids.south}&from=${D(3)}&to=${D(3)}`, cookies.both);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="revenue-by-branch-${D(3)}-${D(3)}.csv"`);
    // A decimal comma and semicolons, as a German spreadsheet opens the file (decision 053).
    expect((await response.text()).replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "Filiale;Bestellungen;Umsatz (EUR)",
      `${SOUTH};1;99,00`,
      "",
    ]);
    // Danish the same, and the channels in words, not codes.
    expect(await csvOf("/da/admin/reports.csv?report=revenue-by-channel", cookies.both)).toEqual([
      "Salgskanal;Ordrer;Omsætning (EUR)",
      "Webshop;2;186,00",
      "Ved disken;2;85,00",
      "",
    ]);
    const fallback = await csvOf("/admin/reports.csv?report=nonsense&from=2027-13-01&to=yesterday&shop=01", cookies.both);
    expect(fallback[0]).toBe("Date,Orders,Revenue (EUR),Damage waiver (EUR)");
    expect(fallback.slice(1, -1).map((line) => line.split(",")[0])).toEqual([D(6), D(5), D(4), D(3), D(2), D(1), D(0)]);
  });
});

describe(`the reports page on ${testDbKind}`, () => {
  it("shows the figures, the charts with their tables, and the revenue rule", async () => {
    const response = await get("/admin/reports", cookies.both);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("€271.00");
    expect(html).toContain("Order totals (VAT included) by the day they were paid");
    for (const chart of ["revenue", "revenue-by-branch", "revenue-by-channel"]) expect(html).toContain(`data-chart="${chart}"`);
    expect(html).toMatch(/<table[^>]*>.*?Revenue by branch/s);
    expect(html).not.toContain("data-empty");
  });

  it("says so in a sentence when the range has no orders", async () => {
    const html = await (await get("/de/admin/reports?from=2020-01-01&to=2020-01-07", cookies.both)).text();
    expect(html).toContain("data-empty");
    expect(html).toContain("In diesem Zeitraum wurde keine Bestellung bezahlt oder storniert.");
    expect(html).not.toContain('data-chart="revenue"');
  });

  it("offers staff only their branches and refuses another branch's figures with 403", async () => {
    const html = await (await get("/admin/reports", cookies.north)).text();
    expect(html).toContain(NORTH);
    expect(html).not.toContain(SOUTH);
    expect(html).toContain("€172.00");
    expect((await get(`/admin/reports?shop=${ids.south}`, cookies.north)).status).toBe(403);
    expect((await get(`/admin/reports.csv?report=hotels&shop=${ids.south}`, cookies.north)).status).toBe(403);
    expect((await get(`/admin/reports?shop=${ids.north}`, cookies.north)).status).toBe(200);
  });
});
