/**
 * The one way a route reads its URL's query string, as readForm (forms.server.ts) reads a posted form.
 * A query is typed, edited and shared by hand, so a route's schema drops a value it cannot use
 * (`.optional().catch(undefined)`, a default) rather than failing: a list's stale filter is ignored, a page
 * number past the end falls back to the first. A query the schema refuses all the same is a page that does
 * not exist (404), as a malformed route parameter is (`param`, docs/spec.md §8).
 */
import type { z } from "zod";
import { notFound } from "./results.server";

/**
 * The request's query checked with `schema`: the parsed value, or the 404 page. The schema sees each name's
 * value as a string as typed; a name given more than once keeps its last value, as a posted form's does.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) notFound();
  return parsed.data;
}
