import { describe, expect, it } from "vitest";
import { DEMO_BUSINESS, demoBusinessFields, LEGAL_FIELDS, settingsSchema } from "./settings";

const real = {
  ...DEMO_BUSINESS,
  legalName: "Noleggio Ciaslin S.r.l.",
  street: "Str. Dursan 12",
  town: "Ortisei",
  vatId: "IT01234560215",
  phone: "+39 0471 796 123",
  email: "info@noleggio-ciaslin.it",
};

describe("demo business data", () => {
  it("is all of the legal fields on a fresh install", () => {
    expect(demoBusinessFields(settingsSchema.parse({}).business)).toEqual([...LEGAL_FIELDS]);
  });

  it("is nothing once the owner has filled them in, even with the demo's postcode and shop name", () => {
    expect(demoBusinessFields(real)).toEqual([]);
  });

  it.each([
    ["vatId", "IT 000 000 000 00"],
    ["vatId", "00000000000"],
    ["phone", "+39 333 000000"],
    ["email", "shop@rent.example"],
    ["email", "shop@EXAMPLE.com"],
    ["email", "owner@shop.test"],
    ["street", "Via Dolomiti 1 "],
  ] as const)("still names %s as %o", (field, value) => {
    expect(demoBusinessFields({ ...real, [field]: value })).toEqual([field]);
  });

  it("takes a real address at a domain that merely contains the word example", () => {
    expect(demoBusinessFields({ ...real, email: "info@example-rent.it", phone: "+39 0471 100000" })).toEqual([]);
  });
});
