/**
 * The back office's list screens keep their search, filters, sort and page in the URL (bookmarkable,
 * shareable, back button works). One schema per list, built here, parses them (a route reads it with
 * `readQuery`); bad values fall back to the defaults instead of failing, since a URL is typed or edited by hand.
 */
import { z } from "zod";

export const PAGE_SIZE = 25;

export type SortDirection = "asc" | "desc";

/**
 * A list's query schema: `q` (search text), `sort` (one of `sorts`, default the first), `dir`, `page`, and
 * the list's own filters (each should `.catch(undefined)` so that a stale filter value is simply ignored).
 */
export function listQuery<S extends string, F extends z.ZodRawShape>(
  sorts: readonly [S, ...S[]],
  filters: F,
  defaultDir: SortDirection = "asc",
) {
  return z.object({
    q: z
      .string()
      // No stored text holds a NUL (PostgreSQL refuses it, and a search for one would fail): it goes.
      .transform((value) => value.replaceAll("\0", ""))
      .pipe(z.string().trim().max(100))
      .transform((value) => value || undefined)
      .optional()
      .catch(undefined),
    sort: z.enum(sorts).catch(sorts[0]),
    dir: z.enum(["asc", "desc"]).catch(defaultDir),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    ...filters,
  });
}

export type Page<Row> = { rows: Row[]; total: number; page: number; pages: number; pageSize: number };

export function pageOf<Row>(rows: Row[], total: number, page: number): Page<Row> {
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), pageSize: PAGE_SIZE };
}

/** The SQL LIKE pattern for a search text, with LIKE's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Letters a search folds to plain ones, so that "mueller" finds "Müller" and "Müller" finds "Mueller": the
 * German and Danish ones to their usual spelling without them (ü → ue, ß → ss, æ → ae, å → aa), every other
 * accented letter to its base letter (é → e). The database folds the column the same way (`foldedColumn` in
 * app/server/admin/search.server.ts): PGlite has no `unaccent`, while `translate` and `replace` are in every
 * PostgreSQL. Capitals are listed too, as `lower()` in a database of the C locale leaves them as they are.
 */
const PAIRS = [
  ["ä", "ae"],
  ["ö", "oe"],
  ["ü", "ue"],
  ["ß", "ss"],
  ["æ", "ae"],
  ["ø", "oe"],
  ["å", "aa"],
] as const;
const FROM = "àáâãèéêëìíîïòóôõùúûýÿñçćčšžłńśźż";
const TO = "aaaaeeeeiiiioooouuuyyncccszlnszz";

export const SEARCH_FOLD = {
  /** Letters written as two, small and capital. */
  pairs: PAIRS.flatMap(([letter, plain]) => [
    [letter, plain],
    [letter === "ß" ? "ẞ" : letter.toUpperCase(), plain],
  ]) as [string, string][],
  /** Letters written as their base letter, one for one (`from[i]` → `to[i]`), small and capital. */
  from: FROM + FROM.toUpperCase(),
  to: TO + TO,
};

/** A search text folded as `SEARCH_FOLD` says, in lower case. */
export function foldSearch(text: string): string {
  let folded = text;
  for (const [letter, plain] of SEARCH_FOLD.pairs) folded = folded.replaceAll(letter, plain);
  return [...folded]
    .map((c) => SEARCH_FOLD.to[SEARCH_FOLD.from.indexOf(c)] ?? c)
    .join("")
    .toLowerCase();
}
