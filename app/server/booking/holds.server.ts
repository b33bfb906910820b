/**
 * Orders and what they claim: units (rental items, depot lockers), sale stock, service capacity and coupon
 * uses. docs/architecture.md §6.2; the rules are in docs/decisions/011-holds.md.
 *
 * - holdOrder writes the order in `pending_payment` and claims everything in one transaction, or writes
 *   nothing and names the line that could not be had.
 * - Units are picked with `FOR UPDATE SKIP LOCKED`; the exclusion constraint on reservations has the last
 *   word, and the transaction is retried on 23P01 / 40001 / 40P01.
 * - Holds expire after the hold minutes: due orders are expired before every hold and by a sweep that runs
 *   in one process at a time (advisory lock).
 * - confirmOrder turns holds into bookings with `WHERE state = 'held'`; a payment for an expired order
 *   claims again or, when something is gone, cancels the order and asks for a refund.
 * - Changes of a booked order (changes.server.ts) claim and release through the functions exported here.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { ownUnitsOnly } from "../../domain/branch-units";
import { type HeldUnits, type HoldLimitBreach, type HoldLimits, holdLimitBreach } from "../../domain/hold-limits";
import { type Locale, pick } from "../../domain/i18n";
import { isHandedOut, isPaid } from "../../domain/order-states";
import { checkPeriod, type PeriodError, type PeriodInput, reservationRange, zonedDate } from "../../domain/periods";
import { type CouponRejection, type Quote, roundCents } from "../../domain/pricing";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import type { AgeBand, OrderSource, Season, Skill } from "../../domain/vocabulary";
import { type Db, getDb, queryPrepared, queryRows } from "../db/client.server";
import { couponRedemptions, coupons, orderLines, orders } from "../db/schema";
import { LIVE_RESERVATION } from "../db/states.server";
import { getSettings } from "../settings/settings.server";
import { ORDER_CLAIMS } from "./availability.server";
import { getShopCalendar } from "./calendar.server";
import { type BagLine, type ItemRow, linePeaks, type QuoteContext, quoteBag } from "./quote.server";

export type HoldPerson = {
  firstName: string;
  lastName?: string | null;
  heightCm?: number | null;
  weightKg?: number | null;
  skill?: Skill | null;
  shoeSize?: number | null;
  ageBand?: AgeBand | null;
  age?: number | null;
};

export type Invoice = {
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

/** A line named in a failure: its key in the bag and what it is. */
export type LineRef = { key: string; itemId: number; name: string; size: string | null };

export type HoldFailure =
  | { reason: "period"; errors: PeriodError[] }
  | { reason: "shop" }
  | { reason: "emptyBag" }
  | { reason: "invalidLine"; key: string }
  | { reason: "unknownHotel" }
  | { reason: "unavailable"; line: LineRef }
  | { reason: "coupon"; code: CouponRejection }
  | { reason: "priceChanged"; totalCents: number }
  | { reason: "holdLimit"; limit: HoldLimitBreach }
  | { reason: "busy" };

export type HeldOrder = { id: string; number: string; token: string; totalCents: number; expiresAt: Date; quote: Quote };

/** Thrown inside a transaction to roll it back and answer with a failure. */
export class Rejected extends Error {
  constructor(readonly failure: HoldFailure) {
    super(failure.reason);
  }
}

const RETRIED = new Set(["23P01", "40001", "40P01", "55P03"]);
const MAX_ATTEMPTS = 8;
/** Key of the advisory lock that lets one process at a time sweep expired holds ("RENT", "HOLD"). */
const SWEEP_LOCK = [0x52454e54, 0x484f4c44] as const;

/** The SQLSTATE of a database error, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** Runs `work` in a transaction, again (with jittered back-off) when PostgreSQL reports a conflict. */
export async function inRetriedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return retried(() => db.transaction(async (tx) => work(tx as unknown as Db)));
}

/** Runs `attempt` (a transaction, or one statement that is a transaction of its own) until it ends without a conflict. */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      // A lock wait ends after the connection's lock timeout (db/client.server) with 55P03, retried here.
      return await attempt();
    } catch (error) {
      const state = sqlState(error);
      if (!state || !RETRIED.has(state)) throw error;
      if (n >= MAX_ATTEMPTS) throw new Rejected({ reason: "busy" });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 8 * n));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Claiming and releasing

export type OrderRef = {
  id: string;
  shopId: number;
  appId: Season;
  pickupAt: Date;
  returnAt: Date;
  couponId: number | null;
  email: string;
  /** The branch's own units only (a counter order, `ownUnitsOnly`): none is brought from another branch. */
  ownUnitsOnly: boolean;
};
export type ClaimLine = { lineId: number; kind: ItemRow["kind"]; itemId: number; size: string | null; quantity: number; ref: LineRef };
export type ClaimMode = { state: "held"; holdMinutes: number } | { state: "confirmed" };

/** The parts of a unit search: its size test (in a form an index can use; `is not distinct from` a parameter is not), its free-unit test and its row lock. */
function unitSearch(line: ClaimLine, range: string, skipLocked: boolean) {
  return {
    size: line.size === null ? sql`u.size is null` : sql`u.size = ${line.size}`,
    free: unitFree(range),
    lock: sql`for update of u ${skipLocked ? sql`skip locked` : sql``}`,
  };
}

/** The unit `u` has no live reservation overlapping `range` (a hold that ran out is none). */
function unitFree(range: string) {
  return sql`not exists (
    select 1 from reservations r
    where r.unit_id = u.id
      and ${LIVE_RESERVATION}
      and r.period && ${range}::tstzrange)`;
}

/**
 * The branch's own free units, in the index's order, so the search stops at the first free one. Looking at
 * every unit of the storefront (`freeUnits`) probed the reservations of each of them, 120 for one item and
 * size of the benchmark (2 ms of PostgreSQL's time per checkout).
 */
function ownFreeUnits(order: OrderRef, line: ClaimLine, range: string, skipLocked: boolean) {
  const { size, free, lock } = unitSearch(line, range, skipLocked);
  return sql`
    select u.id from units u
    where u.item_id = ${line.itemId} and u.shop_id = ${order.shopId} and ${size} and u.status = 'active' and ${free}
    order by u.id
    limit ${line.quantity}
    ${lock}`;
}

/**
 * Free units of an item and size for a range, preferring `prefer` (the units an order being changed
 * had), then the chosen branch. `skipLocked` passes over units another transaction is claiming right now;
 * without it the query waits for them.
 */
async function freeUnits(
  tx: Db,
  order: OrderRef,
  line: ClaimLine,
  range: string,
  skipLocked: boolean,
  prefer: number[] = [],
): Promise<number[]> {
  if (prefer.length === 0) {
    const own = await queryRows<{ id: number }>(ownFreeUnits(order, line, range, skipLocked), tx);
    if (own.length >= line.quantity) return own.map((r) => r.id);
  }
  const { size, free, lock } = unitSearch(line, range, skipLocked);
  const preferred =
    prefer.length > 0
      ? sql`(u.id in (${sql.join(
          prefer.map((id) => sql`${id}`),
          sql`, `,
        )})) desc,`
      : sql``;
  const rows = await queryRows<{ id: number }>(
    sql`
      select u.id
      from units u
      join items i on i.id = u.item_id
      where u.item_id = ${line.itemId}
        and ${size}
        and u.status = 'active'
        and (u.shop_id = ${order.shopId}
             or (${!order.ownUnitsOnly}::boolean and not i.local and u.shop_id in (select sa.shop_id from shop_apps sa where sa.app_id = ${order.appId})))
        and ${free}
      order by ${preferred} (u.shop_id = ${order.shopId}) desc, u.id
      limit ${line.quantity}
      ${lock}`,
    tx,
  );
  return rows.map((r) => r.id);
}

export async function claimUnits(
  tx: Db,
  order: OrderRef,
  line: ClaimLine,
  mode: ClaimMode,
  turnaroundMinutes: number,
  options: { prefer?: number[]; changeId?: number } = {},
) {
  const range = reservationRange(order, turnaroundMinutes);
  const expiresAt = mode.state === "held" ? sql`now() + make_interval(mins => ${mode.holdMinutes})` : sql`null`;
  const reservation = sql`${options.changeId ? null : line.lineId}::int, ${options.changeId ?? null}::int,
    ${range}::tstzrange, ${mode.state}::reservation_state, ${expiresAt}`;
  // Expired holds on the picked units that overlap are released on the spot rather than by the next sweep.
  const releaseExpired = (unitIds: SQL) => sql`
    update reservations set state = 'released'
    where unit_id in (${unitIds}) and state = 'held' and expires_at <= now() and period && ${range}::tstzrange`;
  if (!options.prefer?.length) {
    // Most checkouts find enough free units at their own branch: search, release and insert in one round
    // trip. The insert waits for the release (it reads its count), and the exclusion constraint does not
    // count a row this transaction has just released.
    const claimed = await queryPrepared<{ unit_id: number }>(
      "claim-own-units",
      sql`
        with picked as (${ownFreeUnits(order, line, range, true)}),
        enough as (select array_agg(id) as ids from picked having count(*) = ${line.quantity}::int),
        released as (${releaseExpired(sql`select unnest(ids) from enough`)} returning 1)
        insert into reservations (unit_id, order_line_id, order_change_id, period, state, expires_at)
        select unnest(enough.ids), ${reservation}
        from enough, (select count(*) from released) as done
        returning unit_id`,
      tx,
    ).catch(unavailableWhenStranded(line));
    if (claimed.length === line.quantity) return;
  }
  let unitIds = await freeUnits(tx, order, line, range, true, options.prefer);
  // Units skipped because another checkout is claiming them may still be free for this period (that
  // checkout may want another week, or fail): wait for them, and let the exclusion constraint decide.
  if (unitIds.length < line.quantity) unitIds = await freeUnits(tx, order, line, range, false, options.prefer);
  if (unitIds.length < line.quantity) throw new Rejected({ reason: "unavailable", line: line.ref });
  const ids = sql`array[${sql.join(
    unitIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await tx.execute(releaseExpired(sql`select unnest(${ids})`));
  await tx
    .execute(sql`
      insert into reservations (unit_id, order_line_id, order_change_id, period, state, expires_at)
      select unnest(${ids}), ${reservation}`)
    .catch(unavailableWhenStranded(line));
}

/**
 * A claim refused because the units left free are owed to bookings stranded on units out of service (the
 * trigger of migration 0024, decision 055): the line is unavailable, as when no unit is free.
 */
const unavailableWhenStranded =
  (line: ClaimLine) =>
  (error: unknown): never => {
    if (sqlState(error) === UNITS_SHORT) throw new Rejected({ reason: "unavailable", line: line.ref });
    throw error;
  };

export async function claimStock(tx: Db, order: OrderRef, line: ClaimLine) {
  const rows = await queryRows<{ quantity: number }>(
    sql`
      update stock set quantity = quantity - ${line.quantity}
      where item_id = ${line.itemId} and shop_id = ${order.shopId} and size = ${line.size ?? ""} and quantity >= ${line.quantity}
      returning quantity`,
    tx,
  );
  if (rows.length === 0) throw new Rejected({ reason: "unavailable", line: line.ref });
}

export async function claimService(tx: Db, order: OrderRef, line: ClaimLine) {
  // Locking the capacity row makes concurrent bookings of the same service at the branch take turns.
  const [capacity] = await queryRows<{ per_day: number }>(
    sql`select per_day from service_capacity where item_id = ${line.itemId} and shop_id = ${order.shopId} for update`,
    tx,
  );
  if (!capacity) throw new Rejected({ reason: "unavailable", line: line.ref });
  const day = zonedDate(order.pickupAt);
  const [booked] = await queryRows<{ n: number }>(
    sql`
      select coalesce(sum(l.quantity), 0)::int as n
      from order_lines l join orders o on o.id = l.order_id
      where l.item_id = ${line.itemId} and o.shop_id = ${order.shopId} and o.id <> ${order.id}
        and (o.pickup_at at time zone ${SHOP_TIME_ZONE})::date = ${day}::date
        and ${ORDER_CLAIMS}`,
    tx,
  );
  if (Number(booked?.n ?? 0) + line.quantity > capacity.per_day) throw new Rejected({ reason: "unavailable", line: line.ref });
}

async function redeemCoupon(tx: Db, order: OrderRef) {
  if (order.couponId === null) return;
  // The conditional increment locks the coupon row, so the per-customer count below sees every earlier redemption.
  const [coupon] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, order.couponId),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    )
    .returning({ perCustomer: coupons.maxUsesPerCustomer });
  if (!coupon) throw new Rejected({ reason: "coupon", code: "coupon.usedUp" });
  const email = order.email.trim().toLowerCase();
  if (coupon.perCustomer !== null) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, order.couponId), eq(couponRedemptions.email, email)));
    if (Number(row?.n ?? 0) >= coupon.perCustomer) throw new Rejected({ reason: "coupon", code: "coupon.usedUp" });
  }
  await tx.insert(couponRedemptions).values({ couponId: order.couponId, orderId: order.id, email });
}

/** Claims everything an order needs, in a fixed order (units, stock, services by item; the coupon last) to keep lock waits short and deadlocks rare. */
async function claim(tx: Db, order: OrderRef, lines: ClaimLine[], mode: ClaimMode, turnaroundMinutes: number) {
  const sorted = [...lines].sort((a, b) => a.itemId - b.itemId || (a.size ?? "").localeCompare(b.size ?? "") || a.lineId - b.lineId);
  for (const line of sorted) {
    if (line.kind === "rental" || line.kind === "depot") await claimUnits(tx, order, line, mode, turnaroundMinutes);
    else if (line.kind === "sale") await claimStock(tx, order, line);
    else await claimService(tx, order, line);
  }
  await redeemCoupon(tx, order);
}

/**
 * What gives back everything the orders of a CTE named `target` (columns `id`, `shop_id`) claim, as CTEs of
 * one statement: their units, the stock their sales took, and the uses of their coupons. Service capacity
 * follows the order's status.
 */
const releaseTarget = sql`
  released as (
    update reservations set state = 'released'
    where state in ('held', 'confirmed')
      and order_line_id in (select l.id from order_lines l join target t on t.id = l.order_id)),
  restocked as (
    update stock s set quantity = s.quantity + l.quantity
    from (select l.order_id, item_id, coalesce(size, '') as size, sum(quantity)::int as quantity
          from order_lines l join target t on t.id = l.order_id
          where l.kind = 'sale' group by 1, 2, 3) l
    join target t on t.id = l.order_id
    where s.item_id = l.item_id and s.shop_id = t.shop_id and s.size = l.size),
  redeemed as (
    delete from coupon_redemptions where order_id in (select id from target) returning coupon_id),
  uncounted as (
    update coupons c set used_count = greatest(c.used_count - r.uses, 0)
    from (select coupon_id, count(*)::int as uses from redeemed group by 1) r
    where c.id = r.coupon_id)`;

async function release(tx: Db, orderId: string, shopId: number) {
  await tx.execute(sql`
    with target as (select ${orderId}::uuid as id, ${shopId}::int as shop_id), ${releaseTarget}
    select 1`);
}

// ---------------------------------------------------------------------------------------------
// holdOrder

function newToken(): string {
  // 144 random bits, URL-safe: the order page's only protection.
  return randomBytes(18).toString("base64url");
}

/** Creates the order in `pending_payment` and holds everything in it, or writes nothing and says why. */
export async function holdOrder(
  input: HoldInput,
  db: Db = getDb(),
): Promise<{ ok: true; order: HeldOrder } | { ok: false; failure: HoldFailure }> {
  const now = input.now ?? new Date();
  if (input.lines.length === 0) return { ok: false, failure: { reason: "emptyBag" } };
  // What ran out is given back before the quote sees a coupon's uses; without a coupon, the order's own first
  // statement asks and the transaction gives it back before claiming (a round trip less per checkout).
  if (input.couponCode) await expireDueOrders(db);
  // Before the transaction, on the shop's own connection, the catalogue (calendar, items, prices) comes from
  // memory, as fresh as the tables (decision 035); a connection of the caller's own is read from.
  const reader = db === getDb() ? undefined : db;
  const calendar = await getShopCalendar(input.shopId, input.appId, reader);
  if (!calendar) return { ok: false, failure: { reason: "shop" } };
  const checked = checkPeriod(input.period, calendar, now);
  if (!checked.ok) return { ok: false, failure: { reason: "period", errors: checked.errors } };
  const period = checked.period;
  for (const line of input.lines) {
    const person = line.personIndex;
    if (person !== null && (!Number.isInteger(person) || person < 0 || person >= input.persons.length))
      return { ok: false, failure: { reason: "invalidLine", key: line.key } };
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
  if (!priced.ok) return { ok: false, failure: priced.problem };
  const { quote, items, coupon, hotel, packageNames, peakNames } = priced.context;
  // A coupon below its minimum order is simply not applied: the customer saw the total without it and may
  // pay that (or add more). Any other refusal means the coupon changed since the bag, so the customer decides.
  if (quote.coupon && !quote.coupon.applied && quote.coupon.reason !== "coupon.minOrder")
    return { ok: false, failure: { reason: "coupon", code: quote.coupon.reason } };
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== quote.totalCents)
    return { ok: false, failure: { reason: "priceChanged", totalCents: quote.totalCents } };

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
    return {
      ok: true,
      order: {
        id: order.id,
        number: order.number,
        token: order.token,
        totalCents: order.totalCents,
        expiresAt: order.expiresAt,
        quote,
      },
    };
  } catch (error) {
    if (error instanceof Rejected) return { ok: false, failure: error.failure };
    throw error;
  }
}

/** Units to claim in the order's own statement: the order's range (with the turnaround) and the hold's minutes. */
type UnitClaim = { range: string; holdMinutes: number };

/** The SQLSTATE `units_short(gone)` raises (migration 0022) when the order's statement could not claim every unit. */
const UNITS_SHORT = "RU001";

/**
 * What a statement short of units means: the item and size nobody has enough of (its DETAIL), or null when
 * units were only taken by checkouts still running (worth waiting for). Any other error is thrown again.
 */
function unitsGone(error: unknown): { itemId: number; size: string } | null {
  if (sqlState(error) !== UNITS_SHORT) throw error;
  let detail = "";
  for (let e = error as { detail?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.detail === "string") detail = e.detail;
  }
  const match = /^(\d+) (.+)$/.exec(detail);
  return match ? { itemId: Number(match[1]), size: match[2] } : null;
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

/**
 * The CTEs of the order's statement that claim its lines' units (`units` in writeOrder): `claimed`, and `gone`,
 * the first item and size with too few free units anywhere, which is only read when the claim fell short.
 * Each line's units are the slots `n` of its item and size, counted in the bag's order.
 */
function unitsOfLines(order: { shopId: number; appId: Season; ownUnitsOnly: boolean }, units: UnitClaim) {
  const free = unitFree(units.range);
  // Another branch's unit may travel when the item is not local and that branch serves the storefront.
  const away = sql`${!order.ownUnitsOnly}::boolean and u.shop_id <> ${order.shopId}
    and u.shop_id in (select sa.shop_id from shop_apps sa where sa.app_id = ${order.appId})
    and not exists (select 1 from items i where i.id = u.item_id and i.local)`;
  return sql`,
      line_of as (select id, (row_number() over (order by id) - 1)::int as ord from l),
      wanted as (select item_id, size, sum(quantity)::int as quantity from v group by item_id, size order by item_id, size),
      own as (
        select w.item_id, w.size, u.id as unit_id, 0 as away
        from wanted w cross join lateral (
          select u.id from units u
          where u.item_id = w.item_id and u.shop_id = ${order.shopId} and u.size = w.size and u.status = 'active' and ${free}
          order by u.id
          limit w.quantity
          for update of u skip locked) u),
      short_here as (
        select w.item_id, w.size, w.quantity - count(own.unit_id)::int as missing
        from wanted w left join own on own.item_id = w.item_id and own.size = w.size
        group by w.item_id, w.size, w.quantity
        having count(own.unit_id) < w.quantity),
      brought as (
        select s.item_id, s.size, u.id as unit_id, 1 as away
        from short_here s cross join lateral (
          select u.id from units u
          where u.item_id = s.item_id and u.size = s.size and u.status = 'active' and ${away} and ${free}
          order by u.id
          limit s.missing
          for update of u skip locked) u),
      picked as (
        select item_id, size, unit_id, row_number() over (partition by item_id, size order by away, unit_id) as n
        from (select * from own union all select * from brought) as both_sides),
      slots as (
        select v.ord, v.item_id, v.size, row_number() over (partition by v.item_id, v.size order by v.ord, k) as n
        from v cross join generate_series(1, v.quantity) k),
      released as (
        update reservations set state = 'released'
        where unit_id in (select unit_id from picked) and state = 'held' and expires_at <= now()
          and period && ${units.range}::tstzrange
        returning 1),
      claimed as (
        insert into reservations (unit_id, order_line_id, order_change_id, period, state, expires_at)
        select picked.unit_id, line_of.id, null::int, ${units.range}::tstzrange, 'held', now() + make_interval(mins => ${units.holdMinutes})
        from slots
        join picked on picked.item_id = slots.item_id and picked.size = slots.size and picked.n = slots.n
        join line_of on line_of.ord = slots.ord,
        (select count(*) from released) as done
        returning 1),
      gone as (
        select w.item_id || ' ' || w.size as what from wanted w
        where (select count(*) from units u
               where u.item_id = w.item_id and u.size = w.size and u.status = 'active'
                 and (u.shop_id = ${order.shopId} or ${away}) and ${free}) < w.quantity
        order by w.item_id, w.size
        limit 1)`;
}

/**
 * Refuses an online hold that would take its holder over the limits. The advisory lock on the holder makes
 * two checkouts of one address take turns here, in any process, so both cannot pass on the same count.
 */
async function checkHoldLimits(tx: Db, holder: string, lines: BagLine[], limits?: HoldLimits) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holder:${holder}`}))`);
  const rows = await queryRows<{ order_id: string; item_id: number; size: string | null; quantity: number }>(
    sql`
      select o.id as order_id, l.item_id, l.size, l.quantity
      from orders o join order_lines l on l.order_id = o.id
      where o.holder_key = ${holder} and o.status = 'pending_payment' and o.expires_at > now()`,
    tx,
  );
  const held: HeldUnits = rows.map((r) => ({ itemId: r.item_id, size: r.size, quantity: r.quantity }));
  const wanted: HeldUnits = lines.map((l) => ({ itemId: l.itemId, size: l.size, quantity: l.quantity }));
  const breach = holdLimitBreach(new Set(rows.map((r) => r.order_id)).size, held, wanted, limits);
  if (breach) throw new Rejected({ reason: "holdLimit", limit: breach });
}

export function toRef(order: typeof orders.$inferSelect): OrderRef {
  return {
    id: order.id,
    shopId: order.shopId,
    appId: order.appId,
    pickupAt: order.pickupAt,
    returnAt: order.returnAt,
    couponId: order.couponId,
    email: order.email,
    ownUnitsOnly: ownUnitsOnly(order.source as OrderSource),
  };
}

export async function lockOrder(tx: Db, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

async function claimLinesOf(tx: Db, orderId: string): Promise<ClaimLine[]> {
  const rows = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return rows.map((l) => ({
    lineId: l.id,
    kind: l.kind,
    itemId: l.itemId,
    size: l.size,
    quantity: l.quantity,
    ref: { key: String(l.id), itemId: l.itemId, name: l.name, size: l.size },
  }));
}

// ---------------------------------------------------------------------------------------------
// confirm, cancel, expire

export type ConfirmOutcome =
  /** The order is paid and everything in it is booked. */
  | { outcome: "paid"; reallocated: boolean }
  /** It was already paid (a repeated event): nothing changed. */
  | { outcome: "alreadyPaid" }
  /** The payment cannot be kept (the order was cancelled, or something expired and is gone): refund it. */
  | { outcome: "refund"; reason: "cancelled" | "unavailable"; line?: LineRef }
  | { outcome: "notFound" };

/**
 * Marks an order paid and turns its holds into bookings. Holds still in place are confirmed with a
 * conditional update; units whose hold was released meanwhile are claimed again, and if that fails the
 * order is cancelled for a refund instead of ever booking a unit twice.
 */
export async function confirmOrder(orderId: string, db: Db = getDb()): Promise<ConfirmOutcome> {
  const settings = await getSettings();
  try {
    return await inRetriedTransaction(db, async (tx): Promise<ConfirmOutcome> => {
      const order = await lockOrder(tx, orderId);
      if (!order) return { outcome: "notFound" };
      if (isPaid(order.status)) return { outcome: "alreadyPaid" };
      if (order.status === "cancelled" || order.status === "refunded") return { outcome: "refund", reason: "cancelled" };

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
      return { outcome: "paid", reallocated };
    });
  } catch (error) {
    if (!(error instanceof Rejected)) throw error;
    const failure = error.failure;
    // Too much contention is not a verdict on the order: let the payment provider deliver the event again.
    if (failure.reason === "busy") throw new Error("The order could not be confirmed for contention; try again.");
    await cancelOrder(orderId, { note: "Paid after the hold expired and the equipment was no longer free: refund due." }, db);
    return { outcome: "refund", reason: "unavailable", line: failure.reason === "unavailable" ? failure.line : undefined };
  }
}

export type CancelOutcome =
  | { ok: true; wasPaid: boolean; refundCents: number }
  | { ok: false; reason: "notFound" | "notCancellable" | "alreadyCancelled" };

/** Cancels a pending, expired or paid order and gives back what it holds; the caller refunds `refundCents` through the provider. */
export async function cancelOrder(orderId: string, options: { note?: string } = {}, db: Db = getDb()): Promise<CancelOutcome> {
  return inRetriedTransaction(db, async (tx): Promise<CancelOutcome> => {
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
    return { ok: true, wasPaid, refundCents: wasPaid ? order.totalCents : 0 };
  });
}

/**
 * Ends the hold of one order still waiting for payment now (payment failed or abandoned); a no-op otherwise.
 * One statement, a transaction of its own: the order's row lock comes first, and the rest happens only
 * when the order, locked, still waits for payment (a payment confirmed meanwhile wins).
 */
export async function expireOrder(orderId: string, db: Db = getDb()): Promise<boolean> {
  const expired = await retried(() =>
    queryRows<{ id: string }>(
      sql`
        with target as (
          select id, shop_id from orders where id = ${orderId} and status = 'pending_payment' for update),
        ${releaseTarget}
        update orders set status = 'expired', expires_at = least(expires_at, now()), updated_at = now()
        where id in (select id from target)
        returning id`,
      db,
    ),
  );
  return expired.length > 0;
}

/**
 * Expires orders whose hold time is over and gives back what they held. Orders another transaction is
 * working on are skipped (the next call takes them), so checkouts never wait on each other here.
 */
export async function expireDueOrders(db: Db = getDb(), limit = 50): Promise<number> {
  // The sweep has mostly given back what ran out already: one look first, and the four round trips of the
  // transaction below only when something is due.
  const [due] = await queryPrepared<{ any: boolean }>(
    "orders-due",
    sql`
      select exists (select 1 from orders where status = 'pending_payment' and expires_at <= now())
          or exists (select 1 from order_changes where status = 'pending' and expires_at <= now()) as any`,
    db,
  );
  if (!due?.any) return 0;
  return db.transaction(async (tx) => expireDue(tx as unknown as Db, limit));
}

/** Expires up to `limit` due orders and the due changes of orders, in the caller's transaction. */
async function expireDue(tx: Db, limit: number): Promise<number> {
  const due = await queryRows<{ id: string; shop_id: number }>(
    sql`
      select id, shop_id from orders
      where status = 'pending_payment' and expires_at <= now()
      order by expires_at limit ${limit}
      for update skip locked`,
    tx,
  );
  for (const order of due) {
    await release(tx, order.id, order.shop_id);
  }
  // A change whose difference was not paid in time gives its held units back (decision 028).
  await tx.execute(sql`
    with due as (
      update order_changes set status = 'expired'
      where status = 'pending' and expires_at <= now() returning id)
    update reservations set state = 'released'
    where state = 'held' and order_change_id in (select id from due)`);
  if (due.length > 0) {
    await tx
      .update(orders)
      .set({ status: "expired", updatedAt: sql`now()` })
      .where(
        inArray(
          orders.id,
          due.map((o) => o.id),
        ),
      );
  }
  return due.length;
}

/** One sweep: expires every due order, unless another process is sweeping right now. Returns how many expired, or null when skipped. */
export async function sweepExpiredHolds(db: Db = getDb()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK[0]}, ${SWEEP_LOCK[1]}) as locked`,
      tx as unknown as Db,
    );
    if (!lock?.locked) return null;
    let total = 0;
    for (let n = await expireDueOrders(tx as unknown as Db, 200); n > 0; n = await expireDueOrders(tx as unknown as Db, 200)) total += n;
    return total;
  });
}

/** Runs the sweep every `intervalMs` in the background; returns a function that stops it. */
export function startHoldSweeper(options: {
  intervalMs: number;
  onSwept?: (expired: number) => void;
  onError?: (error: unknown) => void;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpiredHolds()
      .then((expired) => {
        if (expired) options.onSwept?.(expired);
      })
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
