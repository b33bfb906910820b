/** Reading a posted form at the boundary: Zod decides, and a refusal keeps everything that was typed. */
import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formToObject } from "../../domain/forms";

/** The biggest form the shop accepts (pictures are uploaded separately, see item-forms.server.ts). */
export const MAX_FORM_BYTES = 256 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export type FormReading<T> =
  | { ok: true; data: T; values: Record<string, unknown>; intent: string }
  | { ok: false; values: Record<string, unknown>; errors: Record<string, string>; intent: string };

/** The body, or null as soon as it passes `limit` (a chunked body has no Content-Length to check first). */
export async function readCapped(request: Request, limit: number): Promise<ArrayBuffer | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  const reader = request.body?.getReader();
  if (!reader) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}

/**
 * A posted form, the only way routes read one: 413 for a body over `limit`, 415 for a body that is not a
 * form (JSON, plain text), 400 for a form that cannot be read (a broken multipart body) or that holds a NUL
 * character (no browser field can hold one, and PostgreSQL stores none in text or JSON). A POST without a
 * body and without a content type (a button in a form of its own) is an empty form.
 */
export async function readFormData(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const body = await readCapped(request, limit);
  if (!body) throw data({ message: "Payload Too Large" }, { status: 413, statusText: "Payload Too Large" });
  if (!type && body.byteLength === 0) return new FormData();
  if (!FORM_TYPES.has(type.split(";")[0].trim().toLowerCase()))
    throw data({ message: "Unsupported Media Type" }, { status: 415, statusText: "Unsupported Media Type" });
  const unreadable = () => data({ message: "Bad Request" }, { status: 400, statusText: "Bad Request" });
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw unreadable();
  }
  for (const [name, value] of form.entries()) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw unreadable();
  }
  return form;
}

export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<FormReading<z.infer<S>>> {
  const values = formToObject(await readFormData(request));
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
