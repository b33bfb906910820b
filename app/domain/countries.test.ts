import { describe, expect, it } from "vitest";
import { COUNTRIES, countryChoices, DEFAULT_COUNTRY, isCountry, LIKELY_COUNTRIES } from "./countries";
import { locales } from "./i18n";
import { invoiceSchema } from "./invoice";

describe("invoice countries", () => {
  it("are all of ISO 3166-1, each with a name in every language", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES).size).toBe(249);
    for (const locale of locales) {
      const { likely, others } = countryChoices(locale);
      expect(likely.length + others.length).toBe(249);
      for (const { code, name } of [...likely, ...others]) expect(name, code).not.toBe(code);
    }
    for (const code of LIKELY_COUNTRIES) expect(isCountry(code)).toBe(true);
    for (const code of Object.values(DEFAULT_COUNTRY)) expect(isCountry(code)).toBe(true);
  });

  it("offer the language's country first, then the likely ones, then all others by name", () => {
    const de = countryChoices("de");
    expect(de.likely[0]?.code).toBe("DE");
    expect(de.likely.map((c) => c.code).sort()).toEqual([...LIKELY_COUNTRIES].sort());
    expect(de.likely.find((c) => c.code === "AT")?.name).toBe("Österreich");
    const names = de.others.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
    expect(de.others.some((c) => c.code === "JP" && c.name === "Japan")).toBe(true);
    expect(countryChoices("da").likely[0]).toEqual({ code: "DK", name: "Danmark" });
    expect(countryChoices("en").likely[0]?.code).toBe("IT");
    expect(countryChoices("be").likely[0]?.code).toBe("BE");
  });

  it("are accepted by the invoice form, and nothing else is", () => {
    const invoice = {
      name: "Ann Lee",
      street: "1 Main Street",
      postalCode: "10001",
      city: "New York",
      email: "ann@example.com",
      phone: "+1 212 555 0100",
    };
    for (const country of ["US", "JP", "IT", "AQ"]) expect(invoiceSchema.safeParse({ ...invoice, country }).success, country).toBe(true);
    for (const country of ["XX", "us", "EU", "UK", ""])
      expect(invoiceSchema.safeParse({ ...invoice, country }).error?.issues[0]?.message, country).toBe("booking.errors.country");
  });
});
