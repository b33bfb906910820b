import { describe, expect, it } from "vitest";
import type { Body } from "./sizing";
import { fitFor } from "./suitability";

// The demo catalogue's skis and boards (app/demo/demo-data.ts), as the rule sees them.
const items = {
  easyCarve: { sizing: "ski", level: "beginner", sizes: ["140", "148", "156", "164", "172"] },
  allMountain: { sizing: "ski", level: "intermediate", sizes: ["149", "156", "163", "170", "177"] },
  racePro: { sizing: "ski", level: "expert", sizes: ["158", "165", "172", "179"] },
  juniorEasy: { sizing: "ski", level: "beginner", sizes: ["80", "90", "100", "110", "120", "130"] },
  juniorRace: { sizing: "ski", level: "intermediate", sizes: ["120", "130", "140", "150"] },
  boardEasy: { sizing: "snowboard", level: "beginner", sizes: ["140", "145", "150", "155", "160"] },
  boardAllMountain: { sizing: "snowboard", level: "intermediate", sizes: ["146", "150", "154", "158", "162"] },
  adultBoots: { sizing: "boot", level: null, sizes: ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"] },
  kidsBoots: { sizing: "boot", level: null, sizes: ["26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36"] },
  helmet: { sizing: "helmet", level: null, sizes: ["S", "M", "L"] },
} as const;

const persons: Record<string, Body> = {
  childBeginner: { heightCm: 128, skill: "beginner", shoeSizeEu: 32 },
  teenBeginner: { heightCm: 152, skill: "beginner" },
  adultIntermediate: { heightCm: 172, weightKg: 68, skill: "intermediate", shoeSizeEu: 42 },
  adultExpert: { heightCm: 186, weightKg: 84, skill: "expert", shoeSizeEu: 47 },
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
    // Issue 33: one level above must not hide that the item is far too long (108 cm fits this child).
    ["childBeginner", "allMountain", "unsuitable", "booking.fit.tooLong"],
    ["childBeginner", "boardAllMountain", "unsuitable", "booking.fit.tooLong"],
    ["childBeginner", "juniorRace", "unsuitable", "booking.fit.tooLong"],
    // ... nor adult boots a child's EU 32.
    ["childBeginner", "adultBoots", "unsuitable", "booking.fit.bootTooBig"],
    ["childBeginner", "kidsBoots", "suits", null],
    ["adultIntermediate", "kidsBoots", "unsuitable", "booking.fit.bootTooSmall"],
    ["teenBeginner", "easyCarve", "suits", "booking.fit.suits"],
    ["teenBeginner", "racePro", "unsuitable", "booking.fit.levelTooHigh"],
    ["teenBeginner", "allMountain", "unsuitable", "booking.fit.tooLong"],
    ["teenBeginner", "boardEasy", "unsuitable", "booking.fit.tooLong"],
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

  it("names the nearest boot size and the size that would fit", () => {
    expect(fitFor(items.adultBoots, persons.childBeginner)).toEqual({
      verdict: "unsuitable",
      reason: "booking.fit.bootTooBig",
      size: "36",
      ideal: 32,
    });
    expect(fitFor(items.kidsBoots, persons.adultIntermediate)).toEqual({
      verdict: "unsuitable",
      reason: "booking.fit.bootTooSmall",
      size: "36",
      ideal: 42,
    });
    // One size larger is still a boot to wear; one smaller is not.
    expect(fitFor(items.adultBoots, { shoeSizeEu: 35 }).verdict).toBe("suits");
    expect(fitFor(items.kidsBoots, { shoeSizeEu: 37 }).verdict).toBe("unsuitable");
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
