/**
 * Deposits racing on PostgreSQL, with a connection each and the Stripe stand-in holding the money
 * (decision 045): two clicks on capture, a capture against a release, a capture against Stripe's event
 * that the authorisation lapsed. Exactly one wins each time, and money moves once at Stripe.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackOfficeUser } from "../../app/server/auth/back-office.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { parseConfig, setConfig } from "../../app/server/config.server";
import { authoriseDeposit, captureDeposit, releaseDeposit } from "../../app/server/counter/deposits.server";
import { type Database, queryRows, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { getPaymentProvider, resetPaymentProviders } from "../../app/server/payments/payments.server";
import { receivePaymentWebhook } from "../../app/server/payments/webhooks.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";
import { type StripeStandIn, signStripePayload, startStripeStandIn } from "../helpers/stripe-stand-in";

const SECRET_KEY = "sk_test_depositRaces0123456789";
const WEBHOOK_SECRET = "whsec_ZGVwb3NpdC1yYWNlcy1vbmx5LW5vdC1hLXJlYWwtc2VjcmV0";
const ROUNDS = 8;
const DAY = 86_400_000;

let database: Database & { url?: string };
let standIn: StripeStandIn;
let clerk: BackOfficeUser;
let itemId: number;
let ciaslin: number;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 12 });
  if (database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  setDatabase(database);
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  setConfig(
    parseConfig({
      NODE_ENV: "production",
      DATA_DIR: mkdtempSync(join(tmpdir(), "rental-deposits-")),
      SESSION_SECRET: "concurrency-test-secret-0123456789abcdef",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    }),
  );
  resetPaymentProviders();
  await seedDemo(database.db);
  ciaslin = (await shopIds(database.db)).ciaslin;
  const [user] = await database.db
    .insert(schema.users)
    .values({ email: "clerk@test.example", name: "Clerk", role: "admin", passwordHash: "not used" })
    .returning();
  clerk = { id: user.id, email: user.email, name: user.name, role: "admin", totpEnabled: false, shopIds: null };
  const item = await createRentalItem(database.db, ciaslin, ROUNDS * 3);
  await database.db.update(schema.items).set({ depositCents: 20000 }).where(eq(schema.items.id, item.id));
  itemId = item.id;
});
afterAll(async () => {
  resetPaymentProviders();
  await database?.close();
  await standIn?.close();
});

/** A paid order of the deposit item whose card was saved at Stripe, picked up, its deposit authorised. */
async function authorisedOrder() {
  const db = database.db;
  const held = await holdOrder(holdRequest(ciaslin, [rentalLine(itemId)]));
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  const order = held.value;
  const checkout = await getPaymentProvider("stripe").createCheckout({
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.totalCents,
    currency: "EUR",
    email: "anna@example.com",
    language: "en",
    expiresAt: new Date(Date.now() + 60 * 60_000),
    successUrl: "https://shop.example/order/x",
    cancelUrl: "https://shop.example/rental/bag",
    idempotencyKey: `checkout-${order.id}`,
    depositCents: 20000,
  });
  const session = standIn.completeSession(checkout.ref);
  await db.insert(schema.payments).values({
    orderId: order.id,
    provider: "stripe",
    ref: checkout.ref,
    paymentRef: session.payment_intent,
    status: "succeeded",
    amountCents: order.totalCents,
    currency: "EUR",
  });
  expect(await confirmOrder(order.id, db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  const pickupAt = new Date(Date.now() - DAY);
  await db
    .update(schema.orders)
    .set({ status: "picked_up", pickupAt, returnAt: new Date(Date.now() + DAY) })
    .where(eq(schema.orders.id, order.id));
  expect(await authoriseDeposit(clerk, order.id)).toEqual({ ok: true, value: "authorised" });
  const [deposit] = await db.select().from(schema.deposits).where(eq(schema.deposits.orderId, order.id)).orderBy(desc(schema.deposits.id));
  return { order, deposit, ref: deposit.ref as string };
}

/** Calls that moved money at Stripe (a replayed idempotent request moves nothing). */
const moved = (ref: string, action: "capture" | "cancel") =>
  standIn.requestsTo("POST", `/v1/payment_intents/${ref}/${action}`).filter((r) => r.status === 200 && !r.replayed).length;

const depositNow = async (id: number) => (await database.db.select().from(schema.deposits).where(eq(schema.deposits.id, id)))[0];

describe("deposits under races on PostgreSQL", () => {
  it(`two clicks on capture at once capture once, ${ROUNDS} times over`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { order, deposit, ref } = await authorisedOrder();
      const clicks = await Promise.all([
        captureDeposit(clerk, order.id, { amountCents: 7500, reason: "Bent disc" }),
        captureDeposit(clerk, order.id, { amountCents: 7500, reason: "Bent disc" }),
      ]);
      expect({ round, wins: clicks.filter((c) => c.ok).length }).toEqual({ round, wins: 1 });
      expect(clicks.find((c) => !c.ok)).toMatchObject({ reason: "conflict", errors: { form: "admin.deposit.errors.notAuthorised" } });
      expect(moved(ref, "capture")).toBe(1);
      expect(standIn.paymentIntents.get(ref)).toMatchObject({ status: "succeeded", amount_received: 7500 });
      expect(await depositNow(deposit.id)).toMatchObject({ status: "captured", capturedCents: 7500 });
      const audit = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where entity_id = ${order.id} and action = 'depositCapture'`,
        database.db,
      );
      expect(audit).toEqual([{ n: 1 }]);
    }
  });

  it(`a capture racing a release: one of them, never both, ${ROUNDS} times over`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { order, deposit, ref } = await authorisedOrder();
      const [capture, release] = await Promise.all([
        captureDeposit(clerk, order.id, { amountCents: 5000, reason: "Scratched" }),
        releaseDeposit(clerk, order.id),
      ]);
      expect({ round, wins: [capture, release].filter((r) => r.ok).length }).toEqual({ round, wins: 1 });
      const row = await depositNow(deposit.id);
      // Which one wins is up to the scheduler: each outcome is checked whenever it happens.
      if (capture.ok) {
        expect(row).toMatchObject({ status: "captured", capturedCents: 5000 });
        expect([moved(ref, "capture"), moved(ref, "cancel")]).toEqual([1, 0]);
      } else {
        expect(row).toMatchObject({ status: "released", capturedCents: 0 });
        expect([moved(ref, "capture"), moved(ref, "cancel")]).toEqual([0, 1]);
      }
    }
  });

  it(`a capture racing Stripe's event that the authorisation lapsed (delivered twice): lapsed, nothing taken, ${ROUNDS} times over`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { order, deposit, ref } = await authorisedOrder();
      standIn.lapseAuthorisation(ref);
      const body = JSON.stringify(standIn.intentEvent("payment_intent.canceled", ref));
      const event = () =>
        receivePaymentWebhook(
          "stripe",
          body,
          new Headers({ "Stripe-Signature": signStripePayload(body, WEBHOOK_SECRET) }),
          "https://shop.example",
        );
      const [capture, first, second] = await Promise.all([
        captureDeposit(clerk, order.id, { amountCents: 5000, reason: "Scratched" }),
        event(),
        event(),
      ]);
      expect(capture.ok).toBe(false);
      const results = [first, second].map((received) => (received.ok ? received.value : received.reason)).sort();
      // The event is applied once, or ignored when the capture's answer from Stripe noted the lapse first.
      expect({ round, results }).toSatisfy(
        ({ results: r }: { results: unknown[] }) =>
          JSON.stringify(r) === JSON.stringify(["applied", "duplicate"]) || JSON.stringify(r) === JSON.stringify(["duplicate", "ignored"]),
      );
      expect(moved(ref, "capture")).toBe(0);
      expect(await depositNow(deposit.id)).toMatchObject({ status: "expired", capturedCents: 0 });
    }
  });
});
