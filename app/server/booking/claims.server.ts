/**
 * The claim statements: what an order takes (units, rental items and depot lockers; sale stock; service
 * capacity; coupon uses) and gives back, inside the caller's transaction. docs/architecture.md §6.2, decision
 * 011. holdOrder (holds.server.ts), a payment's confirmation and a change of an order (changes.server.ts)
 * claim through these; a claim that cannot be had throws `Rejected`, naming the line, to roll back.
 *
 * - Units are picked with `FOR UPDATE SKIP LOCKED`, the branch's own first; the exclusion constraint on
 *   reservations has the last word (a conflict is retried by the caller's transaction, db/retry.server).
 * - A bag of units alone is claimed by the order's own statement (`unitsOfLines`); `units_short` (RU001)
 *   aborts it when it fell short.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { ownUnitsOnly } from "../../domain/branch-units";
import { type HeldUnits, type HoldLimitBreach, type HoldLimits, holdLimitBreach } from "../../domain/hold-limits";
import { reservationRange, zonedDate } from "../../domain/periods";
import type { CouponRejection } from "../../domain/pricing";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import type { OrderSource, Season } from "../../domain/vocabulary";
import { type Db, queryPrepared, queryRows } from "../db/client.server";
import { Contended, sqlState } from "../db/retry.server";
import { couponRedemptions, coupons, orderLines, orders } from "../db/schema";
import { LIVE_RESERVATION } from "../db/states.server";
import { ORDER_CLAIMS } from "./availability.server";
import type { BagLine, ItemRow } from "./quote.server";

/** A line named in a failure: its key in the bag and what it is. */
export type LineRef = { key: string; itemId: number; name: string; size: string | null };

/** Why a claim could not be had: the line that is gone, the coupon, the holder's limit, a price, or contention. */
export type ClaimFailure =
  | { reason: "unavailable"; line: LineRef }
  | { reason: "coupon"; code: CouponRejection }
  | { reason: "priceChanged"; totalCents: number }
  | { reason: "holdLimit"; limit: HoldLimitBreach }
  | { reason: "busy" };

/** Thrown inside a transaction to roll it back and answer with a failure. */
export class Rejected extends Error {
  constructor(readonly failure: ClaimFailure) {
    super(failure.reason);
  }
}

/** The failure a claiming transaction ended with (contention after every retry is `busy`), or null for a bug. */
export function rejection(error: unknown): ClaimFailure | null {
  if (error instanceof Rejected) return error.failure;
  if (error instanceof Contended) return { reason: "busy" };
  return null;
}

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
export async function claim(tx: Db, order: OrderRef, lines: ClaimLine[], mode: ClaimMode, turnaroundMinutes: number) {
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
export const releaseTarget = sql`
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

export async function release(tx: Db, orderId: string, shopId: number) {
  await tx.execute(sql`
    with target as (select ${orderId}::uuid as id, ${shopId}::int as shop_id), ${releaseTarget}
    select 1`);
}

/** Units to claim in the order's own statement: the order's range (with the turnaround) and the hold's minutes. */
export type UnitClaim = { range: string; holdMinutes: number };

/** The SQLSTATE `units_short(gone)` raises (migration 0022) when the order's statement could not claim every unit. */
const UNITS_SHORT = "RU001";

/**
 * What a statement short of units means: the item and size nobody has enough of (its DETAIL), or null when
 * units were only taken by checkouts still running (worth waiting for). Any other error is thrown again.
 */
export function unitsGone(error: unknown): { itemId: number; size: string } | null {
  if (sqlState(error) !== UNITS_SHORT) throw error;
  let detail = "";
  for (let e = error as { detail?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.detail === "string") detail = e.detail;
  }
  const match = /^(\d+) (.+)$/.exec(detail);
  return match ? { itemId: Number(match[1]), size: match[2] } : null;
}

/**
 * The CTEs of the order's statement that claim its lines' units (`units` in writeOrder): `claimed`, and `gone`,
 * the first item and size with too few free units anywhere, which is only read when the claim fell short.
 * Each line's units are the slots `n` of its item and size, counted in the bag's order.
 */
export function unitsOfLines(order: { shopId: number; appId: Season; ownUnitsOnly: boolean }, units: UnitClaim) {
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
export async function checkHoldLimits(tx: Db, holder: string, lines: BagLine[], limits?: HoldLimits) {
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

export async function claimLinesOf(tx: Db, orderId: string): Promise<ClaimLine[]> {
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
