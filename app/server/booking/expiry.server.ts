/**
 * Holds that run out: an order waiting for payment past its `expires_at` gives back what it claimed (decision
 * 011). A payment that failed ends its hold at once (`expireOrder`); due orders are expired before every
 * hold (holds.server.ts) and by a sweep that one process at a time runs (advisory lock).
 */
import { inArray, sql } from "drizzle-orm";
import { type Db, getDb, queryPrepared, queryRows } from "../db/client.server";
import { retried } from "../db/retry.server";
import { orders } from "../db/schema";
import { deleteStaleBags } from "./bag-store.server";
import { release, releaseTarget } from "./claims.server";

/** Key of the advisory lock that lets one process at a time sweep expired holds ("RENT", "HOLD"). */
const SWEEP_LOCK = [0x52454e54, 0x484f4c44] as const;

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
export async function expireDue(tx: Db, limit: number): Promise<number> {
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

/**
 * One sweep: expires every due order and forgets the bags older than their cookie, unless another process is
 * sweeping right now. Returns how many orders expired, or null when skipped.
 */
export async function sweepExpiredHolds(db: Db = getDb()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK[0]}, ${SWEEP_LOCK[1]}) as locked`,
      tx as unknown as Db,
    );
    if (!lock?.locked) return null;
    let total = 0;
    for (let n = await expireDueOrders(tx as unknown as Db, 200); n > 0; n = await expireDueOrders(tx as unknown as Db, 200)) total += n;
    await deleteStaleBags(tx as unknown as Db);
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
