/**
 * A page's answers: a result becomes HTTP here, with the status of problems.server.ts (the one mapping the
 * API shares). A missing record is the 404 page ("Page not found: {path}"), a record the user may not touch
 * the 403 page; a refusal goes back to the form that was posted, with the values as typed and a message key
 * per field, as 400 (invalid), 409 (conflict, unavailable), 429 (limited, with Retry-After) or 503 (busy).
 * Pages show the `form` message at the top and the others beside their fields.
 */
import { data, redirect } from "react-router";
import { isLanguageSegment, localizePath, splitLocale } from "../../domain/i18n";
import type { Failure, FieldErrors, MessageParams } from "../../domain/result";
import { pageAnswerOf } from "./problems.server";

/** What an action answers to a form it did not take (or takes a round trip of, such as "add a row"). */
export type FormReply = {
  /** The form of the page the reply belongs to, on a page with several. */
  target?: string;
  values: Record<string, unknown>;
  errors: FieldErrors;
  /** Placeholders of the `form` message. */
  params?: MessageParams;
};

/** "No such page": 404, rendered as "Page not found: {path}" by the error page. */
export function notFound(): never {
  throw data({ message: "Not Found" }, { status: 404, statusText: "Not Found" });
}

/** "Not yours to change": 403. */
export function forbidden(): never {
  throw data({ message: "Forbidden" }, { status: 403, statusText: "Forbidden" });
}

/**
 * A post no page of the shop sends, to an endpoint without a form to show it again (the language,
 * consent and season switches, the demo provider's buttons): 400, plain text.
 */
export function badRequest(): never {
  throw new Response("Bad request", { status: 400 });
}

/** A record a loader needs, or the 404 page. */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}

/** Validates a route parameter; a value of the wrong shape is a page that does not exist (docs/spec.md §8). */
export function param<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) notFound();
  return result.data;
}

/**
 * After a change, the page to show (POST-redirect-GET) in the language of the request: `path` is the
 * unprefixed path and may carry a query and a fragment (`/admin/item/7?saved=prices#prices`).
 */
export function redirectTo(request: Request, path: string): Response {
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(localizePath(path, locale));
}

/** The optional language segment of a route (`/:lang?/…`): an unknown one is a page that does not exist. */
export function languageParam(segment: string | undefined): void {
  if (!isLanguageSegment(segment)) notFound();
}

/**
 * The answer to a failed result, as the one mapping words it for a page (`pageAnswerOf`). `form` is what was
 * posted (its values come back as typed; pass null for a form whose values should not come back, such as a
 * password), `target` the form of the page the messages belong to, `extra` what else the page needs to show
 * the form again (fresh prices, say). A missing record and a forbidden one are error pages.
 */
export function refuse<E extends object = object>(
  failure: Failure,
  form: { values: Record<string, unknown> } | null,
  target?: string,
  extra?: E,
) {
  const answer = pageAnswerOf(failure);
  if ("errorPage" in answer) return answer.errorPage === 404 ? notFound() : forbidden();
  return data(
    { ...(extra as E), ...formReply(form, answer.errors, target, answer.params) },
    { status: answer.status, headers: answer.headers },
  );
}

/** A form sent back as it was, with no message: a round trip such as adding a row without JavaScript. */
export function echo<E extends object = object>(form: { values: Record<string, unknown> }, target?: string, extra?: E) {
  return data({ ...(extra as E), ...formReply(form, {}, target) });
}

function formReply(
  form: { values: Record<string, unknown> } | null,
  errors: FieldErrors,
  target?: string,
  params?: MessageParams,
): FormReply {
  return { ...(target ? { target } : {}), values: form?.values ?? {}, errors, ...(params ? { params } : {}) };
}

/**
 * A route's `headers`: an action's 429 keeps its Retry-After on the page (React Router sends an action's
 * headers only through this function).
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}
