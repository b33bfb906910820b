/**
 * Changing a booked order: other dates, equipment added or removed, a person more or less, another size
 * (decision 028). The new order is priced by the same pricing as a new booking and claims through the same
 * functions as holdOrder (holds.server.ts), in one transaction, all or nothing.
 *
 * - A change that costs the same or less, and every change by staff, is applied at once: the order's
 *   claims are released and the new lines claimed, preferring the units the order had, so a unit the
 *   order holds for an overlapping period is kept.
 * - A customer's change that costs more waits for the difference to be paid: it is recorded `pending`,
 *   and its units are held with an expiry like a new hold (a unit the order keeps only for the part of
 *   the new period its booking does not cover). The old order stays as it is until the payment arrives;
 *   then `confirmOrderChange` applies it. Unpaid, the holds run out and the change expires.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { type Locale, pick, type Translated } from "../../domain/i18n";
import { type ChangeBy, type ChangeRequest, changeRefusal, type Span, uncovered } from "../../domain/order-change";
import { checkPeriod, type PeriodError, zonedInstant } from "../../domain/periods";
import { type Quote, roundCents, takenWaiver } from "../../domain/pricing";
import { ok, type Result } from "../../domain/result";
import { recordAudit } from "../admin/audit.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { inRetriedTransaction } from "../db/retry.server";
import { couponRedemptions, coupons, orderChanges, orderLines, orderPersons, orders } from "../db/schema";
import { LIVE_RESERVATION } from "../db/states.server";
import { getSettings } from "../settings/settings.server";
import { getShopCalendar } from "./calendar.server";
import {
  type ClaimFailure,
  type ClaimLine,
  claimService,
  claimStock,
  claimUnits,
  type LineRef,
  lockOrder,
  type OrderRef,
  Rejected,
  rejection,
  toRef,
} from "./claims.server";
import { expireDueOrders } from "./expiry.server";
import { type BagLine, type ItemRow, linePeaks, type QuoteContext, quoteBag } from "./quote.server";

type OrderRow = typeof orders.$inferSelect;

export type ChangeFailure =
  | { reason: "notFound" }
  | { reason: "notAllowed"; message: "order.change.notPaid" | "order.change.tooLate" }
  | { reason: "period"; errors: PeriodError[] }
  | { reason: "invalidLine" }
  | { reason: "unavailable"; line: LineRef }
  | { reason: "priceChanged"; totalCents: number }
  | { reason: "busy" };

/** A line of a changed order as its price shows it: the item, the package it is a piece of, and its person. */
type ChangePreviewLine = {
  key: string;
  name: Translated;
  size: string | null;
  quantity: number;
  personIndex: number | null;
  packageName: Translated | null;
};

export type ChangePreview = {
  oldTotalCents: number;
  newTotalCents: number;
  differenceCents: number;
  quote: Quote;
  lines: ChangePreviewLine[];
  hotel: QuoteContext["hotel"];
};

type Prepared = {
  order: OrderRow;
  period: { pickupAt: Date; returnAt: Date };
  lines: BagLine[];
  quote: Quote;
  items: Map<number, ItemRow>;
  hotel: QuoteContext["hotel"];
  /** By line key: the package a line is priced as a piece of. */
  packageNames: QuoteContext["packageNames"];
  /** The names of the peak windows the lines' surcharges come from. */
  peakNames: QuoteContext["peakNames"];
  couponApplies: boolean;
};

/** Checks and prices a change without writing anything. */
async function prepare(orderId: string, request: ChangeRequest, by: ChangeBy, now: Date, db: Db): Promise<Result<Prepared, ChangeFailure>> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "notFound" };
  const settings = await getSettings();
  const refusal = changeRefusal(order, by, settings.cancellationFreeHours, now);
  if (refusal) return { ok: false, reason: "notAllowed", message: refusal };

  const pickupAt = zonedInstant(request.pickupDate, request.pickupTime);
  const returnAt = zonedInstant(request.returnDate, request.returnTime);
  // The booked period was checked when booked; only a new one is held against today's calendar.
  const samePeriod = pickupAt.getTime() === order.pickupAt.getTime() && returnAt.getTime() === order.returnAt.getTime();
  if (!samePeriod) {
    const calendar = await getShopCalendar(order.shopId, order.appId, db);
    if (!calendar) return { ok: false, reason: "invalidLine" };
    const checked = checkPeriod(request, calendar, now);
    if (!checked.ok) return { ok: false, reason: "period", errors: checked.errors };
  }
  if (request.lines.some((l) => l.personIndex !== null && (l.personIndex < 0 || l.personIndex >= request.persons.length)))
    return { ok: false, reason: "invalidLine" };
  // A kept person keeps their age band, and with it the children's package price.
  const had = await db
    .select({ id: orderPersons.id, ageBand: orderPersons.ageBand })
    .from(orderPersons)
    .where(eq(orderPersons.orderId, order.id));
  const bandOf = (personIndex: number | null) =>
    personIndex === null ? null : (had.find((p) => p.id === request.persons[personIndex].ref)?.ageBand ?? null);
  const lines: BagLine[] = request.lines.map((line, index) => ({
    key: `lines.${index}`,
    itemId: line.itemId,
    size: line.size,
    quantity: line.quantity,
    personIndex: line.personIndex,
    packageId: line.packageId ?? null,
    ageBand: bandOf(line.personIndex),
  }));
  const [coupon] = order.couponId ? await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, order.couponId)) : [];
  const waiver = takenWaiver(order);
  // Priced as a new booking of the changed order made when the order was made (decision 028): an unchanged
  // order costs what it cost; packages, the early-booking discount, the hotel and the coupon are judged by the
  // day it was booked, and a waiver taken covers every piece and day at the price it was sold at.
  const priced = await quoteBag(
    {
      appId: order.appId,
      period: { pickupDate: request.pickupDate, returnDate: request.returnDate },
      lines,
      couponCode: coupon?.code ?? null,
      hotelId: order.hotelId,
      email: order.email,
      damageWaiver: waiver ? { dayCents: waiver.dayCents } : false,
      now: order.createdAt,
      orderId: order.id,
    },
    db,
  );
  if (!priced.ok) return { ok: false, reason: "invalidLine" };
  const { quote, items, hotel, packageNames, peakNames } = priced.value;
  return ok({
    order,
    period: { pickupAt, returnAt },
    lines,
    quote,
    items,
    hotel,
    packageNames,
    peakNames,
    couponApplies: quote.coupon?.applied === true,
  });
}

/** The price of a change, and the difference to what the order costs now. */
export async function previewChange(
  orderId: string,
  request: ChangeRequest,
  by: ChangeBy,
  db: Db = getDb(),
): Promise<Result<ChangePreview, ChangeFailure>> {
  const result = await prepare(orderId, request, by, new Date(), db);
  if (!result.ok) return result;
  const { order, quote, items, packageNames, hotel } = result.value;
  return ok({
    oldTotalCents: order.totalCents,
    newTotalCents: quote.totalCents,
    differenceCents: quote.totalCents - order.totalCents,
    quote,
    lines: result.value.lines.map((line) => ({
      key: line.key,
      name: items.get(line.itemId)!.name,
      size: line.size,
      quantity: line.quantity,
      personIndex: line.personIndex,
      packageName: packageNames.get(line.key) ?? null,
    })),
    hotel,
  });
}

export type ChangeOutcome = { id: number; status: "applied" | "pending"; differenceCents: number; newTotalCents: number };

/**
 * Changes an order, or writes nothing and says why (naming the line that cannot be had). Applied at once
 * unless a customer's change costs more: then it is held until the difference is paid (`pending`).
 * `expectedTotalCents` is the total the person was shown; another total is `priceChanged`.
 */
export async function changeOrder(
  orderId: string,
  request: ChangeRequest,
  options: { by: ChangeBy; userId?: string | null; expectedTotalCents?: number; now?: Date },
  db: Db = getDb(),
): Promise<Result<ChangeOutcome, ChangeFailure>> {
  const now = options.now ?? new Date();
  // What ran out is given back first, so the claims below see it (as before a new hold).
  await expireDueOrders(db);
  const result = await prepare(orderId, request, options.by, now, db);
  if (!result.ok) return result;
  const prepared = result.value;
  const { quote } = prepared;
  if (options.expectedTotalCents !== undefined && options.expectedTotalCents !== quote.totalCents)
    return { ok: false, reason: "priceChanged", totalCents: quote.totalCents };
  const settings = await getSettings();
  try {
    const change = await inRetriedTransaction(db, async (tx): Promise<ChangeOutcome> => {
      const order = await lockOrder(tx, orderId);
      // Checked again under the lock: a payment, cancellation or other change may have come first.
      if (order?.status !== "paid" || order.totalCents !== prepared.order.totalCents)
        throw new Rejected({ reason: "priceChanged", totalCents: quote.totalCents });
      const differenceCents = quote.totalCents - order.totalCents;
      const pending = options.by === "customer" && differenceCents > 0;
      // Another change still waiting for its payment is replaced by this one.
      await tx.execute(sql`
        with old as (
          update order_changes set status = 'expired'
          where order_id = ${order.id} and status = 'pending' returning id)
        update reservations set state = 'released' where state = 'held' and order_change_id in (select id from old)`);
      const [row] = await tx
        .insert(orderChanges)
        .values({
          orderId: order.id,
          status: "pending",
          by: options.by,
          userId: options.userId ?? null,
          request,
          oldTotalCents: order.totalCents,
          newTotalCents: quote.totalCents,
          differenceCents,
          expiresAt: pending ? sql`now() + make_interval(mins => ${settings.holdMinutes})` : null,
        })
        .returning({ id: orderChanges.id });
      if (pending) await holdChange(tx, { ...prepared, order }, row.id, settings);
      else await applyChange(tx, { ...prepared, order }, row.id, options.userId ?? null, settings.turnaroundMinutes);
      return { id: row.id, status: pending ? "pending" : "applied", differenceCents, newTotalCents: quote.totalCents };
    });
    return ok(change);
  } catch (error) {
    const failure = rejection(error);
    if (failure) return { ok: false, ...toChangeFailure(failure) };
    throw error;
  }
}

function toChangeFailure(failure: ClaimFailure): ChangeFailure {
  if (failure.reason === "unavailable" || failure.reason === "priceChanged" || failure.reason === "busy") return failure;
  return { reason: "invalidLine" };
}

function refOf(order: OrderRow, period: { pickupAt: Date; returnAt: Date }): OrderRef {
  return { ...toRef(order), ...period };
}

function claimLinesOf(prepared: Prepared, lineIds: number[], language: Locale): ClaimLine[] {
  return prepared.lines.map((line, i) => {
    const item = prepared.items.get(line.itemId)!;
    return {
      lineId: lineIds[i] ?? 0,
      kind: item.kind,
      itemId: item.id,
      size: line.size,
      quantity: line.quantity,
      ref: { key: line.key, itemId: item.id, name: pick(item.name, language), size: line.size },
    };
  });
}

const byItem = (a: ClaimLine, b: ClaimLine) => a.itemId - b.itemId || (a.size ?? "").localeCompare(b.size ?? "") || a.lineId - b.lineId;

/**
 * Holds what a change needs while its difference is paid, without touching the order. A unit the order
 * has booked is kept when the parts of the new period its booking does not cover are free (held for those
 * parts only); other units are held for the whole new period. Sale stock and service capacity are only
 * checked here: they are claimed when the change is applied.
 */
async function holdChange(tx: Db, prepared: Prepared, changeId: number, settings: { holdMinutes: number; turnaroundMinutes: number }) {
  const { order } = prepared;
  const ref = refOf(order, prepared.period);
  const wanted: Span = {
    start: prepared.period.pickupAt,
    end: new Date(prepared.period.returnAt.getTime() + settings.turnaroundMinutes * 60_000),
  };
  const own = await queryRows<{ unit_id: number; item_id: number; size: string | null; start: Date | string; end: Date | string }>(
    sql`
      select r.unit_id, l.item_id, l.size, lower(r.period) as start, upper(r.period) as end
      from reservations r join order_lines l on l.id = r.order_line_id
      where l.order_id = ${order.id} and r.state = 'confirmed'
      order by r.unit_id`,
    tx,
  );
  const oldLines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const lines = claimLinesOf(prepared, [], order.language as Locale).sort(byItem);
  const used = new Set<number>();
  for (const line of lines) {
    if (line.kind === "rental" || line.kind === "depot") {
      let kept = 0;
      for (const unit of own) {
        if (kept >= line.quantity) break;
        if (used.has(unit.unit_id) || unit.item_id !== line.itemId || unit.size !== line.size) continue;
        const parts = uncovered({ start: new Date(unit.start), end: new Date(unit.end) }, wanted);
        if (!(await partsFree(tx, unit.unit_id, parts))) continue;
        for (const part of parts)
          await tx.execute(sql`
            insert into reservations (unit_id, order_change_id, period, state, expires_at)
            values (${unit.unit_id}, ${changeId}, ${`[${part.start.toISOString()},${part.end.toISOString()})`}::tstzrange, 'held',
                    now() + make_interval(mins => ${settings.holdMinutes}))`);
        used.add(unit.unit_id);
        kept++;
      }
      if (kept < line.quantity)
        await claimUnits(
          tx,
          ref,
          { ...line, quantity: line.quantity - kept },
          { state: "held", holdMinutes: settings.holdMinutes },
          settings.turnaroundMinutes,
          {
            changeId,
          },
        );
    } else if (line.kind === "sale") {
      // The order's own articles come back when the change is applied: only more than those must be in stock.
      const had = oldLines.filter((l) => l.itemId === line.itemId && l.size === line.size).reduce((n, l) => n + l.quantity, 0);
      const more = line.quantity - had;
      if (more <= 0) continue;
      const [row] = await queryRows<{ quantity: number }>(
        sql`select quantity from stock where item_id = ${line.itemId} and shop_id = ${order.shopId} and size = ${line.size ?? ""}`,
        tx,
      );
      if (!row || row.quantity < more) throw new Rejected({ reason: "unavailable", line: line.ref });
    } else {
      await claimService(tx, ref, line);
    }
  }
}

/** Whether a unit has no live reservation in any of these parts (its row locked, as a claim locks it). */
async function partsFree(tx: Db, unitId: number, parts: Span[]): Promise<boolean> {
  const [unit] = await queryRows<{ id: number }>(sql`select id from units where id = ${unitId} and status = 'active' for update`, tx);
  if (!unit) return false;
  for (const part of parts) {
    const [busy] = await queryRows<{ n: number }>(
      sql`
        select count(*)::int as n from reservations r
        where r.unit_id = ${unitId} and ${LIVE_RESERVATION}
          and r.period && ${`[${part.start.toISOString()},${part.end.toISOString()})`}::tstzrange`,
      tx,
    );
    if (Number(busy?.n ?? 0) > 0) return false;
  }
  return true;
}

/** What the audit log keeps of an order before and after a change. */
async function summary(tx: Db, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const persons = await tx.select().from(orderPersons).where(eq(orderPersons.orderId, orderId)).orderBy(asc(orderPersons.position));
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  return {
    pickupAt: order.pickupAt.toISOString(),
    returnAt: order.returnAt.toISOString(),
    totalCents: order.totalCents,
    persons: persons.map((p) => p.firstName),
    lines: lines.map((l) => `${l.quantity} × ${l.name}${l.size ? ` (${l.size})` : ""}`),
  };
}

/**
 * Turns the order into the changed one, in the caller's transaction: its claims (and the change's holds)
 * are released, the persons and lines written anew and claimed as bookings, preferring the units the
 * order had; the totals, the audit entry and the change's status follow.
 */
async function applyChange(tx: Db, prepared: Prepared, changeId: number, userId: string | null, turnaroundMinutes: number) {
  const { order, quote, period } = prepared;
  const before = await summary(tx, order.id);
  const released = await queryRows<{ unit_id: number }>(
    sql`
      update reservations set state = 'released'
      where state in ('held', 'confirmed')
        and (order_line_id in (select id from order_lines where order_id = ${order.id}) or order_change_id = ${changeId})
      returning unit_id`,
    tx,
  );
  await tx.execute(sql`
    update stock s set quantity = s.quantity + l.quantity
    from (select item_id, coalesce(size, '') as size, sum(quantity)::int as quantity
          from order_lines where order_id = ${order.id} and kind = 'sale' group by 1, 2) l
    where s.item_id = l.item_id and s.shop_id = ${order.shopId} and s.size = l.size`);
  const oldPersons = await tx.select().from(orderPersons).where(eq(orderPersons.orderId, order.id));
  await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  await tx.delete(orderPersons).where(eq(orderPersons.orderId, order.id));

  const request = await changeRequestOf(tx, changeId);
  const persons =
    request.persons.length === 0
      ? []
      : await tx
          .insert(orderPersons)
          .values(
            request.persons.map((p, position) => {
              // A person the order had keeps their measures (the sizes were chosen for them).
              const had = oldPersons.find((o) => o.id === p.ref);
              return {
                orderId: order.id,
                position,
                firstName: p.firstName,
                lastName: had?.lastName ?? null,
                heightCm: had?.heightCm ?? null,
                weightKg: had?.weightKg ?? null,
                skill: had?.skill ?? null,
                shoeSize: had?.shoeSize ?? null,
                ageBand: had?.ageBand ?? null,
                age: had?.age ?? null,
              };
            }),
          )
          .returning({ id: orderPersons.id });
  const language = order.language as Locale;
  const quoted = new Map(quote.lines.map((l) => [l.key, l]));
  const lineRows = await tx
    .insert(orderLines)
    .values(
      prepared.lines.map((line) => {
        const item = prepared.items.get(line.itemId)!;
        const price = quoted.get(line.key)!;
        const packageName = prepared.packageNames.get(line.key);
        return {
          orderId: order.id,
          personId: line.personIndex === null ? null : persons[line.personIndex].id,
          itemId: item.id,
          kind: item.kind,
          name: pick(item.name, language),
          size: line.size,
          quantity: line.quantity,
          unitPriceCents: roundCents(price.subtotalCents / line.quantity),
          subtotalCents: price.subtotalCents,
          totalCents: price.totalCents,
          vatRateBp: price.vatRateBp,
          packageId: packageName ? (line.packageId ?? null) : null,
          packageName: packageName ? pick(packageName, language) : null,
          surchargeCents: price.surchargeCents,
          peaks: linePeaks(price, prepared.peakNames, language),
        };
      }),
    )
    .returning({ id: orderLines.id });
  const ref = refOf(order, period);
  const prefer = [...new Set(released.map((r) => r.unit_id))];
  for (const line of claimLinesOf(
    prepared,
    lineRows.map((r) => r.id),
    language,
  ).sort(byItem)) {
    if (line.kind === "rental" || line.kind === "depot")
      await claimUnits(tx, ref, line, { state: "confirmed" }, turnaroundMinutes, { prefer });
    else if (line.kind === "sale") await claimStock(tx, ref, line);
    else await claimService(tx, ref, line);
  }
  // A coupon the changed order no longer reaches (its minimum, its categories) gives its use back.
  if (order.couponId !== null && !prepared.couponApplies) {
    const gone = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)).returning();
    if (gone.length > 0)
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.id, order.couponId));
  }
  await tx
    .update(orders)
    .set({
      pickupAt: period.pickupAt,
      returnAt: period.returnAt,
      subtotalCents: quote.subtotalCents,
      discountCents: quote.discountCents,
      totalCents: quote.totalCents,
      vatCents: quote.vatCents,
      vatBreakdown: quote.vat.map((v) => ({ rateBp: v.rateBp, netCents: v.netCents, vatCents: v.vatCents })),
      discounts: quote.discounts.map((d) => ({ kind: d.kind, label: d.label, amountCents: d.amountCents, percent: d.percent })),
      damageWaiverCents: quote.damageWaiver?.chosen ? quote.damageWaiver.amountCents : 0,
      damageWaiverDayCents: quote.damageWaiver?.chosen ? quote.damageWaiver.dayCents : null,
      couponId: prepared.couponApplies ? order.couponId : null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id));
  await tx.update(orderChanges).set({ status: "applied", appliedAt: sql`now()`, expiresAt: null }).where(eq(orderChanges.id, changeId));
  await recordAudit(tx, { userId, action: "change", entity: "order", entityId: order.id, before, after: await summary(tx, order.id) });
}

async function changeRequestOf(tx: Db, changeId: number): Promise<ChangeRequest> {
  const [row] = await tx.select({ request: orderChanges.request }).from(orderChanges).where(eq(orderChanges.id, changeId));
  return row.request;
}

export type ConfirmChangeOutcome = "applied" | "alreadyApplied" | "failed" | "notFound";

/**
 * The difference of a pending change was paid: the change is applied, also after its holds ran out when
 * the units are still free. When it can no longer be had (or the order was cancelled meanwhile), the
 * change fails, the order stays as it was, and the caller refunds the difference.
 */
export async function confirmOrderChange(changeId: number, db: Db = getDb()): Promise<ConfirmChangeOutcome> {
  const [change] = await db.select().from(orderChanges).where(eq(orderChanges.id, changeId));
  if (!change) return "notFound";
  if (change.status === "applied") return "alreadyApplied";
  if (change.status === "failed") return "failed";
  const request = change.request;
  const settings = await getSettings();
  const fails = async () => {
    await db
      .update(orderChanges)
      .set({ status: "failed", expiresAt: null })
      .where(and(eq(orderChanges.id, changeId), sql`${orderChanges.status} <> 'applied'`));
    await db.execute(sql`update reservations set state = 'released' where state = 'held' and order_change_id = ${changeId}`);
    return "failed" as const;
  };
  // The policy was checked when the change was asked for; the payment only completes it.
  const result = await prepare(change.orderId, request, "staff", new Date(0), db);
  if (!result.ok || result.value.quote.totalCents !== change.newTotalCents) return fails();
  try {
    return await inRetriedTransaction(db, async (tx): Promise<ConfirmChangeOutcome> => {
      const order = await lockOrder(tx, change.orderId);
      const [current] = await tx.select().from(orderChanges).where(eq(orderChanges.id, changeId)).for("update");
      if (current?.status === "applied") return "alreadyApplied";
      // Cancelled, changed otherwise meanwhile, or given up: this change can no longer be applied.
      if (order?.status !== "paid" || order.totalCents !== change.oldTotalCents || current?.status === "failed")
        throw new Rejected({ reason: "busy" });
      await applyChange(tx, { ...result.value, order }, changeId, change.userId, settings.turnaroundMinutes);
      return "applied";
    });
  } catch (error) {
    if (!rejection(error)) throw error;
    return fails();
  }
}

/** Ends a change waiting for its payment (the payment failed or the customer went back): its holds are given back. */
export async function expireOrderChange(changeId: number, db: Db = getDb()): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(orderChanges)
      .set({ status: "expired", expiresAt: null })
      .where(and(eq(orderChanges.id, changeId), eq(orderChanges.status, "pending")))
      .returning({ id: orderChanges.id });
    if (updated.length > 0)
      await tx.execute(sql`update reservations set state = 'released' where state = 'held' and order_change_id = ${changeId}`);
  });
}
