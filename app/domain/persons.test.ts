import { describe, expect, it } from "vitest";
import { personRows } from "./person-rows";
import { checkPersons, personsQuestions } from "./persons";

const check = (person: Record<string, string>) => checkPersons(personRows({ persons: { 0: { key: "a1", firstName: "Anna", ...person } } }));

describe("decimal measures (issue 33)", () => {
  it.each([
    ["80,5", 81],
    ["80.5", 81],
    ["80,4", 80],
    [" 72 ", 72],
    ["200,4", 200],
  ])("takes the weight %s as %i kg", (weightKg, kg) => {
    const checked = check({ weightKg });
    expect(checked.ok && checked.value[0].weightKg).toBe(kg);
  });

  it("takes a height with a decimal comma too", () => {
    const checked = check({ heightCm: "172,5" });
    expect(checked.ok && checked.value[0].heightCm).toBe(173);
  });

  it.each(["80,5 kg", "abc", "9", "200,5", "1,2,3"])("refuses the weight %s with the range message", (weightKg) => {
    const checked = check({ weightKg });
    expect(checked).toMatchObject({ ok: false, reason: "invalid", errors: { "persons.0.weightKg": "booking.errors.weight" } });
  });
});

describe("what the persons step asks", () => {
  const item = (appId: string, sizing: "ski" | "boot" | "ebike" | "helmet", maxShoeSize: number | null = null, active = true) => ({
    appId,
    sizing,
    maxShoeSize,
    active,
  });
  const winter = [item("winter", "ski"), item("winter", "boot"), item("summer", "ebike")];

  it("asks summer's e-bike riders no shoe size and says nothing of bindings", () => {
    expect(personsQuestions("summer", [...winter, item("summer", "helmet")])).toEqual({ shoeSize: "none", bindings: false });
  });

  it("asks winter's skiers the shoe size in every system, and says the age sets the bindings", () => {
    expect(personsQuestions("winter", winter)).toEqual({ shoeSize: "every", bindings: true });
  });

  it("asks a shoe size in EU only where a summer item is chosen by it", () => {
    expect(personsQuestions("summer", [...winter, item("summer", "boot")])).toEqual({ shoeSize: "eu", bindings: false });
    expect(personsQuestions("summer", [...winter, item("summer", "helmet", 38)])).toEqual({ shoeSize: "eu", bindings: false });
    expect(personsQuestions("summer", [...winter, item("summer", "boot", null, false)])).toEqual({ shoeSize: "none", bindings: false });
  });
});
