/**
 * Searching names in the back office with the letters folded (`SEARCH_FOLD`): "mueller" finds "Müller", and
 * "Müller" finds "Mueller". The column is folded in SQL with `translate` and
 * `replace`, which PGlite and PostgreSQL both have (`unaccent` is an extension PGlite does not ship), and the
 * typed text in the same way in the process.
 */
import { type Column, type SQL, sql } from "drizzle-orm";
import { foldSearch, likePattern, SEARCH_FOLD } from "../../domain/admin/list";

/** The column's text folded as `foldSearch` folds a search text. */
function foldedColumn(column: Column | SQL): SQL {
  let folded = sql`translate(${column}, ${SEARCH_FOLD.from}, ${SEARCH_FOLD.to})`;
  for (const [letter, plain] of SEARCH_FOLD.pairs) folded = sql`replace(${folded}, ${letter}, ${plain})`;
  return sql`lower(${folded})`;
}

/** Whether the column holds the search text anywhere, letters folded on both sides, case ignored. */
export function foldedMatch(column: Column | SQL, text: string): SQL {
  return sql`${foldedColumn(column)} ilike ${likePattern(foldSearch(text))}`;
}
