import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./health.server";

describe("isDatabaseUnreachable", () => {
  it.each([
    ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), true],
    ["admin shutdown", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }), true],
    ["connection failure", Object.assign(new Error("x"), { code: "08006" }), true],
    [
      "wrapped in a query error",
      new Error("Failed query: select 1", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }),
      true,
    ],
    ["terminated", new Error("Connection terminated unexpectedly"), true],
    ["PGlite closed", new Error("PGlite is closed"), true],
    ["unique violation", Object.assign(new Error("duplicate key"), { code: "23505" }), false],
    ["exclusion violation", Object.assign(new Error("conflicting key"), { code: "23P01" }), false],
    ["a plain bug", new TypeError("x is undefined"), false],
    ["not an error", "oops", false],
  ])("%s", (_, error, expected) => {
    expect(isDatabaseUnreachable(error)).toBe(expected);
  });
});
