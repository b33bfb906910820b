import { describe, expect, it } from "vitest";
import { getT } from "./i18n";
import { messages } from "./messages.server";

describe("plurals", () => {
  it.each([
    ["en", 1, "1 day"],
    ["en", 21, "21 days"],
    ["be", 1, "1 dag"],
    ["be", 2, "2 dagen"],
    ["be", 21, "21 dagen"],
    ["nl", 5, "5 dagen"],
  ] as const)("%s %d -> %s", (locale, count, expected) => {
    expect(getT(locale, messages[locale])("admin.item.days", { count })).toBe(expected);
  });

  it("uses each language's own texts", () => {
    expect(getT("de", messages.de)("nav.language")).toBe("Sprache");
    expect(getT("be", messages.be)("nav.login")).toBe("Aanmelden");
    expect(getT("nl", messages.nl)("nav.login")).toBe("Inloggen");
  });
});
