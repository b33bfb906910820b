/**
 * Deposits (decision 045, docs/architecture.md §6.4): an authorisation on the card saved at checkout, made
 * when it still holds at the return (at once when the rental is paid, else at the hand-out), then released
 * or partly captured by the clerk at the return. A counter order's deposit is taken at the counter and only
 * recorded.
 *
 * Every change locks the order's row first and checks the deposit's state under that lock, so a double
 * click, a second process or a provider's event arriving at the same moment waits and then finds the work
 * done. The provider is called inside that transaction with an idempotency key per deposit and action: a
 * retried call after a lost answer repeats nothing, and money moves once.
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  authorisationInTime,
  authoriseAtPayment,
  authoriseFrom,
  captureSchema,
  counterDepositSchema,
  type DepositIntent,
  depositDue,
  lapsesBeforeReturn,
  mayAuthorise,
  mayTakeAtCounter,
  statusNow,
} from "../../domain/counter/deposits";
import { parse } from "../../domain/forms";
import { isHandedOut, isOpen } from "../../domain/order-states";
import { fail, ok, type Result, under } from "../../domain/result";
import type { DepositStatus } from "../../domain/vocabulary";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { type Db, getDb } from "../db/client.server";
import { deposits, items, orderLines, orders, payments, webhookEvents } from "../db/schema";
import { logger } from "../log.server";
import { COUNTER_PROVIDER, getPaymentProvider } from "../payments/payments.server";
import { type DepositEvent, DepositLapsedError, type ProviderId } from "../payments/provider.server";

type Deposit = typeof deposits.$inferSelect;
type Order = typeof orders.$inferSelect;

/** The deposit an order asks now: its rental lines' item deposits. */
export async function depositDueOf(orderId: string, db: Db = getDb()): Promise<number> {
  const lines = await db
    .select({ kind: orderLines.kind, quantity: orderLines.quantity, depositCents: items.depositCents })
    .from(orderLines)
    .innerJoin(items, eq(items.id, orderLines.itemId))
    .where(eq(orderLines.orderId, orderId));
  return depositDue(lines);
}

/** The deposit a bag would ask, shown at the checkout before the customer pays. */
export async function depositForLines(lines: { itemId: number; kind: string; quantity: number }[], db: Db = getDb()): Promise<number> {
  const ids = [...new Set(lines.map((line) => line.itemId))];
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: items.id, depositCents: items.depositCents }).from(items).where(inArray(items.id, ids));
  const depositOf = new Map(rows.map((row) => [row.id, row.depositCents]));
  return depositDue(lines.map((line) => ({ ...line, depositCents: depositOf.get(line.itemId) ?? 0 })));
}

async function depositsOf(orderId: string, db: Db): Promise<Deposit[]> {
  return db.select().from(deposits).where(eq(deposits.orderId, orderId)).orderBy(desc(deposits.id));
}

/** The order's deposit: the newest one still pending or authorised, else the newest. */
function currentOf(rows: Deposit[]): Deposit | null {
  return rows.find((row) => row.status === "pending" || row.status === "authorised") ?? rows[0] ?? null;
}

/** Locks the order (the one place deposit changes queue up) and reads its deposits under the lock. */
async function lockOrder(tx: Db, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ? { order, rows: await depositsOf(orderId, tx) } : null;
}

/** The rental's card payment whose card was saved for the deposit. */
async function cardPaymentOf(orderId: string, db: Db) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        isNull(payments.orderChangeId),
        ne(payments.provider, COUNTER_PROVIDER),
        inArray(payments.status, ["succeeded", "refunded"]),
        isNotNull(payments.paymentRef),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return payment ?? null;
}

const setDeposit = (db: Db, id: number, values: Partial<typeof deposits.$inferInsert>) =>
  db
    .update(deposits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deposits.id, id));

/** What the audit trail keeps of a deposit. */
// Flat fields the order's audit trail shows in words: the state, money, the authorisation's end, the reason.
const trail = (deposit: Partial<Deposit>) => ({
  depositStatus: deposit.status,
  depositCents: deposit.amountCents,
  depositKeptCents: deposit.capturedCents,
  depositUntil: deposit.expiresAt,
  depositReason: deposit.reason,
});

/**
 * The rental of an online order was paid: its deposit is noted, and authorised at once when an
 * authorisation made now still holds after the return; otherwise at the hand-out. Never throws: the
 * payment stands whatever happens here, and the hand-out tries again.
 */
export async function openDeposit(orderId: string, db: Db = getDb(), now = new Date()): Promise<void> {
  try {
    const amountCents = await depositDueOf(orderId, db);
    if (amountCents === 0) return;
    const payment = await cardPaymentOf(orderId, db);
    if (!payment) return;
    const opened = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx as unknown as Db, orderId);
      // A second delivery of the payment finds the deposit already noted.
      if (!locked || locked.rows.length > 0) return null;
      await tx.insert(deposits).values({ orderId, provider: payment.provider, amountCents, status: "pending" });
      return locked.order;
    });
    if (opened && authoriseAtPayment(now, opened.returnAt)) await authoriseDeposit(null, orderId, { db, now });
  } catch (error) {
    logger.error({ err: error, orderId }, "deposit not opened: it is authorised at the hand-out");
  }
}

/**
 * Authorises the order's deposit on the saved card: a pending one, or a new one when the last lapsed, was
 * refused, or lapses before the return within a day (the new one replaces it, and the old one is
 * released). `user` is null when the shop does it itself (at payment).
 */
export async function authoriseDeposit(
  user: BackOfficeUser | null,
  orderId: string,
  options: { db?: Db; now?: Date } = {},
): Promise<Result<DepositStatus>> {
  const { db = getDb(), now = new Date() } = options;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await lockOrder(tx, orderId);
    if (!locked || (user && !worksAt(user, locked.order.shopId))) return fail.notFound();
    const { order, rows } = locked;
    if (!isOpen(order.status)) return fail.conflict({ form: "admin.deposit.errors.notNow" });
    if (!authorisationInTime(order.status, order.returnAt, now)) return fail.conflict({ form: "admin.deposit.errors.tooEarly" });
    const current = currentOf(rows);
    if (!mayAuthorise(current, order.returnAt, now)) return fail.conflict({ form: "admin.deposit.errors.notNow" });
    const amountCents = await depositDueOf(orderId, tx);
    if (amountCents === 0) return fail.conflict({ form: "admin.deposit.errors.noneDue" });
    const payment = await cardPaymentOf(orderId, tx);
    if (!payment) return fail.conflict({ form: "admin.deposit.errors.noCard" });
    const provider = getPaymentProvider(payment.provider as ProviderId);
    const [target] =
      current?.status === "pending"
        ? [current]
        : await tx.insert(deposits).values({ orderId, provider: provider.id, amountCents, status: "pending" }).returning();
    const result = await provider.authoriseDeposit({
      orderId,
      orderNumber: order.number,
      amountCents,
      currency: "EUR",
      paymentRef: payment.paymentRef!,
      // One key per deposit row: a retry repeats nothing, a new attempt after a refusal is a new row.
      idempotencyKey: `deposit-${target.id}`,
    });
    const after: Partial<Deposit> =
      result.status === "authorised"
        ? {
            status: "authorised",
            provider: provider.id,
            ref: result.ref,
            amountCents,
            authorisedAt: result.authorisedAt,
            expiresAt: result.expiresAt,
            reason: null,
          }
        : { status: "failed", provider: provider.id, ref: result.ref, amountCents, reason: result.reason };
    await setDeposit(tx, target.id, after);
    // A renewal: the authorisation it replaces is given back, or noted as lapsed.
    if (result.status === "authorised" && current && current.id !== target.id && current.status === "authorised") {
      if (statusNow(current, now) === "authorised" && current.ref)
        await provider.releaseDeposit({ ref: current.ref, idempotencyKey: `deposit-release-${current.id}` });
      await setDeposit(tx, current.id, { status: statusNow(current, now) === "authorised" ? "released" : "expired" });
    }
    await recordAudit(tx, {
      userId: user?.id ?? null,
      action: "depositAuthorise",
      entity: "order",
      entityId: orderId,
      before: current ? trail(current) : null,
      after: trail({ ...target, ...after }),
    });
    return ok(after.status!);
  });
}

/**
 * At the hand-out (the latest moment): a deposit still due is authorised on the card saved with the
 * payment, whoever booked (the shop, an integrator's API call). A counter order has no card saved: its
 * deposit is taken at the counter. What fails shows on the order page.
 */
export async function authoriseAtHandOut(user: BackOfficeUser, orderId: string): Promise<void> {
  const db = getDb();
  if (!(await cardPaymentOf(orderId, db))) return;
  const current = currentOf(await depositsOf(orderId, db));
  if (current && current.status !== "pending") return;
  if ((await depositDueOf(orderId, db)) === 0) return;
  try {
    await authoriseDeposit(user, orderId, { db });
  } catch (error) {
    logger.error({ err: error, orderId }, "deposit not authorised at the hand-out");
  }
}

/**
 * Settles the order's authorised deposit: released, or `capture` of it kept with its reason. Under the
 * order's lock, so of two clicks (or a click and the lapse's event) one does it and the other is told.
 */
async function settle(
  user: BackOfficeUser | null,
  orderId: string,
  capture: { amountCents: number; reason: string } | null,
  now: Date,
): Promise<Result> {
  return getDb().transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await lockOrder(tx, orderId);
    if (!locked || (user && !worksAt(user, locked.order.shopId))) return fail.notFound();
    const { order, rows } = locked;
    if (capture && !isHandedOut(order.status)) return fail.conflict({ form: "admin.deposit.errors.notNow" });
    const deposit = currentOf(rows);
    if (deposit?.status !== "authorised") return fail.conflict({ form: "admin.deposit.errors.notAuthorised" });
    if (statusNow(deposit, now) === "expired") return lapsed(tx, user, deposit);
    if (capture && capture.amountCents > deposit.amountCents)
      return fail.invalid({ "deposit.amount": "admin.deposit.errors.amountTooHigh" });
    if (deposit.provider !== COUNTER_PROVIDER && deposit.ref) {
      const provider = getPaymentProvider(deposit.provider as ProviderId);
      try {
        if (capture)
          await provider.captureDeposit({
            ref: deposit.ref,
            amountCents: capture.amountCents,
            idempotencyKey: `deposit-capture-${deposit.id}`,
          });
        else await provider.releaseDeposit({ ref: deposit.ref, idempotencyKey: `deposit-release-${deposit.id}` });
      } catch (error) {
        if (error instanceof DepositLapsedError) return lapsed(tx, user, deposit);
        logger.error({ err: error, orderId, deposit: deposit.id }, "deposit: the provider did not settle it");
        return fail.conflict({ form: "admin.deposit.errors.provider" });
      }
    }
    const after: Partial<Deposit> = capture
      ? { status: "captured", capturedCents: capture.amountCents, reason: capture.reason }
      : { status: "released", capturedCents: 0 };
    await setDeposit(tx, deposit.id, after);
    await recordAudit(tx, {
      userId: user?.id ?? null,
      action: capture ? "depositCapture" : "depositRelease",
      entity: "order",
      entityId: orderId,
      before: trail(deposit),
      after: trail({ ...deposit, ...after }),
    });
    return ok();
  });
}

/** The authorisation turned out to have lapsed: noted (the change commits), and the clerk is told nothing was taken. */
async function lapsed(tx: Db, user: BackOfficeUser | null, deposit: Deposit): Promise<Result> {
  await setDeposit(tx, deposit.id, { status: "expired" });
  await recordAudit(tx, {
    userId: user?.id ?? null,
    action: "depositExpired",
    entity: "order",
    entityId: deposit.orderId,
    before: trail(deposit),
    after: trail({ ...deposit, status: "expired" }),
  });
  return fail.conflict({ form: "admin.deposit.errors.lapsed" });
}

export function releaseDeposit(user: BackOfficeUser, orderId: string, now = new Date()): Promise<Result> {
  return settle(user, orderId, null, now);
}

export function captureDeposit(user: BackOfficeUser, orderId: string, capture: { amountCents: number; reason: string }, now = new Date()) {
  return settle(user, orderId, capture, now);
}

/** A cancelled order's authorised deposit goes back to the card (the cancellation stands whatever happens here). */
export async function releaseOnCancel(orderId: string): Promise<void> {
  const current = currentOf(await depositsOf(orderId, getDb()));
  if (current?.status !== "authorised") return;
  try {
    await settle(null, orderId, null, new Date());
  } catch (error) {
    logger.error({ err: error, orderId }, "deposit of a cancelled order not released");
  }
}

/**
 * A deposit taken at the counter in cash or on the card terminal (a counter order, or an online order
 * whose card refused it): only recorded, settled at the return like the others, the money moving at the desk.
 */
async function recordCounterDeposit(user: BackOfficeUser, orderId: string, amountCents: number): Promise<Result> {
  return getDb().transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await lockOrder(tx, orderId);
    if (!locked || !worksAt(user, locked.order.shopId)) return fail.notFound();
    if (!isOpen(locked.order.status)) return fail.conflict({ form: "admin.deposit.errors.notNow" });
    const current = currentOf(locked.rows);
    if (current && statusNow(current, new Date()) === "authorised") return fail.conflict({ form: "admin.deposit.errors.alreadyHeld" });
    if (current && !mayTakeAtCounter(statusNow(current, new Date()))) return fail.conflict({ form: "admin.deposit.errors.notNow" });
    // The order may have changed since the form was read: what it asks now is the ceiling.
    if (amountCents > (await depositDueOf(orderId, tx)))
      return fail.invalid({ "counterDeposit.amount": "admin.deposit.errors.moreThanDue" });
    const values = {
      provider: COUNTER_PROVIDER,
      ref: null,
      amountCents,
      status: "authorised" as const,
      authorisedAt: new Date(),
      expiresAt: null,
    };
    // A pending deposit (the card was never asked) is taken at the counter instead.
    const [row] =
      current?.status === "pending"
        ? await tx
            .update(deposits)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(deposits.id, current.id))
            .returning()
        : await tx
            .insert(deposits)
            .values({ orderId, ...values })
            .returning();
    await recordAudit(tx, {
      userId: user.id,
      action: "depositCounter",
      entity: "order",
      entityId: orderId,
      before: current ? trail(current) : null,
      after: trail(row),
    });
    return ok();
  });
}

/** The clerk's deposit buttons on the order page, read and checked here so the shared route stays one line. */
export async function depositAction(
  user: BackOfficeUser,
  orderId: string,
  intent: DepositIntent,
  values: Record<string, unknown>,
): Promise<Result> {
  // The branch first: another branch's clerk learns nothing of the deposit (its state, its amount) from
  // the answer, which is the same 404 as for an order that does not exist.
  const [order] = await getDb().select({ shopId: orders.shopId }).from(orders).where(eq(orders.id, orderId));
  if (!order || !worksAt(user, order.shopId)) return fail.notFound();
  switch (intent) {
    case "deposit-authorise": {
      const done = await authoriseDeposit(user, orderId);
      if (done.ok && done.value === "failed") return fail.conflict({ form: "admin.deposit.errors.refused" });
      return done.ok ? ok() : done;
    }
    case "deposit-release":
      return releaseDeposit(user, orderId);
    case "deposit-capture": {
      const [deposit] = await getDb()
        .select({ amountCents: deposits.amountCents })
        .from(deposits)
        .where(and(eq(deposits.orderId, orderId), eq(deposits.status, "authorised")))
        .orderBy(desc(deposits.id))
        .limit(1);
      if (!deposit) return fail.conflict({ form: "admin.deposit.errors.notAuthorised" });
      const input = parse(captureSchema(deposit.amountCents), values.deposit ?? {});
      if (!input.ok) return under("deposit", input);
      return captureDeposit(user, orderId, { amountCents: input.value.amount, reason: input.value.reason });
    }
    case "deposit-counter": {
      const dueCents = await depositDueOf(orderId);
      if (dueCents === 0) return fail.conflict({ form: "admin.deposit.errors.noneDue" });
      const input = parse(counterDepositSchema(dueCents), values.counterDeposit ?? {});
      if (!input.ok) return under("counterDeposit", input);
      return recordCounterDeposit(user, orderId, input.value.amount);
    }
  }
}

export type DepositEventResult = "duplicate" | "unknown" | "applied" | "ignored";

/**
 * Applies a provider's event about a deposit, once: its id goes into `webhook_events` first (a
 * redelivery stops there), and if applying fails the id is removed so the provider's retry is processed.
 * An event only moves a deposit forward from the state it names (an authorised deposit lapses, is
 * released or captured; a pending one is authorised or refused): what the clerk did first stands.
 */
export async function applyDepositEvent(event: DepositEvent, db: Db = getDb()): Promise<DepositEventResult> {
  const stored = await db
    .insert(webhookEvents)
    .values({ provider: event.provider, eventId: event.id, type: `deposit.${event.type}`, payload: event })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  if (stored.length === 0) return "duplicate";
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [found] = await tx
        .select({ orderId: deposits.orderId })
        .from(deposits)
        .where(and(eq(deposits.provider, event.provider), eq(deposits.ref, event.ref)));
      if (!found || (event.orderId && event.orderId !== found.orderId)) {
        logger.warn({ provider: event.provider, ref: event.ref, event: event.id }, "deposit event for an unknown authorisation");
        return "unknown";
      }
      const locked = await lockOrder(tx, found.orderId);
      const deposit = locked?.rows.find((row) => row.ref === event.ref && row.provider === event.provider);
      if (!deposit) return "unknown";
      const after = eventOutcome(event, deposit);
      if (!after) return "ignored";
      await setDeposit(tx, deposit.id, after);
      await recordAudit(tx, {
        userId: null,
        action: "depositEvent",
        entity: "order",
        entityId: deposit.orderId,
        before: trail(deposit),
        after: trail({ ...deposit, ...after }),
      });
      return "applied";
    });
  } catch (error) {
    await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.id)));
    throw error;
  }
}

function eventOutcome(event: DepositEvent, deposit: Deposit): Partial<Deposit> | null {
  switch (event.type) {
    case "authorised":
      return deposit.status === "pending" ? { status: "authorised", authorisedAt: event.createdAt } : null;
    case "failed":
      return deposit.status === "pending" ? { status: "failed", reason: "card_declined" } : null;
    case "captured":
      // Captured in the provider's dashboard rather than at the counter.
      return deposit.status === "authorised"
        ? { status: "captured", capturedCents: Math.min(event.amountCents ?? deposit.amountCents, deposit.amountCents) }
        : null;
    case "released":
      return deposit.status === "authorised" ? { status: "released" } : null;
    case "expired":
      return deposit.status === "authorised" ? { status: "expired" } : null;
  }
}

export type DepositView = {
  id: number;
  status: DepositStatus;
  provider: string;
  amountCents: number;
  capturedCents: number;
  authorisedAt: Date | null;
  expiresAt: Date | null;
  reason: string | null;
};

const view = (row: Deposit, now: Date): DepositView => ({
  id: row.id,
  status: statusNow(row, now),
  provider: row.provider,
  amountCents: row.amountCents,
  capturedCents: row.capturedCents,
  authorisedAt: row.authorisedAt,
  expiresAt: row.expiresAt,
  reason: row.reason,
});

/**
 * The deposit as the clerk sees it on the order page: the current one, the earlier attempts, what the
 * order asks, and what the clerk can do now. Null when the order asks none and has none.
 */
export async function getDepositPanel(order: Pick<Order, "id" | "status" | "pickupAt" | "returnAt">, now = new Date()) {
  const db = getDb();
  const [rows, dueCents, card] = await Promise.all([depositsOf(order.id, db), depositDueOf(order.id, db), cardPaymentOf(order.id, db)]);
  if (rows.length === 0 && dueCents === 0) return null;
  const current = currentOf(rows);
  const status = current ? statusNow(current, now) : null;
  const open = isOpen(order.status);
  const askable = open && card !== null && dueCents > 0 && mayAuthorise(current, order.returnAt, now);
  const inTime = authorisationInTime(order.status, order.returnAt, now);
  const from = authoriseFrom(order.returnAt);
  return {
    dueCents,
    current: current ? view(current, now) : null,
    earlier: rows.filter((row) => row !== current).map((row) => view(row, now)),
    lapsesBeforeReturn: current ? lapsesBeforeReturn(current, order.returnAt, now) : false,
    /** When the card can be asked, if not yet and before the hand-out (which asks it anyway). */
    authoriseFrom: askable && !inTime && from < order.pickupAt ? from : null,
    can: {
      authorise: askable && inTime,
      settle: status === "authorised",
      capture: status === "authorised" && isHandedOut(order.status),
      counter: open && dueCents > 0 && mayTakeAtCounter(status),
    },
  };
}

export type DepositPanel = NonNullable<Awaited<ReturnType<typeof getDepositPanel>>>;

export type CustomerDeposit = {
  /** `due`: the order asks one and none is held yet. */
  status: DepositStatus | "due";
  amountCents: number;
  capturedCents: number;
  reason: string | null;
  atCounter: boolean;
};

/** The deposit as the customer sees it on the order page; null when the order asks none. */
export async function customerDeposit(orderId: string, now = new Date()): Promise<CustomerDeposit | null> {
  const db = getDb();
  const current = currentOf(await depositsOf(orderId, db));
  if (current) {
    const status = statusNow(current, now);
    return {
      status,
      amountCents: current.amountCents,
      capturedCents: current.capturedCents,
      // The damage line is the customer's to read; a card's refusal code is not worded for them.
      reason: status === "captured" ? current.reason : null,
      atCounter: current.provider === COUNTER_PROVIDER,
    };
  }
  const dueCents = await depositDueOf(orderId, db);
  return dueCents > 0 ? { status: "due", amountCents: dueCents, capturedCents: 0, reason: null, atCounter: false } : null;
}
