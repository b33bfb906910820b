/**
 * Zod building blocks of the booking forms (persons, invoice). Messages are i18n keys under
 * `booking.errors`, shown by the page beside the field.
 */
import { z } from "zod";

/** A field left empty, or only blanks, counts as not given. */
export const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** An optional line of text, at most `max` characters. */
export const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, { message: "booking.errors.tooLong" }).optional());
