/** Lifetime of the language cookie (docs/spec.md §9). */
export const LANGUAGE_COOKIE_DAYS = 365;

/** Lifetime of the bag's cookie; a bag untouched this long is forgotten. */
export const BAG_COOKIE_DAYS = 30;
