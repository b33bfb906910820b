/** Reading a posted form at the boundary: Zod decides, and a refusal keeps everything that was typed. */
import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formToObject } from "../../domain/forms";

/** The biggest form the back office accepts (pictures are uploaded separately). */
const MAX_FORM_BYTES = 256 * 1024;

export type FormReading<T> =
  | { ok: true; data: T; values: Record<string, unknown>; intent: string }
  | { ok: false; values: Record<string, unknown>; errors: Record<string, string>; intent: string };

export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<FormReading<z.infer<S>>> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) throw data({ message: "Payload Too Large" }, { status: 413 });
  const form = await request.formData();
  const values = formToObject(form);
  const intent = typeof values.intent === "string" ? values.intent : "save";
  delete values.intent;
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data, values, intent }
    : { ok: false, values, errors: fieldErrors(parsed.error), intent };
}

/** The answer to a refused form: 400 with the values as posted and a message per field. */
export function refused(values: Record<string, unknown>, errors: Record<string, string>) {
  return data({ values, errors }, { status: 400 });
}
