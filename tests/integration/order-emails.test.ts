/**
 * The cancellation e-mail over real HTTP (issue 16, point 5; decision 013): cancelled by the customer on the
 * order page, by staff with or without a refund, and a payment that came too late and went back. One e-mail
 * per cancellation that states the refund and when it arrives (issue 33), in the order's language, with the
 * order's number and the link to its page, queued once however often the button is pressed or the webhook
 * delivered; an unpaid hold that ends sends nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import it_ from "../../app/i18n/lang/it.json";
import { expireOrder } from "../../app/server/booking/expiry.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { deliverPendingEmails } from "../../app/server/mail/mail.server";
import { signDemoWebhook } from "../../app/server/payments/demo.server";
import { COUNTER_PROVIDER } from "../../app/server/payments/payments.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let admin: string;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

/** A held order of one pair of skis, in `language`, with a demo checkout in `status`. */
async function heldOrder(language: Locale, paymentStatus: "created" | "succeeded", provider = "demo") {
  const ski = await createRentalItem(db, branches.ciaslin, 1);
  const held = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(ski.id)], { language }));
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  const [payment] = await db
    .insert(schema.payments)
    .values({
      orderId: held.value.id,
      provider,
      ref: `${provider}_mail_${held.value.id}`,
      status: paymentStatus,
      amountCents: held.value.totalCents,
      currency: "EUR",
    })
    .returning();
  return { order: held.value, payment, ski };
}

/** A paid order in `language`, as the succeeded webhook leaves it (its confirmation aside). */
async function paidOrder(language: Locale, provider = "demo") {
  const held = await heldOrder(language, "succeeded", provider);
  expect(await confirmOrder(held.order.id, db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  return held;
}

const mailsOf = (orderId: string) =>
  db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.orderId, orderId)).orderBy(schema.emailOutbox.id);

const asAdmin = (path: string, fields: Record<string, string>) => shop.post(path, fields, admin);
const asCustomer = (path: string, fields: Record<string, string>) => shop.post(path, fields);

function succeeded(payment: { ref: string; amountCents: number }, orderId: string) {
  const body = JSON.stringify({
    id: `evt_demo_${Math.random().toString(36).slice(2)}`,
    type: "succeeded",
    ref: payment.ref,
    orderId,
    amountCents: payment.amountCents,
    currency: "EUR",
    method: "card",
    created: Math.floor(Date.now() / 1000),
  });
  return shop.request("/webhooks/demo", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "demo-signature": signDemoWebhook(body) },
  });
}

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await db.delete(schema.emailOutbox);
});

describe(`cancellation and refund e-mails on ${testDbKind}`, () => {
  it("a German customer who cancels twice at once gets one e-mail, in German, stating the refund and when it arrives", async () => {
    const { order } = await paidOrder("de");
    const path = `/de/order/${order.token}`;
    const answers = await Promise.all([1, 2, 3].map(() => asCustomer(path, { intent: "cancel", confirm: "yes" })));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409, 409]);
    const [cancellation, ...more] = await mailsOf(order.id);
    expect(more).toEqual([]);
    const amount = formatMoney(order.totalCents, "de");
    expect(cancellation).toMatchObject({ kind: "cancellation", to: "anna@example.com", language: "de" });
    expect(cancellation.subject).toBe(fill(de.mail.cancellation.subject, { number: order.number }));
    // The refund, and when it arrives: the same promise as the order page's after the cancellation.
    expect(cancellation.text).toContain(fill(de.mail.cancellation.refundProvider, { amount }));
    expect(cancellation.text).toContain("innerhalb von 5 bis 10 Werktagen");
    expect(de.order.cancel.done).toContain("innerhalb von 5 bis 10 Werktagen");
    expect(cancellation.text).toContain(`${shop.url}/de/order/${order.token}`);
    expect(cancellation.text).toMatch(/ {2}- Test ski .+ \(Größe 170\)\n/); // what was cancelled
    expect(cancellation.html).toContain(`href="${shop.url}/de/order/${order.token}"`);
    expect(cancellation.html).toContain('<html lang="de">');
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
  });

  it("an Italian order cancelled by staff with a refund: one e-mail in Italian stating the refund, once for a double click", async () => {
    const { order } = await paidOrder("it");
    const answers = await Promise.all(
      [1, 2].map(() => asAdmin(`/admin/order/${order.id}`, { intent: "cancel", refund: "on", reason: "Meteo" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
    const mails = await mailsOf(order.id);
    expect(mails.map((m) => m.kind)).toEqual(["cancellation"]);
    expect(mails[0].language).toBe("it");
    expect(mails[0].subject).toBe(fill(it_.mail.cancellation.subject, { number: order.number }));
    expect(mails[0].text).toContain(fill(it_.mail.cancellation.refundProvider, { amount: formatMoney(order.totalCents, "it") }));
    expect(mails[0].text).toContain(`${shop.url}/it/order/${order.token}`);
  });

  it("a Danish order cancelled by staff without a refund says so, and no refund e-mail goes", async () => {
    const { order } = await paidOrder("da");
    expect((await asAdmin(`/admin/order/${order.id}`, { intent: "cancel", reason: "No-show" })).status).toBe(302);
    const mails = await mailsOf(order.id);
    expect(mails.map((m) => m.kind)).toEqual(["cancellation"]);
    expect(mails[0].subject).toBe(fill(da.mail.cancellation.subject, { number: order.number }));
    expect(mails[0].text).toContain(da.mail.cancellation.noRefund);
  });

  it("money paid at the counter is paid back there: the cancellation says so, and no refund e-mail goes", async () => {
    const { order } = await paidOrder("de", COUNTER_PROVIDER);
    expect((await asAdmin(`/admin/order/${order.id}`, { intent: "cancel", refund: "on" })).status).toBe(302);
    const mails = await mailsOf(order.id);
    expect(mails.map((m) => m.kind)).toEqual(["cancellation"]);
    expect(mails[0].text).toContain(fill(de.mail.cancellation.refundCounter, { amount: formatMoney(order.totalCents, "de") }));
  });

  it("sends nothing when an unpaid hold expires or staff cancel an order still waiting for payment", async () => {
    const expiring = await heldOrder("en", "created");
    expect(await expireOrder(expiring.order.id, db)).toBe(true);
    const waiting = await heldOrder("en", "created");
    expect((await asAdmin(`/admin/order/${waiting.order.id}`, { intent: "cancel", refund: "on" })).status).toBe(302);
    expect(await mailsOf(expiring.order.id)).toEqual([]);
    expect(await mailsOf(waiting.order.id)).toEqual([]);
  });

  it("a payment that arrives after staff cancelled goes back: one e-mail stating the refund, however often delivered", async () => {
    const { order, payment } = await heldOrder("en", "created");
    expect((await asAdmin(`/admin/order/${order.id}`, { intent: "cancel" })).status).toBe(302);
    const answers = await Promise.all([1, 2, 3].map(() => succeeded(payment, order.id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const mails = await mailsOf(order.id);
    expect(mails.map((m) => m.kind)).toEqual(["cancellation"]);
    expect(mails[0].text).toContain(fill(en.mail.cancellation.refundProvider, { amount: formatMoney(order.totalCents, "en") }));
    expect(mails[0].text).not.toContain(en.mail.cancellation.latePayment);
  });

  it("a payment after the hold expired and the skis were booked by someone else: the e-mail says why", async () => {
    const late = await heldOrder("en", "created");
    expect(await expireOrder(late.order.id, db)).toBe(true);
    // The one pair goes to another family meanwhile.
    const other = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(late.ski.id)]));
    expect(other.ok).toBe(true);
    expect((await succeeded(late.payment, late.order.id)).status).toBe(200);
    expect((await succeeded(late.payment, late.order.id)).status).toBe(200);
    const mails = await mailsOf(late.order.id);
    expect(mails.map((m) => m.kind)).toEqual(["cancellation"]);
    expect(mails[0].text).toContain(en.mail.cancellation.latePayment);
  });

  it("writes real messages, and the back office names each e-mail of the order in its language", async () => {
    const { order } = await paidOrder("en");
    await asCustomer(`/order/${order.token}`, { intent: "cancel", confirm: "yes" });
    expect(await deliverPendingEmails(db)).toMatchObject({ sent: 1, failed: 0 });
    const sent = await mailsOf(order.id);
    expect(sent.every((m) => m.sentAt !== null)).toBe(true);
    expect(sent[0].html).toContain(en.mail.confirmation.orderLink);

    for (const [prefix, messages] of [
      ["", en],
      ["/de", de],
    ] as const) {
      const page = await pageText(await shop.request(`${prefix}/admin/order/${order.id}`, { headers: { Cookie: admin } }));
      expect(page).toContain(messages.admin.orders.emailKind.cancellation);
    }
  });
});
