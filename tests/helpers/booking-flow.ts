/**
 * The booking steps as a browser without JavaScript goes through them, over real HTTP: branch and period,
 * persons, equipment, bag, invoice details, and the redirect to the payment provider. Each step checks
 * the answer it must give, so a test reads as the customer's journey.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { type Locale, localizePath } from "../../app/domain/i18n";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { INVOICE, locationOf, type Visitor, winterPeriod } from "./visitor";

export { INVOICE };

export const period = winterPeriod();

type Person = Record<string, string>;

/** The visitor's bag id: the signed cookie's value (the signature is checked by the server, not here). */
export function bagOf(visitor: Visitor): string {
  const signed = decodeURIComponent(visitor.cookies.get("rental_cart") ?? "");
  return JSON.parse(Buffer.from(signed.split(".")[0], "base64").toString("utf8")) as string;
}

/** Branch, period and persons at Ciaslin in winter: the visitor stands on the equipment step. Returns the persons. */
export async function startBooking(
  db: Db,
  visitor: Visitor,
  locale: Locale = "en",
  persons: Person[] = [{ firstName: "Anna", heightCm: "172", skill: "intermediate", shoeSize: "39" }],
) {
  const path = (p: string) => localizePath(p, locale);
  const periodStep = await visitor.post(path("/rental/winter/ciaslin"), period);
  expect(periodStep.status).toBe(302);
  expect(locationOf(periodStep)).toBe(path("/rental/winter/ciaslin/persons"));
  const fields: Record<string, string> = { intent: "save" };
  persons.forEach((person, i) => {
    for (const [key, value] of Object.entries(person)) fields[`persons.${i}.${key}`] = value;
  });
  const personsStep = await visitor.post(path("/rental/winter/ciaslin/persons"), fields);
  expect(personsStep.status).toBe(302);
  expect(locationOf(personsStep)).toBe(path("/rental/winter/ciaslin/equipment"));
  return db
    .select()
    .from(schema.bagPersons)
    .where(eq(schema.bagPersons.bagId, bagOf(visitor)))
    .orderBy(schema.bagPersons.position);
}

/** Adds an item on the equipment step (`query` picks the person and category, as the page's links do). */
export async function addItem(visitor: Visitor, query: string, fields: Record<string, string | number>, locale: Locale = "en") {
  const response = await visitor.post(`${localizePath("/rental/winter/ciaslin/equipment", locale)}?${query}`, { intent: "add", ...fields });
  if (response.status !== 302) {
    const error = /\\"error\\",\\"([^\\"]+)/.exec(await response.text())?.[1];
    throw new Error(`adding ${JSON.stringify(fields)} answered ${response.status} (${error})`);
  }
  return response;
}

/** A bag with one pair of the item in size 170 for one person, up to the invoice form; returns the total shown there. */
export async function bagAtCheckout(db: Db, visitor: Visitor, itemId: number, firstName: string) {
  const [person] = await startBooking(db, visitor, "en", [{ firstName, heightCm: "180" }]);
  await addItem(visitor, `person=${person.id}&category=ski-snowboard`, { itemId, size: "170" });
  expect(locationOf(await visitor.post("/rental/bag", { intent: "continue" }))).toBe("/rental/checkout");
  const page = await (await visitor.get("/rental/checkout")).text();
  return /name="total" value="(\d+)"/.exec(page)?.[1] as string;
}

/** Bag → invoice details → the provider: returns where the shop sends the payer, and the held order. */
export async function goToPayment(db: Db, visitor: Visitor, locale: Locale = "en") {
  const path = (p: string) => localizePath(p, locale);
  const toCheckout = await visitor.post(path("/rental/bag"), { intent: "continue" });
  expect(toCheckout.status).toBe(302);
  expect(locationOf(toCheckout)).toBe(path("/rental/checkout"));
  const checkoutPage = await visitor.get(path("/rental/checkout"));
  expect(checkoutPage.status).toBe(200);
  const total = /name="total" value="(\d+)"/.exec(await checkoutPage.text())?.[1];
  expect(total).toBeTruthy();
  const pay = await visitor.post(path("/rental/checkout"), { ...INVOICE, total: total as string });
  expect(pay.status).toBe(302);
  const [bag] = await db
    .select()
    .from(schema.bags)
    .where(eq(schema.bags.id, bagOf(visitor)));
  expect(bag.orderId).toBeTruthy();
  const [order] = await db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.id, bag.orderId as string));
  expect(order.status).toBe("pending_payment");
  expect(order.totalCents).toBe(Number(total));
  const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
  return { location: new URL(pay.headers.get("location") as string), order, payment };
}
