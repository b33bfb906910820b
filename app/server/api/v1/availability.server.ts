/**
 * Availability and quotes of /api/v1: what a branch can offer for a period, from the database at the moment
 * of the call (`getAvailability`, as the equipment step), and what a booking would cost (`quoteBag`, as the bag).
 */
import { availabilityQuery, availabilitySchema, quoteRequest, quoteSchema } from "../../../domain/api";
import { type Locale, pick } from "../../../domain/i18n";
import type { RentalPeriod } from "../../../domain/periods";
import { getAvailability } from "../../booking/availability.server";
import { type QuoteContext, quoteBag } from "../../booking/quote.server";
import { getSettings } from "../../settings/settings.server";
import { endpoint, refused } from "../endpoint.server";
import { activeItem } from "./catalog.server";
import { bagLines, bookingRefusal, liveBranch, periodAt } from "./shared.server";

export const AVAILABILITY_ENDPOINTS = [
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
      const item = await activeItem(query.item);
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
      if (!priced.ok) throw refused(bookingRefusal(priced));
      return { status: 200, body: quoteView(priced.value, lines, period, locale) };
    },
  }),
];

function quoteView({ quote, items }: QuoteContext, lines: ReturnType<typeof bagLines>, period: RentalPeriod, locale: Locale) {
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
      const item = items.get(line.itemId);
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
