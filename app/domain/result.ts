/**
 * The one shape every server function answers with when it can refuse: a value, or a failure that says
 * why in words that become HTTP in one place (server/http/problems.server.ts): a page's answer through
 * `refuse`, the API's RFC 9457 problem document through `problemOf`, so both refuse a failure alike.
 *
 * - `notFound`: the record does not exist, or is not this user's to see (404).
 * - `forbidden`: it exists, but this user may not change it (403).
 * - `invalid`: what was posted breaks a rule; `errors` holds a message key per field, `form` for the
 *   whole form (400).
 * - `conflict`: valid, but the data says no: an id taken, a record in use, a state that no longer allows it (409).
 * - `unavailable`: valid, but what was asked for is no longer to be had: sold out, booked by someone else (409).
 * - `limited`: too many attempts, or as much held as one may; try again after `retryAfter` seconds (429),
 *   or null when waiting alone does not help (a hold limit: pay or cancel first).
 * - `busy`: the shop could not do it now and wrote nothing; the same request may succeed again (503).
 *
 * `params` fill the placeholders of the `form` message ("{{item}} is sold out"). A page shows no message
 * for `notFound` and `forbidden` (their error page says it); the API gives it as the problem's detail.
 */

/** A message key (i18n) per field name as posted (`name.en`, `persons.0.firstName`); `form` for the whole form. */
export type FieldErrors = Record<string, string>;
export type MessageParams = Record<string, string | number>;

export type Failure =
  | { ok: false; reason: "notFound" | "forbidden" | "busy"; errors?: FieldErrors; params?: MessageParams }
  | { ok: false; reason: "invalid" | "conflict" | "unavailable"; errors: FieldErrors; params?: MessageParams }
  | { ok: false; reason: "limited"; retryAfter: number | null; errors: FieldErrors; params?: MessageParams };

export type FailureReason = Failure["reason"];

/**
 * A value, or a failure: a `Failure` unless the function says otherwise. The rental core names its own
 * failures (`HoldFailure`: which line was not available, which limit was reached) for callers that word them
 * differently; each caller turns them into a `Failure` before they become HTTP.
 */
export type Result<T = undefined, F extends { reason: string } = Failure> = { ok: true; value: T } | ({ ok: false } & F);

export function ok(): { ok: true; value: undefined };
export function ok<T>(value: T): { ok: true; value: T };
export function ok<T>(value?: T) {
  return { ok: true as const, value };
}

/** A failure whose message, if any, is optional: pages do not show one for these. */
const bare =
  (reason: "notFound" | "forbidden" | "busy") =>
  (errors?: FieldErrors, params?: MessageParams): Failure => ({
    ok: false,
    reason,
    ...(errors ? { errors } : {}),
    ...(params ? { params } : {}),
  });

const withErrors =
  (reason: "invalid" | "conflict" | "unavailable") =>
  (errors: FieldErrors, params?: MessageParams): Failure => ({
    ok: false,
    reason,
    errors,
    ...(params ? { params } : {}),
  });

export const fail = {
  notFound: bare("notFound"),
  forbidden: bare("forbidden"),
  busy: bare("busy"),
  invalid: withErrors("invalid"),
  conflict: withErrors("conflict"),
  unavailable: withErrors("unavailable"),
  limited: (retryAfter: number | null, errors: FieldErrors, params?: MessageParams): Failure => ({
    ok: false,
    reason: "limited",
    retryAfter,
    errors,
    ...(params ? { params } : {}),
  }),
} as const;

/**
 * A failure of a form whose fields are posted under `prefix` (a surcharge's `s12.name.en`, a branch's
 * `b3.count`), its messages named as the fields were posted so the page finds them; `form` stays `form`.
 */
export function under(prefix: string, failure: Failure): Failure {
  if (!failure.errors) return failure;
  const errors = Object.fromEntries(
    Object.entries(failure.errors).map(([key, message]) => [key === "form" ? key : `${prefix}.${key}`, message]),
  );
  return { ...failure, errors };
}
