import type { z } from "zod";

/**
 * Field errors of a failed parse as message keys (the schemas' messages are i18n keys such as
 * "validation.email" or "booking.errors.firstName"), first error per field. The route translates them.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
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
