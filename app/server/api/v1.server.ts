/**
 * The endpoints of /api/v1 (issue 21, decision 049). They call the same domain core as the pages: the catalogue
 * from memory (decision 035), availability from the database, prices from `quoteBag`, holds from `holdOrder`
 * with its exclusion constraint, cancellation with the back office's rules. A key limited to a branch sees and
 * books that branch only.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  availabilityQuery,
  availabilitySchema,
  branchSchema,
  categorySchema,
  decodeCursor,
  encodeCursor,
  idParams,
  itemSchema,
  itemsCursor,
  itemsQuery,
  orderParams,
  orderRequest,
  orderSchema,
  ordersCursor,
  ordersQuery,
  page,
  quoteRequest,
  quoteSchema,
  storefrontSchema,
} from "../../domain/api";
import { API_HOLD_LIMITS, type HoldLimitBreach } from "../../domain/hold-limits";
import { type Locale, localizePath, pick } from "../../domain/i18n";
import { addDays, checkPeriod, type PeriodError, periodFieldErrors, type RentalPeriod, zonedInstant } from "../../domain/periods";
import { type PictureOwner, parsePictureName, pictureFiles } from "../../domain/pictures";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import type { Season } from "../../domain/vocabulary";
import { cancelWithRules } from "../admin/orders.server";
import { getAvailability } from "../booking/availability.server";
import { getShopCalendar } from "../booking/calendar.server";
import { cancelOrder, type HoldFailure, holdOrder } from "../booking/holds.server";
import { quoteBag } from "../booking/quote.server";
import { allItems, allPriceTables, listShops, listStorefronts } from "../catalog/catalog.server";
import { getDb } from "../db/client.server";
import { categories, orderLines, orderPersons, orders } from "../db/schema";
import { PaymentUnavailableError, startPayment } from "../payments/payments.server";
import { getSettings } from "../settings/settings.server";
import { ApiProblem, endpoint } from "./endpoint.server";
import type { ApiKey } from "./keys.server";

type Origin = string;

function pictures(owner: PictureOwner, ownerId: string | number, names: string[], origin: Origin) {
  return names.flatMap((name) => {
    const parsed = parsePictureName(name);
    if (!parsed) return [];
    const variants = pictureFiles(parsed).map((v) => ({
      url: `${origin}/media/${owner}/${ownerId}/${v.file}`,
      width: v.width,
      format: v.format,
    }));
    const largest = variants.filter((v) => v.format === "webp").at(-1);
    return largest ? [{ url: largest.url, width: parsed.width, height: parsed.height, variants }] : [];
  });
}

/** 404 for a branch the key may not see, as for one that does not exist: a limited key learns nothing of others. */
function checkBranch(key: ApiKey, branch: number) {
  if (key.shopId !== null && key.shopId !== branch) throw new ApiProblem(404, "not-found", "api.errors.noBranch", { id: branch });
}

async function liveBranch(key: ApiKey, branch: number, storefront: Season) {
  checkBranch(key, branch);
  const shop = (await listShops()).find((s) => s.id === branch);
  if (!shop?.appIds.includes(storefront)) throw new ApiProblem(404, "not-found", "api.errors.noBranch", { id: branch });
  return shop;
}

async function periodAt(
  branch: number,
  storefront: Season,
  input: { pickupDate: string; pickupTime: string; returnDate: string; returnTime: string },
) {
  const calendar = await getShopCalendar(branch, storefront);
  if (!calendar) throw new ApiProblem(404, "not-found", "api.errors.noBranch", { id: branch });
  const checked = checkPeriod(input, calendar, new Date());
  if (!checked.ok) throw periodProblem(checked.errors);
  return checked.period;
}

function periodProblem(errors: PeriodError[]) {
  return new ApiProblem(400, "validation", "api.errors.period", undefined, periodFieldErrors(errors));
}

function itemView(
  item: Awaited<ReturnType<typeof allItems>>[number],
  tables: Awaited<ReturnType<typeof allPriceTables>>,
  locale: Locale,
  origin: Origin,
) {
  const table = tables.find((t) => t.itemId === item.id);
  return {
    id: item.id,
    slug: item.slug,
    storefront: item.appId,
    category: item.categoryId,
    kind: item.kind,
    name: pick(item.name, locale),
    description: pick(item.description, locale),
    sizes: item.sizes,
    level: item.level,
    maxHeightCm: item.maxHeightCm,
    maxShoeSize: item.maxShoeSize,
    depositCents: item.depositCents,
    vatRateBp: item.vatRateBp,
    prices: table ? { dayPrices: table.dayPrices, extraDayCents: table.extraDayCents } : null,
    priceCents: item.priceCents,
    pictures: pictures("items", item.id, item.pictures, origin),
    url: `${origin}${localizePath(`/item/${item.slug}`, locale)}`,
  };
}

/** Lines of a request as the quote takes them: each its own key, named by its place in the request. */
function bagLines(lines: { item: number; size: string | null; quantity: number; person: number | null }[], persons: number) {
  return lines.map((line, index) => {
    if (line.person !== null && line.person >= persons) {
      throw new ApiProblem(400, "validation", "api.errors.validation", undefined, { [`lines.${index}.person`]: "api.errors.noPerson" });
    }
    return { key: String(index), itemId: line.item, size: line.size, quantity: line.quantity, personIndex: line.person };
  });
}

const HOLD_LIMIT_TEXT: Record<HoldLimitBreach, string> = {
  orders: "api.errors.holdLimit",
  units: "api.errors.holdLimitUnits",
  size: "api.errors.holdLimitSize",
};

function holdProblem(failure: HoldFailure): ApiProblem {
  switch (failure.reason) {
    case "period":
      return periodProblem(failure.errors);
    case "invalidLine":
      return new ApiProblem(400, "validation", "api.errors.validation", undefined, { [`lines.${failure.key}`]: "api.errors.invalidLine" });
    case "unavailable":
      return new ApiProblem(409, "unavailable", "api.errors.unavailable", { line: Number(failure.line.key), name: failure.line.name });
    case "coupon":
      return new ApiProblem(400, "validation", "api.errors.validation", undefined, { coupon: failure.code });
    case "priceChanged":
      return new ApiProblem(409, "conflict", "api.errors.priceChanged", { total: (failure.totalCents / 100).toFixed(2) });
    case "busy":
      return new ApiProblem(503, "busy", "api.errors.busy");
    case "holdLimit":
      return new ApiProblem(429, "rate-limited", HOLD_LIMIT_TEXT[failure.limit], {
        orders: API_HOLD_LIMITS.MAX_OPEN_ORDERS,
        units: API_HOLD_LIMITS.MAX_UNITS,
        size: API_HOLD_LIMITS.MAX_UNITS_PER_SIZE,
      });
    default:
      return new ApiProblem(400, "validation", "api.errors.invalidOrder");
  }
}

/**
 * The customer's order page cancels and refunds (issue 33): its address goes only to a key that may cancel
 * anyway (`orders:manage`), and to the call that made the order, whose partner hands it to the customer.
 */
const mayShareOrderLink = (key: ApiKey) => key.scopes.includes("orders:manage");

async function orderView(order: typeof orders.$inferSelect, locale: Locale, origin: Origin, withLink: boolean) {
  const db = getDb();
  const [lines, persons, [itemsById]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderPersons).where(eq(orderPersons.orderId, order.id)).orderBy(asc(orderPersons.id)),
    allItems().then((all) => [new Map(all.map((i) => [i.id, i]))]),
  ]);
  const pending = order.status === "pending_payment" && order.expiresAt !== null && order.expiresAt > new Date();
  return {
    id: order.number,
    status: order.status,
    storefront: order.appId,
    branch: order.shopId,
    source: order.source as "online" | "counter" | "api",
    language: order.language,
    pickupAt: order.pickupAt.toISOString(),
    returnAt: order.returnAt.toISOString(),
    currency: order.currency,
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    discountCents: order.discountCents,
    customer: { name: order.invoiceName, email: order.email, phone: order.phone, country: order.invoiceCountry },
    persons: persons.map((p) => ({ firstName: p.firstName, lastName: p.lastName, age: p.age, ageBand: p.ageBand })),
    lines: lines.map((l) => {
      const item = itemsById.get(l.itemId);
      return {
        item: l.itemId,
        name: item ? pick(item.name, locale) : l.name,
        size: l.size,
        quantity: l.quantity,
        totalCents: l.totalCents,
      };
    }),
    expiresAt: pending ? (order.expiresAt as Date).toISOString() : null,
    url: withLink ? `${origin}${localizePath(`/order/${order.token}`, order.language as Locale)}` : null,
    paymentUrl: null as string | null,
    createdAt: order.createdAt.toISOString(),
  };
}

async function orderNumbered(key: ApiKey, number: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.number, number));
  if (!order || (key.shopId !== null && key.shopId !== order.shopId))
    throw new ApiProblem(404, "not-found", "api.errors.noOrder", { id: number });
  return order;
}

const listOf = <T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]) => ({
  data: rows.slice(0, limit),
  nextCursor: rows.length > limit ? encodeCursor(keyOf(rows[limit - 1])) : null,
});

function cursorOr400<T extends z.ZodType>(cursor: string | undefined, schema: T) {
  const key = decodeCursor(cursor, schema);
  if (key === "invalid") throw new ApiProblem(400, "validation", "api.errors.validation", undefined, { cursor: "api.errors.cursor" });
  return key;
}

export const API_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/storefronts",
    operationId: "listStorefronts",
    summary: "The storefronts (winter, summer) with their seasons",
    tag: "Catalogue",
    scope: "catalog:read",
    ok: { status: 200, schema: page(storefrontSchema), description: "Every enabled storefront." },
    handler: async ({ locale, origin }) => {
      const rows = await listStorefronts();
      const data = rows.map((s) => ({
        id: s.id,
        name: pick(s.name, locale),
        description: pick(s.description, locale),
        seasonStart: s.seasonStart,
        seasonEnd: s.seasonEnd,
        pictures: pictures("storefronts", s.id, s.pictures, origin),
      }));
      return { status: 200, body: { data, nextCursor: null } };
    },
  }),
  endpoint({
    method: "get",
    path: "/branches",
    operationId: "listBranches",
    summary: "The branches and the storefronts each serves",
    description: "A key limited to a branch sees that branch only.",
    tag: "Catalogue",
    scope: "catalog:read",
    ok: { status: 200, schema: page(branchSchema), description: "Every active branch." },
    handler: async ({ key, origin }) => {
      const rows = (await listShops()).filter((s) => key.shopId === null || s.id === key.shopId);
      const data = rows.map((s) => ({
        id: s.id,
        slug: s.slug,
        name: s.name,
        street: s.street,
        postalCode: s.postalCode,
        town: s.town,
        country: s.country,
        latitude: Number(s.latitude),
        longitude: Number(s.longitude),
        phone: s.phone,
        email: s.email,
        storefronts: s.appIds,
        pictures: pictures("shops", s.id, s.pictures, origin),
      }));
      return { status: 200, body: { data, nextCursor: null } };
    },
  }),
  endpoint({
    method: "get",
    path: "/categories",
    operationId: "listCategories",
    summary: "The categories of the catalogue",
    tag: "Catalogue",
    scope: "catalog:read",
    ok: { status: 200, schema: page(categorySchema), description: "Every category, in the shop's order." },
    handler: async ({ locale, origin }) => {
      const rows = await getDb().select().from(categories).orderBy(asc(categories.appId), asc(categories.sort), asc(categories.id));
      const data = rows.map((c) => ({
        id: c.id,
        storefront: c.appId,
        kind: c.kind,
        name: pick(c.name, locale),
        pictures: pictures("categories", c.id, c.pictures, origin),
      }));
      return { status: 200, body: { data, nextCursor: null } };
    },
  }),
  endpoint({
    method: "get",
    path: "/items",
    operationId: "listItems",
    summary: "The items for rent and sale, with prices and pictures",
    tag: "Catalogue",
    scope: "catalog:read",
    query: itemsQuery,
    ok: { status: 200, schema: page(itemSchema), description: "A page of active items, in the shop's order." },
    handler: async ({ query, locale, origin }) => {
      const after = cursorOr400(query.cursor, itemsCursor);
      const [all, tables] = await Promise.all([allItems(), allPriceTables()]);
      const rows = all.filter(
        (i) =>
          i.active &&
          (!query.storefront || i.appId === query.storefront) &&
          (!query.category || i.categoryId === query.category) &&
          (!query.kind || i.kind === query.kind) &&
          (!after || i.sort > after[0] || (i.sort === after[0] && i.id > after[1])),
      );
      const list = listOf(rows.slice(0, query.limit + 1), query.limit, (i) => [i.sort, i.id]);
      return { status: 200, body: { data: list.data.map((i) => itemView(i, tables, locale, origin)), nextCursor: list.nextCursor } };
    },
  }),
  endpoint({
    method: "get",
    path: "/items/:id",
    operationId: "getItem",
    summary: "One item",
    tag: "Catalogue",
    scope: "catalog:read",
    params: idParams,
    ok: { status: 200, schema: itemSchema, description: "The item." },
    problems: [{ status: 404, description: "No active item has this id." }],
    handler: async ({ params, locale, origin }) => {
      const [all, tables] = await Promise.all([allItems(), allPriceTables()]);
      const item = all.find((i) => i.id === params.id && i.active);
      if (!item) throw new ApiProblem(404, "not-found", "api.errors.noItem", { id: params.id });
      return { status: 200, body: itemView(item, tables, locale, origin) };
    },
  }),
  endpoint({
    method: "get",
    path: "/availability",
    operationId: "getAvailability",
    summary: "How many of an item a branch can offer for a period, per size",
    description:
      "Read from the database at the moment of the call, never from a cache. A hold is taken only by creating an order: between the two, someone else may book the last unit.",
    tag: "Availability",
    scope: "catalog:read",
    query: availabilityQuery,
    ok: { status: 200, schema: availabilitySchema, description: "What is free." },
    problems: [{ status: 404, description: "Unknown item or branch, or a branch the key may not see." }],
    handler: async ({ key, query }) => {
      const item = (await allItems()).find((i) => i.id === query.item && i.active);
      if (!item) throw new ApiProblem(404, "not-found", "api.errors.noItem", { id: query.item });
      await liveBranch(key, query.branch, item.appId);
      const period = await periodAt(query.branch, item.appId, query);
      const settings = await getSettings();
      const [found] = await getAvailability({
        shopId: query.branch,
        appId: item.appId,
        pickupAt: period.pickupAt,
        returnAt: period.returnAt,
        turnaroundMinutes: settings.turnaroundMinutes,
        itemIds: [item.id],
      });
      const sizes = (found?.sizes ?? [])
        .filter((s) => query.size === undefined || s.size === query.size)
        .map((s) => ({ size: s.size, free: s.free }));
      const free = query.size === undefined ? (found?.free ?? 0) : (sizes[0]?.free ?? 0);
      return {
        status: 200,
        body: {
          item: item.id,
          branch: query.branch,
          pickupAt: period.pickupAt.toISOString(),
          returnAt: period.returnAt.toISOString(),
          available: free > 0,
          free,
          sizes,
        },
      };
    },
  }),
  endpoint({
    method: "post",
    path: "/quotes",
    operationId: "createQuote",
    summary: "What a booking would cost, with discounts and VAT",
    description: "Holds nothing and writes nothing.",
    tag: "Availability",
    scope: "catalog:read",
    body: quoteRequest,
    ok: { status: 200, schema: quoteSchema, description: "The price." },
    problems: [{ status: 404, description: "No branch with this id serves the storefront, or one the key may not see." }],
    handler: async ({ key, body, locale }) => {
      await liveBranch(key, body.branch, body.storefront);
      const period = await periodAt(body.branch, body.storefront, body);
      const lines = bagLines(body.lines, body.persons.length);
      const priced = await quoteBag({
        appId: body.storefront,
        period,
        lines,
        couponCode: body.coupon ?? null,
        damageWaiver: body.damageWaiver,
      });
      if (!priced.ok) throw holdProblem(priced.problem as HoldFailure);
      const { quote, items: rows } = priced.context;
      return { status: 200, body: quoteView(quote, rows, lines, period, locale) };
    },
  }),
  endpoint({
    method: "post",
    path: "/orders",
    operationId: "createOrder",
    summary: "Hold a booking as an order waiting for payment",
    description:
      "Creates the order in `pending_payment` and holds its units for the shop's hold time, as the online checkout does; send the customer to `paymentUrl`. When two calls (or a call and a customer) want the last unit, one gets it and the other a 409.",
    tag: "Orders",
    scope: "orders:book",
    body: orderRequest,
    ok: { status: 201, schema: orderSchema, description: "The held order." },
    problems: [
      { status: 404, description: "No branch with this id serves the storefront, or one the key may not see." },
      { status: 409, description: "Something is no longer available, or the total is not `expectedTotalCents`." },
      {
        status: 429,
        description: `The key's rate limit is used up (wait \`Retry-After\` seconds), or the key holds as much as it may while unpaid: at most ${API_HOLD_LIMITS.MAX_OPEN_ORDERS} orders waiting for payment, ${API_HOLD_LIMITS.MAX_UNITS} units in them, ${API_HOLD_LIMITS.MAX_UNITS_PER_SIZE} of one item in one size. Paid, cancelled and expired orders no longer count.`,
      },
      { status: 503, description: "The shop is busy: try again; nothing was written." },
    ],
    handler: async ({ key, body, locale, origin }) => {
      await liveBranch(key, body.branch, body.storefront);
      const language = body.language ?? locale;
      const held = await holdOrder({
        appId: body.storefront,
        shopId: body.branch,
        language,
        period: { pickupDate: body.pickupDate, pickupTime: body.pickupTime, returnDate: body.returnDate, returnTime: body.returnTime },
        persons: body.persons,
        lines: bagLines(body.lines, body.persons.length),
        invoice: { ...body.invoice, company: body.invoice.company ?? null, vatId: body.invoice.vatId ?? null },
        couponCode: body.coupon ?? null,
        damageWaiver: body.damageWaiver,
        expectedTotalCents: body.expectedTotalCents,
        source: "api",
        // The key is the holder: its unpaid holds are rationed as an address's are (decision 026).
        holder: `api-key:${key.id}`,
        holdLimits: API_HOLD_LIMITS,
      });
      if (!held.ok) throw holdProblem(held.failure);
      const [order] = await getDb().select().from(orders).where(eq(orders.id, held.order.id));
      const view = await orderView(order, locale, origin, true);
      try {
        view.paymentUrl = (await startPayment({ orderId: order.id, origin })).redirectUrl;
      } catch (error) {
        // The order is held all the same; the partner may read it again or cancel it.
        if (!(error instanceof PaymentUnavailableError)) throw error;
      }
      return { status: 201, body: view, orderId: order.id };
    },
  }),
  endpoint({
    method: "get",
    path: "/orders",
    operationId: "listOrders",
    summary: "Orders of a customer (by e-mail) or of a day (pickups and returns)",
    description:
      "With `email`: the customer's orders, newest first. With `date` (and `branch`): orders picked up or returned that day, by pickup time. A key limited to a branch sees that branch's orders only.",
    tag: "Orders",
    scope: "orders:read",
    query: ordersQuery,
    ok: { status: 200, schema: page(orderSchema), description: "A page of orders." },
    problems: [{ status: 404, description: "A branch the key may not see." }],
    handler: async ({ key, query, locale, origin }) => {
      if (query.branch !== undefined) checkBranch(key, query.branch);
      const branch = key.shopId ?? query.branch;
      const db = getDb();
      const conditions = [sql`${orders.status} <> 'expired'`];
      if (branch !== undefined) conditions.push(eq(orders.shopId, branch));
      const after = cursorOr400(query.cursor, ordersCursor);
      // By e-mail: newest first. By day: the day's pickups and returns, by pickup time.
      const byEmail = query.email !== undefined;
      // The cursor carries the time as JavaScript has it, to the millisecond; PostgreSQL keeps microseconds.
      // Sorting and comparing on the millisecond keeps two orders of one millisecond from falling between pages.
      const createdMs = sql`date_trunc('milliseconds', ${orders.createdAt})`;
      if (byEmail) {
        conditions.push(sql`lower(${orders.email}) = ${query.email?.toLowerCase()}`);
        if (after) conditions.push(sql`(${createdMs}, ${orders.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
      } else {
        const day = query.date as string;
        const from = zonedInstant(day, "00:00", SHOP_TIME_ZONE);
        const to = zonedInstant(addDays(day, 1), "00:00", SHOP_TIME_ZONE);
        conditions.push(
          sql`((${orders.pickupAt} >= ${from} and ${orders.pickupAt} < ${to}) or (${orders.returnAt} >= ${from} and ${orders.returnAt} < ${to}))`,
          inArray(orders.status, ["pending_payment", "paid", "picked_up", "returned"]),
        );
        if (after) conditions.push(sql`(${orders.pickupAt}, ${orders.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`);
      }
      const rows = await db
        .select()
        .from(orders)
        .where(and(...conditions))
        .orderBy(...(byEmail ? [desc(createdMs), desc(orders.id)] : [asc(orders.pickupAt), asc(orders.id)]))
        .limit(query.limit + 1);
      const list = listOf(rows, query.limit, (o) => [(byEmail ? o.createdAt : o.pickupAt).toISOString(), o.id]);
      return {
        status: 200,
        body: {
          data: await Promise.all(list.data.map((o) => orderView(o, locale, origin, mayShareOrderLink(key)))),
          nextCursor: list.nextCursor,
        },
      };
    },
  }),
  endpoint({
    method: "get",
    path: "/orders/:id",
    operationId: "getOrder",
    summary: "One order",
    tag: "Orders",
    scope: "orders:read",
    params: orderParams,
    ok: { status: 200, schema: orderSchema, description: "The order." },
    problems: [{ status: 404, description: "No such order, or one of a branch the key may not see." }],
    handler: async ({ key, params, locale, origin }) => {
      const order = await orderNumbered(key, params.id);
      return { status: 200, body: await orderView(order, locale, origin, mayShareOrderLink(key)), orderId: order.id };
    },
  }),
  endpoint({
    method: "post",
    path: "/orders/:id/cancel",
    operationId: "cancelOrder",
    summary: "Cancel an order",
    description:
      "A held order gives its units back. A paid order is cancelled with the back office's rules and refunded in full (the customer is told by e-mail). An order already picked up cannot be cancelled.",
    tag: "Orders",
    scope: "orders:manage",
    params: orderParams,
    ok: { status: 200, schema: orderSchema, description: "The order as it is now." },
    problems: [
      { status: 404, description: "No such order, or one of a branch the key may not see." },
      { status: 409, description: "The order cannot be cancelled any more." },
    ],
    handler: async ({ key, params, locale, origin }) => {
      const order = await orderNumbered(key, params.id);
      if (order.status === "pending_payment") {
        const cancelled = await cancelOrder(order.id, { note: `Cancelled through the API (key ${key.prefix})` });
        if (!cancelled.ok) throw new ApiProblem(409, "conflict", "api.errors.notCancellable");
      } else {
        const done = await cancelWithRules(
          order,
          { refund: true, reason: null, by: `API key ${key.name} (${key.prefix})`, userId: null },
          origin,
        );
        if (!done) throw new ApiProblem(409, "conflict", "api.errors.notCancellable");
      }
      const [after] = await getDb().select().from(orders).where(eq(orders.id, order.id));
      return { status: 200, body: await orderView(after, locale, origin, true), orderId: order.id };
    },
  }),
];

function quoteView(
  quote: Awaited<ReturnType<typeof quoteBag>> extends infer R
    ? R extends { ok: true; context: infer C }
      ? C extends { quote: infer Q }
        ? Q
        : never
      : never
    : never,
  rows: Map<number, Awaited<ReturnType<typeof allItems>>[number]>,
  lines: ReturnType<typeof bagLines>,
  period: RentalPeriod,
  locale: Locale,
) {
  return {
    currency: "EUR" as const,
    days: period.days,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    damageWaiverCents: quote.damageWaiver?.chosen ? quote.damageWaiver.amountCents : 0,
    totalCents: quote.totalCents,
    vatCents: quote.vatCents,
    lines: quote.lines.map((q) => {
      const line = lines[Number(q.key)];
      const item = rows.get(line.itemId);
      return {
        item: line.itemId,
        name: item ? pick(item.name, locale) : "",
        size: line.size,
        quantity: line.quantity,
        person: line.personIndex,
        totalCents: q.totalCents,
      };
    }),
  };
}
