/**
 * The one shape every server function answers with when it can refuse: a value, or a failure that says
 * why in words the route maps to HTTP in one place (`refuse` in server/http/results.server.ts).
 *
 * - `notFound`: the record does not exist, or is not this user's to see (404).
 * - `forbidden`: it exists, but this user may not change it (403).
 * - `invalid`: what was posted breaks a rule; `errors` holds a message key per field, `form` for the
 *   whole form (400).
 * - `conflict`: valid, but the data says no: an id taken, a record in use, sold out (409).
 * - `limited`: too many attempts; try again after `retryAfter` seconds (429).
 *
 * `params` fill the placeholders of the `form` message ("{{item}} is sold out").
 */

/** A message key (i18n) per field name as posted (`name.en`, `persons.0.firstName`); `form` for the whole form. */
export type FieldErrors = Record<string, string>;
export type MessageParams = Record<string, string | number>;

export type Failure =
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "invalid"; errors: FieldErrors; params?: MessageParams }
  | { ok: false; reason: "conflict"; errors: FieldErrors; params?: MessageParams }
  | { ok: false; reason: "limited"; retryAfter: number; errors: FieldErrors };

export type Result<T = undefined> = { ok: true; value: T } | Failure;

export function ok(): { ok: true; value: undefined };
export function ok<T>(value: T): { ok: true; value: T };
export function ok<T>(value?: T) {
  return { ok: true as const, value };
}

export const fail = {
  notFound: (): Failure => ({ ok: false, reason: "notFound" }),
  forbidden: (): Failure => ({ ok: false, reason: "forbidden" }),
  invalid: (errors: FieldErrors, params?: MessageParams): Failure => ({
    ok: false,
    reason: "invalid",
    errors,
    ...(params ? { params } : {}),
  }),
  conflict: (errors: FieldErrors, params?: MessageParams): Failure => ({
    ok: false,
    reason: "conflict",
    errors,
    ...(params ? { params } : {}),
  }),
  limited: (retryAfter: number, errors: FieldErrors): Failure => ({ ok: false, reason: "limited", retryAfter, errors }),
} as const;

/**
 * A failure of a form whose fields are posted under `prefix` (a surcharge's `s12.name.en`, a branch's
 * `b3.count`), its messages named as the fields were posted so the page finds them; `form` stays `form`.
 */
export function under(prefix: string, failure: Failure): Failure {
  if (!("errors" in failure)) return failure;
  const errors = Object.fromEntries(
    Object.entries(failure.errors).map(([key, message]) => [key === "form" ? key : `${prefix}.${key}`, message]),
  );
  return { ...failure, errors };
}
