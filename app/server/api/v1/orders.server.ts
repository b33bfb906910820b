/**
 * Orders of /api/v1: held as the online checkout holds them (`holdOrder`, its exclusion constraint and the
 * key's hold limits), read through the one order view (server/orders/orders.server.ts) and cancelled with the
 * back office's rules. A key limited to a branch sees and books that branch only.
 */
import { orderParams, orderRequest, orderSchema, ordersCursor, ordersQuery, page } from "../../../domain/api";
import { API_HOLD_LIMITS } from "../../../domain/hold-limits";
import { type Locale, pick } from "../../../domain/i18n";
import { fail } from "../../../domain/result";
import { cancelWithRules } from "../../admin/orders.server";
import { cancelOrder, holdOrder } from "../../booking/holds.server";
import { allItems } from "../../catalog/catalog.server";
import { ordersOfCustomer, ordersOfDay } from "../../orders/order-search.server";
import { getOrderByNumber, getOrdersByIds, type OrderWithDetails, type PartnerReader, partnerOrderLink } from "../../orders/orders.server";
import { PaymentUnavailableError, startPayment } from "../../payments/payments.server";
import { endpoint, refused } from "../endpoint.server";
import type { ApiKey } from "../keys.server";
import { bagLines, bookingRefusal, checkBranch, cursorOr400, listOf, liveBranch } from "./shared.server";

/** The order as a partner sees it: no clerk, no payments or audit, and the order page only when `reader` may have it. */
async function orderView({ order, persons, lines }: OrderWithDetails, reader: PartnerReader, locale: Locale, origin: string) {
  const itemsById = new Map((await allItems()).map((i) => [i.id, i]));
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
    url: partnerOrderLink(reader, order, origin),
    paymentUrl: null as string | null,
    createdAt: order.createdAt.toISOString(),
  };
}

const readerOf = (key: ApiKey, madeIt = false): PartnerReader => ({ scopes: key.scopes, madeIt });

/** The order of a number, or the API's 404: also for an order of a branch the key may not see. */
async function orderNumbered(key: ApiKey, number: string) {
  const found = await getOrderByNumber(number);
  if (!found || (key.shopId !== null && key.shopId !== found.order.shopId))
    throw refused(fail.notFound({ form: "api.errors.noOrder" }, { id: number }));
  return found;
}

/** The order as it is now, for the answer to a call that changed it. */
async function reread(number: string) {
  const found = await getOrderByNumber(number);
  if (!found) throw new Error(`order ${number} vanished`);
  return found;
}

export const ORDER_ENDPOINTS = [
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
      const held = await holdOrder({
        appId: body.storefront,
        shopId: body.branch,
        language: body.language ?? locale,
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
      if (!held.ok) throw refused(bookingRefusal(held));
      const view = await orderView(await reread(held.value.number), readerOf(key, true), locale, origin);
      try {
        view.paymentUrl = (await startPayment({ orderId: held.value.id, origin })).redirectUrl;
      } catch (error) {
        // The order is held all the same; the partner may read it again or cancel it.
        if (!(error instanceof PaymentUnavailableError)) throw error;
      }
      return { status: 201, body: view, orderId: held.value.id };
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
      const after = cursorOr400(query.cursor, ordersCursor);
      const paging = { branch: key.shopId ?? query.branch, limit: query.limit };
      const byEmail = query.email !== undefined;
      const rows = byEmail
        ? await ordersOfCustomer(query.email as string, after, paging)
        : await ordersOfDay(query.date as string, after, paging);
      const list = listOf(rows, query.limit, (o) => [(byEmail ? o.createdAt : o.pickupAt).toISOString(), o.id]);
      const found = await getOrdersByIds(list.data.map((o) => o.id));
      return {
        status: 200,
        body: {
          data: await Promise.all(found.map((o) => orderView(o, readerOf(key), locale, origin))),
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
      const found = await orderNumbered(key, params.id);
      return { status: 200, body: await orderView(found, readerOf(key), locale, origin), orderId: found.order.id };
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
      const { order } = await orderNumbered(key, params.id);
      const done =
        order.status === "pending_payment"
          ? (await cancelOrder(order.id, { note: `Cancelled through the API (key ${key.prefix})` })).ok
          : await cancelWithRules(order, { refund: true, reason: null, by: `API key ${key.name} (${key.prefix})`, userId: null }, origin);
      if (!done) throw refused(fail.conflict({ form: "api.errors.notCancellable" }));
      return { status: 200, body: await orderView(await reread(order.number), readerOf(key), locale, origin), orderId: order.id };
    },
  }),
];
