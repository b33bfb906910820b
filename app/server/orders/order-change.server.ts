/**
 * The change of a booking as the customer (/order/{token}/change) and staff (/admin/order/{id}/change)
 * make it: the form's starting values, the price of a change, and the change itself with its money: a
 * higher price is paid through the provider (customer) or at the desk (staff), a lower one is refunded.
 * The rental core is booking/changes.server.ts; decision 028.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { lineValue } from "../../domain/counter/counter-order";
import { type Locale, pick } from "../../domain/i18n";
import { type ChangeBy, type ChangeRequest, changeRefusal } from "../../domain/order-change";
import { periodFieldErrors, zonedDate } from "../../domain/periods";
import { fail, ok, type Result } from "../../domain/result";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { type ChangeFailure, type ChangePreview, changeOrder, previewChange } from "../booking/changes.server";
import { getDb } from "../db/client.server";
import { categories, items, payments } from "../db/schema";
import { logger } from "../log.server";
import { COUNTER_PROVIDER, PaymentUnavailableError, refundPart, startChangePayment } from "../payments/payments.server";
import { getSettings } from "../settings/settings.server";
import { sendChangeConfirmation } from "./confirmation.server";
import { getOrderById, getOrderByToken, type OrderWithDetails } from "./orders.server";

/** One thing that can be added to an order: an item in one of its sizes, as the add select posts it. */
export type ChangeOption = { value: string; name: string; category: string; size: string | null; forPerson: boolean };

/** The change form of an order: whether it may be changed, its values as they are, and what can be added. */
export type ChangeFormData = {
  refusal: "order.change.notPaid" | "order.change.tooLate" | null;
  freeUntil: string;
  values: Record<string, unknown>;
  options: ChangeOption[];
};

function hhmm(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);
}

/** The order as the change form starts: its period, persons and lines under the form's field names. */
function valuesOf(found: OrderWithDetails): Record<string, unknown> {
  const { order, persons, lines } = found;
  const position = new Map(persons.map((p, index) => [p.id, index]));
  return {
    pickupDate: zonedDate(order.pickupAt),
    pickupTime: hhmm(order.pickupAt),
    returnDate: zonedDate(order.returnAt),
    returnTime: hhmm(order.returnAt),
    persons: Object.fromEntries(persons.map((p, index) => [index, { ref: String(p.id), firstName: p.firstName }])),
    lines: Object.fromEntries(
      lines.map((l, index) => [
        index,
        {
          itemId: String(l.itemId),
          size: l.size ?? "",
          quantity: String(l.quantity),
          person: l.personId === null ? "" : String(position.get(l.personId) ?? ""),
          package: l.packageId === null ? "" : String(l.packageId),
        },
      ]),
    ),
  };
}

async function changeForm(found: OrderWithDetails, by: ChangeBy, locale: Locale): Promise<ChangeFormData> {
  const settings = await getSettings();
  const { order } = found;
  const rows = await getDb()
    .select({ item: items, category: categories.name })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(items.appId, order.appId), eq(items.active, true)))
    .orderBy(asc(categories.sort), asc(items.sort), asc(items.id));
  const options: ChangeOption[] = rows.flatMap(({ item, category }) =>
    (item.sizes.length > 0 ? item.sizes : [null]).map((size) => ({
      value: lineValue(item.id, size),
      name: pick(item.name, locale),
      category: pick(category, locale),
      size,
      forPerson: item.kind === "rental",
    })),
  );
  return {
    refusal: changeRefusal(order, by, settings.cancellationFreeHours, new Date()),
    freeUntil: new Date(order.pickupAt.getTime() - settings.cancellationFreeHours * 3_600_000).toISOString(),
    values: valuesOf(found),
    options,
  };
}

/** A line of the new price, as the order page shows its lines. */
type ChangePreviewLine = {
  key: string;
  name: string;
  size: string | null;
  quantity: number;
  /** The position of the line's person among the changed order's persons, and their name; null for lines of nobody. */
  person: number | null;
  personName: string | null;
  packageName: string | null;
  subtotalCents: number;
};

/** The new price of a change, line by line with the order page's totals, and the difference. */
export type ChangePreviewView = {
  oldTotalCents: number;
  newTotalCents: number;
  differenceCents: number;
  lines: ChangePreviewLine[];
  /** As the order page's totals block takes them. */
  totals: {
    subtotalCents: number;
    discounts: { kind: string; label: string; amountCents: number; percent: number | null }[];
    totalCents: number;
    vat: { rateBp: number; vatCents: number }[];
    hotel: { name: string } | null;
    damageWaiver: { amountCents: number; dayCents: number } | null;
  };
};

function previewView(preview: ChangePreview, request: ChangeRequest, locale: Locale): ChangePreviewView {
  const { quote } = preview;
  const priced = new Map(quote.lines.map((l) => [l.key, l]));
  const waiver = quote.damageWaiver?.chosen ? quote.damageWaiver : null;
  return {
    oldTotalCents: preview.oldTotalCents,
    newTotalCents: preview.newTotalCents,
    differenceCents: preview.differenceCents,
    lines: preview.lines.map((line) => ({
      key: line.key,
      name: pick(line.name, locale),
      size: line.size,
      quantity: line.quantity,
      person: line.personIndex,
      personName: line.personIndex === null ? null : request.persons[line.personIndex].firstName,
      packageName: line.packageName ? pick(line.packageName, locale) : null,
      subtotalCents: priced.get(line.key)?.subtotalCents ?? 0,
    })),
    totals: {
      subtotalCents: quote.subtotalCents,
      discounts: quote.discounts.map((d) => ({ kind: d.kind, label: d.label, amountCents: d.amountCents, percent: d.percent })),
      totalCents: quote.totalCents,
      vat: quote.vat.map((v) => ({ rateBp: v.rateBp, vatCents: v.vatCents })),
      hotel: preview.hotel ? { name: preview.hotel.name } : null,
      damageWaiver: waiver ? { amountCents: waiver.amountCents, dayCents: waiver.dayCents } : null,
    },
  };
}

/** A failure of the rental core as the form shows it: a message at the top, or beside the period fields. */
function refusal(failure: ChangeFailure): Result<never> {
  switch (failure.reason) {
    case "notFound":
      return fail.notFound();
    case "notAllowed":
      return fail.conflict({ form: failure.message });
    case "period":
      return fail.invalid(periodFieldErrors(failure.errors));
    case "unavailable":
      return fail.conflict(
        { form: failure.line.size ? "order.change.unavailableSize" : "order.change.unavailable" },
        { item: failure.line.name, size: failure.line.size ?? "" },
      );
    case "priceChanged":
      return fail.conflict({ form: "order.change.priceChanged" });
    case "busy":
      return fail.conflict({ form: "order.change.busy" });
    default:
      return fail.invalid({ form: "order.change.invalidLine" });
  }
}

// ---------------------------------------------------------------------------------------------
// The customer, on /order/{token}/change

/** The change page of an order behind its token, or null when there is none. */
export async function customerChangeForm(token: string, locale: Locale) {
  const found = await getOrderByToken(token);
  if (!found) return null;
  return { found, form: await changeForm(found, "customer", locale) };
}

export async function previewCustomerChange(token: string, request: ChangeRequest, locale: Locale): Promise<Result<ChangePreviewView>> {
  const found = await getOrderByToken(token);
  if (!found) return fail.notFound();
  const preview = await previewChange(found.order.id, request, "customer");
  return preview.ok ? ok(previewView(preview.value, request, locale)) : refusal(preview);
}

/**
 * The customer changes their booking. Costs it more, the change is held and the answer is the provider's
 * page for the difference; costs it the same or less, it is applied, the difference refunded, the
 * e-mail sent, and the answer is the order page.
 */
export async function changeByCustomer(
  token: string,
  request: ChangeRequest,
  expectedTotalCents: number,
  origin: string,
): Promise<Result<{ redirectUrl: string | null; differenceCents: number }>> {
  const found = await getOrderByToken(token);
  if (!found) return fail.notFound();
  const changed = await changeOrder(found.order.id, request, { by: "customer", userId: found.order.userId, expectedTotalCents });
  if (!changed.ok) return refusal(changed);
  const change = changed.value;
  if (change.status === "pending") {
    try {
      const { redirectUrl } = await startChangePayment({ changeId: change.id, origin });
      return ok({ redirectUrl, differenceCents: change.differenceCents });
    } catch (error) {
      if (error instanceof PaymentUnavailableError) return fail.conflict({ form: "order.change.paymentUnavailable" });
      throw error;
    }
  }
  const atCounter = await settle(found.order.id, change);
  await sendChangeConfirmation(found.order.id, origin, { ...change, refundedAtCounter: atCounter });
  return ok({ redirectUrl: null, differenceCents: change.differenceCents });
}

/**
 * A cheaper change gives the difference back through the payments it was paid with. True when all of it
 * is paid back at the desk (counter payments), so the change's e-mail says where the money comes back.
 */
async function settle(orderId: string, change: { id: number; differenceCents: number }): Promise<boolean> {
  if (change.differenceCents >= 0) return false;
  const { refundedCents, atCounter } = await refundPart(orderId, -change.differenceCents);
  if (refundedCents !== -change.differenceCents)
    logger.error(
      { orderId, change: change.id, due: -change.differenceCents, refunded: refundedCents },
      "change: the difference was not refunded in full",
    );
  return atCounter;
}

// ---------------------------------------------------------------------------------------------
// Staff, on /admin/order/{id}/change

/** The order of `id` if this staff member works at its branch; null otherwise (as if there were none). */
export async function staffOrder(user: BackOfficeUser, id: string) {
  const found = await getOrderById(id);
  return found && worksAt(user, found.order.shopId) ? found : null;
}

/** The change page of an order for staff (null for another branch's order: as if it did not exist). */
export async function staffChangeForm(user: BackOfficeUser, id: string, locale: Locale) {
  const found = await staffOrder(user, id);
  if (!found) return null;
  return { found, form: await changeForm(found, "staff", locale) };
}

export async function previewStaffChange(
  user: BackOfficeUser,
  id: string,
  request: ChangeRequest,
  locale: Locale,
): Promise<Result<ChangePreviewView>> {
  if (!(await staffOrder(user, id))) return fail.notFound();
  const preview = await previewChange(id, request, "staff");
  return preview.ok ? ok(previewView(preview.value, request, locale)) : refusal(preview);
}

/**
 * Staff change an order without the policy's limits. A higher price is taken at the desk (cash or card
 * terminal) and recorded as a counter payment; a lower one is refunded through the payments it was paid
 * with (at the desk for counter payments).
 */
export async function changeByStaff(
  user: BackOfficeUser,
  id: string,
  request: ChangeRequest,
  options: { expectedTotalCents: number; method: "cash" | "card" },
  origin: string,
): Promise<Result<{ differenceCents: number }>> {
  if (!(await staffOrder(user, id))) return fail.notFound();
  const changed = await changeOrder(id, request, { by: "staff", userId: user.id, expectedTotalCents: options.expectedTotalCents });
  if (!changed.ok) return refusal(changed);
  const change = changed.value;
  const db = getDb();
  if (change.differenceCents > 0) {
    await db.insert(payments).values({
      orderId: id,
      orderChangeId: change.id,
      provider: COUNTER_PROVIDER,
      ref: `counter-${randomUUID()}`,
      method: options.method,
      status: "succeeded",
      amountCents: change.differenceCents,
      currency: "EUR",
    });
    await recordAudit(db, {
      userId: user.id,
      action: "payment",
      entity: "order",
      entityId: id,
      after: { amountCents: change.differenceCents, method: options.method },
    });
  }
  const atCounter = await settle(id, change);
  await sendChangeConfirmation(id, origin, { ...change, refundedAtCounter: atCounter });
  return ok({ differenceCents: change.differenceCents });
}
