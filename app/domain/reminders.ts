/**
 * When the shop reminds a customer by e-mail (issue 20, point 5; docs/decisions/047-reminders.md): the day
 * before the pickup, and on the last rental day. All in the shop's time zone, counted in calendar days (a
 * day with a clock change is 23 or 25 hours long, and the reminder still comes at 09:00 or 08:00 on the wall).
 *
 * - **Pickup reminder** (`pickup-reminder`): due from 09:00 on the calendar day before the pickup day until
 *   the pickup, for a paid order (not yet handed out).
 * - **Return reminder** (`return-reminder`): due from 08:00 on the return day until the return time, for a
 *   paid or picked-up order whose pickup day is before its return day (a one-day rental is reminded of
 *   once, the day before, and that e-mail names the return too).
 * - Neither for an order booked at or after the reminder's moment: the confirmation the customer just got
 *   says the same. "Booked" is the moment the order was paid, when its confirmation went out.
 * - A moment the shop missed (no process running) is made up at the next sweep while the window is still
 *   open; once the pickup or the return has passed, the reminder is dropped, never sent late.
 *
 * Whether a reminder was sent already is not decided here: the outbox's unique (order, kind) index is.
 */
import { OPEN_STATUSES } from "./order-states";
import { addDays, zonedDate, zonedInstant } from "./periods";
import type { OrderStatus } from "./vocabulary";

const REMINDER_KINDS = ["pickup-reminder", "return-reminder"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The wall-clock time of each reminder's moment, and the day it falls on relative to its event's day. */
export const REMINDER_MOMENTS: Record<ReminderKind, { daysBefore: number; time: string }> = {
  "pickup-reminder": { daysBefore: 1, time: "09:00" },
  "return-reminder": { daysBefore: 0, time: "08:00" },
};

/** The order states each reminder is for: cancelled, refunded, expired, unpaid and returned orders get none. */
const REMINDER_STATUSES: Record<ReminderKind, readonly OrderStatus[]> = {
  "pickup-reminder": ["paid"],
  "return-reminder": OPEN_STATUSES,
};

/**
 * The longest a reminder's moment can lie before its event: 09:00 the day before a pickup at 23:59, one hour
 * more on the night the clocks go back. The sweep looks this far ahead for orders to check.
 */
export const REMINDER_HORIZON_MS = 2 * 24 * 3_600_000;

/** The reminders a shop sends (settings `reminders`): each can be switched off. */
export type ReminderSwitches = { pickup: boolean; return: boolean };

export type ReminderOrder = {
  status: OrderStatus;
  pickupAt: Date;
  returnAt: Date;
  /** When the order was booked: paid (its confirmation went out), else made. */
  bookedAt: Date;
};

const switchOf: Record<ReminderKind, keyof ReminderSwitches> = { "pickup-reminder": "pickup", "return-reminder": "return" };

/** The event a reminder is about. */
export function reminderEvent(kind: ReminderKind, order: Pick<ReminderOrder, "pickupAt" | "returnAt">): Date {
  return kind === "pickup-reminder" ? order.pickupAt : order.returnAt;
}

/** The moment from which a reminder is due: its wall-clock time on its day, in the shop's time zone. */
export function reminderMoment(kind: ReminderKind, order: Pick<ReminderOrder, "pickupAt" | "returnAt">): Date {
  const { daysBefore, time } = REMINDER_MOMENTS[kind];
  return zonedInstant(addDays(zonedDate(reminderEvent(kind, order)), -daysBefore), time);
}

/**
 * Whether the reminder of `kind` is due for the order at `now`: switched on, the order in a state it is for,
 * booked before the reminder's moment, and `now` between that moment and the event (half-open). A return
 * reminder needs the pickup on an earlier day than the return.
 */
export function reminderDue(kind: ReminderKind, order: ReminderOrder, now: Date, switches: ReminderSwitches): boolean {
  if (!switches[switchOf[kind]]) return false;
  if (!REMINDER_STATUSES[kind].includes(order.status)) return false;
  if (kind === "return-reminder" && zonedDate(order.pickupAt) >= zonedDate(order.returnAt)) return false;
  const moment = reminderMoment(kind, order);
  const event = reminderEvent(kind, order);
  return order.bookedAt < moment && moment <= now && now < event;
}

/** The reminders due for the order at `now`, pickup first. */
export function dueReminders(order: ReminderOrder, now: Date, switches: ReminderSwitches): ReminderKind[] {
  return REMINDER_KINDS.filter((kind) => reminderDue(kind, order, now, switches));
}
