import type { z } from "zod";

/**
 * Field errors of a failed parse as message keys (the schemas' messages are i18n keys such as
 * "validation.email"), first error per field. The route translates them.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    out[field] ??= issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
  }
  return out;
}
