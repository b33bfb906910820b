/**
 * The shop's time zone: rental periods, opening hours, seasons and every date shown are in it. A module of
 * its own so that the browser can format a date without loading the period rules.
 */
export const SHOP_TIME_ZONE = "Europe/Rome";
