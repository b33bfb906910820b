import { describe, expect, it } from "vitest";
import { getT } from "./i18n";

const messages = {
  cart: { items_one: "{{count}} item", items_other: "{{count}} items", title: "Bag of {{name}}" },
  plain: "No values",
};

describe("getT", () => {
  const t = getT("en", messages);

  it("finds nested keys and fills in values, leaving unknown ones visible", () => {
    expect(t("plain")).toBe("No values");
    expect(t("cart.title", { name: "Anna" })).toBe("Bag of Anna");
    expect(t("cart.title", {})).toBe("Bag of {{name}}");
  });

  it("picks the plural form by the language's rules", () => {
    expect(t("cart.items", { count: 1 })).toBe("1 item");
    expect(t("cart.items", { count: 0 })).toBe("0 items");
    expect(t("cart.items", { count: 2 })).toBe("2 items");
    // Intl.PluralRules of the page language decides: Danish has "one" for 1 only, like English.
    const da = getT("da", { n_one: "{{count}} dag", n_other: "{{count}} dage" });
    expect([da("n", { count: 0 }), da("n", { count: 1 }), da("n", { count: 5 })]).toEqual(["0 dage", "1 dag", "5 dage"]);
  });

  it("answers a missing key with its default, else the key itself", () => {
    expect(t("cart.nope", { defaultValue: "fallback" })).toBe("fallback");
    expect(t("cart.nope")).toBe("cart.nope");
    expect(t("cart")).toBe("cart"); // an object is not a message
  });

  it("keeps one translator per messages object and language", () => {
    expect(getT("en", messages)).toBe(t);
    expect(getT("de", messages)).not.toBe(t);
  });
});
