import { describe, expect, it } from "vitest";
import type { Body } from "./sizing";
import { fitFor } from "./suitability";

// The demo catalogue's skis and boards (app/server/db/seed/demo-data.ts), as the rule sees them.
const items = {
  easyCarve: { sizing: "ski", level: "beginner", sizes: ["140", "148", "156", "164", "172"] },
  allMountain: { sizing: "ski", level: "intermediate", sizes: ["149", "156", "163", "170", "177"] },
  racePro: { sizing: "ski", level: "expert", sizes: ["158", "165", "172", "179"] },
  juniorEasy: { sizing: "ski", level: "beginner", sizes: ["80", "90", "100", "110", "120", "130"] },
  juniorRace: { sizing: "ski", level: "intermediate", sizes: ["120", "130", "140", "150"] },
  boardEasy: { sizing: "snowboard", level: "beginner", sizes: ["140", "145", "150", "155", "160"] },
  helmet: { sizing: "helmet", level: null, sizes: ["S", "M", "L"] },
} as const;

const persons: Record<string, Body> = {
  childBeginner: { heightCm: 128, skill: "beginner" },
  teenBeginner: { heightCm: 152, skill: "beginner" },
  adultIntermediate: { heightCm: 172, weightKg: 68, skill: "intermediate" },
  adultExpert: { heightCm: 186, weightKg: 84, skill: "expert" },
  adultNoLevel: { heightCm: 175 },
  nothingKnown: {},
};

describe("fitFor, persons × items", () => {
  // verdict, and the reason shown beside the item
  const table: [keyof typeof persons, keyof typeof items, string, string | null][] = [
    // The case: a 128 cm beginner child is not offered expert skis, nor adult ones.
    ["childBeginner", "racePro", "unsuitable", "booking.fit.levelTooHigh"],
    ["childBeginner", "easyCarve", "unsuitable", "booking.fit.tooLong"],
    ["childBeginner", "juniorEasy", "suits", "booking.fit.suits"],
    ["childBeginner", "juniorRace", "above", "booking.fit.levelAbove"],
    ["teenBeginner", "easyCarve", "suits", "booking.fit.suits"],
    ["teenBeginner", "racePro", "unsuitable", "booking.fit.levelTooHigh"],
    ["teenBeginner", "allMountain", "above", "booking.fit.levelAbove"],
    ["adultIntermediate", "easyCarve", "suits", "booking.fit.suits"],
    ["adultIntermediate", "allMountain", "suits", "booking.fit.suits"],
    ["adultIntermediate", "racePro", "above", "booking.fit.levelAbove"],
    ["adultIntermediate", "juniorEasy", "unsuitable", "booking.fit.tooShort"],
    ["adultExpert", "racePro", "suits", "booking.fit.suits"],
    ["adultExpert", "easyCarve", "suits", "booking.fit.suits"],
    ["adultExpert", "boardEasy", "suits", "booking.fit.suits"],
    // No level given: judged on length only.
    ["adultNoLevel", "racePro", "suits", "booking.fit.suits"],
    ["nothingKnown", "racePro", "suits", null],
    ["nothingKnown", "juniorEasy", "suits", null],
    // Helmets and the like suit whoever fits their limits.
    ["childBeginner", "helmet", "suits", null],
  ];
  it.each(table)("%s on %s: %s", (person, item, verdict, reason) => {
    const fit = fitFor(items[item], persons[person]);
    expect(fit.verdict).toBe(verdict);
    expect(fit.reason).toBe(reason);
  });

  it("names the nearest size and the length that would fit", () => {
    expect(fitFor(items.easyCarve, persons.childBeginner)).toEqual({
      verdict: "unsuitable",
      reason: "booking.fit.tooLong",
      size: "140",
      ideal: 108,
    });
  });
});
