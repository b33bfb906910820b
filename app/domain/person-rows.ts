/**
 * The persons step as a form of repeating rows (`persons.0.firstName`, …), as the page and its action both
 * handle them. No validation library here: the step's page needs these in the browser (domain/persons.ts
 * checks the rows on the server).
 */
import { rowsOf } from "./forms";

/** Most persons a bag takes: a big family or a school group is handled at the counter. */
export const MAX_PERSONS = 12;

const PERSON_FIELDS = ["key", "id", "firstName", "lastName", "heightCm", "weightKg", "skill", "shoeSize", "shoeSystem", "age"] as const;
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
    shoeSystem: "",
    age: "",
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
