import { describe, expect, it } from "vitest";
import { returnPath } from "./redirect";

describe("returnPath", () => {
  it.each([
    ["/de/stores?x=1", "/de/stores?x=1"],
    ["/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    [undefined, "/"],
  ])("%s -> %s", (input, expected) => {
    expect(returnPath.parse(input)).toBe(expected);
  });
});
