import { describe, expect, it } from "vitest";
import { seasonOn, seasonSchema, skillSchema } from "./vocabulary";

describe("seasonOn (May to October is summer, in the shop's time zone)", () => {
  it.each([
    // Rome is UTC+2 in summer time: 22:00 UTC on 30 April is already 1 May in the shop.
    ["2027-04-30T21:59:59Z", "winter"],
    ["2027-04-30T22:00:00Z", "summer"],
    ["2027-05-01T00:00:00Z", "summer"],
    ["2027-10-31T22:59:59Z", "summer"],
    // 31 October ends at 23:00 UTC, winter time (UTC+1) having begun that night.
    ["2027-10-31T23:00:00Z", "winter"],
    ["2027-01-15T12:00:00Z", "winter"],
    ["2027-07-15T12:00:00Z", "summer"],
  ] as const)("%s is %s", (instant, season) => {
    expect(seasonOn(new Date(instant))).toBe(season);
  });

  it("reads the month in the zone it is given", () => {
    expect(seasonOn(new Date("2027-04-30T22:00:00Z"), "UTC")).toBe("winter");
    expect(seasonOn(new Date("2027-10-31T23:00:00Z"), "UTC")).toBe("summer");
  });
});

describe("schemas of the words", () => {
  it("take the words and nothing else", () => {
    expect(seasonSchema.safeParse("summer").success).toBe(true);
    for (const bad of ["autumn", "Winter", " winter", "", null, 1]) expect(seasonSchema.safeParse(bad).success).toBe(false);
    expect(skillSchema.safeParse("expert").success).toBe(true);
    expect(skillSchema.safeParse("pro").success).toBe(false);
  });
});
