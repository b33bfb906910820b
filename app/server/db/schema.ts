/**
 * The whole domain model of docs/architecture.md §5 as one Drizzle schema.
 *
 * Translated texts are `jsonb` maps `{ en, de, it, nl, be, da }` (see docs/decisions/002-translated-texts.md).
 * Money is integer cents, VAT rates are basis points (2200 = 22 %), instants are `timestamptz`.
 * Constraints that Drizzle cannot express (the reservation exclusion constraint, range checks on
 * `tstzrange`) live in the hand-written migration `0001_constraints.sql`.
 */
import { relations, sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { SIGNATURE_KINDS, type SignatureKind } from "../../domain/counter/agreement";
import type { LineBinding } from "../../domain/counter/binding";
import { DAMAGE_CATEGORIES, FEE_PAID_BY, MAX_DAMAGE_FEE_CENTS, MAX_DAMAGE_NOTE, MAX_DAMAGE_PHOTOS } from "../../domain/counter/damage";
import type { Translated } from "../../domain/i18n";
import { API_SCOPES, WEBHOOK_EVENTS } from "../../domain/integrations";
import type { ChangeBy, ChangeRequest } from "../../domain/order-change";
import { OPEN_STATUSES } from "../../domain/order-states";
import { OFFER_KINDS } from "../../domain/pictures";
import type { LinePeak } from "../../domain/pricing";
import {
  AGE_BANDS,
  BLOCK_KINDS,
  type BlockKind,
  CHANGE_AUTHORS,
  COUPON_KINDS,
  DEPOSIT_STATUSES,
  ITEM_KINDS,
  ORDER_CHANGE_STATUSES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderChangeStatus,
  type OrderSource,
  PAYMENT_STATUSES,
  RESERVATION_STATES,
  ROLES,
  SEASONS,
  SIZING_KINDS,
  SKILLS,
  UNIT_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
} from "../../domain/vocabulary";

/** PostgreSQL `tstzrange`, exchanged with the driver in its text form, e.g. `["2026-12-01 09:00+01","2026-12-03 17:00+01")`. */
export const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => "tstzrange",
});

/**
 * A `jsonb` whose value may be a bare string (a setting). The drivers hand jsonb over already parsed, and
 * Drizzle's `jsonb` parses a string once more, so a setting saved as "0" or "true" would come back as the
 * number 0 or the boolean true; this column takes the driver's value as it is.
 */
const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const translated = (name: string) => jsonb(name).$type<Translated>().notNull();

/**
 * Words of one of the vocabulary's closed lists as SQL literals, for a check constraint or a partial index:
 * `words(ORDER_SOURCES)` is `'online', 'counter', 'api'`, `words(ORDER_STATUSES, "paid")` is `'paid'`, and a
 * word missing from its list does not compile. Literal text rather than parameters, as DDL takes none.
 */
function words<const L extends readonly string[]>(list: L, ...some: L[number][]) {
  return sql.raw((some.length > 0 ? some : list).map((word) => `'${word}'`).join(", "));
}

// The enums' names are the database's; their values are the vocabulary's words.
export const appId = pgEnum("app_id", SEASONS);
export const itemKind = pgEnum("item_kind", ITEM_KINDS);
export const unitStatus = pgEnum("unit_status", UNIT_STATUSES);
export const skill = pgEnum("skill", SKILLS);
export const userRole = pgEnum("user_role", ROLES);
export const orderStatus = pgEnum("order_status", ORDER_STATUSES);
export const reservationState = pgEnum("reservation_state", RESERVATION_STATES);
export const couponKind = pgEnum("coupon_kind", COUPON_KINDS);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);
export const sizing = pgEnum("sizing", SIZING_KINDS);
export const ageBand = pgEnum("age_band", AGE_BANDS);

// ---------------------------------------------------------------------------------------------
// Storefronts and branches

/** A season storefront: winter (ski, service, depot, shop) or summer (e-bikes). */
export const storefronts = pgTable("apps", {
  id: appId("id").primaryKey(),
  name: translated("name"),
  description: translated("description"),
  /** Season window as month-day, inclusive, e.g. 12-01 .. 04-15 (may wrap the year end). */
  seasonStart: text("season_start").notNull(),
  seasonEnd: text("season_end").notNull(),
  /** Picture base names (app/domain/pictures.ts), the first is the one the season choice shows. */
  pictures: jsonb("pictures").$type<string[]>().notNull().default([]),
  enabled: boolean("enabled").notNull().default(true),
  sort: smallint("sort").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const shops = pgTable("shops", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: translated("description"),
  street: text("street").notNull(),
  postalCode: text("postal_code").notNull(),
  town: text("town").notNull(),
  country: text("country").notNull().default("IT"),
  latitude: numeric("latitude", { precision: 9, scale: 6 }).notNull(),
  longitude: numeric("longitude", { precision: 9, scale: 6 }).notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  pictures: jsonb("pictures").$type<string[]>().notNull().default([]),
  active: boolean("active").notNull().default(true),
  sort: smallint("sort").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which branches serve which storefront. */
export const shopStorefronts = pgTable(
  "shop_apps",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    appId: appId("app_id")
      .notNull()
      .references(() => storefronts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.appId] })],
);

/**
 * Opening hours per branch, storefront (season) and weekday (1 = Monday .. 7 = Sunday, ISO).
 * Several rows on one day model a lunch break. Pickup and return happen inside these hours,
 * narrowed by the optional pickup/return windows.
 */
export const shopHours = pgTable(
  "shop_hours",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    appId: appId("app_id")
      .notNull()
      .references(() => storefronts.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    opens: time("opens").notNull(),
    closes: time("closes").notNull(),
  },
  (t) => [
    index("shop_hours_shop_app_idx").on(t.shopId, t.appId, t.weekday),
    check("shop_hours_weekday", sql`${t.weekday} between 1 and 7`),
    check("shop_hours_order", sql`${t.opens} < ${t.closes}`),
  ],
);

export const shopClosedDays = pgTable(
  "shop_closed_days",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    reason: jsonb("reason").$type<Translated>(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

// ---------------------------------------------------------------------------------------------
// Catalogue

export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  appId: appId("app_id")
    .notNull()
    .references(() => storefronts.id),
  kind: itemKind("kind").notNull(),
  name: translated("name"),
  description: jsonb("description").$type<Translated>(),
  pictures: jsonb("pictures").$type<string[]>().notNull().default([]),
  sort: smallint("sort").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The pictures of the three offers (ski service, depot, sports shop): they are pages, not rows, so their
 * pictures live here, one row per offer (decision 031).
 */
export const offerPictures = pgTable("offer_pictures", {
  offer: text("offer", { enum: OFFER_KINDS }).primaryKey(),
  pictures: jsonb("pictures").$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

export const items = pgTable(
  "items",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    appId: appId("app_id")
      .notNull()
      .references(() => storefronts.id),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id),
    kind: itemKind("kind").notNull(),
    name: translated("name"),
    description: translated("description"),
    pictures: jsonb("pictures").$type<string[]>().notNull().default([]),
    /** Sizes offered, in display order (ski length in cm, EU shoe size, frame size S/M/L, ...). */
    sizes: jsonb("sizes").$type<string[]>().notNull().default([]),
    sizing: sizing("sizing").notNull().default("none"),
    /** Skill level this model is meant for, when it matters (skis, snowboards). */
    level: skill("level"),
    /** The tallest person (cm) this item fits; null = no limit. */
    maxHeightCm: smallint("max_height_cm"),
    /** The largest EU shoe size this item fits; null = no limit. */
    maxShoeSize: smallint("max_shoe_size"),
    /** Rented only from the branch that holds it, never moved between branches. */
    local: boolean("local").notNull().default(false),
    vatRateBp: integer("vat_rate_bp").notNull().default(2200),
    /** Unit price for sale articles and services; rental prices live in price_tables. */
    priceCents: integer("price_cents"),
    /** Deposit held at pickup, if any. */
    depositCents: integer("deposit_cents").notNull().default(0),
    active: boolean("active").notNull().default(true),
    sort: smallint("sort").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("items_app_category_idx").on(t.appId, t.categoryId),
    check("items_vat_rate", sql`${t.vatRateBp} between 0 and 10000`),
    check("items_price", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/** Rental price for 1..N days (dayPrices[n-1] = total for n days) and the price of each further day. */
export const priceTables = pgTable(
  "price_tables",
  {
    itemId: integer("item_id")
      .primaryKey()
      .references(() => items.id, { onDelete: "cascade" }),
    dayPrices: jsonb("day_prices").$type<number[]>().notNull(),
    extraDayCents: integer("extra_day_cents").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("price_tables_extra_day", sql`${t.extraDayCents} >= 0`)],
);

/**
 * A package: equipment for one person at one price (decision 030), e.g. ski, boots and helmet for a
 * beginner. Priced like an item (a table for 1..N days, then each extra day), with a children's table for
 * persons of the age band `child`. Its components are the slots of `package_items`.
 */
export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    appId: appId("app_id")
      .notNull()
      .references(() => storefronts.id),
    level: skill("level").notNull(),
    name: translated("name"),
    description: translated("description"),
    dayPrices: jsonb("day_prices").$type<number[]>().notNull(),
    extraDayCents: integer("extra_day_cents").notNull(),
    childDayPrices: jsonb("child_day_prices").$type<number[]>().notNull(),
    childExtraDayCents: integer("child_extra_day_cents").notNull(),
    active: boolean("active").notNull().default(true),
    sort: smallint("sort").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("packages_extra_day", sql`${t.extraDayCents} >= 0 and ${t.childExtraDayCents} >= 0`),
    index("packages_app_idx").on(t.appId),
  ],
);

/**
 * The components of a package: one piece per slot (ski, boots, helmet). A slot lists the items that can fill
 * it, best first (`rank`); a person gets the first one that suits them (the junior ski for a child).
 */
export const packageItems = pgTable(
  "package_items",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    slot: smallint("slot").notNull(),
    rank: smallint("rank").notNull().default(0),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.itemId] })],
);

/** Peak periods with a percentage surcharge, for one item or (itemId null) a whole storefront. */
export const priceSurcharges = pgTable(
  "price_surcharges",
  {
    id: serial("id").primaryKey(),
    appId: appId("app_id")
      .notNull()
      .references(() => storefronts.id),
    itemId: integer("item_id").references(() => items.id, { onDelete: "cascade" }),
    name: translated("name"),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    percent: smallint("percent").notNull(),
  },
  (t) => [
    check("price_surcharges_window", sql`${t.startsOn} <= ${t.endsOn}`),
    check("price_surcharges_percent", sql`${t.percent} between 0 and 200`),
  ],
);

/** One physical piece of a rental item (or a depot locker) at a branch. */
export const units = pgTable(
  "units",
  {
    id: serial("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    size: text("size"),
    code: text("code").notNull().unique(),
    status: unitStatus("status").notNull().default("active"),
    note: text("note"),
    /** A boot's sole length in mm (printed on its heel): what the binding release setting needs (issue 20). */
    soleLengthMm: smallint("sole_length_mm"),
    createdAt: createdAt(),
  },
  // With the id last, a branch's units of an item and size come in id order: the checkout's unit search
  // (freeUnits) stops at the first free one instead of looking at every unit.
  (t) => [index("units_item_shop_size_id_idx").on(t.itemId, t.shopId, t.size, t.id)],
);

/** Stock of sale articles per branch and size; never below zero. */
export const stock = pgTable(
  "stock",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.shopId, t.size] }), check("stock_quantity", sql`${t.quantity} >= 0`)],
);

/** How many service jobs (waxing, repairs) a branch takes per day. */
export const serviceCapacity = pgTable(
  "service_capacity",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    perDay: smallint("per_day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.shopId] }), check("service_capacity_per_day", sql`${t.perDay} >= 0`)],
);

// ---------------------------------------------------------------------------------------------
// People

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash"),
    role: userRole("role").notNull().default("customer"),
    language: text("language").notNull().default("en"),
    active: boolean("active").notNull().default(true),
    /** TOTP secret for two-factor sign-in, encrypted with a key outside the database (AES-256-GCM). */
    totpSecret: text("totp_secret"),
    /** Set once the user confirmed a first code; two-factor sign-in is on from then. */
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted, so a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /**
     * When the user proved, through an e-mailed link, that the address is theirs. Only then do guest orders
     * placed with the address show in /account: anyone can sign up with someone else's address.
     */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)],
);

/** Links that confirm a user's e-mail address: only a hash of the token is kept, for the address it was sent to. */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_confirmations_user_idx").on(t.userId)],
);

/** Password-reset links: only a hash of the token is kept, used once, valid for a short time. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Fixed-window counters for rate limits shared by every server process (login attempts per address and
 * per account). `key` names the limit and its subject; rows of past windows are deleted by the limiter.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Branches a staff member works at. */
export const userShops = pgTable(
  "user_shops",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] })],
);

/** Server-side sessions; the cookie carries only the signed id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session; the idle limit is counted from last_seen_at. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Password checked, second factor still to come: such a session opens nothing but the code form. */
    pendingTotp: boolean("pending_totp").notNull().default(false),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Offers

export const partnerHotels = pgTable(
  "partner_hotels",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    street: text("street").notNull().default(""),
    town: text("town").notNull(),
    discountPercent: smallint("discount_percent").notNull().default(0),
    commissionPercent: smallint("commission_percent").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("partner_hotels_discount", sql`${t.discountPercent} between 0 and 100`),
    check("partner_hotels_commission", sql`${t.commissionPercent} between 0 and 100`),
  ],
);

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** Upper-case code, also the public id in /coupon/{code}. */
    code: text("code").notNull().unique(),
    kind: couponKind("kind").notNull(),
    /** Percent (1..100) or fixed amount in cents. */
    value: integer("value").notNull(),
    description: translated("description"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    /** Limit to storefronts / categories; empty = all. */
    appIds: jsonb("app_ids").$type<string[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<string[]>().notNull().default([]),
    /** Shown on the public coupon page and in the sitemap. */
    public: boolean("public").notNull().default(false),
    active: boolean("active").notNull().default(true),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("coupons_value", sql`${t.value} > 0 and (${t.kind} <> ${words(COUPON_KINDS, "percent")} or ${t.value} <= 100)`),
    check("coupons_used", sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
);

/** Settings as typed key/value pairs, validated by domain/settings on read and write. No secrets here. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonValue("value").notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Bags (the tables keep their older names: carts, cart_persons, cart_lines)

export type BagInvoice = {
  name: string;
  company: string | null;
  vatId: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
};

export const bags = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: appId("app_id").references(() => storefronts.id),
  shopId: integer("shop_id").references(() => shops.id),
  pickupDate: date("pickup_date"),
  returnDate: date("return_date"),
  pickupTime: time("pickup_time"),
  returnTime: time("return_time"),
  /** The coupon code as the customer typed it (upper-cased); checked at every quote. */
  couponCode: text("coupon_code"),
  hotelId: integer("hotel_id").references(() => partnerHotels.id, { onDelete: "set null" }),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  language: text("language").notNull().default("en"),
  /** Invoice information of the checkout step, validated by domain/invoice before it is stored. */
  invoice: jsonb("invoice").$type<BagInvoice>(),
  /** Whether the customer ticked the damage waiver at checkout, kept for a return to the step. */
  damageWaiver: boolean("damage_waiver").notNull().default(false),
  /** The order this bag went to payment with, while it waits for the provider. */
  orderId: uuid("order_id"),
  /**
   * The checkout submission that made (or is making) `orderId`: a hash of what was submitted, and since when.
   * A second submission of the same form (a double tap) gets that order's payment page (issue 33).
   */
  checkoutKey: text("checkout_key"),
  checkoutAt: timestamp("checkout_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bagPersons = pgTable("cart_persons", {
  id: serial("id").primaryKey(),
  bagId: uuid("cart_id")
    .notNull()
    .references(() => bags.id, { onDelete: "cascade" }),
  position: smallint("position").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name"),
  heightCm: smallint("height_cm"),
  weightKg: smallint("weight_kg"),
  skill: skill("skill"),
  shoeSize: smallint("shoe_size"),
  ageBand: ageBand("age_band"),
  /** Age in years, asked for the binding release setting (children under 10 and skiers from 50 differ). */
  age: smallint("age"),
});

export const bagLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    bagId: uuid("cart_id")
      .notNull()
      .references(() => bags.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => bagPersons.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id),
    size: text("size"),
    quantity: smallint("quantity").notNull().default(1),
    /** The price the customer was shown; re-quoted on the server at every step. */
    shownPriceCents: integer("shown_price_cents"),
    /** The package this line is a component of (decision 030); the package's lines share its price. */
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("cart_lines_quantity", sql`${t.quantity} > 0`)],
);

/** A bag with its persons and lines, read in one query (`loadBag`). */
export const bagRelations = relations(bags, ({ many }) => ({ persons: many(bagPersons), lines: many(bagLines) }));
export const bagPersonRelations = relations(bagPersons, ({ one }) => ({
  bag: one(bags, { fields: [bagPersons.bagId], references: [bags.id] }),
}));
export const bagLineRelations = relations(bagLines, ({ one }) => ({ bag: one(bags, { fields: [bagLines.bagId], references: [bags.id] }) }));

// ---------------------------------------------------------------------------------------------
// Orders

export type VatLine = { rateBp: number; netCents: number; vatCents: number };

/** Feeds the human order number R-{year}-{000123}; gaps after a rolled-back hold are harmless. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1 });
/** A discount as the order shows it; `percent` is null for fixed amounts (and for orders from before it was kept). */
export type DiscountLine = { kind: string; label: string; amountCents: number; percent?: number | null };

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Human number for the counter and invoices, e.g. R-2026-000123. */
    number: text("number").notNull().unique(),
    /** Unguessable public id used in /order/{token} (>= 128 bits, base64url). */
    token: text("token").notNull().unique(),
    status: orderStatus("status").notNull().default("pending_payment"),
    appId: appId("app_id")
      .notNull()
      .references(() => storefronts.id),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    language: text("language").notNull(),
    pickupAt: timestamp("pickup_at", { withTimezone: true }).notNull(),
    returnAt: timestamp("return_at", { withTimezone: true }).notNull(),
    // invoice information
    invoiceName: text("invoice_name").notNull(),
    invoiceCompany: text("invoice_company"),
    invoiceVatId: text("invoice_vat_id"),
    invoiceStreet: text("invoice_street").notNull(),
    invoicePostalCode: text("invoice_postal_code").notNull(),
    invoiceCity: text("invoice_city").notNull(),
    invoiceCountry: text("invoice_country").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    // money
    currency: text("currency").notNull().default("EUR"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    vatBreakdown: jsonb("vat_breakdown").$type<VatLine[]>().notNull().default([]),
    discounts: jsonb("discounts").$type<DiscountLine[]>().notNull().default([]),
    /** The damage waiver taken, in the total (0: none); not a line, since it rents nothing (decision 029). */
    damageWaiverCents: integer("damage_waiver_cents").notNull().default(0),
    /** Its price per rented unit and day when taken, as the customer was shown it; null when not taken. */
    damageWaiverDayCents: integer("damage_waiver_day_cents"),
    couponId: integer("coupon_id").references(() => coupons.id),
    hotelId: integer("hotel_id").references(() => partnerHotels.id),
    note: text("note"),
    /** Where the order was made: the online shop or the counter (a walk-in customer). */
    source: text("source").$type<OrderSource>().notNull().default("online"),
    /** The staff member who made a counter order. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * Who holds an online order while it waits for payment: a keyed hash of the client's address (never the
     * address itself), so the hold limits can count one address's open orders (decision 026).
     */
    holderKey: text("holder_key"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /** What the staff noted at the return (damage, missing parts). */
    returnNote: text("return_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_shop_pickup_idx").on(t.shopId, t.pickupAt),
    index("orders_status_idx").on(t.status),
    index("orders_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = ${words(ORDER_STATUSES, "pending_payment")}`),
    index("orders_pending_holder_idx")
      .on(t.holderKey)
      .where(sql`${t.status} = ${words(ORDER_STATUSES, "pending_payment")}`),
    // "My orders" finds the guest orders of a confirmed address (accounts.server customerOrders).
    index("orders_guest_email_idx").on(sql`lower(${t.email})`).where(sql`${t.userId} is null`),
    // The reminder sweep looks at the next two days' pickups and returns of booked orders (decision 047).
    index("orders_reminder_pickup_idx")
      .on(t.pickupAt)
      .where(sql`${t.status} = ${words(ORDER_STATUSES, "paid")}`),
    index("orders_reminder_return_idx")
      .on(t.returnAt)
      .where(sql`${t.status} in (${words(ORDER_STATUSES, ...OPEN_STATUSES)})`),
    check("orders_period", sql`${t.pickupAt} < ${t.returnAt}`),
    check("orders_total", sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0`),
    check("orders_source", sql`${t.source} in (${words(ORDER_SOURCES)})`),
    check("orders_damage_waiver", sql`${t.damageWaiverCents} >= 0 and ${t.damageWaiverCents} <= ${t.totalCents}`),
  ],
);

export const orderPersons = pgTable("order_persons", {
  id: serial("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  position: smallint("position").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name"),
  heightCm: smallint("height_cm"),
  weightKg: smallint("weight_kg"),
  skill: skill("skill"),
  shoeSize: smallint("shoe_size"),
  ageBand: ageBand("age_band"),
  /** Age in years, asked for the binding release setting (children under 10 and skiers from 50 differ). */
  age: smallint("age"),
});

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => orderPersons.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id),
    kind: itemKind("kind").notNull(),
    /** Item name at the time of the order, in the order's language. */
    name: text("name").notNull(),
    size: text("size"),
    quantity: smallint("quantity").notNull().default(1),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** The line's price before discounts: the lines add up to the order's subtotal. */
    subtotalCents: integer("subtotal_cents").notNull(),
    /** After the order's discounts, as split over the lines (what VAT is computed on). */
    totalCents: integer("total_cents").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    /** The package this line is a component of, and its name at the time of the order (decision 030). */
    packageId: integer("package_id").references(() => packages.id),
    packageName: text("package_name"),
    /** Unit handed out at the counter (set at pickup). */
    unitId: integer("unit_id").references(() => units.id),
    /** The binding release setting the clerk set at hand-out, as printed on the rental agreement (issue 20). */
    binding: jsonb("binding").$type<LineBinding>(),
    /** The peak surcharge in `subtotalCents`, and the peak windows it comes from, named in the order's language. */
    surchargeCents: integer("surcharge_cents").notNull().default(0),
    peaks: jsonb("peaks").$type<LinePeak[]>().notNull().default([]),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), check("order_lines_quantity", sql`${t.quantity} > 0`)],
);

/**
 * A change of an order (other dates, equipment, persons, sizes), by the customer or staff: the order's
 * event log of changes. `pending` while the customer pays a higher price (its units are held with
 * `expires_at`), then `applied`, or `expired` / `failed`. Decision 028.
 */
export const orderChanges = pgTable(
  "order_changes",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderChangeStatus>().notNull().default("pending"),
    by: text("by").$type<ChangeBy>().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    request: jsonb("request").$type<ChangeRequest>().notNull(),
    oldTotalCents: integer("old_total_cents").notNull(),
    newTotalCents: integer("new_total_cents").notNull(),
    /** New total minus old: charged when positive, refunded when negative. */
    differenceCents: integer("difference_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_changes_order_idx").on(t.orderId),
    // Every checkout asks whether a change ran out (expireDueOrders): only the pending ones are looked at.
    index("order_changes_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = ${words(ORDER_CHANGE_STATUSES, "pending")}`),
    check("order_changes_status", sql`${t.status} in (${words(ORDER_CHANGE_STATUSES)})`),
    check("order_changes_by", sql`${t.by} in (${words(CHANGE_AUTHORS)})`),
  ],
);

/** A unit held or booked for a period. The exclusion constraint (migration 0001) forbids overlaps. */
export const reservations = pgTable(
  "reservations",
  {
    id: serial("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => units.id),
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "cascade" }),
    /** A hold for a change of an order waiting for its payment (decision 028): it has no order line yet. */
    orderChangeId: integer("order_change_id").references(() => orderChanges.id, { onDelete: "cascade" }),
    /** [pickup, return + turnaround buffer) */
    period: tstzrange("period").notNull(),
    state: reservationState("state").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * A unit taken out of service for some days from the planner (decision 041): a confirmed reservation with
     * no order line nor change, so availability and the exclusion constraint treat it as any booking.
     */
    blockKind: text("block_kind").$type<BlockKind>(),
    blockNote: text("block_note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reservations_block_kind", sql`${t.blockKind} is null or ${t.blockKind} in (${words(BLOCK_KINDS)})`),
    // A block belongs to no order and is never a hold; a row of an order is never a block.
    check(
      "reservations_block_shape",
      sql`${t.blockKind} is null or (${t.orderLineId} is null and ${t.orderChangeId} is null and ${t.state} <> ${words(RESERVATION_STATES, "held")})`,
    ),
    index("reservations_unit_idx").on(t.unitId),
    index("reservations_order_line_idx").on(t.orderLineId),
    // Availability of a whole storefront finds the live reservations overlapping a period in one index scan;
    // the exclusion constraint's (unit_id, period) index is slow when searched by period alone.
    index("reservations_live_period_idx")
      .using("gist", t.period)
      .where(sql`${t.state} in (${words(RESERVATION_STATES, "held", "confirmed")})`),
    index("reservations_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.state} = ${words(RESERVATION_STATES, "held")}`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.orderId] }), index("coupon_redemptions_email_idx").on(t.couponId, t.email)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's id of the checkout (Stripe Checkout Session, demo checkout). */
    ref: text("ref").notNull(),
    /** Where the customer pays (the provider's hosted page). */
    checkoutUrl: text("checkout_url"),
    /** The provider's id of the captured payment (Stripe PaymentIntent), used for refunds. */
    paymentRef: text("payment_ref"),
    method: text("method"),
    status: paymentStatus("status").notNull().default("created"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Set when the payment is the price difference of a change of the order (decision 028). */
    orderChangeId: integer("order_change_id").references(() => orderChanges.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payments_provider_ref_idx").on(t.provider, t.ref), index("payments_order_idx").on(t.orderId)],
);

/** Every webhook event processed, once: the primary key makes redelivery a no-op. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A picture the HTML part of an e-mail shows inline by its Content-ID (`<img src="cid:…">`), e.g. a reminder's QR code. */
export type InlineImage = { cid: string; filename: string; contentType: string; base64: string };

/**
 * E-mails to send. One row per order and kind at most (the unique index makes "sent once" a database
 * fact); a worker delivers pending rows over SMTP or into DATA_DIR/outbox.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** confirmation, cancellation, password-reset ... */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Pictures the HTML part shows inline (decision 047); most messages have none. */
    attachments: jsonb("attachments").$type<InlineImage[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: smallint("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("email_outbox_order_kind_idx").on(t.orderId, t.kind),
    index("email_outbox_pending_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId, t.at), index("audit_log_at_idx").on(t.at)],
);

/**
 * Deposits (decision 045): one row per authorisation of a deposit on the customer's card, or a deposit
 * taken at the counter (provider `counter`). An order may have several when an authorisation lapsed or
 * was refused and a new one was made; the newest live one is the order's deposit. `ref` is the provider's
 * id (Stripe: the manual-capture PaymentIntent), null while `pending`.
 */
export const depositStatus = pgEnum("deposit_status", DEPOSIT_STATUSES);

export const deposits = pgTable(
  "deposits",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    ref: text("ref"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** What was kept for damage (the rest went back to the card). */
    capturedCents: integer("captured_cents").notNull().default(0),
    status: depositStatus("status").notNull().default("pending"),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
    /** When the authorisation lapses at the provider (Stripe: the charge's `capture_before`); null at the counter. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Why part of it was kept (the damage line), or why the authorisation failed. */
    reason: text("reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deposits_provider_ref_idx").on(t.provider, t.ref),
    index("deposits_order_idx").on(t.orderId),
    check("deposits_amount", sql`${t.amountCents} > 0`),
    check("deposits_captured", sql`${t.capturedCents} >= 0 and ${t.capturedCents} <= ${t.amountCents}`),
  ],
);

/**
 * PostgreSQL `bytea`. node-postgres hands it over as a Buffer, PGlite as a Uint8Array; both are byte
 * arrays, so the column gives a plain Uint8Array either way and takes one (a Buffer for the drivers).
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The signed rental contracts of an order (issue 20, decision 044): the PDF as signed, its SHA-256 and the
 * signing time, one row per version. Rows are never changed: a trigger of migration 0017 refuses UPDATE
 * and DELETE, and a correction is signing again, which adds the next version.
 */
export const agreements = pgTable(
  "agreements",
  {
    id: serial("id").primaryKey(),
    // No cascade: an order with a signed contract cannot be deleted from under it.
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    version: integer("version").notNull(),
    /** The order's language at signing, the language of the PDF's terms. */
    language: text("language").notNull(),
    signerName: text("signer_name").notNull(),
    /** Drawn on the screen (the PDF holds the picture) or typed (the PDF holds the typed name). */
    signatureKind: text("signature_kind").$type<SignatureKind>().notNull(),
    pdf: bytea("pdf").notNull(),
    /** Lower-case hex SHA-256 of `pdf`. */
    sha256: text("sha256").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    /** The clerk who handed out and let the customer sign; no action on delete, as the row cannot change. */
    createdBy: uuid("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("agreements_order_version_idx").on(t.orderId, t.version),
    check("agreements_version", sql`${t.version} > 0`),
    check("agreements_signature_kind", sql`${t.signatureKind} in (${words(SIGNATURE_KINDS)})`),
    check("agreements_sha256", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Damage found on a unit when an order came back (decision 046): a category, a note, up to three photos
 * (their picture names; the files are private, under DATA_DIR/damage/{order id}/) and an optional fee with
 * how it is paid. One report per unit and order. `released_at` is set when the unit leaves repair ("back in
 * service", or its status changed in the item's units list).
 */
export const damageReports = pgTable(
  "damage_reports",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    unitId: integer("unit_id")
      .notNull()
      .references(() => units.id),
    category: text("category", { enum: DAMAGE_CATEGORIES }).notNull(),
    note: text("note"),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    feeCents: integer("fee_cents"),
    feePaidBy: text("fee_paid_by", { enum: FEE_PAID_BY }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: uuid("released_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("damage_reports_order_unit_idx").on(t.orderId, t.unitId),
    index("damage_reports_open_unit_idx").on(t.unitId).where(sql`${t.releasedAt} is null`),
    check("damage_reports_category", sql`${t.category} in (${words(DAMAGE_CATEGORIES)})`),
    check("damage_reports_note", sql`char_length(${t.note}) <= ${sql.raw(String(MAX_DAMAGE_NOTE))}`),
    check(
      "damage_reports_photos",
      sql`cardinality(${t.photos}) <= ${sql.raw(String(MAX_DAMAGE_PHOTOS))} and array_to_string(${t.photos}, ',') ~ '^([0-9a-f]{16}-[0-9]{1,5}x[0-9]{1,5}(,|$))*$'`,
    ),
    check("damage_reports_fee", sql`${t.feeCents} is null or ${t.feeCents} between 1 and ${sql.raw(String(MAX_DAMAGE_FEE_CENTS))}`),
    check(
      "damage_reports_fee_paid_by",
      sql`(${t.feeCents} is null) = (${t.feePaidBy} is null) and (${t.feePaidBy} is null or ${t.feePaidBy} in (${words(FEE_PAID_BY)}))`,
    ),
    check("damage_reports_released", sql`${t.releasedBy} is null or ${t.releasedAt} is not null`),
  ],
);

/**
 * The versions a damage report had before it was corrected (issue 33): the report row holds the current
 * one, each correction first copies the one it replaces here, with who wrote it and who replaced it, when.
 */
export const damageReportVersions = pgTable(
  "damage_report_versions",
  {
    id: serial("id").primaryKey(),
    reportId: integer("report_id")
      .notNull()
      .references(() => damageReports.id),
    version: smallint("version").notNull(),
    category: text("category", { enum: DAMAGE_CATEGORIES }).notNull(),
    note: text("note"),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    feeCents: integer("fee_cents"),
    feePaidBy: text("fee_paid_by", { enum: FEE_PAID_BY }),
    writtenBy: uuid("written_by").references(() => users.id, { onDelete: "set null" }),
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
    replacedBy: uuid("replaced_by").references(() => users.id, { onDelete: "set null" }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("damage_report_versions_report_version_idx").on(t.reportId, t.version)],
);

// ---------------------------------------------------------------------------------------------
// Integrations (issue 21): API keys, outgoing webhooks, staff calendar feeds

/**
 * API keys (decision 049). Only the SHA-256 of the secret part is kept; `prefix` is the public part that names
 * the key in lists and finds its row. A key limited to a branch (`shop_id`) sees and books that branch only.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull().unique(),
    /** Lower-case hex SHA-256 of the secret part: the secret is 192 random bits, so no slow hash is needed. */
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes", { enum: API_SCOPES }).array().notNull(),
    shopId: integer("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("api_keys_scopes", sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${words(API_SCOPES)}]::text[]`),
    check("api_keys_secret_hash", sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
    check("api_keys_name", sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/** Every call made with an API key (the key's audit trail): what, when, the answer and how long it took. */
export const apiCalls = pgTable(
  "api_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: smallint("status").notNull(),
    ms: real("ms").notNull(),
    /** The order the call created, read or cancelled, when there was one. */
    orderId: uuid("order_id"),
  },
  (t) => [index("api_calls_key_at_idx").on(t.keyId, t.at)],
);

/**
 * Where order events are sent (decision 050). The signing secret is kept encrypted with a key outside the
 * database (AES-256-GCM, as the TOTP secrets); it is shown to the admin once, when the endpoint is made.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events", { enum: WEBHOOK_EVENTS }).array().notNull(),
    secretCiphertext: text("secret_ciphertext").notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_endpoints_events", sql`cardinality(${t.events}) > 0 and ${t.events} <@ array[${words(WEBHOOK_EVENTS)}]::text[]`),
    check("webhook_endpoints_url", sql`${t.url} ~ '^https?://' and char_length(${t.url}) <= 2000`),
  ],
);

/**
 * What happened to orders, in the order it happened: written by a trigger on `orders` (migration 0021) on
 * every insert and status change, whichever code made it, in the same transaction. `event_id` is what a
 * receiver deduplicates on; `data` is the order as it was at that moment.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: uuid("event_id").notNull().unique().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type", { enum: WEBHOOK_EVENTS }).notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

/**
 * One event for one endpoint (decision 050), made by the same trigger for every active endpoint subscribed to
 * the event. `pending` until delivered (a 2xx answer) or given up after a day (`failed`). A delivery waits
 * while an earlier one of the same order to the same endpoint is pending, so each endpoint sees an order's
 * events in order.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => orderEvents.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    firstAttemptAt: timestamp("first_attempt_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The receiver's HTTP status of the last try, null when it could not be reached. */
    lastStatus: smallint("last_status"),
    /** The first 1,000 characters of the receiver's last answer. */
    lastResponse: text("last_response"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_idx").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = ${words(WEBHOOK_DELIVERY_STATUSES, "pending")}`),
    index("webhook_deliveries_order_idx").on(t.endpointId, t.orderId, t.eventId),
    check("webhook_deliveries_status", sql`${t.status} in (${words(WEBHOOK_DELIVERY_STATUSES)})`),
  ],
);

/** A staff member's secret calendar feed URL (iCal): only the SHA-256 of its token is kept, one per user. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [check("calendar_feeds_token_hash", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`)],
);
