import { describe, expect, it } from "vitest";
import { localizePath, negotiateLocale, pick, splitLocale } from "./i18n";

describe("negotiateLocale", () => {
  it.each([
    [null, null],
    ["", null],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["nl-BE,nl;q=0.9", "be"],
    ["nl-NL,nl;q=0.9,en;q=0.5", "nl"],
    ["fr-FR,fr;q=0.9,it;q=0.8,en;q=0.7", "it"],
    ["en;q=0.5,da;q=0.9", "da"],
    ["fr-FR,es;q=0.9", null],
    ["*", null],
    ["de;q=0,it", "it"],
    ["be", null],
    ["DA-dk", "da"],
  ])("%s -> %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe("splitLocale and localizePath", () => {
  it.each([
    ["/", "en", "/"],
    ["/stores", "en", "/stores"],
    ["/de", "de", "/"],
    ["/de/", "de", "/"],
    ["/de/shop/x", "de", "/shop/x"],
    ["/be/about", "be", "/about"],
    ["/en/about", "en", "/en/about"],
    ["/xx/about", "en", "/xx/about"],
    ["/details", "en", "/details"],
  ])("%s is %s %s", (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });

  it("round-trips every language", () => {
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/", "da")).toBe("/da");
    expect(localizePath("/stores", "it")).toBe("/it/stores");
    for (const locale of ["en", "de", "it", "nl", "be", "da"] as const) {
      expect(splitLocale(localizePath("/shop/a", locale))).toEqual({ locale, path: "/shop/a" });
    }
  });
});

describe("pick", () => {
  it("falls back to Dutch for Belgian Dutch, then English", () => {
    expect(pick({ en: "Ski", nl: "Ski's" }, "be")).toBe("Ski's");
    expect(pick({ en: "Ski" }, "de")).toBe("Ski");
    expect(pick(null, "de")).toBe("");
  });
});
