/**
 * The counter's hand-out and return of an order: the unit codes scanned for each line (another free unit
 * of the same item and size may take the reserved one's place), the ski bindings set, and the units taken
 * back and freed after the turnaround buffer. Staff act only on their branches' orders.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { daysUntilPickup, EARLY_PICKUP_DAYS, type OrderAction, orderActions } from "../../domain/admin/order";
import { fail, ok, type Result } from "../../domain/result";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { sqlState } from "../db/retry.server";
import { orderLines, orderPersons, orders, reservations, units } from "../db/schema";
import { getSettings } from "../settings/settings.server";
import { type ClerkBinding, settledBindings, skiLineBindings } from "./binding.server";

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
