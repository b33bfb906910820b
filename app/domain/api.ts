/**
 * The JSON API's requests and answers (issue 21, decision 049) as Zod schemas: the same objects validate the
 * requests and, through `z.toJSONSchema`, write the OpenAPI document, so the two cannot disagree. Field rules
 * come from the pages' own schemas (period, invoice, person measures), whose messages are i18n keys.
 */
import { z } from "zod";
import { invoiceSchema } from "./invoice";
import { PERSON_LIMITS } from "./persons";
import { AGE_BANDS, ITEM_KINDS, ORDER_SOURCES, ORDER_STATUSES, SEASONS, SKILLS } from "./vocabulary";

const API_PAGE_SIZE = { default: 50, max: 200 } as const;

const isoDate = z.iso.date({ message: "booking.errors.date" });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" });
/** An id in a path or query, where every value is text. */
const id = z.coerce.number().int().positive();
/** An id in a JSON body: a number, as the document says, never the text "1". */
const bodyId = z.number().int().positive();

/** An opaque position in a list: where the previous page ended. */
const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional()
  .describe("The `nextCursor` of the previous page; leave out for the first page.");
const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(API_PAGE_SIZE.max)
  .default(API_PAGE_SIZE.default)
  .describe("How many entries per page (1–200).");

/** A list's position as the sort key of its last entry, base64url JSON. */
export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key of /items: the item's place in the shop's order and its id. */
export const itemsCursor = z.tuple([z.number().int(), z.number().int().positive()]);
/** The sort key of /orders: the time it sorts by (created or pickup, to the millisecond) and the order's id. */
export const ordersCursor = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

/**
 * The key a cursor carries, checked with the list's own schema: anything this server did not make (not
 * base64url JSON, another shape, a date PostgreSQL would read as "yesterday") is "invalid", never a query.
 */
export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, schema: T): z.output<T> | null | "invalid" {
  if (cursor === undefined) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return "invalid";
  }
  const parsed = schema.safeParse(key);
  return parsed.success ? parsed.data : "invalid";
}

// ---------------------------------------------------------------------------------------------
// Requests

export const itemsQuery = z.object({
  storefront: z.enum(SEASONS).optional().describe("Only this storefront's items."),
  category: z.string().max(60).optional().describe("Only this category's items (its id)."),
  kind: z.enum(ITEM_KINDS).optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});

export const idParams = z.object({ id });

const periodFields = {
  pickupDate: isoDate.describe("Pickup day, YYYY-MM-DD, in the shop's time zone (Europe/Rome)."),
  pickupTime: clock.describe("Pickup time, HH:MM, within the branch's opening hours."),
  returnDate: isoDate.describe("Return day, YYYY-MM-DD."),
  returnTime: clock.describe("Return time, HH:MM, within the branch's opening hours."),
};

export const availabilityQuery = z.object({
  item: id.describe("The item's id."),
  branch: id.describe("The branch's id."),
  size: z.string().max(20).optional().describe("Only this size."),
  ...periodFields,
});

/** A whole number within one of the person limits, refused with that field's message. */
const measure = (limits: readonly [number, number], message: string) =>
  z.number({ message }).int({ message }).min(limits[0], { message }).max(limits[1], { message }).optional();

const apiPerson = z.object({
  firstName: z.string().trim().min(1, { message: "booking.errors.firstName" }).max(60, { message: "booking.errors.tooLong" }),
  lastName: z.string().trim().max(60, { message: "booking.errors.tooLong" }).optional(),
  heightCm: measure(PERSON_LIMITS.heightCm, "booking.errors.height"),
  weightKg: measure(PERSON_LIMITS.weightKg, "booking.errors.weight"),
  skill: z.enum(SKILLS, { message: "booking.errors.skill" }).optional(),
  shoeSize: measure(PERSON_LIMITS.shoeSize, "booking.errors.shoeSize").describe("EU shoe size."),
  age: measure(PERSON_LIMITS.age, "booking.errors.age").describe(
    "Age in years: packages have children's prices, and the binding setting needs it.",
  ),
});

const apiLine = z.object({
  item: bodyId.describe("The item's id."),
  size: z.string().max(20).nullable().default(null).describe("One of the item's sizes; null for items without sizes."),
  quantity: z.number().int().min(1).max(20).default(1),
  person: z
    .number()
    .int()
    .min(0)
    .max(19)
    .nullable()
    .default(null)
    .describe("Index into `persons` of who uses it; null for articles nobody wears."),
});

export const quoteRequest = z.object({
  storefront: z.enum(SEASONS),
  branch: bodyId,
  ...periodFields,
  persons: z.array(apiPerson).max(20).default([]),
  lines: z.array(apiLine).min(1, { message: "booking.errors.emptyBag" }).max(50),
  coupon: z.string().trim().max(40).optional(),
  damageWaiver: z.boolean().default(false).describe("The customer takes the damage waiver, when the shop offers it."),
});

export const orderRequest = quoteRequest.extend({
  // The checkout's rules; the address is trimmed and lower-cased before it is checked as an e-mail address.
  invoice: invoiceSchema.extend({ email: invoiceSchema.shape.email.meta({ format: "email" }) }),
  language: z
    .enum(["en", "de", "it", "nl", "be", "da"])
    .optional()
    .describe("The customer's language; the request's Accept-Language when left out."),
  expectedTotalCents: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("The total the customer was shown; a different total is refused (409) instead of charged."),
});

export const orderParams = z.object({
  id: z
    .string()
    .regex(/^R-\d{4}-\d{6}$/)
    .describe("The order number, e.g. R-2026-000123."),
});

export const ordersQuery = z
  .object({
    email: z.email().max(254).optional().describe("A customer's orders by their e-mail address."),
    date: isoDate.optional().describe("Orders picked up or returned on this day."),
    branch: id.optional(),
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .refine((q) => q.email !== undefined || q.date !== undefined, { message: "api.errors.emailOrDate", path: ["email"] });

// ---------------------------------------------------------------------------------------------
// Answers

const translatedName = z.string().describe("In the request's language (Accept-Language), English when it has none.");

const pictureSchema = z.object({
  url: z.url().describe("The largest WebP file."),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ url: z.url(), width: z.number().int(), format: z.enum(["avif", "webp"]) })),
});

export const storefrontSchema = z.object({
  id: z.enum(SEASONS),
  name: translatedName,
  description: translatedName,
  seasonStart: z.string().describe("MM-DD"),
  seasonEnd: z.string().describe("MM-DD"),
  pictures: z.array(pictureSchema),
});

export const branchSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  town: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  email: z.string(),
  storefronts: z.array(z.enum(SEASONS)),
  pictures: z.array(pictureSchema),
});

export const categorySchema = z.object({
  id: z.string(),
  storefront: z.enum(SEASONS),
  kind: z.enum(ITEM_KINDS),
  name: translatedName,
  pictures: z.array(pictureSchema),
});

export const itemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  storefront: z.enum(SEASONS),
  category: z.string(),
  kind: z.enum(ITEM_KINDS),
  name: translatedName,
  description: translatedName,
  sizes: z.array(z.string()),
  level: z.enum(SKILLS).nullable(),
  maxHeightCm: z.number().int().nullable(),
  maxShoeSize: z.number().int().nullable(),
  depositCents: z.number().int(),
  vatRateBp: z.number().int().describe("VAT in basis points: 2200 is 22 %."),
  prices: z
    .object({
      dayPrices: z.array(z.number().int()).describe("dayPrices[n-1] is the price in cents for n days."),
      extraDayCents: z.number().int().describe("Each day beyond the table."),
    })
    .nullable()
    .describe("Rental prices; null for articles and services, which have `priceCents`."),
  priceCents: z.number().int().nullable(),
  pictures: z.array(pictureSchema),
  url: z.url().describe("The item's page in the shop."),
});

export const page = <T extends z.ZodType>(entry: T) => z.object({ data: z.array(entry), nextCursor: z.string().nullable() });

export const availabilitySchema = z.object({
  item: z.number().int(),
  branch: z.number().int(),
  pickupAt: z.iso.datetime({ offset: true }),
  returnAt: z.iso.datetime({ offset: true }),
  available: z.boolean(),
  free: z.number().int(),
  sizes: z.array(z.object({ size: z.string().nullable(), free: z.number().int() })),
});

export const quoteSchema = z.object({
  currency: z.literal("EUR"),
  days: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  damageWaiverCents: z.number().int(),
  totalCents: z.number().int(),
  vatCents: z.number().int(),
  lines: z.array(
    z.object({
      item: z.number().int(),
      name: translatedName,
      size: z.string().nullable(),
      quantity: z.number().int(),
      person: z.number().int().nullable(),
      totalCents: z.number().int(),
    }),
  ),
});

export const orderSchema = z.object({
  id: z.string().describe("The order number."),
  status: z.enum(ORDER_STATUSES),
  storefront: z.enum(SEASONS),
  branch: z.number().int(),
  source: z.enum(ORDER_SOURCES),
  language: z.string(),
  pickupAt: z.iso.datetime({ offset: true }),
  returnAt: z.iso.datetime({ offset: true }),
  currency: z.string(),
  totalCents: z.number().int(),
  vatCents: z.number().int(),
  discountCents: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), country: z.string() }),
  persons: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string().nullable(),
      age: z.number().int().nullable(),
      ageBand: z.enum(AGE_BANDS).nullable(),
    }),
  ),
  lines: z.array(
    z.object({
      item: z.number().int(),
      name: translatedName,
      size: z.string().nullable(),
      quantity: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  expiresAt: z.iso.datetime({ offset: true }).nullable().describe("While `pending_payment`: when the hold runs out."),
  url: z
    .url()
    .nullable()
    .describe(
      "The customer's order page, where the customer can also cancel (its address is the customer's key: share it with them only). Given to keys with `orders:manage` and in the answer that made the order; null for other keys.",
    ),
  paymentUrl: z.url().nullable().describe("Where the customer pays a held order; null once it is paid or over."),
  createdAt: z.iso.datetime({ offset: true }),
});

/** RFC 9457 problem details, with the fields that failed validation. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Field errors (path "a.b.0" → i18n key) as JSON pointers ("/a/b/0") with their translated text. */
export function problemErrors(fields: Record<string, string>, t: (key: string) => string): Problem["errors"] {
  return Object.entries(fields).map(([path, key]) => ({
    pointer: path === "form" ? "" : `/${path.split(".").join("/")}`,
    detail: t(key),
  }));
}
