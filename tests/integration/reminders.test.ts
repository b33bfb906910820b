/**
 * Every test books orders of its own and looks at their e-mails only: earlier tests' orders stay booked, and
 * a sweep queues their reminders too.
 *
 * The reminder e-mails (issue 20, point 5; decision 047) on a real database, with the sweep's clock moved:
 * the pickup reminder from 09:00 the day before, the return reminder from 08:00 on the return day, each
 * queued exactly once per order and kind in the order's language, with the QR code of the order page and the
 * branch's hours that day; none when switched off in the back office, none for cancelled, unpaid or late
 * bookings, and none once the moment has passed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsFormValues } from "../../app/domain/admin/settings";
import type { Locale } from "../../app/domain/i18n";
import type { PeriodInput } from "../../app/domain/periods";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { expireOrder } from "../../app/server/booking/expiry.server";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { getConfig } from "../../app/server/config.server";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { deliverPendingEmails } from "../../app/server/mail/mail.server";
import { orderQrPng } from "../../app/server/orders/documents.server";
import { backgroundOrigin, queueDueReminders, sweepReminders } from "../../app/server/orders/reminders.server";
import { getSettings } from "../../app/server/settings/settings.server";
import { createRentalItem, holdRequest, JANUARY_PERIOD, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Db;
let branches: Record<string, number>;
let admin: string;

const at = (iso: string) => new Date(iso);
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

/** JANUARY_PERIOD: Monday 11 January 2027 09:00 to Wednesday 13 January 17:00 in Rome (UTC+1). */
const PICKUP_MOMENT = at("2027-01-10T08:00:00Z"); // Sunday 10 January, 09:00 in Rome
const RETURN_MOMENT = at("2027-01-13T07:00:00Z"); // Wednesday 13 January, 08:00 in Rome

/** A paid order of one pair of skis at Ciaslin (open 08:00–18:00 every winter day), on its own item. */
async function paidOrder(language: Locale, period: PeriodInput = JANUARY_PERIOD) {
  const ski = await createRentalItem(db, branches.ciaslin, 1);
  const held = await holdOrder(
    holdRequest(branches.ciaslin, [rentalLine(ski.id)], {
      language,
      period,
      persons: [{ firstName: "Anna", lastName: "Berger", heightCm: 172, weightKg: 64, skill: "intermediate", shoeSize: 39 }],
    }),
  );
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  await db.insert(schema.payments).values({
    orderId: held.value.id,
    provider: "demo",
    ref: `demo_reminder_${held.value.id}`,
    status: "succeeded",
    amountCents: held.value.totalCents,
    currency: "EUR",
  });
  expect(await confirmOrder(held.value.id, db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  return held.value;
}

const setStatus = (orderId: string, status: (typeof schema.orderStatus.enumValues)[number]) =>
  db.update(schema.orders).set({ status }).where(eq(schema.orders.id, orderId));

const remindersOf = (orderId: string) =>
  db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, orderId)).orderBy(schema.emailOutbox.id);

const kindsOf = async (orderId: string) => (await remindersOf(orderId)).map((m) => m.kind).filter((kind) => kind.endsWith("-reminder"));

/** The settings form as the page shows it, as posted fields, with the reminders' boxes as given. */
async function settingsForm(reminders: { pickup: boolean; return: boolean }): Promise<[string, string][]> {
  const fields: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) for (const v of value) fields.push([`${path}[]`, String(v)]);
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else if (value === "true") fields.push([path, "on"]);
    else if (!(value === "" && (path.endsWith("enabled") || path === "requireStaffTotp"))) fields.push([path, String(value ?? "")]);
  };
  walk({ ...settingsFormValues(await getSettings()), reminders: {} }, "");
  if (reminders.pickup) fields.push(["reminders.pickup", "on"]);
  if (reminders.return) fields.push(["reminders.return", "on"]);
  return fields;
}

const saveReminderSettings = async (reminders: { pickup: boolean; return: boolean }) => {
  const response = await shop.request("/admin/settings", {
    method: "POST",
    body: new URLSearchParams(await settingsForm(reminders)),
    headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(response.status).toBe(302);
  expect((await getSettings()).reminders).toEqual(reminders);
};

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
});
afterAll(async () => {
  await shop?.close();
});

describe(`reminder e-mails on ${testDbKind}`, () => {
  it("the day before pickup: one German reminder from 09:00, with the QR code, the branch and its hours that day", async () => {
    const order = await paidOrder("de");
    await sweepReminders({ now: at("2027-01-10T07:59:59.999Z") });
    expect(await kindsOf(order.id)).toEqual([]);

    expect(await sweepReminders({ now: PICKUP_MOMENT })).toBeGreaterThanOrEqual(1);
    // Later sweeps that day, and on the pickup morning, find it queued already.
    await sweepReminders({ now: at("2027-01-10T18:00:00Z") });
    await sweepReminders({ now: at("2027-01-11T07:30:00Z") });
    const [mail, ...more] = await remindersOf(order.id);
    expect(more).toEqual([]);

    const orderUrl = `${backgroundOrigin()}/de/order/${order.token}`;
    expect(mail).toMatchObject({ kind: "pickup-reminder", to: "anna@example.com", language: "de" });
    expect(mail.subject).toBe(fill(de.mail.pickupReminder.subject, { date: "Montag, 11. Januar 2027", number: order.number }));
    expect(mail.text).toContain(
      fill(de.mail.pickupReminder.intro, { date: "Montag, 11. Januar 2027", time: "09:00", shop: "Dolomiti Rent Ciaslin" }),
    );
    expect(mail.text).toContain(`${de.mail.reminder.address}: Strada Ciaslin 12, 39035 Ciaslin, Italien`);
    expect(mail.text).toContain(`${de.mail.reminder.hours}: 08:00–18:00`);
    expect(mail.text).toContain(`${de.mail.confirmation.return}: Mittwoch, 13. Januar 2027 um 17:00`);
    expect(mail.text).toMatch(/ {2}- Anna Berger: Test ski .+ \(Größe 170\)\n/);
    expect(mail.text).toContain(de.mail.pickupReminder.qrCaption);
    expect(mail.text).toContain(orderUrl);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain(`src="cid:${mail.attachments[0].cid}"`);
    expect(mail.html).toContain(`href="${orderUrl}"`);
    // The QR code is the order page's link, as on the confirmation's PDF.
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe("image/png");
    expect(Buffer.from(mail.attachments[0].base64, "base64").equals(await orderQrPng(orderUrl, 360))).toBe(true);

    // Sent as a real MIME message with the picture inline.
    expect(await deliverPendingEmails(db)).toMatchObject({ sent: 1, failed: 0 });
    const folder = join(getConfig().DATA_DIR, "outbox");
    const file = readdirSync(folder).find((name) => name.startsWith(`${mail.id}-pickup-reminder`));
    const eml = readFileSync(join(folder, file as string), "utf8");
    expect(eml).toMatch(/Content-Type: multipart\/related/);
    expect(eml).toMatch(/Content-Type: image\/png/);
    expect(eml).toContain(`Content-ID: <${mail.attachments[0].cid}>`);
    expect(eml).toMatch(/Content-Disposition: inline/);
  });

  it("on the return day: one Danish reminder from 08:00 with the return time, the place and its hours, for a picked-up order", async () => {
    const order = await paidOrder("da");
    await setStatus(order.id, "picked_up");
    await sweepReminders({ now: at("2027-01-12T12:00:00Z") }); // the day between
    await sweepReminders({ now: at("2027-01-13T06:59:00Z") });
    expect(await kindsOf(order.id)).toEqual([]);
    await sweepReminders({ now: RETURN_MOMENT });
    await sweepReminders({ now: at("2027-01-13T15:59:00Z") });
    const [mail, ...more] = await remindersOf(order.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "return-reminder", language: "da", attachments: [] });
    expect(mail.subject).toBe(fill(da.mail.returnReminder.subject, { time: "17.00", number: order.number }));
    expect(mail.text).toContain(
      fill(da.mail.returnReminder.intro, { date: "onsdag den 13. januar 2027", shop: "Dolomiti Rent Ciaslin", time: "17.00" }),
    );
    expect(mail.text).toContain(`${da.mail.reminder.hoursToday}: 08.00–18.00`);
    expect(mail.text).toContain(`${da.mail.reminder.address}: Strada Ciaslin 12, 39035 Ciaslin, Italien`);
    expect(mail.text).toContain(fill(da.mail.returnReminder.late, { phone: "+39 0471 795 120" }));
    expect(mail.text).toContain(`${backgroundOrigin()}/da/order/${order.token}`);
  });

  it("names a closed day as closed, and a paid order not yet picked up still gets its return reminder", async () => {
    const order = await paidOrder("en");
    await db.insert(schema.shopClosedDays).values({ shopId: branches.ciaslin, day: "2027-01-13" });
    try {
      await sweepReminders({ now: RETURN_MOMENT });
      const [mail] = await remindersOf(order.id);
      expect(mail.kind).toBe("return-reminder");
      expect(mail.text).toContain(`${en.mail.reminder.hoursToday}: ${en.mail.reminder.closed}`);
    } finally {
      await db
        .delete(schema.shopClosedDays)
        .where(and(eq(schema.shopClosedDays.shopId, branches.ciaslin), eq(schema.shopClosedDays.day, "2027-01-13")));
    }
  });

  it("sends none when switched off in the back office, and each kind again once switched back on", async () => {
    const order = await paidOrder("en");
    try {
      await saveReminderSettings({ pickup: false, return: false });
      expect(await sweepReminders({ now: PICKUP_MOMENT })).toBe(0);
      expect(await kindsOf(order.id)).toEqual([]);

      await saveReminderSettings({ pickup: false, return: true });
      await sweepReminders({ now: PICKUP_MOMENT });
      expect(await kindsOf(order.id)).toEqual([]);
      await sweepReminders({ now: RETURN_MOMENT });
      expect(await kindsOf(order.id)).toEqual(["return-reminder"]);

      const audit = await db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.entity, "setting"), eq(schema.auditLog.entityId, "reminders")));
      expect(audit.map((a) => a.after)).toEqual([
        { pickup: false, return: false },
        { pickup: false, return: true },
      ]);
    } finally {
      await saveReminderSettings({ pickup: true, return: true });
    }
  });

  it("sends none for cancelled, refunded, expired, unpaid and returned orders", async () => {
    const cancelled = await paidOrder("en");
    expect(await cancelOrder(cancelled.id, {}, db)).toMatchObject({ ok: true, value: { wasPaid: true } });
    const refunded = await paidOrder("en");
    await setStatus(refunded.id, "refunded");
    const returned = await paidOrder("en");
    await setStatus(returned.id, "returned");
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const unpaid = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(ski.id)]));
    const expired = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(ski.id)]));
    if (!unpaid.ok || !expired.ok) throw new Error("no hold");
    expect(await expireOrder(expired.value.id, db)).toBe(true);

    for (const now of [PICKUP_MOMENT, RETURN_MOMENT]) await sweepReminders({ now });
    for (const order of [cancelled, refunded, returned, unpaid.value, expired.value]) expect(await kindsOf(order.id)).toEqual([]);
  });

  it("sends none for an order booked after the reminder's moment, nor a return reminder for a one-day rental", async () => {
    const late = await paidOrder("en");
    // Paid at 10:00 the day before the pickup, after 09:00: its confirmation has just said it all.
    await db
      .update(schema.orders)
      .set({ paidAt: at("2027-01-10T09:00:00Z") })
      .where(eq(schema.orders.id, late.id));
    const oneDay = await paidOrder("en", { pickupDate: "2027-01-20", returnDate: "2027-01-20", pickupTime: "09:00", returnTime: "17:00" });
    await setStatus(oneDay.id, "picked_up");

    for (const now of ["2027-01-10T12:00:00Z", "2027-01-13T12:00:00Z", "2027-01-19T12:00:00Z", "2027-01-20T10:00:00Z"])
      await sweepReminders({ now: at(now) });
    expect(await kindsOf(late.id)).toEqual(["return-reminder"]);
    expect(await kindsOf(oneDay.id)).toEqual([]);
  });

  it("makes up a moment missed while the shop was down, until the event; after it, never", async () => {
    const caughtUp = await paidOrder("en");
    const missed = await paidOrder("en", { pickupDate: "2027-01-18", returnDate: "2027-01-21", pickupTime: "09:00", returnTime: "17:00" });
    // Down from Saturday to Monday 08:59: the first sweep after the start comes a minute before the pickup.
    await sweepReminders({ now: at("2027-01-11T07:59:00Z") });
    expect(await kindsOf(caughtUp.id)).toEqual(["pickup-reminder"]);
    // Down over the whole window of the second order: its first sweep comes after its pickup.
    await sweepReminders({ now: at("2027-01-18T08:00:00Z") });
    expect(await kindsOf(missed.id)).toEqual([]);
  });

  it("queues exactly one e-mail per order and kind however many sweeps race, even without the lock", async () => {
    const orders = [await paidOrder("en"), await paidOrder("de"), await paidOrder("da")];
    const switches = { pickup: true, return: true };
    const origin = backgroundOrigin();
    const reminders = async () => (await db.select().from(schema.emailOutbox)).filter((m) => m.kind.endsWith("-reminder")).length;
    const before = await reminders();
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => db.transaction((tx) => queueDueReminders(tx as unknown as Db, PICKUP_MOMENT, switches, origin))),
    );
    // Each row is counted by the one sweep that inserted it; every other sweep's insert did nothing.
    expect(raced.reduce((a, b) => a + b, 0)).toBe((await reminders()) - before);
    const swept = await Promise.all(Array.from({ length: 4 }, () => sweepReminders({ now: PICKUP_MOMENT })));
    expect(swept.every((n) => n === 0 || n === null)).toBe(true);
    for (const order of orders) expect(await kindsOf(order.id)).toEqual(["pickup-reminder"]);
  });

  it("the back office names the reminders in the order's e-mail list", async () => {
    const order = await paidOrder("en");
    await sweepReminders({ now: PICKUP_MOMENT });
    await setStatus(order.id, "picked_up");
    await sweepReminders({ now: RETURN_MOMENT });
    for (const [prefix, messages] of [
      ["", en],
      ["/de", de],
    ] as const) {
      const page = await pageText(await shop.request(`${prefix}/admin/order/${order.id}`, { headers: { Cookie: admin } }));
      expect(page).toContain(messages.admin.orders.emailKind.pickupReminder);
      expect(page).toContain(messages.admin.orders.emailKind.returnReminder);
    }
  });
});
