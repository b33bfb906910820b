/**
 * Orders in the back office over real HTTP: the list with its filters and CSV export, the order page, handing
 * out with scanned codes, taking back, cancelling with and without a refund, sending the confirmation again,
 * the documents, and a walk-in customer's order made at the counter. Staff see only their branches' orders.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysUntilPickup, EARLY_PICKUP_DAYS } from "../../app/domain/admin/order";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import it_ from "../../app/i18n/lang/it.json";
import * as schema from "../../app/server/db/schema";
import { sendOrderConfirmation } from "../../app/server/orders/confirmation.server";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, holdRequest, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { counterOrderForm, createdOrderId, paidRental } from "../helpers/orders";
import { locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let admin: string;
let ciaslinStaff: string;
let runcadozStaff: string;
let customer: string;

const as = (cookie: string) => ({ headers: { Cookie: cookie } });
const post = (cookie: string, path: string, fields: Record<string, string>) => shop.post(path, fields, cookie);
const orderRow = async (id: string) => (await db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const reservedUnits = (orderId: string) =>
  db
    .select({ unitId: schema.reservations.unitId, code: schema.units.code, period: schema.reservations.period })
    .from(schema.reservations)
    .innerJoin(schema.units, eq(schema.units.id, schema.reservations.unitId))
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(and(eq(schema.orderLines.orderId, orderId), inArray(schema.reservations.state, ["held", "confirmed"])));

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
  ciaslinStaff = await signedIn(shop, "clerk.ciaslin@test.example", "staff", { branches: [branches.ciaslin] });
  runcadozStaff = await signedIn(shop, "clerk.runcadoz@test.example", "staff", { branches: [branches.runcadoz] });
  customer = await signedIn(shop, "customer@test.example", "customer");
});
afterAll(async () => {
  await shop?.close();
});

describe(`orders in the back office on ${testDbKind}`, () => {
  it("lists orders with search, filters and sorting, and staff see only their branches", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const board = await createRentalItem(db, branches.runcadoz, 2);
    const here = await paidRental(db, branches.ciaslin, ski.id);
    const there = await paidRental(db, branches.runcadoz, board.id);

    const all = await pageText(await shop.request("/admin/orders", as(admin)));
    expect(all).toContain(here.number);
    expect(all).toContain(there.number);
    // Part of a number lists what matches; the whole number opens that order, for those who may see it.
    const searched = await pageText(await shop.request(`/admin/orders?q=${here.number.slice(2)}`, as(admin)));
    expect(searched).toContain(here.number);
    expect(searched).not.toContain(there.number);
    const exact = await shop.request(`/admin/orders?q=${here.number.toLowerCase()}`, as(admin));
    expect(exact.status).toBe(302);
    expect(locationOf(exact)).toBe(`/admin/order/${here.id}`);
    const notTheirs = await shop.request(`/admin/orders?q=${there.number}`, as(ciaslinStaff));
    expect(notTheirs.status).toBe(200);
    expect(await pageText(notTheirs)).not.toContain(there.number);
    const filtered = await pageText(
      await shop.request(`/admin/orders?shop=${branches.runcadoz}&status=paid&sort=pickup&dir=asc`, as(admin)),
    );
    expect(filtered).toContain(there.number);
    expect(filtered).not.toContain(here.number);

    const staffList = await shop.request("/admin/orders", as(ciaslinStaff));
    expect(staffList.status).toBe(200);
    const staffText = await pageText(staffList);
    expect(staffText).toContain(here.number);
    expect(staffText).not.toContain(there.number);
    // Not even by asking for the other branch in the URL.
    expect(await pageText(await shop.request(`/admin/orders?shop=${branches.runcadoz}`, as(ciaslinStaff)))).not.toContain(there.number);
    expect((await shop.request(`/admin/order/${there.id}`, as(ciaslinStaff))).status).toBe(404);
    expect((await shop.request(`/admin/order/${here.id}`, as(ciaslinStaff))).status).toBe(200);
    expect((await shop.request(`/admin/order/${here.id}/contract.pdf`, as(runcadozStaff))).status).toBe(404);
  });

  it("refuses customers and sends anonymous visitors to the login", async () => {
    expect((await shop.request("/admin/orders", as(customer))).status).toBe(403);
    const anonymous = await shop.request("/it/admin/orders");
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous)).toBe(`/it/login?next=${encodeURIComponent("/it/admin/orders")}`);
    expect((await shop.request("/admin/orders.csv", as(customer))).status).toBe(403);
  });

  it("exports the filtered list as CSV in the page's language, safe for spreadsheets", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id, {
      invoice: { ...holdRequest(0, []).invoice, name: '=HYPERLINK("http://evil")', email: "csv@test.example" },
    });
    const response = await shop.request(`/it/admin/orders.csv?q=${order.number}`, as(admin));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const csv = await response.text();
    const [header, row, ...rest] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // Italian writes a decimal comma: semicolons between the cells (decision 053).
    expect(header.split(";")[0]).toBe(it_.admin.orders.csvColumn.number);
    expect(rest).toEqual([]);
    expect(row).toContain(order.number);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain((order.totalCents / 100).toFixed(2).replace(".", ","));
    // Times in the branch's wall clock, as a spreadsheet reads a date and time: pickup 11 January at 09:00
    // in Rome (08:00 UTC), return on the 13th at 17:00, never an ISO instant in UTC.
    const cells = row.split(";");
    expect(cells[6]).toBe("2027-01-11 09:00");
    expect(cells[7]).toBe("2027-01-13 17:00");
    expect(cells[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells[12]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(row).not.toMatch(/T\d{2}:\d{2}:\d{2}/);
    // In German the headings are German and the times the same branch wall clock.
    const german = (await (await shop.request(`/de/admin/orders.csv?q=${order.number}`, as(admin))).text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(german[0].split(";")[0]).toBe(de.admin.orders.csvColumn.number);
    expect(german[1].split(";").slice(5, 8)).toEqual(cells.slice(5, 8));
  });

  it("names the partner hotel on the order page, the admin order page and in the e-mail, and whether its discount applied", async () => {
    const [generous, modest] = await db
      .insert(schema.partnerHotels)
      .values([
        { name: "Hotel Alpenrose", town: "Ciaslin", discountPercent: 15, commissionPercent: 8 },
        { name: "Garni Sorëdl", town: "Ciaslin", discountPercent: 5, commissionPercent: 8 },
      ])
      .returning();
    const ski = await createRentalItem(db, branches.ciaslin, 4);
    // Booked six weeks ahead, the early-booking discount (10 % from 14 days) is below 15 % and above 5 %: they do not stack.
    const applied = await orderRow((await paidRental(db, branches.ciaslin, ski.id, { hotelId: generous.id })).id);
    const outdone = await orderRow((await paidRental(db, branches.ciaslin, ski.id, { hotelId: modest.id })).id);
    expect(applied.discounts.map((d) => d.kind)).toEqual(["hotel"]);
    expect(outdone.discounts.map((d) => d.kind)).toEqual(["offer"]);
    expect(outdone.hotelId).toBe(modest.id);

    const cases = [
      [applied, en.order.hotel.applied.replace("{{hotel}}", "Hotel Alpenrose")],
      [outdone, en.order.hotel.offerBetter.replace("{{hotel}}", "Garni Sorëdl")],
    ] as const;
    for (const [order, note] of cases) {
      const page = await pageText(await shop.request(`/order/${order.token}`));
      expect(page).toContain(`${en.order.hotel.label} ${note}`);
      const adminPage = await pageText(await shop.request(`/admin/order/${order.id}`, as(ciaslinStaff)));
      expect(adminPage).toContain(`${en.order.hotel.label} ${note}`);
      expect(await sendOrderConfirmation(order.id, shop.url)).toBe(true);
      const [mail] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, order.id));
      expect(mail.text).toContain(`${en.order.hotel.label}: ${note}`);
      expect(mail.html).toContain(note);
    }
    // A German order says it in German, on the admin page and in its e-mail.
    const german = await orderRow((await paidRental(db, branches.ciaslin, ski.id, { hotelId: generous.id, language: "de" })).id);
    const germanNote = de.order.hotel.applied.replace("{{hotel}}", "Hotel Alpenrose");
    expect(await pageText(await shop.request(`/de/order/${german.token}`))).toContain(`${de.order.hotel.label} ${germanNote}`);
    expect(await pageText(await shop.request(`/de/admin/order/${german.id}`, as(ciaslinStaff)))).toContain(
      `${de.order.hotel.label} ${germanNote}`,
    );
    expect(await sendOrderConfirmation(german.id, shop.url)).toBe(true);
    const [germanMail] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, german.id));
    expect(germanMail.text).toContain(`${de.order.hotel.label}: ${germanNote}`);
    // An order without a hotel says nothing about one.
    const plain = await orderRow((await paidRental(db, branches.ciaslin, ski.id)).id);
    expect(await pageText(await shop.request(`/order/${plain.token}`))).not.toContain(en.order.hotel.label);
  });

  it("hands out with the scanned codes: the reserved unit, or another free one of the same model and size", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 3);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    const [reserved] = await reservedUnits(order.id);
    const others = (await db.select().from(schema.units).where(eq(schema.units.itemId, ski.id))).filter((u) => u.id !== reserved.unitId);
    const path = `/admin/order/${order.id}`;

    // Weeks before the pickup day the counter asks first, and hands nothing out.
    const early = await post(ciaslinStaff, path, { intent: "pickup", [`codes.${line.id}`]: reserved.code });
    expect(early.status).toBe(409);
    const days = daysUntilPickup((await orderRow(order.id)).pickupAt, new Date());
    expect(days).toBeGreaterThanOrEqual(EARLY_PICKUP_DAYS);
    expect(await pageText(early)).toContain(en.admin.orders.errors.earlyPickup_other.replace("{{count}}", String(days)));
    expect((await orderRow(order.id)).status).toBe("paid");

    const wrong = await post(ciaslinStaff, path, { intent: "pickup", early: "on", [`codes.${line.id}`]: "NO-SUCH-CODE" });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain(en.admin.orders.errors.unknownCode);
    const empty = await post(ciaslinStaff, path, { intent: "pickup", early: "on", [`codes.${line.id}`]: "" });
    expect(await pageText(empty)).toContain(en.admin.orders.errors.oneCode);

    // Another unit of the same ski is booked by someone else for the same days: it cannot be handed out.
    const rival = await paidRental(db, branches.ciaslin, ski.id);
    const [rivalUnit] = await reservedUnits(rival.id);
    const busy = await post(ciaslinStaff, path, { intent: "pickup", early: "on", [`codes.${line.id}`]: rivalUnit.code.toLowerCase() });
    expect(busy.status).toBe(400);
    expect(await pageText(busy)).toContain(en.admin.orders.errors.codeBusy);
    expect((await orderRow(order.id)).status).toBe("paid");

    const free = others.find((u) => u.id !== rivalUnit.unitId);
    expect(free).toBeTruthy();
    const done = await post(ciaslinStaff, path, { intent: "pickup", early: "on", [`codes.${line.id}`]: ` ${free?.code} ` });
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe(`${path}?done=pickup`);
    const after = await orderRow(order.id);
    expect(after.status).toBe("picked_up");
    expect(after.pickedUpAt).toBeInstanceOf(Date);
    expect((await reservedUnits(order.id)).map((r) => r.unitId)).toEqual([free?.id]);
    const [handed] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.id, line.id));
    expect(handed.unitId).toBe(free?.id);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "order"), eq(schema.auditLog.entityId, order.id)));
    expect(audit.map((a) => a.action)).toContain("pickup");
    // The change history says it as a person reads it: the unit's code and the status in words, no ids or JSON.
    const html = await (await shop.request(path, as(ciaslinStaff))).text();
    const entry = /<li[^>]*data-audit="pickup"[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "";
    const entryText = entry.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(entryText).toContain(en.admin.audit.action.pickup);
    expect(entryText).toContain(`${en.admin.audit.fields.units} — ${free?.code}`);
    expect(entryText).toContain(`${en.order.status.paid} ${en.order.status.picked_up}`);
    expect(entryText).not.toMatch(/[{}[\]]/);
    // The same hand-out sent again (a double click) is the one done; another one is not possible.
    expect((await post(ciaslinStaff, path, { intent: "pickup", early: "on", [`codes.${line.id}`]: free?.code ?? "" })).status).toBe(302);
    expect((await post(ciaslinStaff, path, { intent: "pickup", early: "on", [`codes.${line.id}`]: rivalUnit.code })).status).toBe(400);
  });

  it("takes back with a note and frees the unit after the turnaround buffer", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    const [unit] = await reservedUnits(order.id);
    expect((await post(admin, `/admin/order/${order.id}`, { intent: "pickup", early: "on", [`codes.${line.id}`]: unit.code })).status).toBe(
      302,
    );
    // The rental has been running since yesterday and was booked until the day after tomorrow.
    await db.execute(sql`
      update reservations set period = tstzrange(now() - interval '1 day', now() + interval '2 days')
      where order_line_id = ${line.id}`);
    const back = await post(admin, `/admin/order/${order.id}`, { intent: "return", note: "Scratch on the left ski, base needs repair." });
    expect(back.status).toBe(302);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: "returned", returnNote: "Scratch on the left ski, base needs repair." });
    // Returned two days early: the reservation now ends an hour (the buffer) after now.
    const [shortened] = await db
      .select({ end: sql<string>`upper(${schema.reservations.period})` })
      .from(schema.reservations)
      .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
      .where(eq(schema.orderLines.orderId, order.id));
    expect(new Date(shortened.end).getTime()).toBeLessThan(Date.now() + 2 * 3_600_000);
    const page = await pageText(await shop.request(`/admin/order/${order.id}`, as(admin)));
    expect(page).toContain("Scratch on the left ski");
  });

  it("cancels with a refund through the provider, or without one", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const refunded = await paidRental(db, branches.ciaslin, ski.id);
    const unconfirmed = await post(admin, `/admin/order/${refunded.id}`, {
      intent: "cancel",
      refund: "on",
      reason: "Customer broke a leg",
    });
    expect(unconfirmed.status).toBe(302);
    expect((await orderRow(refunded.id)).status).toBe("refunded");
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, refunded.id));
    expect(payment).toMatchObject({ status: "refunded", refundedCents: refunded.totalCents });
    expect(await reservedUnits(refunded.id)).toHaveLength(0);

    const kept = await paidRental(db, branches.ciaslin, ski.id);
    expect((await post(admin, `/admin/order/${kept.id}`, { intent: "cancel", reason: "No-show, no refund" })).status).toBe(302);
    expect((await orderRow(kept.id)).status).toBe("cancelled");
    const [keptPayment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, kept.id));
    expect(keptPayment.status).toBe("succeeded");
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, kept.id));
    expect(audit.map((a) => a.action)).toEqual(["cancel"]);
  });

  it("sends the confirmation again as a new message each time", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    for (const n of [1, 2]) {
      const answer = await post(admin, `/admin/order/${order.id}`, { intent: "resend" });
      expect(answer.status).toBe(302);
      const mails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, order.id));
      expect(mails.map((m) => m.kind).sort()).toEqual(Array.from({ length: n }, (_, i) => `confirmation-${i + 1}`));
    }
  });

  it("serves the rental contract and the order as PDFs", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id, { language: "de" });
    for (const document of ["contract.pdf", "confirmation.pdf"]) {
      const response = await shop.request(`/admin/order/${order.id}/${document}`, as(ciaslinStaff));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.length).toBeGreaterThan(2000);
    }
    expect((await shop.request(`/admin/order/${order.id}/invoice.pdf`, as(admin))).status).toBe(404);
  });

  it("creates a walk-in customer's order at the counter, paid, with its units booked", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const base = counterOrderForm(branches.ciaslin, ski.id);
    const refused = await post(ciaslinStaff, "/admin/order/create", { ...base, intent: "create", name: "" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(en.admin.errors.required);
    // Another branch than the clerk's is refused too.
    const otherBranch = await post(ciaslinStaff, "/admin/order/create", {
      ...base,
      shopId: String(branches.runcadoz),
      intent: "create",
      name: "Walter",
    });
    expect(otherBranch.status).toBe(400);

    const created = await post(ciaslinStaff, "/admin/order/create", {
      ...base,
      intent: "create",
      name: "Walter Walk-in",
      email: "walter@test.example",
    });
    expect(created.status).toBe(302);
    const id = createdOrderId(created);
    expect(id).toBeTruthy();
    const order = await orderRow(id);
    expect(order).toMatchObject({
      status: "paid",
      source: "counter",
      shopId: branches.ciaslin,
      language: "it",
      invoiceName: "Walter Walk-in",
    });
    const [clerk] = await db.select().from(schema.users).where(eq(schema.users.email, "clerk.ciaslin@test.example"));
    expect(order.createdBy).toBe(clerk.id);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, id));
    expect(payment).toMatchObject({ provider: "counter", method: "cash", status: "succeeded", amountCents: order.totalCents });
    expect(await reservedUnits(id)).toHaveLength(1);
    expect(await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, id))).toHaveLength(1);

    // The form recalculates availability and price while it is filled in.
    const refresh = await post(ciaslinStaff, "/admin/order/create", { ...base, intent: "refresh", name: "" });
    expect(refresh.status).toBe(200);
    const text = await pageText(refresh);
    expect(text).toMatch(new RegExp(`${en.admin.orders.free_one.replace("{{count}}", "1")}`));

    // A counter order paid in cash and cancelled is refunded at the counter: only the record changes.
    expect((await post(admin, `/admin/order/${id}`, { intent: "cancel", refund: "on" })).status).toBe(302);
    expect((await orderRow(id)).status).toBe("refunded");
  });
});
