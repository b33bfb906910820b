import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Locale, locales } from "../domain/i18n";

/**
 * Issue 16, points 10 and 18: the words a native speaker uses, one word per thing in each language. A
 * translation that brings back a word the shop has settled against fails here, before a customer reads it.
 */
const flat = (value: unknown, prefix = ""): [string, string][] =>
  Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
const files = Object.fromEntries(
  locales.map((l) => [l, new Map(flat(JSON.parse(readFileSync(new URL(`./lang/${l}.json`, import.meta.url), "utf8"))))]),
) as Record<Locale, Map<string, string>>;

/** Texts of a language that match a word the language does not use. */
const using = (locale: Locale, word: RegExp) => [...files[locale]].filter(([, text]) => word.test(text)).map(([key]) => key);

/** The shop's word for a branch and for the bag in each language, and the words it settled against. */
const settled: Record<Locale, { branch: RegExp; bag: RegExp; never: RegExp }> = {
  en: { branch: /\bbranch/i, bag: /\bbag\b/i, never: /\b(basket|cart)\b|\b(our|a|the) stores?\b|^Stores$/i },
  de: { branch: /\bFiliale/, bag: /\bWarenkorb/, never: /\b(Standort|Einkaufswagen|Tasche)\b/ },
  it: { branch: /\bnegozi?o?\b/i, bag: /\bcarrello\b/i, never: /\b(filiale|borsa)\b/i },
  nl: { branch: /\bvestiging/i, bag: /\bwinkelmandje\b/i, never: /\b(filiaal|filialen|winkelwagen(tje)?|Gelieve)\b/i },
  be: { branch: /\bfiliaal|\bfilialen/i, bag: /\bwinkelmandje\b/i, never: /\b(vestiging(en)?|winkelwagen(tje)?|Gelieve)\b/i },
  da: { branch: /\bbutik/i, bag: /\bkurv\b/i, never: /\b(afdeling(er)?|indkøbsvogn)\b/i },
};

describe("the shop's words in each language", () => {
  it.each(locales)("%s uses one word for the branch and one for the bag", (locale) => {
    const { branch, bag, never } = settled[locale];
    // "Your bag is empty. Choose a season and a branch to start.": both words in one sentence.
    expect(files[locale].get("booking.bag.emptyStart")).toMatch(branch);
    expect(files[locale].get("booking.bag.emptyStart")).toMatch(bag);
    expect(using(locale, never)).toEqual([]);
  });

  it("names the card terminal, the expert and the coupon's button as native speakers do", () => {
    expect(files.nl.get("admin.orders.methods.card")).toBe("pinapparaat");
    expect(files.de.get("booking.skill.expert")).toBe("Könner");
    expect(files.da.get("booking.bag.apply")).toBe("Indløs");
    // Flemish asks without the stiff "Gelieve", as the rest of the Flemish file does.
    expect(using("be", /\bgelieve\b/i)).toEqual([]);
  });

  it("words the persons step, the hotel choice, sold-out goods and the order as native speakers do (issue 33)", () => {
    expect(files.da.get("booking.persons.ageHint")).toMatch(/^Alder i hele år\./);
    // The coupon is redeemed ("Indløs", "Einlösen"); a hotel is chosen.
    expect(files.da.get("booking.bag.chooseHotel")).toBe("Vælg");
    expect(files.de.get("booking.bag.chooseHotel")).toBe("Übernehmen");
    // Goods for sale are sold out; rentals are booked out for the dates.
    expect(files.da.get("booking.equipment.soldOutSaleHint")).toBe("Udsolgt.");
    expect(files.da.get("booking.equipment.soldOutHint")).toMatch(/^Fuldt booket/);
    // German calls an order a "Bestellung" throughout.
    expect(using("de", /Auftr[aä]g/)).toEqual([]);
  });

  it("says misura for a size in Italian, taglia only for clothing", () => {
    expect(using("it", /\btaglia\b/i)).toEqual(["admin.items.sizingRule.clothing"]);
  });

  it("writes an amount in English one way only, the euro sign before the figure without a space", () => {
    expect(using("en", /€\s\d|\d\s?€|EUR\s?\d|\d\s?EUR\b|\d\s?euros?\b/i)).toEqual([]);
  });
});
