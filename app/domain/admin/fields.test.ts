import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, formToObject } from "../forms";
import { checkbox, euros, integer, optionalInteger, optionalText, slug, translatedText } from "./fields";

const errorOf = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ v: schema }).safeParse({ v: value });
  return result.success ? null : fieldErrors(result.error).v;
};

describe("admin form fields", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12,50", 1250],
    ["1.234,50", 123450],
    ["1,234.50", 123450],
    ["€ 7", 700],
    ["0", 0],
  ])("euros %s is %i cents", (input, cents) => {
    expect(euros().parse(input)).toBe(cents);
  });

  it.each([["12.3456"], ["-3"], ["abc"], ["1,2,3"], ["9999999999"]])("euros refuses %s", (input) => {
    expect(errorOf(euros(), input)).toMatch(/^admin\.errors\.(money|range)$/);
  });

  it("an empty money field is required, or null when optional", () => {
    expect(errorOf(euros(), "")).toBe("admin.errors.required");
    expect(euros(true).parse("")).toBeNull();
  });

  it("whole numbers in a range, optional ones empty as null", () => {
    expect(integer(1, 10).parse("7")).toBe(7);
    expect(errorOf(integer(1, 10), "11")).toBe("admin.errors.range");
    expect(errorOf(integer(1, 10), "2.5")).toBe("admin.errors.number");
    expect(optionalInteger(1, 10).parse("")).toBeNull();
  });

  it("translated texts need English and leave empty languages out", () => {
    expect(translatedText().parse({ en: " Ski ", de: "", it: "Sci", nl: "  " })).toEqual({ en: "Ski", it: "Sci" });
    const result = z.object({ name: translatedText() }).safeParse({ name: { en: "", de: "Ski" } });
    expect(result.success ? null : fieldErrors(result.error)).toEqual({ "name.en": "admin.errors.required" });
  });

  it("slugs, optional text and checkboxes", () => {
    expect(slug.parse(" Ski-Race-2 ")).toBe("ski-race-2");
    expect(errorOf(slug, "ski race")).toBe("admin.errors.slug");
    expect(errorOf(slug, "-ski")).toBe("admin.errors.slug");
    expect(optionalText().parse("  ")).toBeNull();
    expect(checkbox.parse("on")).toBe(true);
    expect(checkbox.parse(undefined)).toBe(false);
  });
});

describe("formToObject", () => {
  it("nests dotted names, collects [] lists and ignores prototype keys", () => {
    const form = new FormData();
    form.append("name.en", "Ski");
    form.append("name.de", "Ski");
    form.append("sizes[]", "150");
    form.append("sizes[]", "160");
    form.append("__proto__.polluted", "yes");
    form.append("a.constructor", "x");
    form.append("sort", "1");
    form.append("sort", "2");
    const object = formToObject(form);
    expect(object).toEqual({ name: { en: "Ski", de: "Ski" }, sizes: ["150", "160"], sort: "2" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
