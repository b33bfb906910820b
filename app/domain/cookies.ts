/** Lifetime of the language cookie (spec §9). */
export const LANGUAGE_COOKIE_DAYS = 365;
