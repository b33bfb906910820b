/**
 * The persons of a bag, as the persons step posts them: a first name (docs/spec.md §5's
 * `booking.errors.firstName`) and the body data that helps choose sizes (domain/sizing.ts).
 */
import { z } from "zod";
import { emptyToUndefined, optionalText } from "./booking-fields";
import { hasBinding } from "./counter/binding";
import { parse } from "./forms";
import type { PersonRow } from "./person-rows";
import { fail, ok, type Result } from "./result";
import { SHOE_SIZE_EU, SHOE_SIZE_MESSAGE, shoeSizeToEu, shoeSystemOf } from "./shoe-size";
import { type AgeBand, type Season, type SizingKind, SKILLS } from "./vocabulary";

/** The plausible range of each body measure a person may give (height cm, weight kg, EU shoe size). */
export const PERSON_LIMITS = {
  heightCm: [70, 230],
  weightKg: [10, 200],
  shoeSize: [SHOE_SIZE_EU.min, SHOE_SIZE_EU.max],
  age: [1, 110],
} as const;

/** Which shoe size the persons step asks: none, EU only, or in every system (EU, UK, US, Mondo). */
export type ShoeSizeQuestion = "none" | "eu" | "every";

/**
 * What the persons step asks of a storefront's customers (issue 33: summer asked a shoe size in four
 * systems for e-bikes and spoke of ski bindings). A shoe size only where an active item is chosen by it
 * (boots, or an item with a shoe size limit): in every system for ski boots, which are labelled in Mondo,
 * UK and US; EU elsewhere, as shoes are sold here. The age is said to set bindings only where skis are rented.
 */
export function personsQuestions(
  season: Season,
  items: readonly { appId: string; active: boolean; sizing: SizingKind; maxShoeSize: number | null }[],
): { shoeSize: ShoeSizeQuestion; bindings: boolean } {
  const offered = items.filter((item) => item.appId === season && item.active);
  const bindings = offered.some((item) => hasBinding(item.sizing));
  const shoes = offered.some((item) => item.sizing === "boot" || item.maxShoeSize !== null);
  return { shoeSize: !shoes ? "none" : bindings ? "every" : "eu", bindings };
}

/** The age group a package's price depends on (decision 030), as its labels name them: up to 11, 12–17, 18+. */
function ageBandOf(age: number | null | undefined): AgeBand | undefined {
  if (age === null || age === undefined) return undefined;
  return age <= 11 ? "child" : age <= 17 ? "youth" : "adult";
}

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).optional());

/**
 * A measure a person may type with a decimal comma or point ("80,5", "172.5"): rounded to the whole unit the
 * shop keeps, half up, as a clerk would write it down (issue 33: "80,5" was refused with the range message).
 */
const optionalMeasure = (min: number, max: number, message: string) =>
  z.preprocess((value) => {
    const given = emptyToUndefined(value);
    if (typeof given !== "string" || !/^\s*\d+([.,]\d+)?\s*$/.test(given)) return given;
    return Math.round(Number(given.trim().replace(",", ".")));
  }, z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).optional());

/**
 * A person's shoe size as posted (`shoeSize` typed in the system `shoeSystem`: EU, UK, US or Mondo; EU when
 * none is posted) becomes the whole EU size the shop keeps (domain/shoe-size.ts); `shoeSystem` is dropped.
 * Wraps a row's object schema whose `shoeSize` is `shoeSizeEu`, which gives a size that is none, or out of
 * its system's range, that system's message (beside the field, with the row's other messages).
 */
export function withShoeSizeInEu<S extends z.ZodType>(row: S) {
  return z.preprocess((value) => {
    if (typeof value !== "object" || value === null) return value;
    const { shoeSystem, shoeSize, ...rest } = value as Record<string, unknown>;
    const text = typeof shoeSize === "number" ? String(shoeSize) : shoeSize;
    if (typeof text !== "string" || text.trim() === "") return { ...rest, shoeSize: undefined };
    const system = shoeSystemOf(shoeSystem);
    const height = typeof rest.heightCm === "string" || typeof rest.heightCm === "number" ? Number(rest.heightCm) : null;
    return { ...rest, shoeSize: shoeSizeToEu(system, text, height) ?? { refused: SHOE_SIZE_MESSAGE[system] } };
  }, row);
}

/** The `shoeSize` of a row under withShoeSizeInEu: the EU size, nothing, or its system's message. */
export const shoeSizeEu = z.unknown().transform((value, ctx): number | undefined => {
  if (value === undefined || typeof value === "number") return value;
  const refused = (value as { refused?: unknown } | null)?.refused;
  ctx.addIssue({ code: "custom", message: typeof refused === "string" ? refused : SHOE_SIZE_MESSAGE.eu, input: value });
  return z.NEVER;
});

const personSchema = withShoeSizeInEu(
  z.object({
    firstName: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z
        .string({ message: "booking.errors.firstName" })
        .min(1, { message: "booking.errors.firstName" })
        .max(60, { message: "booking.errors.tooLong" }),
    ),
    lastName: optionalText(60),
    heightCm: optionalMeasure(...PERSON_LIMITS.heightCm, "booking.errors.height"),
    weightKg: optionalMeasure(...PERSON_LIMITS.weightKg, "booking.errors.weight"),
    skill: z.preprocess(emptyToUndefined, z.enum(SKILLS, { message: "booking.errors.skill" }).optional()),
    shoeSize: shoeSizeEu,
    /** Optional: a child pays a package's children's price (decision 030), and the binding setting needs it. */
    age: optionalInt(...PERSON_LIMITS.age, "booking.errors.age"),
  }),
).transform((person) => ({ ...person, ageBand: ageBandOf(person.age) }));
export type PersonInput = z.infer<typeof personSchema>;

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
