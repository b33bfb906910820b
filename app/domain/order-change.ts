/**
 * Changing a booked order (decision 028): who may, the change form as posted, and what it asks for. The
 * customer may change while the cancellation policy would let them cancel; staff at any time before the
 * hand-out.
 */
import { z } from "zod";
import { canCancel } from "./cancellation";
import { parseLineValue } from "./counter/counter-order";
import { parse, rowsOf } from "./forms";
import { periodSchema } from "./period-form";
import { MAX_PERSONS } from "./person-rows";
import { fail, ok, type Result } from "./result";
import type { CHANGE_AUTHORS, OrderStatus } from "./vocabulary";

export type ChangeBy = (typeof CHANGE_AUTHORS)[number];

/** Most lines a changed order may have, as a crafted form cannot make the server build a thousand rows. */
export const MAX_CHANGE_LINES = 60;

/**
 * Whether an order may be changed now, and if not why (a message key): only a paid order not yet picked
 * up; the customer only while the cancellation policy allows a cancellation (the same rule).
 */
export function changeRefusal(
  order: { status: OrderStatus; pickupAt: Date },
  by: ChangeBy,
  freeHours: number,
  now: Date,
): "order.change.notPaid" | "order.change.tooLate" | null {
  if (order.status !== "paid") return "order.change.notPaid";
  if (by === "customer" && !canCancel(order, freeHours, now)) return "order.change.tooLate";
  return null;
}

/** What a change asks for: the whole new period, persons and lines (the lines name persons by position). */
export type ChangeRequest = {
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  /** `ref` is the id of the person on the order it keeps (with their measures), null for a new person. */
  persons: { ref: number | null; firstName: string }[];
  /**
   * `packageId`: the package the line is a piece of (decision 030), so a changed order is priced and labelled
   * as a new booking of it would be. Absent in changes recorded before packages were kept.
   */
  lines: { personIndex: number | null; itemId: number; size: string | null; quantity: number; packageId?: number | null }[];
};

const yes = z.preprocess((value) => value === "yes", z.boolean());
const optionalIndex = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  z.coerce.number().int().min(0).max(MAX_CHANGE_LINES).nullable(),
);

const personRow = z.object({
  // The id of a person on the order; anything else is a new person.
  ref: z
    .preprocess(
      (value) => (value === "" ? null : value),
      z.coerce
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1)
        .nullable(),
    )
    .catch(null),
  firstName: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ message: "booking.errors.firstName" })
      .min(1, { message: "booking.errors.firstName" })
      .max(60, { message: "booking.errors.tooLong" }),
  ),
  remove: yes,
});

const lineRow = z.object({
  itemId: z.coerce.number({ message: "order.change.invalidLine" }).int().min(1, { message: "order.change.invalidLine" }),
  size: z.preprocess((value) => (value === "" || value === undefined ? null : value), z.string().max(20).nullable()),
  quantity: z.coerce
    .number({ message: "order.change.badQuantity" })
    .int({ message: "order.change.badQuantity" })
    .min(1, { message: "order.change.badQuantity" })
    .max(20, { message: "order.change.badQuantity" }),
  person: optionalIndex,
  // A package id that is not one (or no longer whole) only loses the package price: quoteBag checks it.
  package: z
    .preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      z.coerce
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1)
        .nullable(),
    )
    .catch(null),
  remove: yes,
});

/**
 * The change form as posted (`persons.0.firstName`, `lines.3.size` ...), checked row by row with each
 * message beside its field, then turned into what the change asks for: removed persons take their lines
 * with them, and lines name the remaining persons by their new position.
 */
export function parseChangeForm(values: Record<string, unknown>): Result<ChangeRequest> {
  const period = parse(periodSchema, values);
  const errors: Record<string, string> = !period.ok && "errors" in period ? { ...period.errors } : {};
  const persons = rowsOf(values, "persons", MAX_PERSONS + 1).map((row, index) => {
    const parsed = parse(personRow, row);
    if (parsed.ok) return parsed.value;
    if (parsed.errors) for (const [field, key] of Object.entries(parsed.errors)) errors[`persons.${index}.${field}`] ??= key;
    return null;
  });
  const lines = rowsOf(values, "lines", MAX_CHANGE_LINES).map((row, index) => {
    const parsed = parse(lineRow, row);
    if (parsed.ok) return parsed.value;
    if (parsed.errors) for (const [field, key] of Object.entries(parsed.errors)) errors[`lines.${index}.${field}`] ??= key;
    return null;
  });
  if (Object.keys(errors).length > 0 || !period.ok) return fail.invalid(errors);

  const kept = persons.map((p, index) => ({ p, index })).filter(({ p }) => p && !p.remove);
  if (kept.length > MAX_PERSONS) return fail.invalid({ form: "order.change.tooManyPersons" });
  const position = new Map(kept.map(({ index }, newIndex) => [index, newIndex]));
  const request: ChangeRequest = {
    ...period.value,
    persons: kept.map(({ p }) => ({ ref: p?.ref ?? null, firstName: p?.firstName ?? "" })),
    lines: [],
  };
  for (const line of lines) {
    if (!line || line.remove) continue;
    if (line.person !== null) {
      // The line of a removed person goes with them.
      if (persons[line.person]?.remove) continue;
      if (!position.has(line.person)) return fail.invalid({ form: "order.change.invalidLine" });
    }
    request.lines.push({
      personIndex: line.person === null ? null : (position.get(line.person) ?? null),
      itemId: line.itemId,
      size: line.size,
      quantity: line.quantity,
      packageId: line.package,
    });
  }
  if (request.lines.length === 0) return fail.invalid({ form: "order.change.empty" });
  return ok(request);
}

/** A half-open range of instants, [start, end). */
export type Span = { start: Date; end: Date };

/**
 * The parts of `wanted` that `held` does not cover: none, one or two spans. A unit an order keeps for a
 * new period is held only for these parts while the change waits for its payment.
 */
export function uncovered(held: Span, wanted: Span): Span[] {
  if (wanted.end <= held.start || wanted.start >= held.end) return [wanted];
  const parts: Span[] = [];
  if (wanted.start < held.start) parts.push({ start: wanted.start, end: held.start });
  if (wanted.end > held.end) parts.push({ start: held.end, end: wanted.end });
  return parts;
}

/** The next free row number of a repeating group of the form (`lines`, `persons`). */
function nextRow(values: Record<string, unknown>, group: string): number {
  const rows = values[group];
  const numbers =
    typeof rows === "object" && rows !== null
      ? Object.keys(rows)
          .filter((k) => /^\d{1,3}$/.test(k))
          .map(Number)
      : [];
  return numbers.length === 0 ? 0 : Math.max(...numbers) + 1;
}

/**
 * The form with what an add button asked for appended, nothing saved (works without JavaScript): a line
 * of the item and size chosen in `add.line` for the person in `add.person`, or a person named `add.firstName`.
 */
export function withAddition(values: Record<string, unknown>, intent: "add" | "addPerson"): Record<string, unknown> {
  const add = (typeof values.add === "object" && values.add !== null ? values.add : {}) as Record<string, unknown>;
  const { add: _, ...rest } = values;
  const group = intent === "add" ? "lines" : "persons";
  const rows = { ...((typeof values[group] === "object" && values[group] !== null ? values[group] : {}) as object) };
  if (intent === "add") {
    const chosen = typeof add.line === "string" && add.line !== "" ? parseLineValue(add.line) : null;
    if (!chosen || Number.isNaN(chosen.itemId)) return rest;
    const person = typeof add.person === "string" ? add.person : "";
    Object.assign(rows, { [nextRow(values, group)]: { itemId: String(chosen.itemId), size: chosen.size ?? "", quantity: "1", person } });
  } else {
    Object.assign(rows, {
      [nextRow(values, group)]: { ref: "", firstName: typeof add.firstName === "string" ? add.firstName.trim() : "" },
    });
  }
  return { ...rest, [group]: rows };
}

/** The confirm button counts only with the total the person was shown (from "Show the new price"). */
export const confirmChangeSchema = z.object({
  expectedTotal: z.coerce.number({ message: "order.change.priceChanged" }).int({ message: "order.change.priceChanged" }).min(0, {
    message: "order.change.priceChanged",
  }),
});

/** Staff also say how the customer paid a higher price at the desk. */
export const staffConfirmChangeSchema = confirmChangeSchema.extend({
  method: z.enum(["cash", "card"], { message: "admin.errors.choose" }).catch("cash"),
});
