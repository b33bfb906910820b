import { describe, expect, it } from "vitest";
import { personRows } from "./person-rows";
import { checkPersons } from "./persons";
import { readShoeSize, SHOE_SIZE_EU, SHOE_SYSTEMS, shoeSizeHint, shoeSizeIn, shoeSizeToEu, shoeSystemOf } from "./shoe-size";

describe("shoe sizes in four systems", () => {
  it.each([
    // system, as typed, EU kept
    ["eu", "42", 42],
    ["eu", "42.5", 43],
    ["eu", "42,5", 43],
    ["eu", "20", 20],
    ["eu", "52", 52],
    ["uk", "8", 42],
    ["uk", "8.5", 43],
    ["uk", "8½", 43],
    ["uk", "8 1/2", 43],
    ["uk", "1", 33],
    ["uk", "16", 52],
    ["uk", "12C", 30],
    ["uk", "12c", 30],
    ["uk", "12k", 30],
    ["uk", "3.5C", 20],
    ["uk", "13.5C", 32],
    ["us", "9", 42],
    ["us", "10", 43],
    ["us", "1", 32],
    ["us", "17", 52],
    ["us", "13C", 30],
    ["us", "4.5C", 20],
    ["mondo", "27", 42],
    ["mondo", "27.5", 43],
    ["mondo", "275", 43],
    ["mondo", "12.5", 20],
    ["mondo", "33.5", 52],
  ] as const)("%s %s is EU %d", (system, typed, eu) => {
    expect(shoeSizeToEu(system, typed)).toBe(eu);
  });

  it.each([
    ["eu", "19"],
    ["eu", "53"],
    ["eu", "42C"],
    ["eu", "abc"],
    ["eu", "-42"],
    ["eu", "4e1"],
    ["uk", "16.5"],
    ["uk", "0"],
    ["uk", "14C"],
    ["uk", "2C"],
    ["us", "17.5"],
    ["us", "4C"],
    ["mondo", "34"],
    ["mondo", "10"],
    ["mondo", "27C"],
    ["uk", ""],
  ] as const)("%s %s is no size the shop takes", (system, typed) => {
    expect(shoeSizeToEu(system, typed)).toBeNull();
  });

  it("reads a UK or US number for a child (under 140 cm) on the children's scale, when there is such a size", () => {
    expect(shoeSizeToEu("uk", "12", 120)).toBe(30);
    expect(shoeSizeToEu("uk", "12", 180)).toBe(47);
    expect(shoeSizeToEu("uk", "12", null)).toBe(47);
    expect(shoeSizeToEu("us", "13", 120)).toBe(30);
    // No children's UK 2 in the range (it would be EU 18): the adult 2 it is.
    expect(shoeSizeToEu("uk", "2", 130)).toBe(34);
    // Children's scales end at 13.5.
    expect(shoeSizeToEu("uk", "15", 130)).toBe(51);
    expect(shoeSizeToEu("eu", "30", 120)).toBe(30);
  });

  it("every EU size from 20 to 52 comes back from each system's figure", () => {
    for (let eu = SHOE_SIZE_EU.min; eu <= SHOE_SIZE_EU.max; eu++) {
      const sizes = shoeSizeIn(eu);
      for (const system of SHOE_SYSTEMS) expect(shoeSizeToEu(system, sizes[system]), `${system} ${sizes[system]}`).toBe(eu);
    }
  });

  it("shows a size in every system, children's UK and US sizes with C", () => {
    expect(shoeSizeHint(42)).toBe("EU 42 · UK 8 · US 9 · Mondo 27");
    expect(shoeSizeHint(31)).toBe("EU 31 · UK 12.5C · US 13.5C · Mondo 19.5");
    expect(shoeSizeHint(32)).toBe("EU 32 · UK 13C · US 1 · Mondo 20.5");
  });

  it("reads sizes as typed", () => {
    expect(readShoeSize(" 8,5 ")).toEqual({ value: 8.5, child: false });
    expect(readShoeSize("12 C")).toEqual({ value: 12, child: true });
    expect(readShoeSize("8.25")).toBeNull();
    expect(readShoeSize("1e1")).toBeNull();
    expect(shoeSystemOf("uk")).toBe("uk");
    expect(shoeSystemOf("UK")).toBe("eu");
    expect(shoeSystemOf(undefined)).toBe("eu");
  });
});

describe("the persons step's shoe size", () => {
  const check = (person: Record<string, string>) =>
    checkPersons(personRows({ persons: { 0: { key: "a1", firstName: "Anna", ...person } } }));

  it("keeps an EU size posted without a system, as before", () => {
    const checked = check({ shoeSize: "39" });
    expect(checked.ok && checked.value[0]?.shoeSize).toBe(39);
  });

  it("converts a UK, US or Mondo size to EU", () => {
    for (const [shoeSystem, shoeSize] of [
      ["uk", "8"],
      ["us", "9"],
      ["mondo", "27"],
      ["eu", "42"],
    ]) {
      const checked = check({ shoeSize, shoeSystem });
      expect(checked.ok && checked.value[0]?.shoeSize).toBe(42);
      expect(checked.ok && "shoeSystem" in checked.value[0]!).toBe(false);
    }
  });

  it("reads the height for children's sizes", () => {
    const checked = check({ shoeSize: "12", shoeSystem: "uk", heightCm: "120" });
    expect(checked.ok && checked.value[0]?.shoeSize).toBe(30);
  });

  it("refuses a size out of its system's range with that system's message, alongside other messages", () => {
    expect(check({ shoeSize: "60", shoeSystem: "eu" })).toMatchObject({
      ok: false,
      errors: { "persons.0.shoeSize": "booking.errors.shoeSize" },
    });
    expect(check({ shoeSize: "20", shoeSystem: "uk" })).toMatchObject({
      ok: false,
      errors: { "persons.0.shoeSize": "booking.errors.shoeSizeUk" },
    });
    expect(check({ shoeSize: "20", shoeSystem: "us" })).toMatchObject({
      ok: false,
      errors: { "persons.0.shoeSize": "booking.errors.shoeSizeUs" },
    });
    expect(check({ shoeSize: "8", shoeSystem: "mondo" })).toMatchObject({
      ok: false,
      errors: { "persons.0.shoeSize": "booking.errors.shoeSizeMondo" },
    });
    expect(check({ shoeSize: "x", shoeSystem: "uk", heightCm: "9", firstName: "" })).toMatchObject({
      ok: false,
      errors: {
        "persons.0.shoeSize": "booking.errors.shoeSizeUk",
        "persons.0.heightCm": "booking.errors.height",
        "persons.0.firstName": "booking.errors.firstName",
      },
    });
  });

  it("takes an unknown system as EU and no size as none", () => {
    const odd = check({ shoeSize: "42", shoeSystem: "xx" });
    expect(odd.ok && odd.value[0]?.shoeSize).toBe(42);
    const none = check({ shoeSize: " ", shoeSystem: "uk" });
    expect(none.ok && none.value[0]?.shoeSize).toBeUndefined();
  });
});
