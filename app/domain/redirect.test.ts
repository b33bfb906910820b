import { describe, expect, it } from "vitest";
import { afterSeasonSwitch, returnPath } from "./redirect";

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

describe("afterSeasonSwitch", () => {
  it.each([
    // A page without a season of its own stays.
    ["/de/stores", "summer", undefined, "/de/stores"],
    // The same season: nothing to leave.
    ["/rental/winter/ciaslin", "winter", "winter", "/rental/winter/ciaslin"],
    // A winter booking step, switched to summer: the summer booking, in the page's language.
    ["/rental/winter/ciaslin", "summer", "winter", "/rental/summer"],
    ["/da/rental/winter/ciaslin/equipment?person=all", "summer", "winter", "/da/rental/summer"],
    ["/it/item/ebike-trekking", "winter", "summer", "/it/rental/winter"],
  ])("%s, %s on a %s page -> %s", (to, chosen, page, expected) => {
    expect(afterSeasonSwitch(to, chosen, page)).toBe(expected);
  });
});
