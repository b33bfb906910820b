/**
 * The words of the business, each written once: a tuple of its values, its type and the Zod schema
 * that reads it from a URL or a form. The database's enums are built from these tuples (schema.ts), so
 * a value added, renamed or moved here is a migration.
 */
import { z } from "zod";
import { zonedDate } from "./periods";
import { SHOP_TIME_ZONE } from "./time-zone";

/** The storefronts, one a season (the database's `app_id`): winter rents skis, summer e-bikes. */
export const SEASONS = ["winter", "summer"] as const;
export type Season = (typeof SEASONS)[number];
export const seasonSchema = /* @__PURE__ */ z.enum(SEASONS);

/** The storefront whose season `date` falls in on the shop's calendar: May to October is summer. */
export function seasonOn(date: Date, timeZone = SHOP_TIME_ZONE): Season {
  const month = Number(zonedDate(date, timeZone).slice(5, 7));
  return month >= 5 && month <= 10 ? "summer" : "winter";
}

/**
 * What an item is: rented out for a period as units (rental), sold from stock (sale), done as a job
 * on a day (service) or a locker kept for a period, units too (depot).
 */
export const ITEM_KINDS = ["rental", "sale", "service", "depot"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const itemKindSchema = /* @__PURE__ */ z.enum(ITEM_KINDS);

/** A skier's level: it sets ski and snowboard lengths (docs/decisions/007-sizing.md). */
export const SKILLS = ["beginner", "intermediate", "expert"] as const;
export type Skill = (typeof SKILLS)[number];
export const skillSchema = /* @__PURE__ */ z.enum(SKILLS);

/**
 * A person's age band, as the rental counter asks it: children up to 11 pay a package's children's price;
 * youths (12 to 17) pay the adult price but must wear a helmet on Italian slopes (decision 030).
 */
export const AGE_BANDS = ["child", "youth", "adult"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Only active units are rented out; one in maintenance comes back, a retired one does not. */
export const UNIT_STATUSES = ["active", "maintenance", "retired"] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Staff work in the branches they are given, admins in all of them; customers only book. */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = /* @__PURE__ */ z.enum(ROLES);

/** Where an order was made: the online shop, the counter (a walk-in customer), or a partner through the API. */
export const ORDER_SOURCES = ["online", "counter", "api"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** An order's life, from the hold to its end (the clerk's transitions: domain/admin/order.ts). */
export const ORDER_STATUSES = ["pending_payment", "paid", "picked_up", "returned", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = /* @__PURE__ */ z.enum(ORDER_STATUSES);

/**
 * A change of an order (decision 028): `pending` while the customer pays a higher price, then `applied`, or
 * `expired` (not paid in time) or `failed`. Who asked for it: the customer or staff.
 */
export const ORDER_CHANGE_STATUSES = ["pending", "applied", "expired", "failed"] as const;
export type OrderChangeStatus = (typeof ORDER_CHANGE_STATUSES)[number];
export const CHANGE_AUTHORS = ["customer", "staff"] as const;

/** Why a unit is out of service for some days, blocked from the planner (decision 041). */
export const BLOCK_KINDS = ["maintenance"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** A unit's claim for a period: held while the customer pays, confirmed once paid, released when given back. */
export const RESERVATION_STATES = ["held", "confirmed", "released"] as const;

/** A coupon takes a percentage off, or a fixed amount in cents. */
export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const couponKindSchema = /* @__PURE__ */ z.enum(COUPON_KINDS);

/** A payment at the provider, as its events move it (docs/decisions/012-payments.md). */
export const PAYMENT_STATUSES = ["created", "pending", "succeeded", "failed", "cancelled", "expired", "refunded"] as const;

/**
 * A deposit on the customer's card (decision 045): `pending` until it is authorised, then `authorised`
 * (held, not charged), and at the end `released`, `captured` (all or part kept for damage), `expired` (the
 * authorisation lapsed) or `failed` (the card refused it).
 */
export const DEPOSIT_STATUSES = ["pending", "authorised", "released", "captured", "expired", "failed"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** The rule that recommends an item's size from a person's body (domain/sizing.ts); `none` recommends none. */
export const SIZING_KINDS = ["ski", "snowboard", "boot", "helmet", "ebike", "clothing", "none"] as const;
export type SizingKind = (typeof SIZING_KINDS)[number];

/** An outgoing webhook delivery (decision 050): `pending` until delivered (a 2xx answer) or given up (`failed`). */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
