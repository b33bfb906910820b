import { describe, expect, it } from "vitest";
import { type BindingInput, bindingSetting, settleBinding, soleLengthOfSize } from "./binding";

const adult: BindingInput = { weightKg: 70, heightCm: 175, age: 35, skill: "intermediate", soleLengthMm: 305 };
const value = (input: Partial<BindingInput>) => {
  const setting = bindingSetting({ ...adult, ...input });
  return setting.ok ? `${setting.value.code} ${setting.value.value}` : setting.reason;
};

describe("ISO 11088 release settings", () => {
  it("takes the code from weight and height, moves it by type, and reads the value by sole length", () => {
    // 70 kg and 175 cm are both K; type 2 is one row down: L; 305 mm is the 291–310 column.
    expect(bindingSetting(adult)).toEqual({ ok: true, value: { code: "L", value: 6.5, twistNm: 58, forwardLeanNm: 229 } });
    expect(value({ skill: "beginner" })).toBe("K 5.5");
    // Type 3, two rows down.
    expect(value({ skill: "expert" })).toBe("M 8");
  });

  it("takes the lighter of the weight's and the height's code", () => {
    // 90 kg is L but 160 cm is J: J, type 1, 291–310 mm.
    expect(value({ weightKg: 90, heightCm: 160, skill: "beginner", soleLengthMm: 300 })).toBe("J 4.5");
    // Heavy and tall: M, two rows down for type 3 is O; 311–330 mm.
    expect(value({ weightKg: 100, heightCm: 200, skill: "expert", soleLengthMm: 320 })).toBe("O 10");
  });

  it("moves children under 10 and skiers from 50 one row up", () => {
    // 25 kg (D), 125 cm (H): D; age 8: C; 250 mm is the 231–250 column.
    expect(value({ weightKg: 25, heightCm: 125, age: 8, skill: "beginner", soleLengthMm: 250 })).toBe("C 1.25");
    expect(value({ weightKg: 25, heightCm: 125, age: 10, skill: "beginner", soleLengthMm: 250 })).toBe("D 1.75");
    expect(value({ age: 49 })).toBe("L 6.5");
    expect(value({ age: 50 })).toBe("K 5.5");
    expect(value({ age: 72, skill: "beginner" })).toBe("J 4.5");
    // Never above A: an 11 kg child of 5 stays A.
    expect(value({ weightKg: 11, heightCm: 95, age: 5, skill: "beginner", soleLengthMm: 200 })).toBe("A 0.75");
  });

  it("keeps the lightest skiers (10–13 kg) on code A whatever their type and age (issue 33)", () => {
    // A 12 kg, 90 cm child of 3 whose parent gave "expert" was set B 1.0; the standard keeps A.
    for (const skill of ["beginner", "intermediate", "expert"] as const)
      expect(value({ weightKg: 12, heightCm: 90, age: 3, skill, soleLengthMm: 200 })).toBe("A 0.75");
    expect(value({ weightKg: 13, heightCm: 95, age: 12, skill: "expert", soleLengthMm: 220 })).toBe("A 0.75");
    // From 14 kg the corrections apply again: B, type 3 two rows down, under 10 one up: C.
    expect(value({ weightKg: 14, heightCm: 95, age: 5, skill: "expert", soleLengthMm: 220 })).toBe("C 1.5");
  });

  it("reads soles of 351 mm and more in their own column, one step lower for J to O (issue 33)", () => {
    const type1 = { skill: "beginner" as const, age: 30, heightCm: 200 };
    const bySole = (weightKg: number, soleLengthMm: number) => value({ ...type1, weightKg, soleLengthMm });
    expect([bySole(60, 350), bySole(60, 351)]).toEqual(["J 3.5", "J 3"]);
    expect([bySole(70, 350), bySole(70, 351)]).toEqual(["K 4.5", "K 4"]);
    expect([bySole(85, 350), bySole(85, 360)]).toEqual(["L 5.5", "L 5"]);
    expect([bySole(100, 350), bySole(100, 380)]).toEqual(["M 6.5", "M 6"]);
    expect(value({ weightKg: 100, heightCm: 200, skill: "intermediate", soleLengthMm: 351 })).toBe("N 7.5");
    expect(value({ weightKg: 100, heightCm: 200, skill: "expert", soleLengthMm: 351 })).toBe("O 9");
    // Rows above J have no value there: set at the counter.
    expect(value({ ...type1, weightKg: 50, heightCm: 155, soleLengthMm: 351 })).toBe("outsideTable");
  });

  it("holds the bands' edges: weight, height and sole length", () => {
    const type1 = { skill: "beginner" as const, age: 30, heightCm: 200 };
    expect(value({ ...type1, weightKg: 66 })).toBe("J 4.5");
    expect(value({ ...type1, weightKg: 67 })).toBe("K 5.5");
    expect(value({ ...type1, weightKg: 200, heightCm: 178 })).toBe("K 5.5");
    expect(value({ ...type1, weightKg: 200, heightCm: 179 })).toBe("L 6.5");
    expect(value({ ...type1, weightKg: 70, soleLengthMm: 290 })).toBe("K 6");
    expect(value({ ...type1, weightKg: 70, soleLengthMm: 291 })).toBe("K 5.5");
    expect(value({ ...type1, weightKg: 70, soleLengthMm: 331 })).toBe("K 4.5");
    expect(value({ ...type1, weightKg: 13, heightCm: 100, soleLengthMm: 230 })).toBe("A 0.75");
    expect(value({ ...type1, weightKg: 14, heightCm: 100, soleLengthMm: 230 })).toBe("B 1");
  });

  it("never guesses: missing data and cells the standard leaves empty are set at the counter", () => {
    expect(bindingSetting({ ...adult, soleLengthMm: null })).toEqual({ ok: false, reason: "missing", missing: ["soleLengthMm"] });
    expect(bindingSetting({ ...adult, skill: null, age: null })).toEqual({ ok: false, reason: "missing", missing: ["age", "skill"] });
    expect(value({ weightKg: 9 })).toBe("outsideTable");
    // O has no value for a 251–270 mm sole, nor E for 331 mm and more.
    expect(value({ weightKg: 100, heightCm: 200, skill: "expert", soleLengthMm: 260 })).toBe("outsideTable");
    expect(value({ weightKg: 30, heightCm: 130, age: 12, skill: "beginner", soleLengthMm: 335 })).toBe("outsideTable");
  });
});

describe("the setting a ski line gets at hand-out", () => {
  const table = bindingSetting({ weightKg: 70, heightCm: 178, age: 35, skill: "intermediate", soleLengthMm: 305 });

  it("takes the table's value when the clerk gives none", () => {
    expect(table).toMatchObject({ ok: true, value: { code: "L", value: 6.5 } });
    expect(settleBinding(table, 305, null)).toEqual({
      value: 6.5,
      setBy: "table",
      code: "L",
      soleLengthMm: 305,
      twistNm: 58,
      forwardLeanNm: 229,
    });
  });

  it("keeps the clerk's value, and says so, when it differs from the table", () => {
    expect(settleBinding(table, 305, 6)).toMatchObject({ value: 6, setBy: "clerk", code: "L" });
    expect(settleBinding(table, 305, 6.5)).toMatchObject({ value: 6.5, setBy: "table" });
  });

  it("stores nothing when neither the table nor the clerk gives a value", () => {
    const missing = bindingSetting({ weightKg: 70, heightCm: 178, age: null, skill: "expert", soleLengthMm: 305 });
    expect(settleBinding(missing, 305, null)).toBeNull();
    expect(settleBinding(missing, null, 7)).toEqual({
      value: 7,
      setBy: "clerk",
      code: null,
      soleLengthMm: null,
      twistNm: null,
      forwardLeanNm: null,
    });
  });

  it("knows a size's sole length only when all its boots share it", () => {
    expect(soleLengthOfSize([305, 305])).toBe(305);
    expect(soleLengthOfSize([305, 315])).toBeNull();
    expect(soleLengthOfSize([305, null])).toBeNull();
    expect(soleLengthOfSize([])).toBeNull();
  });
});
