/**
 * Ids of rows as URLs and forms carry them. The database's serial ids are 32-bit and positive; one is
 * written in plain decimal digits, so `0x1`, `1e1`, ` 1`, `01` or `1.0` is no id at all (a 404 in a URL,
 * a message in a form) rather than another spelling of row 1 (issue 14). Rows named by text (a
 * category, a branch, an item) are named by a slug.
 */
import { z } from "zod";

const MAX_ROW_ID = 2_147_483_647;
const DECIMAL = /^[1-9][0-9]{0,9}$/;

/** A row id, with `message` (a message key) for a form field that names its mistake. */
export function rowIdSchema(message?: string) {
  const options = message ? { message } : undefined;
  return z
    .union([z.number(), z.string().regex(DECIMAL).transform(Number)], options)
    .pipe(z.number().int(options).min(1, options).max(MAX_ROW_ID, options));
}

export const rowId = rowIdSchema();

/**
 * A row id naming a group of posted fields (`stock.{shopId}.…`, `codes.{lineId}`), kept as the string
 * key it is. Zod retries a record key that fails as `Number(key)`, which would let `01` through as 1;
 * a string schema refuses that number too.
 */
export const rowIdKey = z
  .string()
  .regex(DECIMAL)
  .refine((key) => Number(key) <= MAX_ROW_ID);

/**
 * A slug, the text id of a category or the URL name of a branch or an item: lower-case letters, digits
 * and dashes. The back office gives new ones a stricter shape (admin/fields.ts `slug`), so every stored
 * slug passes; `message` as for rowIdSchema.
 */
export function slugSchema(message?: string) {
  return z.string().regex(/^[a-z0-9-]{1,60}$/, message ? { message } : undefined);
}

/**
 * The query that names the category a public page (ski service, depot, sports shop) sent the visitor to
 * book: `?category=`, carried through the period and persons steps to the equipment for the whole bag.
 * A malformed one is none.
 */
export const wantedCategoryQuery = z.object({ category: slugSchema().optional().catch(undefined) });
