import { describe, expect, it } from "vitest";
import {
  type Body,
  bootSizes,
  childBootScales,
  euFromMondo,
  euFromUk,
  euFromUsMen,
  euFromUsWomen,
  fitsItemLimits,
  mondoFromEu,
  nearestAvailableSize,
  recommendEbikeFrame,
  recommendSize,
  recommendSkiLengthCm,
  recommendSnowboardLengthCm,
  sizeRank,
  weightAdjustmentCm,
} from "./sizing";
import type { SizingKind, Skill } from "./vocabulary";

describe("weightAdjustmentCm (adults only, by body-mass index)", () => {
  it.each<[string, Body, number]>([
    ["unknown weight", { heightCm: 180 }, 0],
    ["unknown height", { weightKg: 120 }, 0],
    ["normal BMI 24.2", { heightCm: 170, weightKg: 70 }, 0],
    ["BMI 19.75 is light", { heightCm: 200, weightKg: 79 }, -5],
    ["BMI 20 exactly is not light", { heightCm: 200, weightKg: 80 }, 0],
    ["BMI 27.75 is not heavy", { heightCm: 200, weightKg: 111 }, 0],
    ["BMI 28 exactly is heavy", { heightCm: 200, weightKg: 112 }, 5],
    ["child below 140 cm: never adjusted (heavy)", { heightCm: 139, weightKg: 80 }, 0],
    ["child below 140 cm: never adjusted (light)", { heightCm: 120, weightKg: 15 }, 0],
    ["zero weight counts as unknown", { heightCm: 180, weightKg: 0 }, 0],
  ])("%s", (_label, body, expected) => {
    expect(weightAdjustmentCm(body)).toBe(expected);
  });
});

describe("recommendSkiLengthCm", () => {
  it.each<[string, Body, number | null]>([
    ["no data", {}, null],
    ["height null", { heightCm: null, weightKg: 70, skill: "expert" }, null],
    ["height 0", { heightCm: 0 }, null],
    ["height negative", { heightCm: -170 }, null],
    ["height NaN", { heightCm: Number.NaN }, null],
    ["height Infinity", { heightCm: Number.POSITIVE_INFINITY }, null],
    // children (< 140 cm): -20 / -15 / -10, no weight adjustment
    ["child 100 beginner", { heightCm: 100, skill: "beginner" }, 80],
    ["child 120 intermediate", { heightCm: 120, skill: "intermediate" }, 105],
    ["child 139 expert", { heightCm: 139, skill: "expert" }, 129],
    ["child 139 beginner, heavy: not adjusted", { heightCm: 139, weightKg: 80, skill: "beginner" }, 119],
    ["child 80 beginner: clamped up to 70", { heightCm: 80, skill: "beginner" }, 70],
    ["child without skill: beginner rule", { heightCm: 130 }, 110],
    // adults (>= 140 cm): -18 / -10 / 0, then -5 light / +5 heavy
    ["short adult 140 beginner", { heightCm: 140, skill: "beginner" }, 122],
    ["short adult 150 intermediate", { heightCm: 150, skill: "intermediate" }, 140],
    ["adult 170 beginner", { heightCm: 170, weightKg: 70, skill: "beginner" }, 152],
    ["adult 170 intermediate", { heightCm: 170, weightKg: 70, skill: "intermediate" }, 160],
    ["adult 170 expert", { heightCm: 170, weightKg: 70, skill: "expert" }, 170],
    ["adult without skill: beginner rule", { heightCm: 170 }, 152],
    ["adult with skill null: beginner rule", { heightCm: 170, skill: null }, 152],
    ["adult with an unknown skill: beginner rule", { heightCm: 170, skill: "pro" as Skill }, 152],
    ["heavy adult 170/85 intermediate (+5)", { heightCm: 170, weightKg: 85, skill: "intermediate" }, 165],
    ["light adult 180/60 intermediate (-5)", { heightCm: 180, weightKg: 60, skill: "intermediate" }, 165],
    ["light adult 180/60 beginner (-5)", { heightCm: 180, weightKg: 60, skill: "beginner" }, 157],
    ["heavy adult 185/100 expert (+5)", { heightCm: 185, weightKg: 100, skill: "expert" }, 190],
    ["fractional height rounds", { heightCm: 170.4, skill: "intermediate" }, 160],
    ["fractional height rounds up", { heightCm: 170.6, skill: "intermediate" }, 161],
    ["tall expert 200 exactly at the top", { heightCm: 200, weightKg: 85, skill: "expert" }, 200],
    ["tall expert 210: clamped to 200", { heightCm: 210, weightKg: 95, skill: "expert" }, 200],
    ["heavy tall expert 198/120: clamped to 200", { heightCm: 198, weightKg: 120, skill: "expert" }, 200],
  ])("%s", (_label, body, expected) => {
    expect(recommendSkiLengthCm(body)).toBe(expected);
  });
});

describe("recommendSnowboardLengthCm", () => {
  it.each<[string, Body, number | null]>([
    ["no height", { weightKg: 70, skill: "expert" }, null],
    ["height 0", { heightCm: 0 }, null],
    ["adult 170 beginner (-25)", { heightCm: 170, weightKg: 70, skill: "beginner" }, 145],
    ["adult 170 intermediate (-20)", { heightCm: 170, weightKg: 70, skill: "intermediate" }, 150],
    ["adult 170 expert (-15)", { heightCm: 170, weightKg: 70, skill: "expert" }, 155],
    ["adult without skill: beginner rule", { heightCm: 170 }, 145],
    ["heavy adult 170/85 intermediate (+5)", { heightCm: 170, weightKg: 85, skill: "intermediate" }, 155],
    ["light adult 180/60 expert (-5)", { heightCm: 180, weightKg: 60, skill: "expert" }, 160],
    ["short adult 140 beginner", { heightCm: 140, skill: "beginner" }, 115],
    ["child 130 intermediate, heavy: not adjusted", { heightCm: 130, weightKg: 50, skill: "intermediate" }, 110],
    ["child 100 beginner: clamped up to 90", { heightCm: 100, skill: "beginner" }, 90],
    ["child 115 beginner: exactly 90", { heightCm: 115, skill: "beginner" }, 90],
    ["tall expert 190: exactly 175", { heightCm: 190, weightKg: 80, skill: "expert" }, 175],
    ["tall expert 200: clamped to 175", { heightCm: 200, weightKg: 85, skill: "expert" }, 175],
    ["heavy tall intermediate 195/110: clamped to 175", { heightCm: 195, weightKg: 110, skill: "intermediate" }, 175],
  ])("%s", (_label, body, expected) => {
    expect(recommendSnowboardLengthCm(body)).toBe(expected);
  });
});

describe("recommendEbikeFrame", () => {
  it.each<[number, string]>([
    [120, "XS"],
    [154.9, "XS"],
    [155, "S"],
    [164, "S"],
    [165, "M"],
    [174.5, "M"],
    [175, "L"],
    [184, "L"],
    [185, "XL"],
    [205, "XL"],
    [Number.NaN, "M"],
  ])("%s cm -> %s", (height, expected) => {
    expect(recommendEbikeFrame(height)).toBe(expected);
  });
});

describe("bootSizes (EU -> UK, US men, US women, Mondopoint)", () => {
  it.each<[number, number, number, number, number]>([
    // eu, uk, usMen, usWomen, mondo
    [36, 3.5, 4.5, 6, 23],
    [37, 4, 5, 6.5, 23.5],
    [38, 5, 6, 7.5, 24.5],
    [39, 5.5, 6.5, 8, 25],
    [40, 6.5, 7.5, 9, 25.5],
    [41, 7.5, 8.5, 10, 26.5],
    [42, 8, 9, 10.5, 27],
    [42.5, 8.5, 9.5, 11, 27.5],
    [43, 9, 10, 11.5, 27.5],
    [44, 9.5, 10.5, 12, 28.5],
    [45, 10.5, 11.5, 13, 29],
    [46, 11, 12, 13.5, 29.5],
    [47, 12, 13, 14.5, 30.5],
    [33, 1, 2, 3.5, 21],
    // children's scales: UK child = adult + 13, US "C" = adult + 13, unisex
    [32, 13, 1, 1, 20.5],
    [30, 11.5, 12.5, 12.5, 19],
    [26, 8.5, 9.5, 9.5, 16.5],
  ])("EU %s -> UK %s, US men %s, US women %s, mondo %s", (eu, uk, usMen, usWomen, mondo) => {
    expect(bootSizes(eu)).toEqual({ eu, uk, usMen, usWomen, mondo });
    expect(mondoFromEu(eu)).toBe(mondo);
  });

  it.each<[number, boolean, boolean]>([
    [26, true, true],
    [31, true, true],
    [32, true, false],
    [33, false, false],
    [42, false, false],
  ])("EU %s: UK children's scale %s, US children's scale %s", (eu, uk, us) => {
    expect(childBootScales(eu)).toEqual({ uk, us });
  });

  it.each(Array.from({ length: 22 }, (_, i) => 26 + i))("EU %s round-trips through every scale", (eu) => {
    const sizes = bootSizes(eu);
    const child = childBootScales(eu);
    expect(euFromMondo(sizes.mondo)).toBe(eu);
    expect(euFromUk(sizes.uk, child.uk)).toBe(eu);
    expect(euFromUsMen(sizes.usMen, child.us)).toBe(eu);
    if (!child.uk) expect(euFromUsWomen(sizes.usWomen)).toBe(eu);
  });

  it.each<[string, () => number, number]>([
    ["mondo 27 -> EU 42", () => euFromMondo(27), 42],
    ["mondo 26.5 -> EU 41", () => euFromMondo(26.5), 41],
    ["UK 8 -> EU 42", () => euFromUk(8), 42],
    ["UK child 13 -> EU 32", () => euFromUk(13, true), 32],
    ["US men 9 -> EU 42", () => euFromUsMen(9), 42],
    ["US child 9.5C -> EU 26", () => euFromUsMen(9.5, true), 26],
    ["US women 10.5 -> EU 42", () => euFromUsWomen(10.5), 42],
    ["US women 7.5 -> EU 38", () => euFromUsWomen(7.5), 38],
  ])("%s", (_label, convert, expected) => {
    expect(convert()).toBe(expected);
  });
});

describe("recommendSize", () => {
  it.each<[SizingKind, Body, string | null]>([
    ["ski", { heightCm: 170, weightKg: 70, skill: "intermediate" }, "160"],
    ["ski", { heightCm: 110, skill: "beginner" }, "90"],
    ["ski", { weightKg: 70, skill: "expert", shoeSizeEu: 42 }, null],
    ["snowboard", { heightCm: 180, weightKg: 75, skill: "expert" }, "165"],
    ["snowboard", {}, null],
    ["boot", { shoeSizeEu: 42 }, "42"],
    ["boot", { shoeSizeEu: 42.5 }, "43"],
    ["boot", { shoeSizeEu: 42.2 }, "42"],
    ["boot", { shoeSizeEu: 42.3 }, "43"],
    ["boot", { shoeSizeEu: 28 }, "28"],
    ["boot", { heightCm: 180 }, null],
    ["boot", { shoeSizeEu: 0 }, null],
    ["helmet", { heightCm: 105 }, "XS"],
    ["helmet", { heightCm: 115 }, "S"],
    ["helmet", { heightCm: 149 }, "S"],
    ["helmet", { heightCm: 150 }, "M"],
    ["helmet", { heightCm: 179 }, "M"],
    ["helmet", { heightCm: 180 }, "L"],
    ["helmet", { shoeSizeEu: 42 }, null],
    ["ebike", { heightCm: 172 }, "M"],
    ["ebike", { heightCm: 186 }, "XL"],
    ["ebike", {}, null],
    ["clothing", { heightCm: 130 }, "XS"],
    ["clothing", { heightCm: 160, weightKg: 55 }, "S"],
    ["clothing", { heightCm: 175, weightKg: 70 }, "M"],
    ["clothing", { heightCm: 175, weightKg: 90 }, "L"],
    ["clothing", { heightCm: 180 }, "L"],
    ["clothing", { heightCm: 190 }, "XL"],
    ["clothing", { heightCm: 195 }, "XXL"],
    ["clothing", { heightCm: 196, weightKg: 120 }, "XXL"],
    ["clothing", { heightCm: 175, weightKg: 50 }, "M"],
    ["clothing", { weightKg: 80 }, null],
    ["none", { heightCm: 180, weightKg: 80, skill: "expert", shoeSizeEu: 43 }, null],
  ])("%s %j -> %s", (kind, body, expected) => {
    expect(recommendSize(kind, body)).toBe(expected);
  });
});

describe("sizeRank", () => {
  it.each<[string, number | null]>([
    ["150", 150],
    ["42.5", 42.5],
    ["XS", 1],
    ["s", 2],
    ["XXL", 6],
    ["2XL", 6],
    ["39-42", 40.5],
    ["one size", null],
  ])("%s -> %s", (size, expected) => {
    expect(sizeRank(size)).toBe(expected);
  });
});

const stock = (...entries: [string, number][]) => entries.map(([size, free]) => ({ size, free }));
const SEED_BEGINNER_SKIS = stock(["140", 2], ["148", 1], ["156", 3], ["164", 1], ["172", 1]);

describe("nearestAvailableSize", () => {
  it.each<[string, SizingKind, string | null, { size: string; free: number }[], string | null]>([
    ["exact match", "ski", "156", SEED_BEGINNER_SKIS, "156"],
    ["nearest below", "ski", "150", SEED_BEGINNER_SKIS, "148"],
    ["nearest above", "ski", "154", SEED_BEGINNER_SKIS, "156"],
    ["ski tie goes shorter", "ski", "152", SEED_BEGINNER_SKIS, "148"],
    ["ideal a little shorter than all", "ski", "132", SEED_BEGINNER_SKIS, "140"],
    ["ideal a little longer than all", "ski", "185", SEED_BEGINNER_SKIS, "172"],
    // Issue 33: nothing far off is given instead of the person's size.
    ["ideal far shorter than all: none", "ski", "110", SEED_BEGINNER_SKIS, null],
    ["ideal far longer than all: none", "ski", "195", SEED_BEGINNER_SKIS, null],
    ["a shorter ski in reach beats a longer one out of it", "ski", "150", stock(["138", 1], ["161", 1]), "138"],
    ["child's EU 32 is not given 36", "boot", "32", stock(["26", 1], ["32", 0], ["33", 0], ["36", 2]), null],
    ["EU 39 is not given 41", "boot", "39", stock(["39", 0], ["40", 0], ["41", 3]), null],
    ["EU 39 may be given 40", "boot", "39", stock(["39", 0], ["40", 1], ["41", 3]), "40"],
    ["sold-out exact size is skipped", "ski", "156", stock(["148", 1], ["156", 0], ["164", 1]), "148"],
    ["snowboard tie goes shorter", "snowboard", "152", stock(["150", 1], ["154", 1]), "150"],
    ["boot tie goes larger", "boot", "42.5", stock(["41", 1], ["42", 1], ["43", 1], ["44", 1]), "43"],
    ["boot nearest when no tie", "boot", "42", stock(["40", 1], ["43", 1], ["45", 1]), "43"],
    ["boot never a size smaller", "boot", "42", stock(["41", 2], ["44", 1]), null],
    ["nothing free", "ski", "150", stock(["148", 0], ["156", 0]), null],
    ["empty stock", "boot", "42", [], null],
    ["negative free counts as none", "boot", "42", stock(["42", -1]), null],
    ["letters: exact", "helmet", "M", stock(["S", 1], ["M", 1], ["L", 1]), "M"],
    ["letters: a frame one step off", "ebike", "XL", stock(["S", 1], ["M", 2], ["L", 1]), "L"],
    ["letters: no frame two steps off", "ebike", "XL", stock(["S", 1], ["M", 2], ["L", 0]), null],
    ["letters: XS wanted, adult helmets", "helmet", "XS", stock(["S", 1], ["M", 1], ["L", 1]), "S"],
    ["letters: e-bike tie goes smaller", "ebike", "M", stock(["S", 1], ["M", 0], ["L", 1]), "S"],
    ["letters: helmet tie goes larger", "helmet", "M", stock(["S", 1], ["M", 0], ["L", 1]), "L"],
    ["letters: clothing tie goes larger", "clothing", "L", stock(["M", 1], ["XL", 1]), "XL"],
    ["letters: order does not depend on the list order", "clothing", "L", stock(["XXL", 1], ["XS", 1], ["XL", 1]), "XL"],
    ["letters: no smaller jacket", "clothing", "XXL", stock(["XL", 1], ["XS", 1], ["L", 1]), null],
    ["no ideal: middle of an odd count", "ski", null, SEED_BEGINNER_SKIS, "156"],
    ["no ideal: middle of the free sizes", "ski", null, stock(["140", 0], ["148", 1], ["156", 1], ["164", 1], ["172", 0]), "156"],
    ["no ideal, even count, ski: lower middle", "ski", null, stock(["149", 1], ["156", 1], ["163", 1], ["170", 1]), "156"],
    ["no ideal, even count, boot: upper middle", "boot", null, stock(["40", 1], ["41", 1], ["42", 1], ["43", 1]), "42"],
    ["no ideal, letters, sorted by size", "clothing", null, stock(["XL", 1], ["S", 1], ["M", 1]), "M"],
    ["no ideal, nothing free", "helmet", null, stock(["M", 0]), null],
    ["unrankable ideal: middle", "none", "one size", stock(["35-38", 1], ["39-42", 1], ["43-46", 1]), "39-42"],
    ["numeric ideal against letter stock: middle", "helmet", "56", stock(["S", 1], ["M", 1], ["L", 1]), "M"],
    ["numeric ideal against ranges", "none", "44", stock(["35-38", 1], ["39-42", 1], ["43-46", 1]), "43-46"],
    ["unrankable stock: middle in given order", "none", null, stock(["blue", 1], ["red", 1], ["green", 1]), "red"],
    ["duplicate rows are one size", "ski", null, stock(["150", 1], ["150", 2], ["160", 1]), "150"],
  ])("%s", (_label, kind, ideal, available, expected) => {
    expect(nearestAvailableSize(kind, ideal, available)).toBe(expected);
  });

  it("the recommendation and the stock pick agree for the seed's beginner ski", () => {
    const ideal = recommendSize("ski", { heightCm: 170, weightKg: 70, skill: "beginner" });
    expect(ideal).toBe("152");
    expect(nearestAvailableSize("ski", ideal, SEED_BEGINNER_SKIS)).toBe("148");
  });
});

describe("fitsItemLimits", () => {
  it.each<[string, { maxHeightCm?: number | null; maxShoeSize?: number | null }, Body, boolean]>([
    ["no limits", {}, { heightCm: 190, shoeSizeEu: 46 }, true],
    ["within both", { maxHeightCm: 150, maxShoeSize: 36 }, { heightCm: 130, shoeSizeEu: 32 }, true],
    ["at the height limit", { maxHeightCm: 150 }, { heightCm: 150 }, true],
    ["over the height limit", { maxHeightCm: 150 }, { heightCm: 151 }, false],
    ["over the shoe limit", { maxShoeSize: 36 }, { heightCm: 140, shoeSizeEu: 37 }, false],
    ["unknown body never excludes", { maxHeightCm: 150, maxShoeSize: 36 }, {}, true],
  ])("%s", (_label, limits, body, expected) => {
    expect(fitsItemLimits(limits, body)).toBe(expected);
  });
});
