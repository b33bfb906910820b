import { describe, expect, it } from "vitest";
import { fail } from "../../domain/result";
import { failureHeaders, pageAnswerOf, problemDocument, problemOf } from "./problems.server";

describe("one mapping from a failure to HTTP", () => {
  it("gives each reason its status and problem type", () => {
    const cases = [
      [fail.notFound(), 404, "not-found"],
      [fail.forbidden(), 403, "forbidden"],
      [fail.invalid({ name: "x" }), 400, "validation"],
      [fail.conflict({ form: "x" }), 409, "conflict"],
      [fail.unavailable({ form: "x" }), 409, "unavailable"],
      [fail.limited(90, { form: "x" }), 429, "rate-limited"],
      [fail.busy(), 503, "busy"],
    ] as const;
    for (const [failure, status, type] of cases) expect(problemOf(failure), failure.reason).toMatchObject({ status, type });
  });

  it("makes the form message the detail and the other messages the fields", () => {
    expect(problemOf(fail.invalid({ form: "api.errors.validation", "lines.0.person": "api.errors.noPerson" }))).toEqual({
      status: 400,
      type: "validation",
      detail: "api.errors.validation",
      fields: { "lines.0.person": "api.errors.noPerson" },
    });
    expect(problemOf(fail.notFound({ form: "api.errors.noItem" }, { id: 7 }))).toEqual({
      status: 404,
      type: "not-found",
      detail: "api.errors.noItem",
      values: { id: 7 },
    });
  });

  it("says when to try again only when waiting helps", () => {
    expect(failureHeaders(fail.limited(120, { form: "x" }))).toEqual({ "Retry-After": "120" });
    expect(problemOf(fail.limited(120, { form: "x" })).retryAfter).toBe(120);
    expect(failureHeaders(fail.limited(null, { form: "x" }))).toEqual({});
    expect(problemOf(fail.limited(null, { form: "x" }))).not.toHaveProperty("retryAfter");
    expect(failureHeaders(fail.conflict({ form: "x" }))).toEqual({});
  });

  it("answers a page with the error page, or the form back with the same status and a wait in minutes", () => {
    expect(pageAnswerOf(fail.notFound({ form: "api.errors.noItem" }))).toEqual({ errorPage: 404 });
    expect(pageAnswerOf(fail.forbidden())).toEqual({ errorPage: 403 });
    expect(pageAnswerOf(fail.unavailable({ form: "x" }, { item: "Ski" }))).toEqual({
      status: 409,
      headers: {},
      errors: { form: "x" },
      params: { item: "Ski" },
    });
    expect(pageAnswerOf(fail.limited(61, { form: "booking.errors.tooMany" }))).toEqual({
      status: 429,
      headers: { "Retry-After": "61" },
      errors: { form: "booking.errors.tooMany" },
      params: { count: 2 },
    });
    expect(pageAnswerOf(fail.busy())).toEqual({ status: 503, headers: {}, errors: {} });
  });

  it("writes an RFC 9457 document with each field as a JSON pointer, in the reader's words", () => {
    const t = (key: string, values?: Record<string, string | number>) => `${key}${values ? JSON.stringify(values) : ""}`;
    const problem = problemOf(fail.unavailable({ form: "api.errors.unavailable", "lines.1": "api.errors.invalidLine" }, { line: 1 }));
    expect(problemDocument(problem, t, "/api/v1/docs", "/api/v1/orders")).toEqual({
      type: "/api/v1/docs#problem-unavailable",
      title: "api.problems.unavailable",
      status: 409,
      detail: 'api.errors.unavailable{"line":1}',
      instance: "/api/v1/orders",
      errors: [{ pointer: "/lines/1", detail: "api.errors.invalidLine" }],
    });
  });
});
