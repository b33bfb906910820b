/**
 * Orders for the tests, made through the booking core as a customer's would be: a paid order (held, its
 * payment succeeded, confirmed).
 */
import { expect } from "vitest";
import { confirmOrder, type HoldInput, holdOrder } from "../../app/server/booking/holds.server";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { holdRequest, rentalLine } from "./booking";

/** The recorded payment: its provider (demo), method (none) and the prefix of its reference (before the order id). */
type PaymentOptions = { provider?: string; method?: string; refPrefix?: string };

/**
 * Holds the request and confirms it paid. With `payment` (the default), a succeeded payment of the total is
 * recorded first, as the provider's webhook leaves it; `payment: false` confirms without one.
 */
export async function paidOrder(db: Db, request: HoldInput, payment: PaymentOptions | false = {}) {
  const held = await holdOrder(request);
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  if (payment) {
    await db.insert(schema.payments).values({
      orderId: held.value.id,
      provider: payment.provider ?? "demo",
      ...(payment.method ? { method: payment.method } : {}),
      ref: `${payment.refPrefix ?? "demo_test_"}${held.value.id}`,
      status: "succeeded",
      amountCents: held.value.totalCents,
      currency: "EUR",
    });
  }
  expect(await confirmOrder(held.value.id, db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  return held.value;
}

/** A paid order of one pair of the item (size 170) at the branch, with a succeeded demo payment. */
export function paidRental(db: Db, shopId: number, itemId: number, overrides: Partial<HoldInput> = {}) {
  return paidOrder(db, holdRequest(shopId, [rentalLine(itemId)], overrides));
}

/**
 * The counter's order form as a clerk fills it in for a walk-in: Walter, 178 cm, one piece of the item in size
 * 170 from Monday 11 to Tuesday 12 January 2027, paid in cash, invoice in Italian. Post it with an `intent`.
 */
export function counterOrderForm(shopId: number, itemId: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    shopId: String(shopId),
    appId: "winter",
    pickupDate: "2027-01-11",
    pickupTime: "09:00",
    returnDate: "2027-01-12",
    returnTime: "17:00",
    "persons.0.firstName": "Walter",
    "persons.0.heightCm": "178",
    "lines.0.person": "0",
    "lines.0.item": `${itemId}|170`,
    "lines.0.quantity": "1",
    language: "it",
    method: "cash",
    ...overrides,
  };
}

/** The id of the order a counter form created, from its redirect to the order page ("" when it made none). */
export function createdOrderId(response: Response) {
  return /\/admin\/order\/([0-9a-f-]{36})\?done=create$/.exec(response.headers.get("location") ?? "")?.[1] ?? "";
}
