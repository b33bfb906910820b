/**
 * The checkout of the rental core, and what a payment does to it. docs/architecture.md §6.2; the rules are in
 * docs/decisions/011-holds.md.
 *
 * - holdOrder writes the order in `pending_payment` and claims everything (claims.server.ts) in one
 *   transaction, or writes nothing and names the line that could not be had. A bag of units alone is written
 *   and claimed by one statement, falling back to the line-by-line transaction only when checkouts still
 *   running hold the units it needs. Conflicts are retried (db/retry.server.ts).
 * - Holds expire after the hold minutes (expiry.server.ts).
 * - confirmOrder turns holds into bookings with `WHERE state = 'held'`; a payment for an expired order
 *   claims again or, when something is gone, cancels the order and asks for a refund.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { ownUnitsOnly } from "../../domain/branch-units";
import type { HoldLimits } from "../../domain/hold-limits";
import { type Locale, pick } from "../../domain/i18n";
import { isHandedOut, isPaid } from "../../domain/order-states";
import { checkPeriod, type PeriodError, type PeriodInput, reservationRange, zonedDate } from "../../domain/periods";
import { type Quote, roundCents } from "../../domain/pricing";
import { ok, type Result } from "../../domain/result";
import type { AgeBand, Season, Skill } from "../../domain/vocabulary";
import { type Db, getDb, queryPrepared, queryRows } from "../db/client.server";
import { inRetriedTransaction, retried } from "../db/retry.server";
import { orders } from "../db/schema";
import { getSettings } from "../settings/settings.server";
import { getShopCalendar } from "./calendar.server";
import {
  type ClaimFailure,
  type ClaimLine,
  checkHoldLimits,
  claim,
  claimLinesOf,
  claimUnits,
  type LineRef,
  lockOrder,
  type OrderRef,
  Rejected,
  rejection,
  release,
  toRef,
  type UnitClaim,
  unitsGone,
  unitsOfLines,
} from "./claims.server";
import { expireDue, expireDueOrders } from "./expiry.server";
import { type BagLine, type ItemRow, linePeaks, type QuoteContext, quoteBag } from "./quote.server";

type HoldPerson = {
  firstName: string;
  lastName?: string | null;
  heightCm?: number | null;
  weightKg?: number | null;
  skill?: Skill | null;
  shoeSize?: number | null;
  ageBand?: AgeBand | null;
  age?: number | null;
};

type Invoice = {
  name: string;
  company?: string | null;
  vatId?: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
};

export type HoldInput = {
  appId: Season;
  shopId: number;
  language: Locale;
  period: PeriodInput;
  persons: HoldPerson[];
  lines: BagLine[];
  invoice: Invoice;
  couponCode?: string | null;
  hotelId?: number | null;
  /** The customer took the damage waiver offered (decision 029). */
  damageWaiver?: boolean;
  userId?: string | null;
  /** Online (the default), at the counter by the staff member `createdBy`, or through the API (decision 049). */
  source?: "online" | "counter" | "api";
  createdBy?: string | null;
  /** The total the customer was shown; a different total fails with `priceChanged` instead of charging it. */
  expectedTotalCents?: number;
  /**
   * Who holds it online: a keyed hash of the client's address (bag.server `holderKey`). Its open holds are
   * limited (domain/hold-limits.ts, decision 026); orders at the counter have none.
   */
  holder?: string | null;
  /** The holder's limits: an address's by default, an API key's for `source = 'api'` (decision 026). */
  holdLimits?: HoldLimits;
  now?: Date;
};

/** Why an order could not be held, for callers that word it their own way (the bag, the counter, the API). */
export type HoldFailure =
  | ClaimFailure
  | { reason: "period"; errors: PeriodError[] }
  | { reason: "shop" }
  | { reason: "emptyBag" }
  | { reason: "invalidLine"; key: string }
  | { reason: "unknownHotel" };

export type HeldOrder = { id: string; number: string; token: string; totalCents: number; expiresAt: Date; quote: Quote };

function newToken(): string {
  // 144 random bits, URL-safe: the order page's only protection.
  return randomBytes(18).toString("base64url");
}

/** Creates the order in `pending_payment` and holds everything in it, or writes nothing and says why. */
export async function holdOrder(input: HoldInput, db: Db = getDb()): Promise<Result<HeldOrder, HoldFailure>> {
  const now = input.now ?? new Date();
  if (input.lines.length === 0) return { ok: false, reason: "emptyBag" };
  // What ran out is given back before the quote sees a coupon's uses; without a coupon, the order's own first
  // statement asks and the transaction gives it back before claiming (a round trip less per checkout).
  if (input.couponCode) await expireDueOrders(db);
  // Before the transaction, on the shop's own connection, the catalogue (calendar, items, prices) comes from
  // memory, as fresh as the tables (decision 035); a connection of the caller's own is read from.
  const reader = db === getDb() ? undefined : db;
  const calendar = await getShopCalendar(input.shopId, input.appId, reader);
  if (!calendar) return { ok: false, reason: "shop" };
  const checked = checkPeriod(input.period, calendar, now);
  if (!checked.ok) return { ok: false, reason: "period", errors: checked.errors };
  const period = checked.value;
  for (const line of input.lines) {
    const person = line.personIndex;
    if (person !== null && (!Number.isInteger(person) || person < 0 || person >= input.persons.length))
      return { ok: false, reason: "invalidLine", key: line.key };
  }

  const priced = await quoteBag(
    {
      appId: input.appId,
      period,
      lines: input.lines,
      couponCode: input.couponCode,
      hotelId: input.hotelId,
      email: input.invoice.email,
      damageWaiver: input.damageWaiver,
      now,
    },
    reader,
  );
  if (!priced.ok) return priced;
  const { quote, items, coupon, hotel, packageNames, peakNames } = priced.value;
  // A coupon below its minimum order is simply not applied: the customer saw the total without it and may
  // pay that (or add more). Any other refusal means the coupon changed since the bag, so the customer decides.
  if (quote.coupon && !quote.coupon.applied && quote.coupon.reason !== "coupon.minOrder")
    return { ok: false, reason: "coupon", code: quote.coupon.reason };
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== quote.totalCents)
    return { ok: false, reason: "priceChanged", totalCents: quote.totalCents };

  const settings = await getSettings();
  const year = zonedDate(now).slice(0, 4);
  const values: PgInsertValue<typeof orders> = {
    number: sql`${`R-${year}-`} || lpad(nextval('order_number_seq')::text, 6, '0')`,
    token: newToken(),
    status: "pending_payment",
    appId: input.appId,
    shopId: input.shopId,
    userId: input.userId ?? null,
    source: input.source ?? "online",
    createdBy: input.createdBy ?? null,
    language: input.language,
    pickupAt: period.pickupAt,
    returnAt: period.returnAt,
    invoiceName: input.invoice.name,
    invoiceCompany: input.invoice.company || null,
    invoiceVatId: input.invoice.vatId || null,
    invoiceStreet: input.invoice.street,
    invoicePostalCode: input.invoice.postalCode,
    invoiceCity: input.invoice.city,
    invoiceCountry: input.invoice.country,
    phone: input.invoice.phone,
    email: input.invoice.email.trim(),
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    totalCents: quote.totalCents,
    vatCents: quote.vatCents,
    vatBreakdown: quote.vat.map((v) => ({ rateBp: v.rateBp, netCents: v.netCents, vatCents: v.vatCents })),
    discounts: quote.discounts.map((d) => ({ kind: d.kind, label: d.label, amountCents: d.amountCents, percent: d.percent })),
    damageWaiverCents: quote.damageWaiver?.chosen ? quote.damageWaiver.amountCents : 0,
    damageWaiverDayCents: quote.damageWaiver?.chosen ? quote.damageWaiver.dayCents : null,
    couponId: quote.coupon?.applied && coupon ? coupon.id : null,
    hotelId: hotel?.id ?? null,
    expiresAt: sql`now() + make_interval(mins => ${settings.holdMinutes})`,
    holderKey: input.holder ?? null,
  };
  const write = (tx: Db, units: UnitClaim | null) => writeOrder(tx, values, input, quote, items, packageNames, units, peakNames);
  // Units of a size and nothing else (no stock, no service, no coupon): the order's statement claims them too.
  const units: UnitClaim | null =
    values.couponId === null &&
    input.lines.every((line) => ["rental", "depot"].includes(items.get(line.itemId)!.kind) && line.size !== null)
      ? { range: reservationRange(period, settings.turnaroundMinutes), holdMinutes: settings.holdMinutes }
      : null;
  const inTransaction = (unitsInStatement: UnitClaim | null) =>
    inRetriedTransaction(db, async (tx) => {
      if (input.holder) await checkHoldLimits(tx, input.holder, input.lines, input.holdLimits);
      const { row, lineIds, due } = await write(tx, unitsInStatement);
      if (due) await expireDue(tx, 50);
      if (unitsInStatement) return row;
      const claimLines = input.lines.map((line, i): ClaimLine => {
        const item = items.get(line.itemId)!;
        return {
          lineId: lineIds[i],
          kind: item.kind,
          itemId: item.id,
          size: line.size,
          quantity: line.quantity,
          ref: { key: line.key, itemId: item.id, name: pick(item.name, input.language), size: line.size },
        };
      });
      await claim(tx, row.ref, claimLines, { state: "held", holdMinutes: settings.holdMinutes }, settings.turnaroundMinutes);
      return row;
    });
  // The statement fell short: unavailable when an item and size has too few free units anywhere (the first
  // such line in the bag is named, as the line-by-line claim would), else claimed line by line (null).
  const whenShort = (error: unknown): null => {
    const gone = unitsGone(error);
    const line = gone && input.lines.find((l) => l.itemId === gone.itemId && l.size === gone.size);
    if (!line) return null;
    const ref = { key: line.key, itemId: line.itemId, name: pick(items.get(line.itemId)!.name, input.language), size: line.size };
    throw new Rejected({ reason: "unavailable", line: ref });
  };
  try {
    let order: WrittenOrder["row"] | null = null;
    if (units && !input.holder) {
      // Nothing to check before it: the statement is the whole checkout, a transaction of its own (one round
      // trip instead of four). What ran out is given back afterwards, as the sweep would.
      const written = await retried(() => write(db, units)).catch(whenShort);
      if (written?.due) await expireDueOrders(db);
      order = written?.row ?? null;
    } else if (units) {
      order = await inTransaction(units).catch(whenShort);
    }
    // Units other checkouts were claiming at that moment, or more than units in the bag: claimed line by
    // line, which waits for those checkouts and names what is missing.
    order ??= await inTransaction(null);
    return ok({
      id: order.id,
      number: order.number,
      token: order.token,
      totalCents: order.totalCents,
      expiresAt: order.expiresAt,
      quote,
    });
  } catch (error) {
    const failure = rejection(error);
    if (failure) return { ok: false, ...failure };
    throw error;
  }
}

type WrittenOrder = Awaited<ReturnType<typeof writeOrder>>;

/**
 * Writes the order, its persons and its lines in one statement (two round trips fewer per checkout than one
 * insert each) and answers what the claim needs, with the lines' ids in the bag's order: they come from the
 * sequence in the order of `ord`.
 *
 * With `units`, the same statement also claims every line's units, as `claimUnits` does for one line: the
 * branch's own first, then other branches' (free in the range, `SKIP LOCKED`, expired holds on them released,
 * then the reservations). Units are picked per item and size, so lines of one size get different units.
 * When it could not claim them all, `units_short()` aborts the statement, and with it everything it wrote.
 */
async function writeOrder(
  tx: Db,
  values: PgInsertValue<typeof orders>,
  input: HoldInput,
  quote: Quote,
  items: Map<number, ItemRow>,
  packageNames: Map<string, ItemRow["name"]>,
  units: UnitClaim | null,
  peakNames: QuoteContext["peakNames"],
) {
  const persons = input.persons.map(
    (p, position) =>
      sql`(${position}::smallint, ${p.firstName}::text, ${p.lastName ?? null}::text, ${p.heightCm ?? null}::smallint,
        ${p.weightKg ?? null}::smallint, ${p.skill ?? null}::skill, ${p.shoeSize ?? null}::smallint, ${p.ageBand ?? null}::age_band,
        ${p.age ?? null}::smallint)`,
  );
  const quoted = new Map(quote.lines.map((l) => [l.key, l]));
  const lines = input.lines.map((line, ord) => {
    const item = items.get(line.itemId)!;
    const price = quoted.get(line.key)!;
    const packaged = packageNames.has(line.key);
    return sql`(${ord}::int, ${line.personIndex}::smallint, ${item.id}::int, ${item.kind}::item_kind,
      ${pick(item.name, input.language)}::text, ${line.size}::text, ${line.quantity}::smallint,
      ${roundCents(price.subtotalCents / line.quantity)}::int, ${price.subtotalCents}::int, ${price.totalCents}::int,
      ${price.vatRateBp}::int, ${packaged ? (line.packageId ?? null) : null}::int,
      ${packaged ? pick(packageNames.get(line.key), input.language) : null}::text, ${price.surchargeCents}::int,
      ${JSON.stringify(linePeaks(price, peakNames, input.language))}::jsonb)`;
  });
  const personRows =
    persons.length === 0
      ? sql`select null::int as id, null::smallint as position where false`
      : sql`insert into order_persons (order_id, position, first_name, last_name, height_cm, weight_kg, skill, shoe_size, age_band, age)
          select o.id, v.* from o, (values ${sql.join(persons, sql`, `)}) as v
          returning id, position`;
  const [row] = await queryPrepared<{
    id: string;
    number: string;
    token: string;
    total_cents: number;
    expires_at: Date | string;
    shop_id: number;
    app_id: Season;
    pickup_at: Date | string;
    return_at: Date | string;
    coupon_id: number | null;
    email: string;
    line_ids: number[];
    due: boolean;
  }>(
    units ? "hold-order-units" : "hold-order",
    sql`
      with o as (${tx.insert(orders).values(values).returning().getSQL()}),
      p as (${personRows}),
      v(ord, person, item_id, kind, name, size, quantity, unit_price_cents, subtotal_cents, total_cents, vat_rate_bp,
        package_id, package_name, surcharge_cents, peaks) as (values ${sql.join(lines, sql`, `)}),
      l as (
        insert into order_lines (order_id, person_id, item_id, kind, name, size, quantity, unit_price_cents,
                                 subtotal_cents, total_cents, vat_rate_bp, package_id, package_name, surcharge_cents, peaks)
        select o.id, p.id, v.item_id, v.kind, v.name, v.size, v.quantity, v.unit_price_cents,
               v.subtotal_cents, v.total_cents, v.vat_rate_bp, v.package_id, v.package_name, v.surcharge_cents, v.peaks
        from o cross join v
        left join p on p.position = v.person
        order by v.ord
        returning id)
      ${units ? unitsOfLines({ ...input, ownUnitsOnly: ownUnitsOnly(input.source ?? "online") }, units) : sql``}
      select o.id, o.number, o.token, o.total_cents, o.expires_at, o.shop_id, o.app_id, o.pickup_at, o.return_at,
             o.coupon_id, o.email, (select array_agg(l.id order by l.id) from l) as line_ids,
             exists (select 1 from orders where status = 'pending_payment' and expires_at <= now())
               or exists (select 1 from order_changes where status = 'pending' and expires_at <= now()) as due
             ${units ? sql`, case when (select count(*) from claimed) < (select sum(quantity) from v) then units_short((select what from gone)) end as short` : sql``}
      from o`,
    tx,
  );
  const ref: OrderRef = {
    id: row.id,
    shopId: row.shop_id,
    appId: row.app_id,
    pickupAt: new Date(row.pickup_at),
    returnAt: new Date(row.return_at),
    couponId: row.coupon_id,
    email: row.email,
    ownUnitsOnly: ownUnitsOnly(input.source ?? "online"),
  };
  return {
    row: { id: row.id, number: row.number, token: row.token, totalCents: row.total_cents, expiresAt: new Date(row.expires_at), ref },
    lineIds: row.line_ids.map(Number),
    /** Holds ran out that nobody gave back yet: the checkout gives them back before claiming. */
    due: row.due,
  };
}

// ---------------------------------------------------------------------------------------------
// confirm, cancel

export type ConfirmOutcome =
  /** The order is paid and everything in it is booked. */
  | { outcome: "paid"; reallocated: boolean }
  /** It was already paid (a repeated event): nothing changed. */
  | { outcome: "alreadyPaid" }
  /** The payment cannot be kept (the order was cancelled, or something expired and is gone): refund it. */
  | { outcome: "refund"; reason: "cancelled" | "unavailable"; line?: LineRef };

/**
 * Marks an order paid and turns its holds into bookings. Holds still in place are confirmed with a
 * conditional update; units whose hold was released meanwhile are claimed again, and if that fails the
 * order is cancelled for a refund instead of ever booking a unit twice.
 */
export async function confirmOrder(orderId: string, db: Db = getDb()): Promise<Result<ConfirmOutcome, { reason: "notFound" }>> {
  const settings = await getSettings();
  try {
    return await inRetriedTransaction(db, async (tx): Promise<Result<ConfirmOutcome, { reason: "notFound" }>> => {
      const order = await lockOrder(tx, orderId);
      if (!order) return { ok: false, reason: "notFound" };
      if (isPaid(order.status)) return ok({ outcome: "alreadyPaid" });
      if (order.status === "cancelled" || order.status === "refunded") return ok({ outcome: "refund", reason: "cancelled" });

      const lines = await claimLinesOf(tx, order.id);
      let reallocated = false;
      if (order.status === "pending_payment") {
        const confirmed = await queryRows<{ order_line_id: number; n: number }>(
          sql`
            update reservations set state = 'confirmed', expires_at = null
            where state = 'held' and order_line_id in (${sql.join(
              lines.map((l) => sql`${l.lineId}`),
              sql`, `,
            )})
            returning order_line_id`,
          tx,
        );
        const count = new Map<number, number>();
        for (const r of confirmed) count.set(r.order_line_id, (count.get(r.order_line_id) ?? 0) + 1);
        const missing = lines
          .filter((l) => l.kind === "rental" || l.kind === "depot")
          .map((l) => ({ ...l, quantity: l.quantity - (count.get(l.lineId) ?? 0) }))
          .filter((l) => l.quantity > 0);
        if (missing.length > 0) {
          reallocated = true;
          const ref = toRef(order);
          for (const line of missing) await claimUnits(tx, ref, line, { state: "confirmed" }, settings.turnaroundMinutes);
        }
      } else {
        // Expired: everything was given back, so claim it all again, as bookings.
        reallocated = true;
        await claim(tx, toRef(order), lines, { state: "confirmed" }, settings.turnaroundMinutes);
      }
      await tx
        .update(orders)
        .set({ status: "paid", paidAt: sql`now()`, expiresAt: null, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      return ok({ outcome: "paid", reallocated });
    });
  } catch (error) {
    const failure = rejection(error);
    if (!failure) throw error;
    // Too much contention is not a verdict on the order: let the payment provider deliver the event again.
    if (failure.reason === "busy") throw new Error("The order could not be confirmed for contention; try again.");
    await cancelOrder(orderId, { note: "Paid after the hold expired and the equipment was no longer free: refund due." }, db);
    return ok({ outcome: "refund", reason: "unavailable", line: failure.reason === "unavailable" ? failure.line : undefined });
  }
}

/** A cancelled order: whether it had been paid, and what the provider refunds. */
export type Cancelled = { wasPaid: boolean; refundCents: number };
export type CancelFailure = { reason: "notFound" | "notCancellable" | "alreadyCancelled" };

/** Cancels a pending, expired or paid order and gives back what it holds; the caller refunds `refundCents` through the provider. */
export async function cancelOrder(
  orderId: string,
  options: { note?: string } = {},
  db: Db = getDb(),
): Promise<Result<Cancelled, CancelFailure>> {
  return inRetriedTransaction(db, async (tx): Promise<Result<Cancelled, CancelFailure>> => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { ok: false, reason: "notFound" };
    if (order.status === "cancelled" || order.status === "refunded") return { ok: false, reason: "alreadyCancelled" };
    if (isHandedOut(order.status)) return { ok: false, reason: "notCancellable" };
    const wasPaid = order.status === "paid";
    // An expired order has already given everything back.
    if (order.status !== "expired") await release(tx, order.id, order.shopId);
    await tx
      .update(orders)
      .set({
        status: "cancelled",
        cancelledAt: sql`now()`,
        expiresAt: null,
        note: options.note ? sql`concat_ws(E'\n', ${orders.note}, ${options.note}::text)` : orders.note,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    return ok({ wasPaid, refundCents: wasPaid ? order.totalCents : 0 });
  });
}
