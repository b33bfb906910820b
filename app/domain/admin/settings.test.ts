import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms";
import { settingsSchema } from "../settings";
import { auditRecord, changedSettings, settingsFormSchema, settingsFormValues } from "./settings";

const defaults = settingsSchema.parse({});

/** The form as the settings page posts it for the given settings (what an unchanged save sends). */
function posted(overrides: Record<string, unknown> = {}) {
  const values = settingsFormValues(defaults) as Record<string, unknown>;
  const offer = values.discountOffer as Record<string, unknown>;
  return {
    ...values,
    discountOffer: {
      ...offer,
      enabled: offer.enabled ? "on" : undefined,
      percent: String(offer.percent),
      minDaysAhead: String(offer.minDaysAhead),
    },
    holdMinutes: String(values.holdMinutes),
    turnaroundMinutes: String(values.turnaroundMinutes),
    cancellationFreeHours: String(values.cancellationFreeHours),
    damageWaiver: { ...(values.damageWaiver as Record<string, unknown>), enabled: "on" },
    ...overrides,
  };
}

const errorsOf = (form: Record<string, unknown>) => {
  const result = settingsFormSchema.safeParse(form);
  return result.success ? {} : fieldErrors(result.error);
};

describe("the settings form", () => {
  it("reads back what it shows: an unchanged save changes nothing", () => {
    const input = settingsFormSchema.parse(posted());
    expect(changedSettings(defaults, input)).toEqual([]);
    expect(input.defaultVatRateBp).toBe(2200);
    expect(input.discountOffer).toEqual({ percent: 10, minDaysAhead: 14 });
  });

  it("names only the keys that changed, in the screen's order", () => {
    const input = settingsFormSchema.parse(
      posted({ holdMinutes: "45", business: { ...defaults.business, name: "Rent Lumina" }, gtmId: "GTM-AB12CD" }),
    );
    expect(changedSettings(defaults, input)).toEqual(["business", "gtmId", "holdMinutes"]);
  });

  it.each([
    ["gtm-ab12", "admin.settings.errors.gtmId"],
    ["GTM-", "admin.settings.errors.gtmId"],
    ["UA-12345", "admin.settings.errors.gtmId"],
    ["GTM-AB 12", "admin.settings.errors.gtmId"],
  ])("refuses the tag manager id %s", (gtmId, message) => {
    expect(errorsOf(posted({ gtmId })).gtmId).toBe(message);
  });

  it("takes an empty tag manager id and cookie name as 'use the environment's'", () => {
    const input = settingsFormSchema.parse(posted({ gtmId: " ", languageCookie: "" }));
    expect(input.gtmId).toBeNull();
    expect(input.languageCookie).toBeNull();
    expect(errorsOf(posted({ languageCookie: "my lang" })).languageCookie).toBe("admin.settings.errors.languageCookie");
  });

  it("VAT in percent with a comma or a point, kept in basis points", () => {
    expect(settingsFormSchema.parse(posted({ defaultVatRateBp: "10" })).defaultVatRateBp).toBe(1000);
    expect(settingsFormSchema.parse(posted({ defaultVatRateBp: "5,5 %" })).defaultVatRateBp).toBe(550);
    expect(errorsOf(posted({ defaultVatRateBp: "101" })).defaultVatRateBp).toBe("admin.settings.errors.vatRate");
    expect(errorsOf(posted({ defaultVatRateBp: "abc" })).defaultVatRateBp).toBe("admin.settings.errors.vatRate");
    expect(errorsOf(posted({ defaultVatRateBp: "" })).defaultVatRateBp).toBe("admin.errors.required");
  });

  it("languages: at least one, English always, stored in the switcher's order", () => {
    expect(settingsFormSchema.parse(posted({ languages: ["it", "en", "de"] })).languages).toEqual(["en", "de", "it"]);
    expect(errorsOf(posted({ languages: undefined })).languages).toBe("admin.settings.errors.languages");
    expect(errorsOf(posted({ languages: ["de", "it"] })).languages).toBe("admin.settings.errors.englishRequired");
    expect(errorsOf(posted({ languages: ["en", "fr"] })).languages).toBe("admin.settings.errors.languages");
  });

  it("the discount offer: off ignores its numbers, on checks them beside their fields", () => {
    expect(settingsFormSchema.parse(posted({ discountOffer: { percent: "abc" } })).discountOffer).toBeNull();
    const errors = errorsOf(posted({ discountOffer: { enabled: "on", percent: "60", minDaysAhead: "" } }));
    expect(errors["discountOffer.percent"]).toBe("admin.errors.range");
    expect(errors["discountOffer.minDaysAhead"]).toBe("admin.errors.number");
    expect(settingsFormSchema.parse(posted({ discountOffer: { enabled: "on", percent: "8", minDaysAhead: "30" } })).discountOffer).toEqual({
      percent: 8,
      minDaysAhead: 30,
    });
  });

  it("the damage waiver: off ignores its price, on takes euros as typed and checks the range beside the field", () => {
    expect(settingsFormSchema.parse(posted()).damageWaiver).toEqual({ dayCents: 200 });
    expect(settingsFormSchema.parse(posted({ damageWaiver: { dayPrice: "abc" } })).damageWaiver).toBeNull();
    expect(settingsFormSchema.parse(posted({ damageWaiver: { enabled: "on", dayPrice: "2,50" } })).damageWaiver).toEqual({ dayCents: 250 });
    expect(settingsFormSchema.parse(posted({ damageWaiver: { enabled: "on", dayPrice: "€ 3" } })).damageWaiver).toEqual({ dayCents: 300 });
    expect(errorsOf(posted({ damageWaiver: { enabled: "on", dayPrice: "" } }))["damageWaiver.dayPrice"]).toBe("admin.errors.required");
    expect(errorsOf(posted({ damageWaiver: { enabled: "on", dayPrice: "two" } }))["damageWaiver.dayPrice"]).toBe("admin.errors.money");
    expect(errorsOf(posted({ damageWaiver: { enabled: "on", dayPrice: "0" } }))["damageWaiver.dayPrice"]).toBe("admin.errors.range");
    expect(errorsOf(posted({ damageWaiver: { enabled: "on", dayPrice: "100,01" } }))["damageWaiver.dayPrice"]).toBe("admin.errors.range");
  });

  it("the reminders: both on by default, each box switches its own off", () => {
    expect(defaults.reminders).toEqual({ pickup: true, return: true });
    expect(settingsFormSchema.parse(posted()).reminders).toEqual({ pickup: true, return: true });
    const returnOff = settingsFormSchema.parse(posted({ reminders: { pickup: "on" } }));
    expect(returnOff.reminders).toEqual({ pickup: true, return: false });
    expect(changedSettings(defaults, returnOff)).toEqual(["reminders"]);
    // Unticked boxes are not posted at all.
    expect(settingsFormSchema.parse(posted({ reminders: undefined })).reminders).toEqual({ pickup: false, return: false });
  });

  it("business data: required fields, e-mail and a two-letter country", () => {
    const errors = errorsOf(posted({ business: { ...defaults.business, legalName: " ", email: "nope", country: "Italy" } }));
    expect(errors).toMatchObject({
      "business.legalName": "admin.errors.required",
      "business.email": "admin.errors.email",
      "business.country": "admin.settings.errors.country",
    });
    expect(settingsFormSchema.parse(posted({ business: { ...defaults.business, country: "at" } })).business.country).toBe("AT");
  });

  it("every valid form gives settings the settings schema accepts", () => {
    const input = settingsFormSchema.parse(posted({ requireStaffTotp: "on", languages: ["en"], gtmId: "GTM-X1" }));
    expect(settingsSchema.parse({ ...defaults, ...input })).toMatchObject({ requireStaffTotp: true, languages: ["en"], gtmId: "GTM-X1" });
  });

  it("audits a record as itself and a single value under its name", () => {
    expect(auditRecord("holdMinutes", 30)).toEqual({ holdMinutes: 30 });
    expect(auditRecord("discountOffer", null)).toEqual({ discountOffer: null });
    expect(auditRecord("business", defaults.business)).toBe(defaults.business);
  });
});
