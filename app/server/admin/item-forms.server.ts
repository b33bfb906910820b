/**
 * Reading what the item page posts. The page holds several forms (the item, its prices, surcharges,
 * units, stock, pictures); each posts an `intent`, and the action parses the values with that form's
 * schema. Pictures come as multipart/form-data, read with a size cap before anything is parsed.
 */
import { data } from "react-router";
import type { z } from "zod";
import { MAX_PICTURE_BYTES, MAX_PICTURES_PER_UPLOAD } from "../../domain/admin/item-picture";
import { fieldErrors, formToObject } from "../../domain/forms";

const MAX_FORM_BYTES = 256 * 1024;
/** A whole upload: the most pictures at the largest size, and room for the multipart framing. */
const MAX_UPLOAD_BYTES = MAX_PICTURES_PER_UPLOAD * MAX_PICTURE_BYTES + 256 * 1024;

export type Posted = { intent: string; values: Record<string, unknown>; files: unknown[] };

const tooLarge = () => data({ message: "Payload Too Large" }, { status: 413 });

/** The body, refused with 413 as soon as it passes `limit` (a chunked upload has no Content-Length to check). */
async function readCapped(request: Request, limit: number): Promise<ArrayBuffer> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
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
      throw tooLarge();
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

export async function readItemPost(request: Request): Promise<Posted> {
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.toLowerCase().startsWith("multipart/form-data");
  const body = await readCapped(request, multipart ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw data({ message: "Bad Request" }, { status: 400 });
  }
  const values = formToObject(form);
  const intent = typeof values.intent === "string" ? values.intent : "save";
  delete values.intent;
  return { intent, values, files: multipart ? form.getAll("pictures") : [] };
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

export function parsePosted<S extends z.ZodType>(schema: S, values: unknown): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/**
 * A refused form of the item page: 400 with the values as posted and a message per field, tagged with
 * the form (`target`) they belong to, so that only that form shows them.
 */
export function refusedOn(target: string, values: Record<string, unknown>, errors: Record<string, string>, status = 400) {
  return data({ target, values, errors }, { status });
}
