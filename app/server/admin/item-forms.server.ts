/**
 * Reading what the item page posts. The page holds several forms (the item, its prices, surcharges,
 * units, stock, pictures); each posts an `intent`, and the action parses the values with that form's
 * schema. Pictures come as multipart/form-data, read with a size cap before anything is parsed.
 */
import { data } from "react-router";
import type { z } from "zod";
import { MAX_PICTURE_BYTES, MAX_PICTURES_PER_UPLOAD } from "../../domain/admin/item-picture";
import { fieldErrors, formToObject } from "../../domain/forms";
import { MAX_FORM_BYTES, readFormData } from "../http/forms.server";

/** A whole upload: the most pictures at the largest size, and room for the multipart framing. */
const MAX_UPLOAD_BYTES = MAX_PICTURES_PER_UPLOAD * MAX_PICTURE_BYTES + 256 * 1024;

export type Posted = { intent: string; values: Record<string, unknown>; files: unknown[] };

export async function readItemPost(request: Request): Promise<Posted> {
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const form = await readFormData(request, multipart ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES);
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
