/**
 * The back office's list screens keep their search, filters, sort and page in the URL (bookmarkable,
 * shareable, back button works). One schema per list, built here, parses them; bad values fall back to
 * the defaults instead of failing, since a URL is typed or edited by hand.
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

/** Parses a list's URL search parameters with its schema. */
export function parseListQuery<T extends z.ZodType>(schema: T, url: URL): z.infer<T> {
  return schema.parse(Object.fromEntries(url.searchParams));
}

export type Page<Row> = { rows: Row[]; total: number; page: number; pages: number; pageSize: number };

export function pageOf<Row>(rows: Row[], total: number, page: number): Page<Row> {
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), pageSize: PAGE_SIZE };
}

/** The SQL LIKE pattern for a search text, with LIKE's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
