/** The countries of an invoice address, the one a customer's language suggests, and the order they are offered in. */
import { type Locale, languageTag } from "./i18n";

/** Every country of ISO 3166-1 (alpha-2), in code order: a customer may live anywhere. */
export const COUNTRIES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ") as [string, ...string[]];
export type Country = string;

/** Whether a code is a country of COUNTRIES (upper case, as the select posts it). */
export function isCountry(code: string): boolean {
  return COUNTRY_SET.has(code);
}
const COUNTRY_SET = new Set<string>(COUNTRIES);

/** The invoice country preselected for a language; English speakers come from everywhere, so the shop's own. */
export const DEFAULT_COUNTRY: Record<Locale, Country> = {
  en: "IT",
  de: "DE",
  it: "IT",
  nl: "NL",
  be: "BE",
  da: "DK",
};

/**
 * Where most customers live: the shop's country, its neighbours and its main markets. The select offers these
 * first (after the language's own country), then every country.
 */
export const LIKELY_COUNTRIES: readonly Country[] = [
  "IT",
  "DE",
  "AT",
  "CH",
  "NL",
  "BE",
  "LU",
  "DK",
  "FR",
  "GB",
  "SE",
  "NO",
  "PL",
  "CZ",
  "US",
];

export type CountryChoice = { code: Country; name: string };

/**
 * The invoice select's two groups in the page's language: the likely countries (the language's default
 * first, then by name) and all the others, by name.
 */
export function countryChoices(locale: Locale): { likely: CountryChoice[]; others: CountryChoice[] } {
  const tag = languageTag[locale];
  const names = new Intl.DisplayNames([tag], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(tag);
  const choice = (code: Country): CountryChoice => ({ code, name: names.of(code) ?? code });
  const byName = (a: CountryChoice, b: CountryChoice) => collator.compare(a.name, b.name);
  const first = DEFAULT_COUNTRY[locale];
  const likely = [
    choice(first),
    ...LIKELY_COUNTRIES.filter((code) => code !== first)
      .map(choice)
      .sort(byName),
  ];
  const offered = new Set(likely.map((c) => c.code));
  const others = COUNTRIES.filter((code) => !offered.has(code))
    .map(choice)
    .sort(byName);
  return { likely, others };
}
