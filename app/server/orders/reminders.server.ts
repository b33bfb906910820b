/**
 * The reminder sweep (issue 20, point 5; docs/decisions/047-reminders.md). Every process runs it every
 * REMINDER_SWEEP_SECONDS and once at start; it queues the reminders that are due into the e-mail outbox,
 * and the mailer sends them.
 *
 * - When a reminder is due is the pure rule of `app/domain/reminders.ts`; this module finds the orders it
 *   may apply to (pickups and returns of booked orders within the next two days) and writes the e-mails.
 * - "Once per order and kind" is the outbox's unique (order_id, kind) index: the insert does nothing on a
 *   conflict, so two processes, or a sweep after a restart, can never queue a second copy. The advisory lock
 *   only spares a second process the work of rendering e-mails that would be thrown away.
 * - A moment missed while no process ran is made up at the next sweep as long as its window is open.
 */
import { and, asc, eq, gt, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Locale } from "../../domain/i18n";
import { hoursOn } from "../../domain/opening-hours";
import { OPEN_STATUSES } from "../../domain/order-states";
import { zonedDate } from "../../domain/periods";
import { dueReminders, REMINDER_HORIZON_MS, type ReminderKind, type ReminderSwitches, reminderEvent } from "../../domain/reminders";
import { getConfig } from "../config.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { emailOutbox, orderLines, orderPersons, orders, shopClosedDays, shopHours, shops } from "../db/schema";
import { enqueueEmail, kickMailer } from "../mail/mail.server";
import { pickupReminderEmail, type ReminderInput, returnReminderEmail } from "../mail/reminders.server";
import { getSettings } from "../settings/settings.server";
import { orderPageUrl } from "./orders.server";

/** Key of the advisory lock that lets one process at a time sweep for reminders ("RENT", "RMND"). */
const REMINDER_LOCK = [0x52454e54, 0x524d4e44] as const;

/**
 * The origin of the links in e-mails written without a request: PUBLIC_URL, else the local address the
 * shop listens on (as the demo season's e-mails are written).
 */
export function backgroundOrigin(): string {
  const config = getConfig();
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}

const sent = (kind: ReminderKind) =>
  sql<boolean>`exists (select 1 from ${emailOutbox} where ${emailOutbox.orderId} = ${orders.id} and ${emailOutbox.kind} = ${kind})`;

/** Booked orders whose pickup or return lies within the horizon and whose reminder of that kind is not in the outbox. */
async function candidates(tx: Db, now: Date) {
  const until = new Date(now.getTime() + REMINDER_HORIZON_MS);
  return tx
    .select({
      order: {
        id: orders.id,
        status: orders.status,
        number: orders.number,
        token: orders.token,
        language: orders.language,
        email: orders.email,
        invoiceName: orders.invoiceName,
        appId: orders.appId,
        pickupAt: orders.pickupAt,
        returnAt: orders.returnAt,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
      },
      shop: {
        id: shops.id,
        name: shops.name,
        street: shops.street,
        postalCode: shops.postalCode,
        town: shops.town,
        country: shops.country,
        phone: shops.phone,
      },
      pickupSent: sent("pickup-reminder"),
      returnSent: sent("return-reminder"),
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(
        // Counter customers may leave no e-mail address.
        ne(orders.email, ""),
        or(
          and(eq(orders.status, "paid"), gt(orders.pickupAt, now), lte(orders.pickupAt, until), sql`not ${sent("pickup-reminder")}`),
          and(
            inArray(orders.status, [...OPEN_STATUSES]),
            gt(orders.returnAt, now),
            lte(orders.returnAt, until),
            sql`not ${sent("return-reminder")}`,
          ),
        ),
      ),
    )
    .orderBy(asc(orders.pickupAt));
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

/** The branch's hours on the day of the reminder's event, for the order's storefront. */
async function hoursThatDay(tx: Db, candidate: Candidate, kind: ReminderKind) {
  const day = zonedDate(reminderEvent(kind, candidate.order));
  // One query after the other: a transaction is one connection.
  const hours = await tx
    .select({ weekday: shopHours.weekday, opens: shopHours.opens, closes: shopHours.closes })
    .from(shopHours)
    .where(and(eq(shopHours.shopId, candidate.shop.id), eq(shopHours.appId, candidate.order.appId)));
  const closed = await tx
    .select({ day: shopClosedDays.day })
    .from(shopClosedDays)
    .where(and(eq(shopClosedDays.shopId, candidate.shop.id), eq(shopClosedDays.day, day)));
  return hoursOn(
    day,
    hours,
    closed.map((c) => c.day),
  );
}

async function render(tx: Db, candidate: Candidate, kind: ReminderKind, origin: string) {
  const locale = candidate.order.language as Locale;
  const persons = await tx
    .select({ id: orderPersons.id, firstName: orderPersons.firstName, lastName: orderPersons.lastName })
    .from(orderPersons)
    .where(eq(orderPersons.orderId, candidate.order.id))
    .orderBy(asc(orderPersons.position));
  const lines = await tx
    .select({ personId: orderLines.personId, name: orderLines.name, size: orderLines.size, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, candidate.order.id))
    .orderBy(asc(orderLines.id));
  const hours = await hoursThatDay(tx, candidate, kind);
  const input: ReminderInput = {
    order: candidate.order,
    shop: candidate.shop,
    persons,
    lines,
    hours,
    orderUrl: orderPageUrl(origin, candidate.order.token, locale),
  };
  return kind === "pickup-reminder" ? pickupReminderEmail(input, locale) : returnReminderEmail(input, locale);
}

/**
 * Queues every reminder due at `now`; returns how many were queued. Safe to run in several processes at
 * once without the lock: a reminder another process queued meanwhile is simply not inserted again.
 */
export async function queueDueReminders(tx: Db, now: Date, switches: ReminderSwitches, origin: string): Promise<number> {
  if (!switches.pickup && !switches.return) return 0;
  let queued = 0;
  for (const candidate of await candidates(tx, now)) {
    const { order } = candidate;
    const already = { "pickup-reminder": candidate.pickupSent, "return-reminder": candidate.returnSent };
    const kinds = dueReminders({ ...order, bookedAt: order.paidAt ?? order.createdAt }, now, switches).filter((kind) => !already[kind]);
    for (const kind of kinds) {
      const mail = await render(tx, candidate, kind, origin);
      if (await enqueueEmail({ orderId: order.id, kind, to: order.email, language: order.language as Locale, ...mail }, tx)) queued++;
    }
  }
  return queued;
}

/**
 * One sweep: queues the due reminders, unless another process is sweeping right now. Returns how many were
 * queued, or null when skipped. `now` is the reminders' clock (tests move it); the outbox's own times stay
 * the database's.
 */
export async function sweepReminders(options: { now?: Date; db?: Db; origin?: string } = {}): Promise<number | null> {
  const { reminders } = await getSettings();
  if (!reminders.pickup && !reminders.return) return 0;
  const now = options.now ?? new Date();
  const origin = options.origin ?? backgroundOrigin();
  return (options.db ?? getDb()).transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [lock] = await queryRows<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK[0]}, ${REMINDER_LOCK[1]}) as locked`,
      tx,
    );
    if (!lock?.locked) return null;
    return queueDueReminders(tx, now, reminders, origin);
  });
}

/**
 * Sweeps once right away (reminders missed while the shop was down go out now, while their window is open)
 * and then every `intervalMs`; asks the mailer to send what was queued. Returns a function that stops it.
 */
export function startReminderSweeper(options: {
  intervalMs: number;
  /** The reminders' clock; the real time unless a test fixes it (REMINDER_CLOCK). */
  clock?: () => Date;
  onSwept?: (queued: number | null) => void;
  onError?: (error: unknown) => void;
}): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweepReminders({ now: options.clock?.() })
      .then((queued) => {
        if (queued) kickMailer();
        options.onSwept?.(queued);
      })
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
