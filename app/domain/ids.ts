/**
 * Ids of rows as URLs and forms carry them. The database's serial ids are 32-bit and positive; one is
 * written in plain decimal digits, so `0x1`, `1e1`, ` 1`, `01` or `1.0` is no id at all (a 404 in a URL,
 * a message in a form) rather than another spelling of row 1 (issue 14).
 */
import { z } from "zod";

const MAX_ROW_ID = 2_147_483_647;

/** A row id, with `message` (a message key) for a form field that names its mistake. */
export function rowIdSchema(message?: string) {
  const options = message ? { message } : undefined;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[1-9][0-9]{0,9}$/)
          .transform(Number),
      ],
      options,
    )
    .pipe(z.number().int(options).min(1, options).max(MAX_ROW_ID, options));
}

export const rowId = rowIdSchema();
