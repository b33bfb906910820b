/**
 * An order at the counter for a walk-in customer: the form the clerk fills in (persons, lines, the
 * period, payment), how its rows are added and removed while it round-trips, and the period it starts with.
 */
import { z } from "zod";
import { checkbox, clockTime, isoDate, oneOf, optionalText, requiredText } from "../admin/fields";
import { parse, rowsOf } from "../forms";
import { rowIdSchema } from "../ids";
import { addDays, checkPeriod, isoWeekday, type ShopCalendar, zonedDate } from "../periods";
import { MAX_PERSONS } from "../person-rows";
import { PERSON_LIMITS, shoeSizeEu, withShoeSizeInEu } from "../persons";
import type { Result } from "../result";
import { SHOP_TIME_ZONE } from "../time-zone";
import { SEASONS, SKILLS, seasonOn } from "../vocabulary";

const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z.coerce
      .number({ message: "admin.errors.number" })
      .int({ message: "admin.errors.number" })
      .min(min, { message: "admin.errors.range" })
      .max(max, { message: "admin.errors.range" })
      .nullable(),
  );

/** The most rows the counter form takes: a big family, and everything they rent and buy. */
const COUNTER_ROWS = { persons: MAX_PERSONS, lines: 40 } as const;

/**
 * A person at the counter: the first name, and what helps choose sizes. The shoe size may be given in EU, UK,
 * US or Mondo (`shoeSystem`); it is kept as EU.
 */
const counterPersonFields = z.object({
  firstName: requiredText(60),
  lastName: optionalText(60),
  heightCm: optionalNumber(PERSON_LIMITS.heightCm[0], PERSON_LIMITS.heightCm[1]),
  weightKg: optionalNumber(PERSON_LIMITS.weightKg[0], PERSON_LIMITS.weightKg[1]),
  age: optionalNumber(PERSON_LIMITS.age[0], PERSON_LIMITS.age[1]),
  skill: z.preprocess(
    (value) => (value === "" ? null : value),
    z.enum(SKILLS, { message: "admin.errors.choose" }).nullable().default(null),
  ),
  shoeSize: shoeSizeEu.transform((eu) => eu ?? null),
});
const counterPersonSchema = withShoeSizeInEu(counterPersonFields);

/** A line at the counter: `item` is "itemId" or "itemId|size" (ids are 32-bit); person "" is for the whole order. */
const counterLineSchema = z.object({
  item: z.string().regex(/^\d{1,9}(\|.{1,20})?$/, { message: "admin.errors.choose" }),
  person: z.string().regex(/^(\d+)?$/),
  quantity: z.coerce.number().int().min(1, { message: "admin.errors.range" }).max(20, { message: "admin.errors.range" }).default(1),
});

/** The walk-in customer's order, as the counter form posts it. */
export const counterOrderSchema = z.object({
  shopId: rowIdSchema("admin.errors.choose"),
  appId: oneOf(SEASONS),
  pickupDate: isoDate,
  pickupTime: clockTime,
  returnDate: isoDate,
  returnTime: clockTime,
  persons: z.array(counterPersonSchema).max(COUNTER_ROWS.persons).default([]),
  lines: z.array(counterLineSchema).max(COUNTER_ROWS.lines).default([]),
  name: requiredText(120),
  email: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: "admin.errors.email" }))
      .nullable(),
  ),
  phone: optionalText(40),
  language: oneOf(["en", "de", "it", "nl", "be", "da"] as const),
  method: oneOf(["cash", "card"] as const),
  /** The customer takes the damage waiver (only when the shop offers it); never ticked in advance. */
  damageWaiver: checkbox,
  note: optionalText(1000),
});
export type CounterOrderInput = z.infer<typeof counterOrderSchema>;

/** The counter form's line value for an item and size: "12" or "12|156". */
export function lineValue(itemId: number, size: string | null): string {
  return size ? `${itemId}|${size}` : String(itemId);
}

export function parseLineValue(value: string): { itemId: number; size: string | null } {
  const [id, ...size] = value.split("|");
  return { itemId: Number(id), size: size.length > 0 ? size.join("|") : null };
}

// ---------------------------------------------------------------------------------------------
// The counter form as the clerk fills it in

type Row = Record<string, string>;
/** The counter form's values with its repeating rows as lists (`persons.0.firstName` → persons[0].firstName). */
export type CounterDraftValues = Record<string, unknown> & { persons: Row[]; lines: Row[] };

const blankPerson = (): Row => ({
  firstName: "",
  lastName: "",
  heightCm: "",
  weightKg: "",
  age: "",
  skill: "",
  shoeSize: "",
  shoeSystem: "",
});
const blankLine = (person: string): Row => ({ person, item: "", quantity: "1" });

/** The form a clerk starts with: one person, one line for them, the customer's language and card payment. */
export function newCounterDraft(period: Record<string, string | number>, language: string): CounterDraftValues {
  return { ...period, persons: [blankPerson()], lines: [blankLine("0")], language, method: "card" };
}

const asRows = (rows: Record<string, unknown>[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "string" ? value : ""])));

/**
 * The posted counter form after its button: `addPerson`, `addLine`, `removePerson-{i}` or `removeLine-{i}`
 * change the rows (the form round-trips, so it works without JavaScript); any other intent leaves them.
 * A removed person takes their lines along, and the lines of the persons after them follow their new place.
 */
function editCounterRows(values: Record<string, unknown>, intent: string): CounterDraftValues {
  const persons = asRows(rowsOf(values, "persons", COUNTER_ROWS.persons));
  let lines = asRows(rowsOf(values, "lines", COUNTER_ROWS.lines));
  if (intent === "addPerson" && persons.length < COUNTER_ROWS.persons) persons.push(blankPerson());
  if (intent === "addLine" && lines.length < COUNTER_ROWS.lines)
    lines.push(blankLine(persons.length > 0 ? String(persons.length - 1) : ""));
  const remove = /^remove(Person|Line)-(\d+)$/.exec(intent);
  if (remove?.[1] === "Line") lines.splice(Number(remove[2]), 1);
  if (remove?.[1] === "Person") {
    const index = Number(remove[2]);
    persons.splice(index, 1);
    lines = lines
      .filter((line) => line.person !== String(index))
      .map((line) => (line.person !== "" && Number(line.person) > index ? { ...line, person: String(Number(line.person) - 1) } : line));
  }
  return { ...values, persons, lines };
}

/** Now, rounded up to the next quarter hour, in the shop's time zone: a walk-in takes the equipment right away. */
function nextQuarterHour(now: Date, timeZone: string) {
  const rounded = new Date(Math.ceil(now.getTime() / 900_000) * 900_000);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(rounded);
  return { date: zonedDate(rounded, timeZone), time, season: seasonOn(rounded, timeZone) };
}

/** The counter's season to start with: the one of today. */
export function counterSeason(now: Date, timeZone = SHOP_TIME_ZONE) {
  return nextQuarterHour(now, timeZone).season;
}

/**
 * The counter's period to start with, one the branch takes: from now (the next quarter hour) until closing
 * time, or, when the branch is closed now or out of season (a November morning for the winter branches),
 * its next open day in the season, from opening to closing. Null when the branch has no such day within
 * a year (no opening hours at all).
 */
export function counterStart(calendar: ShopCalendar, now: Date, timeZone = SHOP_TIME_ZONE) {
  const start = nextQuarterHour(now, timeZone);
  for (let offset = 0; offset <= 366; offset++) {
    const day = addDays(start.date, offset);
    for (const slot of calendar.hours.filter((h) => h.weekday === isoWeekday(day))) {
      const opens = slot.opens.slice(0, 5);
      const period = {
        pickupDate: day,
        pickupTime: offset === 0 && start.time > opens ? start.time : opens,
        returnDate: day,
        returnTime: slot.closes.slice(0, 5),
      };
      if (checkPeriod(period, calendar, now).ok) return period;
    }
  }
  return null;
}

export type CounterPeriod = Pick<CounterOrderInput, "shopId" | "appId" | "pickupDate" | "pickupTime" | "returnDate" | "returnTime">;
export type CounterPerson = CounterOrderInput["persons"][number];
/** What the price of the lines chosen so far needs: the period and the items, not a finished form. */
type CounterChoice = Pick<CounterOrderInput, "appId" | "pickupDate" | "returnDate" | "lines" | "damageWaiver">;

/**
 * One post of the counter form, read: its values after the button's row change, the order when the form is
 * complete, and what it already says while it is being filled in (the period, each person's measures, the
 * lines chosen) for fresh availability and prices.
 */
export type CounterForm = {
  values: CounterDraftValues;
  order: Result<CounterOrderInput>;
  period: CounterPeriod | null;
  /** Every row, so indexes match the form's; measures not (yet) valid are left out of the sizing. */
  persons: CounterPerson[];
  chosen: CounterChoice | null;
};

const measures = withShoeSizeInEu(counterPersonFields.omit({ firstName: true, lastName: true }));
const periodPart = counterOrderSchema.pick({
  shopId: true,
  appId: true,
  pickupDate: true,
  pickupTime: true,
  returnDate: true,
  returnTime: true,
});
const choicePart = counterOrderSchema.pick({ appId: true, pickupDate: true, returnDate: true, lines: true, damageWaiver: true });

export function readCounterForm(posted: Record<string, unknown>, intent: string): CounterForm {
  const values = editCounterRows(posted, intent);
  const period = periodPart.safeParse(values);
  const persons: CounterPerson[] = values.persons.map((p) => {
    const parsed = measures.safeParse(p);
    const none = { heightCm: null, weightKg: null, age: null, skill: null, shoeSize: null };
    return { firstName: p.firstName ?? "", lastName: null, ...(parsed.success ? parsed.data : none) };
  });
  const chosen = choicePart.safeParse({ ...values, lines: values.lines.filter((line) => line.item) });
  return {
    values,
    order: parse(counterOrderSchema, values),
    period: period.success ? period.data : null,
    persons,
    chosen: chosen.success ? chosen.data : null,
  };
}
