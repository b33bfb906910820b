/**
 * Orders in the back office: the list (and its CSV export), the order with everything a clerk needs,
 * cancelling with a refund, sending the confirmation again. Handing out and taking back are the counter's
 * (counter/handout.server.ts). Staff see and change only their branches' orders.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from "drizzle-orm";
import { likePattern, PAGE_SIZE, pageOf } from "../../domain/admin/list";
import { type CsvDialect, csvDateTime, csvDecimal, csvRow, type OrdersQuery, orderActions } from "../../domain/admin/order";
import { fail, ok, type Result } from "../../domain/result";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { cancelOrder } from "../booking/holds.server";
import { skiLineBindings } from "../counter/binding.server";
import { releaseOnCancel } from "../counter/deposits.server";
import { getDb } from "../db/client.server";
import { emailOutbox, orderLines, orders, payments, reservations, shops, units, users } from "../db/schema";
import { sendCancellationEmail } from "../orders/cancellation.server";
import { sendOrderConfirmation } from "../orders/confirmation.server";
import { getOrderById } from "../orders/orders.server";
import { cancelAndRefund } from "../payments/payments.server";
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
