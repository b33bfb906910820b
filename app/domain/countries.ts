/** The countries of an invoice address, and the one a customer's language suggests. */
import type { Locale } from "./i18n";

/** Countries offered for the invoice address: the EU, the EEA, Switzerland and the UK. */
export const COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CH",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GB",
  "GR",
  "HR",
  "HU",
  "IE",
  "IS",
  "IT",
  "LI",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;
export type Country = (typeof COUNTRIES)[number];

/** The invoice country preselected for a language; English speakers come from everywhere, so the shop's own. */
export const DEFAULT_COUNTRY: Record<Locale, Country> = {
  en: "IT",
  de: "DE",
  it: "IT",
  nl: "NL",
  be: "BE",
  da: "DK",
};
