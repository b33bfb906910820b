import type { z } from "zod";
import { type FieldErrors, fail, ok, type Result } from "./result";

/**
 * Field errors of a failed parse as message keys (the schemas' messages are i18n keys such as
 * "validation.email" or "booking.errors.firstName"), first error per field. The route translates them.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    // Schemas name their messages by i18n key; Zod's own English sentences become a generic message.
    out[field] ??= /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/.test(issue.message) ? issue.message : "validation.invalid";
  }
  return out;
}

/**
 * A posted form as an object: `name.en` becomes `{ name: { en } }`, `sizes[]` (repeated) becomes a list,
 * other repeated names keep their last value. Everything stays a string, as posted; files are left out.
 */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const unsafe = (part: string) => part === "__proto__" || part === "constructor" || part === "prototype";
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (name.endsWith("[]")) {
      const key = name.slice(0, -2);
      if (unsafe(key)) continue;
      // A list goes on a list; after a single value or a group of the same name (a crafted form) it starts anew.
      const list = out[key];
      out[key] = Array.isArray(list) ? [...list, value] : [value];
      continue;
    }
    const path = name.split(".");
    if (path.some(unsafe)) continue;
    let target = out;
    for (const part of path.slice(0, -1)) {
      target[part] = typeof target[part] === "object" && target[part] !== null ? target[part] : {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = value;
  }
  return out;
}

/** Values as posted, checked by a schema: the parsed value, or `invalid` with a message key per field. */
export function parse<S extends z.ZodType>(schema: S, values: unknown): Result<z.infer<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? ok(parsed.data) : fail.invalid(fieldErrors(parsed.error));
}

/**
 * Repeating rows of a form (`persons.0.firstName`, `persons.1.firstName`, …) as a list in the order of
 * their numbers, at most `max` of them: a crafted form cannot make the server build a thousand rows.
 */
export function rowsOf(values: Record<string, unknown>, name: string, max: number): Record<string, unknown>[] {
  const group = values[name];
  if (typeof group !== "object" || group === null) return [];
  return Object.entries(group)
    .filter(([index, row]) => /^\d{1,3}$/.test(index) && typeof row === "object" && row !== null)
    .sort(([a], [b]) => Number(a) - Number(b))
    .slice(0, max)
    .map(([, row]) => row as Record<string, unknown>);
}

/** The posted name of a field in a repeating row: `rowField("persons", 0, "firstName")` is `persons.0.firstName`. */
export function rowField(name: string, index: number, field: string): string {
  return `${name}.${index}.${field}`;
}
