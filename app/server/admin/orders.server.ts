/**
 * Orders in the back office: the list (and its CSV export), the order with everything a clerk needs, and
 * what happens at the counter: handing out (with the unit codes scanned), taking back, cancelling with a
 * refund, sending the confirmation again. Staff see and change only their branches' orders.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from "drizzle-orm";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import {
  type CsvDialect,
  csvDateTime,
  csvDecimal,
  csvRow,
  daysUntilPickup,
  EARLY_PICKUP_DAYS,
  type OrderAction,
  type OrdersQuery,
  orderActions,
} from "../../domain/admin/order";
import { fail, ok, type Result } from "../../domain/result";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { cancelOrder } from "../booking/holds.server";
import { type ClerkBinding, settledBindings, skiLineBindings } from "../counter/binding.server";
import { releaseOnCancel } from "../counter/deposits.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { sqlState } from "../db/retry.server";
import { emailOutbox, orderLines, orderPersons, orders, payments, reservations, shops, units, users } from "../db/schema";
import { sendCancellationEmail } from "../orders/cancellation.server";
import { sendOrderConfirmation } from "../orders/confirmation.server";
import { getOrderById } from "../orders/orders.server";
import { cancelAndRefund } from "../payments/payments.server";
import { getSettings } from "../settings/settings.server";
import { auditTrail, recordAudit } from "./audit.server";
import { foldedMatch } from "./search.server";

/** The start of a day in the shop's time zone, as an instant. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

function ordersWhere(user: BackOfficeUser, query: OrdersQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (user.shopIds !== null) filters.push(user.shopIds.length > 0 ? inArray(orders.shopId, user.shopIds) : sql`false`);
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(
        ilike(orders.number, pattern),
        foldedMatch(orders.invoiceName, query.q),
        foldedMatch(orders.email, query.q),
        ilike(orders.phone, pattern),
      ) as SQL,
    );
  }
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.shop) filters.push(eq(orders.shopId, query.shop));
  if (query.app) filters.push(eq(orders.appId, query.app));
  if (query.source) filters.push(eq(orders.source, query.source));
  if (query.from) filters.push(gte(orders.pickupAt, dayStart(query.from)));
  if (query.to) filters.push(lt(orders.pickupAt, sql`${dayStart(query.to)} + interval '1 day'`));
  return filters.length > 0 ? and(...filters) : undefined;
}

function ordering(query: OrdersQuery) {
  const column = { created: orders.createdAt, pickup: orders.pickupAt, number: orders.number, total: orders.totalCents }[query.sort];
  return [query.dir === "desc" ? desc(column) : asc(column), desc(orders.createdAt)];
}

const listColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  source: orders.source,
  name: orders.invoiceName,
  email: orders.email,
  phone: orders.phone,
  pickupAt: orders.pickupAt,
  returnAt: orders.returnAt,
  totalCents: orders.totalCents,
  damageWaiverCents: orders.damageWaiverCents,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  shop: shops.name,
  shopId: orders.shopId,
  appId: orders.appId,
};

export async function listOrders(user: BackOfficeUser, query: OrdersQuery) {
  const db = getDb();
  const where = ordersWhere(user, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(where)
      .orderBy(...ordering(query))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return pageOf(rows, total, query.page);
}

/**
 * The order a search names exactly by its number (as a clerk types or scans it, in any case), when the user
 * may see it: the counter's search goes straight to it instead of to a list of one.
 */
export async function orderNumbered(user: BackOfficeUser, text: string | undefined): Promise<string | null> {
  if (!text || !/^R-\d{4}-\d{6}$/i.test(text)) return null;
  const [row] = await getDb()
    .select({ id: orders.id, shopId: orders.shopId })
    .from(orders)
    .where(eq(orders.number, text.toUpperCase()))
    .limit(1);
  return row && (user.shopIds === null || user.shopIds.includes(row.shopId)) ? row.id : null;
}

/** Most rows one export holds; narrower filters give the rest. */
const EXPORT_LIMIT = 20_000;

/**
 * The filtered list as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the accents right), in
 * the language's dialect (`csvDialect`) with states, channels and seasons in its words (`words`).
 */
export async function exportOrders(
  user: BackOfficeUser,
  query: OrdersQuery,
  header: string[],
  dialect: CsvDialect,
  words: (key: string) => string,
): Promise<string> {
  const rows = await getDb()
    .select(listColumns)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(ordersWhere(user, query))
    .orderBy(...ordering(query))
    .limit(EXPORT_LIMIT);
  const lines = [
    csvRow(header, dialect),
    ...rows.map((r) =>
      csvRow(
        [
          r.number,
          words(`order.status.${r.status}`),
          words(`admin.orders.sources.${r.source}`),
          r.shop,
          words(`season.${r.appId}`),
          csvDateTime(r.createdAt),
          csvDateTime(r.pickupAt),
          csvDateTime(r.returnAt),
          r.name,
          r.email,
          r.phone,
          csvDecimal(r.totalCents / 100, 2, dialect),
          csvDateTime(r.paidAt),
          // Last, so spreadsheets made for the earlier columns keep reading them in place.
          csvDecimal(r.damageWaiverCents / 100, 2, dialect),
        ],
        dialect,
      ),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * The order as staff see it: the one order view (`getOrderById`) with the units reserved and handed out per
 * line, the clerk who made it, payments, e-mails, bindings and audit trail; null when missing or not the
 * user's branch.
 */
export async function getAdminOrder(user: BackOfficeUser, id: string) {
  const db = getDb();
  const found = await getOrderById(id);
  if (!found || !worksAt(user, found.order.shopId)) return null;
  const { persons, lines, ...row } = found;
  const [[creator], reserved, paymentRows, emails, audit] = await Promise.all([
    row.order.createdBy === null ? [] : db.select({ email: users.email }).from(users).where(eq(users.id, row.order.createdBy)),
    db
      .select({ lineId: reservations.orderLineId, code: units.code, state: reservations.state, shopId: units.shopId })
      .from(reservations)
      .innerJoin(units, eq(units.id, reservations.unitId))
      .innerJoin(orderLines, eq(orderLines.id, reservations.orderLineId))
      .where(and(eq(orderLines.orderId, id), inArray(reservations.state, ["held", "confirmed"])))
      .orderBy(asc(units.code)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt)),
    db
      .select({
        kind: emailOutbox.kind,
        to: emailOutbox.to,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, id))
      .orderBy(asc(emailOutbox.createdAt)),
    auditTrail("order", id),
  ]);
  const handedOut = new Map<number, string>();
  const unitIds = lines.map((l) => l.unitId).filter((u): u is number => u !== null);
  if (unitIds.length > 0) {
    for (const unit of await db.select({ id: units.id, code: units.code }).from(units).where(inArray(units.id, unitIds)))
      handedOut.set(unit.id, unit.code);
  }
  const bindings = await skiLineBindings(db, row.order.shopId, lines, persons);
  return {
    ...row,
    createdBy: creator?.email ?? null,
    persons,
    bindings,
    lines: lines.map((line) => ({
      ...line,
      reservedCodes: reserved.filter((r) => r.lineId === line.id).map((r) => r.code),
      handedOutCode: line.unitId === null ? null : (handedOut.get(line.unitId) ?? null),
    })),
    payments: paymentRows,
    emails,
    audit,
    actions: orderActions(row.order.status),
  };
}

/** Locks the order and checks the user may act on it and the action fits its status. */
async function lockForAction(tx: Db, user: BackOfficeUser, id: string, action: OrderAction) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order || !worksAt(user, order.shopId)) return { order: null, error: null } as const;
  if (!orderActions(order.status).includes(action)) return { order, error: "admin.orders.errors.notNow" } as const;
  return { order, error: null } as const;
}

class PickupRefused extends Error {
  constructor(
    readonly errors: Record<string, string>,
    readonly params?: Record<string, string>,
  ) {
    super("pickup refused");
  }
}

/**
 * Hands the order out: for every rental line (equipment, depot lockers) the clerk scans or types the codes
 * of the units given to the customer. A reserved unit is taken as it is; another unit of the same item and
 * size takes over the reservation when it is free for the period (the exclusion constraint decides), so the
 * customer can have whichever pair is at hand. Every line is checked before anything is refused, so the
 * clerk learns of all the wrong or booked pieces at once. The same hand-out sent again (a double click, a
 * reload) finds it done and answers as done. Not found when the order is missing or another branch's.
 */
export async function pickUpOrder(
  user: BackOfficeUser,
  id: string,
  codesByLine: Record<string, string[]>,
  options: { early: boolean; now?: Date; bindings?: Record<string, ClerkBinding> } = { early: false },
): Promise<Result> {
  try {
    return await getDb().transaction(async (tx) => {
      const { order, error } = await lockForAction(tx as unknown as Db, user, id, "pickup");
      if (!order) return fail.notFound();
      if (error) {
        if (order.status === "picked_up" && (await handedOutAs(tx as unknown as Db, id, codesByLine))) return ok();
        return fail.invalid({ form: error });
      }
      const ahead = daysUntilPickup(order.pickupAt, options.now ?? new Date());
      if (ahead >= EARLY_PICKUP_DAYS && !options.early) return fail.conflict({ form: "admin.orders.errors.earlyPickup" }, { count: ahead });
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
      const errors: Record<string, string> = {};
      const used = new Set<string>();
      const handOut: { lineId: number; unitIds: number[]; codes: Map<number, string> }[] = [];
      for (const line of lines.filter((l) => l.kind === "rental" || l.kind === "depot")) {
        const field = `codes.${line.id}`;
        const codes = codesByLine[String(line.id)] ?? [];
        if (codes.length !== line.quantity) {
          errors[field] = line.quantity === 1 ? "admin.orders.errors.oneCode" : "admin.orders.errors.codeCount";
          continue;
        }
        if (codes.some((code) => used.has(code))) {
          errors[field] = "admin.orders.errors.codeTwice";
          continue;
        }
        for (const code of codes) used.add(code);
        // Labels are printed in capitals, but a code typed by hand may not be.
        const found = await tx
          .select()
          .from(units)
          .where(inArray(sql`upper(${units.code})`, codes));
        if (found.length !== codes.length) errors[field] = "admin.orders.errors.unknownCode";
        else if (found.some((u) => u.itemId !== line.itemId || (u.size ?? null) !== (line.size ?? null)))
          errors[field] = "admin.orders.errors.wrongItem";
        else if (found.some((u) => u.status !== "active")) errors[field] = "admin.orders.errors.unitNotActive";
        else handOut.push({ lineId: line.id, unitIds: found.map((u) => u.id), codes: new Map(found.map((u) => [u.id, u.code])) });
      }
      // Every line's swaps are tried, each in a savepoint, so that all the booked pieces are named at once.
      const busy: string[] = [];
      for (const { lineId, unitIds, codes } of handOut) {
        const live = await tx
          .select({ id: reservations.id, unitId: reservations.unitId })
          .from(reservations)
          .where(and(eq(reservations.orderLineId, lineId), eq(reservations.state, "confirmed")))
          .orderBy(asc(reservations.id));
        const keep = new Set(unitIds.filter((unitId) => live.some((r) => r.unitId === unitId)));
        const spare = live.filter((r) => !keep.has(r.unitId));
        for (const unitId of unitIds.filter((u) => !keep.has(u))) {
          const reservation = spare.shift();
          if (reservation && (await swapped(tx as unknown as Db, reservation.id, unitId))) continue;
          errors[`codes.${lineId}`] = "admin.orders.errors.codeBusy";
          busy.push(codes.get(unitId) ?? "");
        }
      }
      if (busy.length > 0) errors.form = "admin.orders.errors.codesBusy";
      if (Object.keys(errors).length > 0) throw new PickupRefused(errors, busy.length > 0 ? { codes: busy.join(", ") } : undefined);
      for (const { lineId, unitIds } of handOut) await tx.update(orderLines).set({ unitId: unitIds[0] }).where(eq(orderLines.id, lineId));
      // The skis go out with their binding set: the clerk's value, else the table's with the boots handed out now.
      const clerk = options.bindings ?? {};
      const persons = await tx.select().from(orderPersons).where(eq(orderPersons.orderId, id));
      const bootUnits = new Map(handOut.map((h) => [h.lineId, h.unitIds[0]]));
      const bindings = settledBindings(
        await skiLineBindings(tx as unknown as Db, order.shopId, lines, persons, { bootUnits, clerk }),
        clerk,
      );
      for (const [lineId, binding] of bindings) await tx.update(orderLines).set({ binding }).where(eq(orderLines.id, lineId));
      const setBindings = [...bindings].filter(([, binding]) => binding !== null);
      const [after] = await tx
        .update(orders)
        .set({ status: "picked_up", pickedUpAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
        .returning();
      await recordAudit(tx as unknown as Db, {
        userId: user.id,
        action: "pickup",
        entity: "order",
        entityId: id,
        before: { status: order.status },
        after: {
          status: after.status,
          units: Object.fromEntries(handOut.map((h) => [h.lineId, h.unitIds])),
          ...(setBindings.length > 0 ? { bindings: Object.fromEntries(setBindings) } : {}),
        },
      });
      return ok();
    });
  } catch (error) {
    if (error instanceof PickupRefused) return fail.invalid(error.errors, error.params);
    throw error;
  }
}

/** Moves a reservation to another unit, or false when that unit is booked then (the exclusion constraint says so). */
async function swapped(tx: Db, reservationId: number, unitId: number): Promise<boolean> {
  try {
    // A savepoint, so that a refused swap answers with a message instead of aborting the transaction.
    await tx.transaction(async (swap) => {
      await swap.update(reservations).set({ unitId }).where(eq(reservations.id, reservationId));
    });
    return true;
  } catch (error) {
    if (sqlState(error) === "23P01") return false;
    throw error;
  }
}

/**
 * Whether an order already handed out went out with exactly these codes per line: then a second hand-out
 * (a double click, a second tab) is the same one, done, not an order in the wrong state.
 */
async function handedOutAs(tx: Db, id: string, codesByLine: Record<string, string[]>): Promise<boolean> {
  const rows = await tx
    .select({ lineId: orderLines.id, code: units.code })
    .from(orderLines)
    .innerJoin(reservations, and(eq(reservations.orderLineId, orderLines.id), eq(reservations.state, "confirmed")))
    .innerJoin(units, eq(units.id, reservations.unitId))
    .where(and(eq(orderLines.orderId, id), inArray(orderLines.kind, ["rental", "depot"])));
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(String(row.lineId), [...(out.get(String(row.lineId)) ?? []), row.code.toUpperCase()]);
  if (out.size === 0) return false;
  const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
  return [...out].every(([lineId, codes]) => same(codes, codesByLine[lineId] ?? []));
}

/**
 * Takes the equipment back, with the clerk's note. Damage is reported per unit (damage.server.ts, decision
 * 046). Units given back early are free again after the turnaround buffer instead of at the booked end.
 */
export async function returnOrder(user: BackOfficeUser, id: string, input: { note: string | null }): Promise<Result> {
  const { note } = input;
  const { turnaroundMinutes } = await getSettings();
  return getDb().transaction(async (tx) => {
    const { order, error } = await lockForAction(tx as unknown as Db, user, id, "return");
    if (!order) return fail.notFound();
    if (error) return fail.invalid({ form: error });
    await queryRows(
      sql`
        update reservations r
        set period = tstzrange(lower(r.period), greatest(lower(r.period) + interval '1 minute',
                                                         least(upper(r.period), now() + make_interval(mins => ${turnaroundMinutes}))))
        from order_lines l
        where l.id = r.order_line_id and l.order_id = ${id} and r.state = 'confirmed'
        returning r.id`,
      tx as unknown as Db,
    );
    const [after] = await tx
      .update(orders)
      .set({ status: "returned", returnedAt: sql`now()`, returnNote: note, updatedAt: sql`now()` })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      userId: user.id,
      action: "return",
      entity: "order",
      entityId: id,
      before: { status: order.status },
      after: { status: after.status, returnNote: note },
    });
    return ok();
  });
}

/** Cancels an order for the customer, with or without giving the money back (staff decide, not the online policy). */
export async function cancelByStaff(
  user: BackOfficeUser,
  id: string,
  options: { refund: boolean; reason: string | null },
  origin: string,
): Promise<Result> {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
  if (!order || !worksAt(user, order.shopId)) return fail.notFound();
  const done = await cancelWithRules(order, { ...options, by: user.email, userId: user.id }, origin);
  return done ? ok() : fail.invalid({ form: "admin.orders.errors.notNow" });
}

/**
 * Cancels an order as the back office does, for a clerk or an API key (`by` names who, `userId` is null for a
 * key): refunded or not, the customer told, the deposit released, audited. False when the order's status no
 * longer allows it.
 */
export async function cancelWithRules(
  order: typeof orders.$inferSelect,
  options: { refund: boolean; reason: string | null; by: string; userId: string | null },
  origin: string,
): Promise<boolean> {
  const db = getDb();
  const id = order.id;
  if (!orderActions(order.status).includes("cancel")) return false;
  const note = `Cancelled by ${options.by}${options.reason ? `: ${options.reason}` : ""}`;
  let done: boolean;
  if (options.refund) done = await cancelAndRefund(id, note, origin);
  else {
    const cancelled = await cancelOrder(id, { note });
    done = cancelled.ok;
    // A paid order was confirmed to the customer, who now hears that it is off and that no money comes back.
    if (cancelled.ok && cancelled.value.wasPaid) await sendCancellationEmail(id, origin, { how: "none" });
  }
  if (!done) return false;
  await releaseOnCancel(id); // deposits (decision 045)
  const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  await recordAudit(db, {
    userId: options.userId,
    action: options.refund ? "refund" : "cancel",
    entity: "order",
    entityId: id,
    before: { status: order.status },
    after: { status: after.status, reason: options.reason, ...(options.userId ? {} : { by: options.by }) },
  });
  return true;
}

/** Sends the confirmation e-mail again (each resend is its own outbox message). */
export async function resendConfirmation(user: BackOfficeUser, id: string, origin: string): Promise<Result> {
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || !worksAt(user, order.shopId)) return fail.notFound();
  if (!orderActions(order.status).includes("resend")) return fail.invalid({ form: "admin.orders.errors.notNow" });
  if (!order.email) return fail.invalid({ form: "admin.orders.errors.noEmail" });
  const [{ n }] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, id), like(emailOutbox.kind, "confirmation%")));
  const queued = await sendOrderConfirmation(id, origin, `confirmation-${n + 1}`);
  if (!queued) return fail.invalid({ form: "admin.orders.errors.tryAgain" });
  await recordAudit(db, { userId: user.id, action: "resend", entity: "order", entityId: id, after: { to: order.email } });
  return ok();
}

/** The branches a user may pick for a counter order or filter by. */
export async function branchesOf(user: BackOfficeUser) {
  const rows = await getDb().select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.active, true)).orderBy(asc(shops.sort));
  return rows.filter((shop) => worksAt(user, shop.id));
}
