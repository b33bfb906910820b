/**
 * The one mapping from a failure (`Failure`, app/domain/result.ts) to HTTP, for a page and for the API alike
 * (architecture §4.4, decision 061): its status and `Retry-After`, the page's answer (`pageAnswerOf`, which
 * `refuse` in results.server.ts sends with the form as typed) and the RFC 9457 problem document the API sends
 * (`problemOf`). So a sold-out line is 409 on the checkout page and in the API, a limit
 * 429 with the same `Retry-After` in both.
 */
import { problemErrors } from "../../domain/api";
import type { Failure, FailureReason, FieldErrors, MessageParams } from "../../domain/result";

/** The status of each reason of failure. */
export const FAILURE_STATUS: Record<FailureReason, number> = {
  notFound: 404,
  forbidden: 403,
  invalid: 400,
  conflict: 409,
  unavailable: 409,
  limited: 429,
  busy: 503,
};

/** The headers a failure answers with besides its status: a limit says when to try again, if waiting helps. */
export function failureHeaders(failure: Failure): Record<string, string> {
  return failure.reason === "limited" && failure.retryAfter !== null ? { "Retry-After": String(failure.retryAfter) } : {};
}

/** Whole minutes to wait, for a message that says "try again in {{count}} minutes" (at least one). */
function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * A failure as a page answers it: the error page of a record that is not there or not the user's to touch
 * (404, 403), or the form back with the messages beside its fields, with this status and headers; a limit's
 * message is told how many minutes to wait (`{{count}}`).
 */
export function pageAnswerOf(
  failure: Failure,
): { errorPage: 404 | 403 } | { status: number; headers: Record<string, string>; errors: FieldErrors; params?: MessageParams } {
  if (failure.reason === "notFound") return { errorPage: 404 };
  if (failure.reason === "forbidden") return { errorPage: 403 };
  const wait = failure.reason === "limited" && failure.retryAfter !== null ? { count: waitMinutes(failure.retryAfter) } : undefined;
  const params = wait || failure.params ? { ...failure.params, ...wait } : undefined;
  return {
    status: FAILURE_STATUS[failure.reason],
    headers: failureHeaders(failure),
    errors: failure.errors ?? {},
    ...(params ? { params } : {}),
  };
}

/**
 * The problem types of the API (the `type` of a problem document is /api/v1/docs#problem-{type}): one per
 * reason of failure, and the transport's own (no key, a method the path does not take, a crash).
 */
export const PROBLEM_TYPES = [
  "validation",
  "unauthorized",
  "forbidden",
  "not-found",
  "method-not-allowed",
  "rate-limited",
  "unavailable",
  "conflict",
  "busy",
  "internal",
] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

const TYPE_OF: Record<FailureReason, ProblemType> = {
  notFound: "not-found",
  forbidden: "forbidden",
  invalid: "validation",
  conflict: "conflict",
  unavailable: "unavailable",
  limited: "rate-limited",
  busy: "busy",
};

/** The title of each type, an i18n key. */
const TITLES: Record<ProblemType, string> = {
  validation: "api.problems.validation",
  unauthorized: "api.problems.unauthorized",
  forbidden: "api.problems.forbidden",
  "not-found": "api.problems.notFound",
  "method-not-allowed": "api.problems.methodNotAllowed",
  "rate-limited": "api.problems.rateLimited",
  unavailable: "api.problems.unavailable",
  conflict: "api.problems.conflict",
  busy: "api.problems.busy",
  internal: "api.problems.internal",
};

/** A problem before it is translated: `detail` and each field's message are i18n keys, `values` their placeholders. */
export type Problem = {
  status: number;
  type: ProblemType;
  detail?: string;
  values?: MessageParams;
  fields?: FieldErrors;
  retryAfter?: number;
};

/**
 * A failure as the API answers it: the status and type of its reason, the `form` message as the detail and
 * the others as the fields that are wrong.
 */
export function problemOf(failure: Failure): Problem {
  const { form, ...fields } = failure.errors ?? {};
  return {
    status: FAILURE_STATUS[failure.reason],
    type: TYPE_OF[failure.reason],
    ...(form ? { detail: form } : {}),
    ...(failure.params ? { values: failure.params } : {}),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(failure.reason === "limited" && failure.retryAfter !== null ? { retryAfter: failure.retryAfter } : {}),
  };
}

/**
 * The RFC 9457 document of a problem, in the words of `t`: `type` under `docs` (the page that explains each
 * type), `instance` the path that was called, `errors` a JSON pointer per field.
 */
export function problemDocument(problem: Problem, t: (key: string, values?: MessageParams) => string, docs: string, instance: string) {
  return {
    type: `${docs}#problem-${problem.type}`,
    title: t(TITLES[problem.type]),
    status: problem.status,
    ...(problem.detail ? { detail: t(problem.detail, problem.values) } : {}),
    instance,
    ...(problem.fields ? { errors: problemErrors(problem.fields, (key) => t(key)) } : {}),
  };
}
