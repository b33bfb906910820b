/**
 * An order at the counter for a walk-in customer: what the branch has for the chosen period (live
 * availability and prices), and creating the order paid at the counter (cash or the card terminal). It goes
 * through the same rental core as an online booking: holdOrder claims the units, confirmOrder books them.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import {
  type CounterDraftValues,
  type CounterForm,
  type CounterOrderInput,
  type CounterPeriod,
  type CounterPerson,
  counterStart,
  lineValue,
  parseLineValue,
} from "../../domain/counter/counter-order";
import { type Locale, pick } from "../../domain/i18n";
import { checkPeriod, periodFieldErrors } from "../../domain/periods";
import type { Quote } from "../../domain/pricing";
import { type Failure, fail, ok, type Result } from "../../domain/result";
import { fitsItemLimits, nearestAvailableSize, recommendSize } from "../../domain/sizing";
import { fitFor } from "../../domain/suitability";
import type { Season } from "../../domain/vocabulary";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { getAvailability } from "../booking/availability.server";
import { getShopCalendar } from "../booking/calendar.server";
import { confirmOrder, type HoldFailure, holdOrder } from "../booking/holds.server";
import { type BagLine, quoteBag } from "../booking/quote.server";
import { getDb } from "../db/client.server";
import { categories, items, orders, payments } from "../db/schema";
import { sendOrderConfirmation } from "../orders/confirmation.server";
import { COUNTER_PROVIDER } from "../payments/payments.server";
import { getSettings } from "../settings/settings.server";

type CounterOption = {
  /** "itemId" or "itemId|size", as the line's select posts it. */
  value: string;
  itemId: number;
  name: string;
  category: string;
  kind: string;
  size: string | null;
  free: number;
  /** Price for the period, one piece, before discounts. */
  priceCents: number;
};

export type CounterCatalog = {
  options: CounterOption[];
  /** Per person (by index): the item values that fit them, with the recommended size first. */
  forPerson: { fits: string[]; recommended: Record<number, string> }[];
};

/** The period the counter form starts with at a branch: one it takes (see `counterStart`), or null. */
export async function counterStartPeriod(shopId: number, appId: Season, now = new Date()) {
  const calendar = await getShopCalendar(shopId, appId);
  return calendar ? counterStart(calendar, now) : null;
}

/** What the branch can rent and sell for the period, with each piece's price, and what fits each person. */
export async function counterCatalog(
  user: BackOfficeUser,
  period: CounterPeriod,
  persons: CounterPerson[],
  locale: Locale,
  now = new Date(),
): Promise<Result<CounterCatalog>> {
  if (!worksAt(user, period.shopId)) return fail.invalid({ shopId: "admin.orders.errors.branch" });
  const calendar = await getShopCalendar(period.shopId, period.appId);
  if (!calendar) return fail.invalid({ shopId: "admin.orders.errors.branch" });
  const checked = checkPeriod(period, calendar, now);
  if (!checked.ok) return fail.invalid(periodFieldErrors(checked.errors));
  const db = getDb();
  const settings = await getSettings();
  const rows = await db
    .select({ item: items, category: categories.name })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(items.appId, period.appId), eq(items.active, true)))
    .orderBy(asc(categories.sort), asc(items.sort), asc(items.id));
  const availability = await getAvailability({
    shopId: period.shopId,
    appId: period.appId,
    pickupAt: checked.value.pickupAt,
    returnAt: checked.value.returnAt,
    turnaroundMinutes: settings.turnaroundMinutes,
    // What is on this branch's shelf: a counter order claims nothing from another branch.
    ownUnitsOnly: true,
  });
  const offered = new Map(availability.map((a) => [a.itemId, a]));
  const candidates = rows.filter((r) => offered.has(r.item.id));
  const priced = await quoteBag({
    appId: period.appId,
    period: checked.value,
    lines: candidates.map(({ item }) => ({
      key: String(item.id),
      itemId: item.id,
      size: item.sizes[0] ?? null,
      quantity: 1,
      personIndex: null,
    })),
    now,
  });
  const priceOf = new Map(priced.ok ? priced.value.quote.lines.map((l) => [Number(l.key), l.subtotalCents]) : []);
  const options: CounterOption[] = [];
  for (const { item, category } of candidates) {
    const sizes = offered.get(item.id)?.sizes ?? [];
    const base = {
      itemId: item.id,
      name: pick(item.name, locale),
      category: pick(category, locale),
      kind: item.kind,
      priceCents: priceOf.get(item.id) ?? 0,
    };
    if (item.sizes.length === 0)
      options.push({ ...base, value: lineValue(item.id, null), size: null, free: sizes.reduce((n, s) => n + s.free, 0) });
    for (const size of item.sizes)
      options.push({ ...base, value: lineValue(item.id, size), size, free: sizes.find((s) => s.size === size)?.free ?? 0 });
  }
  const forPerson = persons.map((person) => {
    const body = { heightCm: person.heightCm, weightKg: person.weightKg, skill: person.skill, shoeSizeEu: person.shoeSize };
    const fits: string[] = [];
    const recommended: Record<number, string> = {};
    for (const { item } of candidates) {
      if (item.kind !== "rental" || !fitsItemLimits(item, body)) continue;
      const sizes = options.filter((o) => o.itemId === item.id);
      fits.push(...sizes.map((o) => o.value));
      // The clerk may still hand out what does not suit (the customer insists); it is just not starred.
      if (item.sizes.length > 0 && fitFor(item, body).verdict !== "unsuitable") {
        const size = nearestAvailableSize(
          item.sizing,
          recommendSize(item.sizing, body),
          sizes.map((o) => ({ size: o.size ?? "", free: o.free })),
        );
        if (size) recommended[item.id] = lineValue(item.id, size);
      }
    }
    return { fits, recommended };
  });
  return ok({ options, forPerson });
}

function bagLinesOf(input: Pick<CounterOrderInput, "lines" | "persons">): BagLine[] {
  return input.lines.map((line, index) => {
    const { itemId, size } = parseLineValue(line.item);
    const person = line.person === "" ? null : Number(line.person);
    return {
      key: String(index),
      itemId,
      size,
      // Equipment for a person is one piece; the whole order can take several of an article.
      quantity: person === null ? line.quantity : 1,
      personIndex: person !== null && person < input.persons.length ? person : null,
    };
  });
}

/** The price of what is chosen so far (subtotal, discounts, VAT, total), or null when nothing can be priced. */
async function counterQuote(
  input: Pick<CounterOrderInput, "appId" | "pickupDate" | "returnDate" | "lines" | "persons" | "damageWaiver">,
): Promise<Quote | null> {
  const lines = bagLinesOf(input);
  if (lines.length === 0) return null;
  const priced = await quoteBag({
    appId: input.appId,
    period: { pickupDate: input.pickupDate, returnDate: input.returnDate },
    lines,
    damageWaiver: input.damageWaiver,
  });
  return priced.ok ? priced.value.quote : null;
}

/** Why the hold was refused, as the counter form shows it. */
function counterRefusal(failure: HoldFailure): Failure {
  switch (failure.reason) {
    case "period":
      return fail.invalid({ pickupDate: failure.errors[0] });
    case "unavailable":
      return fail.invalid(
        { form: "admin.orders.errors.unavailable" },
        { item: `${failure.line.name}${failure.line.size ? ` (${failure.line.size})` : ""}` },
      );
    case "invalidLine":
      return fail.invalid({ [`lines.${failure.key}.item`]: "admin.errors.choose" });
    case "emptyBag":
      return fail.invalid({ form: "booking.errors.emptyBag" });
    case "busy":
      return fail.invalid({ form: "booking.checkout.busy" });
    default:
      return fail.invalid({ form: "admin.orders.errors.tryAgain" });
  }
}

/**
 * Creates the walk-in customer's order, paid at the counter: the units are claimed and booked at once,
 * the payment is recorded with the method used, and the confirmation goes out when an e-mail was given.
 */
async function createCounterOrder(user: BackOfficeUser, input: CounterOrderInput, origin: string): Promise<Result<{ orderId: string }>> {
  if (!worksAt(user, input.shopId)) return fail.invalid({ shopId: "admin.orders.errors.branch" });
  const held = await holdOrder({
    appId: input.appId,
    shopId: input.shopId,
    language: input.language,
    period: { pickupDate: input.pickupDate, pickupTime: input.pickupTime, returnDate: input.returnDate, returnTime: input.returnTime },
    persons: input.persons,
    lines: bagLinesOf(input),
    // Walk-in customers give a name and, if they like, a phone number or an e-mail for the confirmation.
    invoice: { name: input.name, street: "", postalCode: "", city: "", country: "IT", email: input.email ?? "", phone: input.phone ?? "" },
    damageWaiver: input.damageWaiver,
    source: "counter",
    createdBy: user.id,
  });
  if (!held.ok) return counterRefusal(held);
  const db = getDb();
  await db.insert(payments).values({
    orderId: held.value.id,
    provider: COUNTER_PROVIDER,
    ref: `counter-${randomUUID()}`,
    method: input.method,
    status: "succeeded",
    amountCents: held.value.totalCents,
    currency: "EUR",
  });
  const confirmed = await confirmOrder(held.value.id);
  if (!confirmed.ok || confirmed.value.outcome !== "paid") return fail.invalid({ form: "admin.orders.errors.tryAgain" });
  if (input.note) await db.update(orders).set({ note: input.note }).where(eq(orders.id, held.value.id));
  await recordAudit(db, {
    userId: user.id,
    action: "create",
    entity: "order",
    entityId: held.value.id,
    after: {
      number: held.value.number,
      source: "counter",
      method: input.method,
      totalCents: held.value.totalCents,
      damageWaiverCents: held.value.quote.damageWaiver?.chosen ? held.value.quote.damageWaiver.amountCents : 0,
    },
  });
  if (input.email) await sendOrderConfirmation(held.value.id, origin);
  return ok({ orderId: held.value.id });
}

/** Where the counter form stands after a post: the order made, or the form again with what to show. */
export type CounterDraft =
  | { created: string }
  | {
      created?: undefined;
      values: CounterDraftValues;
      catalog: Result<CounterCatalog> | null;
      quote: Quote | null;
      refusal: Failure | null;
    };

/**
 * One post of the counter form, read by the route. `create` with a complete form makes the order; every
 * other answer is the form again with fresh availability and prices for what is chosen so far, and messages
 * only when the clerk tried to create the order (not while the form is still being filled in).
 */
export async function counterDraft(
  user: BackOfficeUser,
  form: CounterForm,
  create: boolean,
  locale: Locale,
  origin: string,
): Promise<CounterDraft> {
  let refusal: Failure | null = form.order.ok ? null : form.order;
  if (create && form.order.ok) {
    const created = await createCounterOrder(user, form.order.value, origin);
    if (created.ok) return { created: created.value.orderId };
    refusal = created;
  }
  const catalog = form.period ? await counterCatalog(user, form.period, form.persons, locale) : null;
  const quote = form.chosen ? await counterQuote({ ...form.chosen, persons: form.persons }) : null;
  return { values: form.values, catalog, quote, refusal: create ? refusal : null };
}
