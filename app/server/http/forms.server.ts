/**
 * The one way a route reads a posted form: `readForm` gives `{ intent, values, files }`, `parse` (from
 * domain/forms) checks the values with the form's Zod schema, and `refuse` (results.server.ts) answers a
 * failure with the values as typed and a message per field.
 */
import { data } from "react-router";
import type { z } from "zod";
import { formToObject, parse } from "../../domain/forms";
import { type Failure, type Result, under } from "../../domain/result";
import { redirectTo, refuse } from "./results.server";

/** The biggest form the shop accepts without files. */
const MAX_FORM_BYTES = 256 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A posted form: `intent` names the button that sent it ("save" when none did), `values` are the fields
 * nested by their names (`name.en` → `{ name: { en } }`, `persons.0.firstName` → rows, `sizes[]` → a list),
 * all strings as typed, and `files` the uploaded files by field name.
 */
export type PostedForm = { intent: string; values: Record<string, unknown>; files: Record<string, File[]>; tooLarge?: true };

/**
 * How far a too large body of a form that answers it in place (`keepTooLarge`) is still read: to its end,
 * keeping only the first `limit` bytes, so the browser, which sends all before it reads the answer, gets the
 * form back instead of a reset connection. A bigger body is cut off with 413 as any other.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;

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
 * The posted form data: 413 for a body over `limit`, 415 for a body that is not a form (JSON, plain
 * text), 400 for a form that cannot be read (a broken multipart body) or that holds a NUL character (no
 * browser field can hold one, and PostgreSQL stores none in text or JSON). A POST without a body and
 * without a content type (a button in a form of its own) is an empty form.
 */
async function readFormData(request: Request, limit: number, keepTooLarge = false): Promise<{ form: FormData; tooLarge?: true }> {
  const type = request.headers.get("content-type") ?? "";
  const tooLarge = () => data({ message: "Payload Too Large" }, { status: 413, statusText: "Payload Too Large" });
  if (keepTooLarge && Number(request.headers.get("content-length") ?? 0) <= DRAIN_BYTES) {
    const { head, whole } = await readHead(request, limit, DRAIN_BYTES);
    if (!whole) {
      if (!head) throw tooLarge();
      if (!FORM_TYPES.has(type.split(";")[0].trim().toLowerCase()))
        throw data({ message: "Unsupported Media Type" }, { status: 415, statusText: "Unsupported Media Type" });
      return { form: fieldsBefore(head, type), tooLarge: true };
    }
    return { form: await parseFormData(head as Uint8Array, type) };
  }
  const body = await readCapped(request, limit);
  if (!body) throw tooLarge();
  return { form: await parseFormData(new Uint8Array(body), type) };
}

/** A complete body as form data: 415 when it is no form, 400 when it cannot be read or holds a NUL. */
async function parseFormData(body: Uint8Array, type: string): Promise<FormData> {
  if (!type && body.byteLength === 0) return new FormData();
  if (!FORM_TYPES.has(type.split(";")[0].trim().toLowerCase()))
    throw data({ message: "Unsupported Media Type" }, { status: 415, statusText: "Unsupported Media Type" });
  const unreadable = () => data({ message: "Bad Request" }, { status: 400, statusText: "Bad Request" });
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } }).formData();
  } catch {
    throw unreadable();
  }
  for (const [name, value] of form.entries()) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw unreadable();
  }
  return form;
}

/**
 * Reads a body to its end or to `drain` bytes, keeping the first `limit`: `whole` when it fitted. `head`
 * is null when the body passed `drain` (then the rest is not read).
 */
async function readHead(request: Request, limit: number, drain: number): Promise<{ head: Uint8Array | null; whole: boolean }> {
  const reader = request.body?.getReader();
  if (!reader) return { head: new Uint8Array(0), whole: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let kept = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (kept < limit) {
      const part = value.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.byteLength;
    }
    size += value.byteLength;
    if (size > drain) {
      await reader.cancel();
      return { head: null, whole: false };
    }
  }
  const head = new Uint8Array(kept);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { head, whole: size <= limit };
}

/**
 * The text fields a too large form sent before it passed the limit: the parts of a multipart body that ended
 * before the cut (files dropped), or the pairs of a URL-encoded one (the cut one dropped). NUL characters
 * are dropped with the field that holds them. So a form refused for its size comes back with what was typed.
 */
function fieldsBefore(head: Uint8Array, type: string): FormData {
  const form = new FormData();
  const keep = (name: string, value: string) => {
    if (!name.includes("\0") && !value.includes("\0")) form.append(name, value);
  };
  const text = new TextDecoder().decode(head);
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/form-data") && boundary) {
    const parts = text.split(`--${boundary}`);
    // The last piece is the cut one (or the closing "--").
    for (const part of parts.slice(1, -1)) {
      const end = part.indexOf("\r\n\r\n");
      if (end < 0) continue;
      const headers = part.slice(0, end);
      const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
      if (name === undefined || /\bfilename=/i.test(headers)) continue;
      keep(name, part.slice(end + 4).replace(/\r\n$/, ""));
    }
    return form;
  }
  const pairs = text.split("&").slice(0, -1);
  for (const [name, value] of new URLSearchParams(pairs.join("&"))) keep(name, value);
  return form;
}

/**
 * Reads a posted form. `uploadBytes` lets a multipart form (and only one) carry files up to that size in
 * all; every other form is capped at MAX_FORM_BYTES. Over the cap it is 413, unless `keepTooLarge`: then the
 * form comes back `tooLarge`, without files and with the fields sent before the cap, for the route to refuse
 * with a message in the form (a photo of 30 MB must not cost the clerk the note typed above it).
 */
export async function readForm(request: Request, options: { uploadBytes?: number; keepTooLarge?: boolean } = {}): Promise<PostedForm> {
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const limit = multipart && options.uploadBytes ? options.uploadBytes : MAX_FORM_BYTES;
  const { form, tooLarge } = await readFormData(request, limit, options.keepTooLarge);
  const values = formToObject(form);
  const intent = typeof values.intent === "string" ? values.intent : "save";
  delete values.intent;
  const files: Record<string, File[]> = {};
  if (options.uploadBytes) {
    for (const [name, value] of form.entries()) {
      if (typeof value !== "string") files[name] = [...(files[name] ?? []), value];
    }
  }
  return { intent, values, files, ...(tooLarge ? { tooLarge } : {}) };
}

/**
 * The usual action of a form: check `form`'s values with `schema`, hand the input to `save`, and answer:
 * on to the page `next` names (POST-redirect-GET), or back to the form with the refusal and what was
 * typed. `values` parses a part of the form instead (a surcharge's `s12` fields), whose messages
 * `prefix` names as posted; `target` is the form of a page with several.
 */
export async function saveForm<S extends z.ZodType, T>(
  request: Request,
  form: PostedForm,
  schema: S,
  save: (input: z.infer<S>) => Promise<Result<T>>,
  next: (value: T, input: z.infer<S>) => string,
  options: { values?: unknown; target?: string; prefix?: string } = {},
) {
  const refusal = (failure: Failure) => refuse(options.prefix ? under(options.prefix, failure) : failure, form, options.target);
  const input = parse(schema, options.values ?? form.values);
  if (!input.ok) return refusal(input);
  const saved = await save(input.value);
  return saved.ok ? redirectTo(request, next(saved.value, input.value)) : refusal(saved);
}
