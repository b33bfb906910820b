/**
 * The persons of a bag, as the persons step posts them: a first name (docs/spec.md §5's
 * `booking.errors.firstName`) and the body data that helps choose sizes (domain/sizing.ts).
 */
import { z } from "zod";
import { emptyToUndefined, optionalText } from "./booking-fields";
import { parse, rowsOf } from "./forms";
import { fail, ok, type Result } from "./result";
import { SKILLS } from "./vocabulary";

/** Most persons a bag takes: a big family or a school group is handled at the counter. */
export const MAX_PERSONS = 12;

/** The plausible range of each body measure a person may give (height cm, weight kg, EU shoe size). */
export const PERSON_LIMITS = { heightCm: [70, 230], weightKg: [10, 200], shoeSize: [20, 52] } as const;

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).optional());

export const personSchema = z.object({
  firstName: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ message: "booking.errors.firstName" })
      .min(1, { message: "booking.errors.firstName" })
      .max(60, { message: "booking.errors.tooLong" }),
  ),
  lastName: optionalText(60),
  heightCm: optionalInt(...PERSON_LIMITS.heightCm, "booking.errors.height"),
  weightKg: optionalInt(...PERSON_LIMITS.weightKg, "booking.errors.weight"),
  skill: z.preprocess(emptyToUndefined, z.enum(SKILLS, { message: "booking.errors.skill" }).optional()),
  shoeSize: optionalInt(...PERSON_LIMITS.shoeSize, "booking.errors.shoeSize"),
});
export type PersonInput = z.infer<typeof personSchema>;

// ---------------------------------------------------------------------------------------------
// The persons step as a form of repeating rows (`persons.0.firstName`, …)

const PERSON_FIELDS = ["key", "id", "firstName", "lastName", "heightCm", "weightKg", "skill", "shoeSize"] as const;
/** A person as the form shows it: every field a string as typed, `id` the saved person's, "" for a new one. */
export type PersonRow = Record<(typeof PERSON_FIELDS)[number], string>;

/**
 * `key` names a person's fieldset across round trips (add, remove), so React never reuses the inputs of a
 * removed person for the one that moved up.
 */
export function blankPersonRow(): PersonRow {
  return {
    key: `n${crypto.randomUUID().slice(0, 8)}`,
    id: "",
    firstName: "",
    lastName: "",
    heightCm: "",
    weightKg: "",
    skill: "",
    shoeSize: "",
  };
}

/** The posted persons, each field cut to a length no field needs, with a fresh key where the posted one is odd. */
export function personRows(values: Record<string, unknown>): PersonRow[] {
  return rowsOf(values, "persons", MAX_PERSONS).map((posted) => {
    const row = blankPersonRow();
    for (const field of PERSON_FIELDS) if (typeof posted[field] === "string") row[field] = (posted[field] as string).slice(0, 200);
    if (!/^[a-z0-9]{1,20}$/.test(row.key)) row.key = blankPersonRow().key;
    return row;
  });
}

/**
 * The persons step's buttons: `add` a person, `remove-{i}`, or anything else (saving) leaves the rows.
 * Adding and removing round-trip the form (it works without JavaScript); nothing is saved yet. There is
 * always at least one person to fill in.
 */
export function editPersonRows(rows: PersonRow[], intent: string): PersonRow[] {
  if (intent === "add") return rows.length < MAX_PERSONS ? [...rows, blankPersonRow()] : rows;
  const remove = /^remove-(\d+)$/.exec(intent);
  const kept = remove ? rows.filter((_, i) => i !== Number(remove[1])) : rows;
  return kept.length > 0 ? kept : [blankPersonRow()];
}

/**
 * All persons of the step, checked: each with the id of the saved person it changes (null for a new one).
 * Refused with a message per field and one above the form: a missing first name is the text of
 * docs/spec.md §5, anything else asks to check the marked fields.
 */
export function checkPersons(rows: PersonRow[]): Result<(PersonInput & { id: number | null })[]> {
  if (rows.length === 0) return fail.invalid({ form: "booking.errors.firstName" });
  const checked = parse(z.array(personSchema), rows);
  if (checked.ok) return ok(checked.value.map((person, i) => ({ ...person, id: /^\d+$/.test(rows[i].id) ? Number(rows[i].id) : null })));
  if (checked.reason !== "invalid") return checked;
  const errors = Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [`persons.${field}`, message]));
  const noName = rows.length === 0 || Object.keys(errors).some((field) => field.endsWith(".firstName"));
  return fail.invalid({ ...errors, form: noName ? "booking.errors.firstName" : "booking.persons.fix" });
}
