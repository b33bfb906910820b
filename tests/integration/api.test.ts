/**
 * The JSON API under /api/v1 (issue 21) through the real HTTP stack: every endpoint's answer checked against
 * the database, scopes and branch limits, keys against sessions, bad input that writes nothing, cursors,
 * the rate limit, the call audit, cancellation with refunds and the race for the last unit.
 */

import { Validator } from "@seriousme/openapi-schema-validator";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_HOLD_LIMITS } from "../../app/domain/hold-limits";
import { API_SCOPES, type ApiScope } from "../../app/domain/integrations";
import { checkPeriod } from "../../app/domain/periods";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { createApiKey, revokeApiKey } from "../../app/server/api/keys.server";
import { API_ENDPOINTS } from "../../app/server/api/v1/endpoints.server";
import { getShopCalendar } from "../../app/server/booking/calendar.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { quoteBag } from "../../app/server/booking/quote.server";
import { queryRows } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { comingWinterPeriods, createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { ADMIN, startTestServer } from "../helpers/http";
import { ApiContract } from "../helpers/openapi-contract";

/** The API books on the real clock: periods of the coming winter, never a date that will pass. */
const { january, february } = comingWinterPeriods();

type Shop = Awaited<ReturnType<typeof startTestServer>>;
type Answer = { status: number; headers: Headers; json: Record<string, unknown> & { errors?: { pointer: string; detail: string }[] } };

let shop: Shop;
let db: Shop["database"]["db"];
let branches: Record<string, number>;
let adminId: string;
/** A key with every scope, for the whole shop. */
let full: string;
/** A key with every scope, limited to Plan da Sera. */
let planKey: string;

async function newKey(scopes: ApiScope[], shopId: number | null = null) {
  return (await createApiKey({ name: `test ${scopes.join(" ")}`, scopes, shopId, createdBy: adminId }, db)).key;
}

/** The document each server serves, against which every answer of this suite is checked. */
const contracts = new WeakMap<Shop, Promise<ApiContract>>();
function contractOf(target: Shop): Promise<ApiContract> {
  let contract = contracts.get(target);
  if (!contract) {
    contract = ApiContract.load((path) => target.request(path));
    contracts.set(target, contract);
  }
  return contract;
}

/** One API call; its answer must be what the OpenAPI document says (issue 33), or the test fails here. */
async function call(
  target: Shop,
  path: string,
  options: { key?: string | null; method?: string; body?: unknown; lang?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.lang) headers["Accept-Language"] = options.lang;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const method = options.method ?? (body ? "POST" : "GET");
  const response = await target.request(`/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  let json: Answer["json"] = {};
  let parsed: unknown = text === "" ? null : text;
  try {
    json = JSON.parse(text);
    parsed = json;
  } catch {
    json = { text };
  }
  (await contractOf(target)).assert({
    method,
    path: `/api/v1${path}`,
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: parsed,
  });
  return { status: response.status, headers: response.headers, json };
}

const api = (path: string, options: Parameters<typeof call>[2] = {}) => call(shop, path, { key: full, ...options });

const person = { firstName: "Anna", lastName: "Test", heightCm: 172, weightKg: 64, skill: "intermediate", shoeSize: 39 };
const invoice = {
  name: "Anna Test",
  street: "Via Roma 1",
  postalCode: "39100",
  city: "Bolzano",
  country: "IT",
  email: "anna@example.com",
  phone: "+39 333 000000",
};

function orderBody(branch: number, itemId: number, overrides: Record<string, unknown> = {}) {
  return {
    storefront: "winter",
    branch,
    ...january,
    persons: [person],
    lines: [{ item: itemId, size: "170", quantity: 1, person: 0 }],
    invoice,
    ...overrides,
  };
}

const availabilityPath = (item: number, branch: number, period = january) =>
  `/availability?${new URLSearchParams({ item: String(item), branch: String(branch), ...period })}`;

async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    sql`select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
               (select count(*) from order_persons)::int as persons, (select count(*) from reservations)::int as reservations,
               (select count(*) from payments)::int as payments`,
    db,
  );
  return row;
}

function expectProblem(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(answer.json.status).toBe(status);
  expect(typeof answer.json.title).toBe("string");
  expect(answer.json.type).toMatch(/^\/api\/v1\/docs#problem-/);
}

const pointers = (answer: Answer) => (answer.json.errors ?? []).map((e) => e.pointer).sort();

describe(`the JSON API on ${testDbKind}`, () => {
  beforeAll(async () => {
    shop = await startTestServer();
    db = shop.database.db;
    branches = await shopIds(db);
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
    adminId = admin.id;
    full = await newKey([...API_SCOPES]);
    planKey = await newKey([...API_SCOPES], branches["plan-da-sera"]);
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe("the catalogue", () => {
    it("lists the enabled storefronts in the caller's language", async () => {
      const rows = await db.select().from(schema.storefronts).where(eq(schema.storefronts.enabled, true));
      const answer = await api("/storefronts", { lang: "de" });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-language")).toBe("de");
      const data = answer.json.data as { id: string; name: string; seasonStart: string }[];
      expect(data.map((s) => s.id).sort()).toEqual(rows.map((r) => r.id).sort());
      for (const row of rows) {
        const served = data.find((s) => s.id === row.id);
        expect(served?.name).toBe(row.name.de);
        expect(served?.seasonStart).toBe(row.seasonStart);
      }
      expect(answer.json.nextCursor).toBeNull();
    });

    it("lists the active branches with their storefronts; a branch key sees its own branch only", async () => {
      const active = await db.select().from(schema.shops).where(eq(schema.shops.active, true));
      const links = await db.select().from(schema.shopStorefronts);
      const answer = await api("/branches");
      expect(answer.status).toBe(200);
      const data = answer.json.data as { id: number; name: string; latitude: number; storefronts: string[] }[];
      expect(data.map((b) => b.id).sort()).toEqual(active.map((s) => s.id).sort());
      for (const row of active) {
        const served = data.find((b) => b.id === row.id);
        expect(served?.name).toBe(row.name);
        expect(served?.latitude).toBe(Number(row.latitude));
        expect(served?.storefronts.sort()).toEqual(
          links
            .filter((l) => l.shopId === row.id)
            .map((l) => l.appId)
            .sort(),
        );
      }
      const limited = await call(shop, "/branches", { key: planKey });
      expect((limited.json.data as { id: number }[]).map((b) => b.id)).toEqual([branches["plan-da-sera"]]);
    });

    it("lists every category", async () => {
      const rows = await db.select().from(schema.categories);
      const answer = await api("/categories", { lang: "da" });
      expect(answer.status).toBe(200);
      const data = answer.json.data as { id: string; name: string; storefront: string }[];
      expect(data.map((c) => c.id).sort()).toEqual(rows.map((c) => c.id).sort());
      for (const row of rows) expect(data.find((c) => c.id === row.id)?.name).toBe(row.name.da);
    });

    it("walks /items two at a time through the whole catalogue, without duplicates or gaps", async () => {
      const active = await db
        .select({ id: schema.items.id })
        .from(schema.items)
        .where(eq(schema.items.active, true))
        .orderBy(asc(schema.items.sort), asc(schema.items.id));
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer = await api(`/items?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(answer.status).toBe(200);
        const data = answer.json.data as { id: number }[];
        expect(data.length).toBeLessThanOrEqual(2);
        seen.push(...data.map((i) => i.id));
        cursor = answer.json.nextCursor as string | null;
        pages += 1;
      } while (cursor && pages < 1000);
      expect(seen).toEqual(active.map((i) => i.id));
      expect(new Set(seen).size).toBe(seen.length);
    });

    it("filters /items by storefront and kind", async () => {
      const rows = await db
        .select({ id: schema.items.id })
        .from(schema.items)
        .where(and(eq(schema.items.active, true), eq(schema.items.appId, "summer"), eq(schema.items.kind, "rental")));
      const answer = await api("/items?storefront=summer&kind=rental&limit=200");
      expect((answer.json.data as { id: number }[]).map((i) => i.id).sort((a, b) => a - b)).toEqual(
        rows.map((r) => r.id).sort((a, b) => a - b),
      );
    });

    it("answers one item with its name in the caller's language and its price table; 404 for an unknown one", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const [table] = await db.select().from(schema.priceTables).where(eq(schema.priceTables.itemId, item.id));
      const answer = await api(`/items/${item.id}`, { lang: "it" });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        id: item.id,
        slug: item.slug,
        storefront: "winter",
        category: item.categoryId,
        name: item.name.it,
        sizes: item.sizes,
        prices: { dayPrices: table.dayPrices, extraDayCents: table.extraDayCents },
      });
      expect(answer.json.url).toBe(`${shop.url}/it/item/${item.slug}`);
      const missing = await api("/items/99999999");
      expectProblem(missing, 404);
    });
  });

  describe("availability, quotes and orders", () => {
    it("counts the free units of a period, per size, and sees a hold and its cancellation at once", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 2);
      const first = await api(availabilityPath(item.id, branches.ciaslin));
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({
        item: item.id,
        branch: branches.ciaslin,
        available: true,
        free: 2,
        sizes: [{ size: "170", free: 2 }],
      });

      const created = await api("/orders", { body: orderBody(branches.ciaslin, item.id) });
      expect(created.status).toBe(201);
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json).toMatchObject({ free: 1, available: true });

      const cancelled = await api(`/orders/${created.json.id}/cancel`, { method: "POST" });
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.status).toBe("cancelled");
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json).toMatchObject({ free: 2 });
    });

    it("prices a quote as the checkout does and writes nothing", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 3);
      const calendar = await getShopCalendar(branches.ciaslin, "winter");
      const checked = checkPeriod(january, calendar!, new Date());
      if (!checked.ok) throw new Error("the test period does not work");
      const expected = await quoteBag({
        appId: "winter",
        period: checked.value,
        lines: [{ key: "0", itemId: item.id, size: "170", quantity: 2, personIndex: 0 }],
        couponCode: null,
      });
      if (!expected.ok) throw new Error("no quote");
      const before = await counts();
      const answer = await api("/quotes", {
        body: {
          ...orderBody(branches.ciaslin, item.id, { lines: [{ item: item.id, size: "170", quantity: 2, person: 0 }] }),
          invoice: undefined,
        },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(answer.json).toMatchObject({
        currency: "EUR",
        days: checked.value.days,
        totalCents: expected.value.quote.totalCents,
        vatCents: expected.value.quote.vatCents,
        lines: [{ item: item.id, size: "170", quantity: 2, person: 0, totalCents: expected.value.quote.lines[0].totalCents }],
      });
      expect(await counts()).toEqual(before);
    });

    it("holds an order as the checkout does: the order, its lines, persons and reservations in the database", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 2);
      const quote = await api("/quotes", { body: { ...orderBody(branches.ciaslin, item.id), invoice: undefined } });
      const answer = await api("/orders", {
        body: orderBody(branches.ciaslin, item.id, { expectedTotalCents: quote.json.totalCents, language: "de" }),
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.number, answer.json.id as string));
      expect(order).toMatchObject({
        status: "pending_payment",
        source: "api",
        shopId: branches.ciaslin,
        appId: "winter",
        language: "de",
        totalCents: quote.json.totalCents,
        email: invoice.email,
      });
      expect(answer.json).toMatchObject({
        status: "pending_payment",
        source: "api",
        branch: branches.ciaslin,
        totalCents: order.totalCents,
        vatCents: order.vatCents,
        pickupAt: order.pickupAt.toISOString(),
        returnAt: order.returnAt.toISOString(),
        expiresAt: order.expiresAt?.toISOString(),
        customer: { name: invoice.name, email: invoice.email },
        persons: [{ firstName: "Anna", lastName: "Test" }],
        lines: [{ item: item.id, size: "170", quantity: 1 }],
        url: `${shop.url}/de/order/${order.token}`,
      });
      expect(answer.json.paymentUrl).toEqual(expect.stringContaining(shop.url));
      const reservations = await queryRows<{ state: string }>(
        sql`select r.state from reservations r join order_lines l on l.id = r.order_line_id where l.order_id = ${order.id}`,
        db,
      );
      expect(reservations).toEqual([{ state: "held" }]);
      const events = await db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order.id));
      expect(events.map((e) => e.type)).toEqual(["order.created"]);

      const read = await api(`/orders/${order.number}`);
      expect(read.status).toBe(200);
      expect(read.json).toEqual({ ...answer.json, paymentUrl: null });
    });

    it("refuses an order whose total is not the one expected (409) and writes nothing", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const before = await counts();
      const answer = await api("/orders", { body: orderBody(branches.ciaslin, item.id, { expectedTotalCents: 1 }) });
      expectProblem(answer, 409);
      expect(answer.json.type).toBe("/api/v1/docs#problem-conflict");
      expect(await counts()).toEqual(before);
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json.free).toBe(1);
    });

    it("lists a customer's orders by e-mail, newest first, page by page, even orders of one millisecond", async () => {
      const item = await createRentalItem(db, branches.runcadoz, 5);
      const email = `paging-${Date.now()}@example.com`;
      const numbers: string[] = [];
      for (let n = 0; n < 5; n++) {
        const answer = await api("/orders", { body: orderBody(branches.runcadoz, item.id, { invoice: { ...invoice, email } }) });
        expect(answer.status, JSON.stringify(answer.json)).toBe(201);
        numbers.push(answer.json.id as string);
      }
      // Two orders in one millisecond, a few microseconds apart: the cursor must not drop either.
      await db.execute(sql`update orders set created_at = timestamptz '2026-11-01 10:00:00.123400+00' where number = ${numbers[1]}`);
      await db.execute(sql`update orders set created_at = timestamptz '2026-11-01 10:00:00.123700+00' where number = ${numbers[2]}`);
      const expected = await db
        .select({ number: schema.orders.number })
        .from(schema.orders)
        .where(eq(schema.orders.email, email))
        .orderBy(sql`date_trunc('milliseconds', created_at) desc`, sql`id desc`);
      for (const limit of [1, 2]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const answer = await api(
            `/orders?email=${encodeURIComponent(email.toUpperCase())}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
          );
          expect(answer.status).toBe(200);
          seen.push(...(answer.json.data as { id: string }[]).map((o) => o.id));
          cursor = answer.json.nextCursor as string | null;
        } while (cursor && seen.length < 20);
        expect(seen).toEqual(expected.map((o) => o.number));
        expect(seen.sort()).toEqual([...numbers].sort());
      }
    });

    it("lists a day's pickups and returns at a branch by pickup time, page by page", async () => {
      const item = await createRentalItem(db, branches["plan-da-sera"], 5);
      const period = february;
      for (const pickupTime of ["11:00", "09:00", "10:00"]) {
        const answer = await api("/orders", { body: orderBody(branches["plan-da-sera"], item.id, { ...period, pickupTime }) });
        expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      }
      const from = february.pickupDate;
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const expected = await queryRows<{ number: string }>(
        sql`select number from orders where shop_id = ${branches["plan-da-sera"]}
            and status in ('pending_payment', 'paid', 'picked_up', 'returned')
            and ((pickup_at >= (${from}::date)::timestamp at time zone 'Europe/Rome' and pickup_at < (${to}::date)::timestamp at time zone 'Europe/Rome')
              or (return_at >= (${from}::date)::timestamp at time zone 'Europe/Rome' and return_at < (${to}::date)::timestamp at time zone 'Europe/Rome'))
            order by pickup_at, id`,
        db,
      );
      expect(expected.length).toBe(3);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer = await api(`/orders?date=${from}&branch=${branches["plan-da-sera"]}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(answer.status).toBe(200);
        seen.push(...(answer.json.data as { id: string }[]).map((o) => o.id));
        cursor = answer.json.nextCursor as string | null;
      } while (cursor && seen.length < 20);
      expect(seen).toEqual(expected.map((o) => o.number));
      const other = await api(`/orders?date=${from}&branch=${branches.ciaslin}`);
      expect(other.json.data).toEqual([]);
    });

    it("cancels a paid order with a full refund through the demo provider", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const created = await api("/orders", { body: orderBody(branches.ciaslin, item.id) });
      expect(created.status).toBe(201);
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.number, created.json.id as string));
      // As the demo provider's "succeeded" event would: the checkout paid, the order confirmed.
      await db
        .update(schema.payments)
        .set({ status: "succeeded", amountCents: order.totalCents })
        .where(eq(schema.payments.orderId, order.id));
      expect(await confirmOrder(order.id, db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json.free).toBe(0);

      const answer = await api(`/orders/${order.number}/cancel`, { method: "POST" });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(answer.json.status).toBe("refunded");
      const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
      expect(payment).toMatchObject({ provider: "demo", status: "refunded", refundedCents: order.totalCents });
      const events = await db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order.id));
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["order.created", "order.paid", "order.cancelled"]));
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json.free).toBe(1);
    });

    it("will not cancel an order already picked up (409) or one cancelled already", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const created = await api("/orders", { body: orderBody(branches.ciaslin, item.id) });
      await db
        .update(schema.orders)
        .set({ status: "picked_up" })
        .where(eq(schema.orders.number, created.json.id as string));
      const answer = await api(`/orders/${created.json.id}/cancel`, { method: "POST" });
      expectProblem(answer, 409);
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.number, created.json.id as string));
      expect(order.status).toBe("picked_up");
      const unknown = await api("/orders/R-2020-999999/cancel", { method: "POST" });
      expectProblem(unknown, 404);
    });
  });

  describe("keys, scopes and branches", () => {
    /** A call of each endpoint, valid enough that only the key decides. */
    const requests: Record<string, () => { path: string; method?: string; body?: unknown }> = {
      listStorefronts: () => ({ path: "/storefronts" }),
      listBranches: () => ({ path: "/branches" }),
      listCategories: () => ({ path: "/categories" }),
      listItems: () => ({ path: "/items" }),
      getItem: () => ({ path: "/items/1" }),
      getAvailability: () => ({ path: availabilityPath(1, branches.ciaslin) }),
      createQuote: () => ({ path: "/quotes", body: { ...orderBody(branches.ciaslin, 1), invoice: undefined } }),
      createOrder: () => ({ path: "/orders", body: orderBody(branches.ciaslin, 1) }),
      listOrders: () => ({ path: "/orders?email=anna@example.com" }),
      getOrder: () => ({ path: "/orders/R-2026-000001" }),
      cancelOrder: () => ({ path: "/orders/R-2026-000001/cancel", method: "POST" }),
    };

    it("knows a request for every endpoint", () => {
      expect(API_ENDPOINTS.map((e) => e.operationId).sort()).toEqual(Object.keys(requests).sort());
    });

    it("answers 403 with a problem document to a key without the endpoint's scope, and writes nothing", async () => {
      const before = await counts();
      for (const endpoint of API_ENDPOINTS) {
        // Every scope but the one needed (and but orders:manage, which includes orders:read).
        const scopes = API_SCOPES.filter((s) => s !== endpoint.scope && !(endpoint.scope === "orders:read" && s === "orders:manage"));
        const key = await newKey(scopes);
        const request = requests[endpoint.operationId]();
        const answer = await call(shop, request.path, { key, method: request.method, body: request.body, lang: "de" });
        expectProblem(answer, 403);
        expect(answer.json.type, endpoint.operationId).toBe("/api/v1/docs#problem-forbidden");
        expect(answer.json.detail).toBe(de.api.errors.scope.replace("{{scope}}", endpoint.scope));
      }
      expect(await counts()).toEqual(before);
    });

    it("lets orders:manage read orders, and orders:read not cancel them", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const created = await api("/orders", { body: orderBody(branches.ciaslin, item.id) });
      const manage = await newKey(["orders:manage"]);
      expect((await call(shop, `/orders/${created.json.id}`, { key: manage })).status).toBe(200);
      const read = await newKey(["orders:read"]);
      expectProblem(await call(shop, `/orders/${created.json.id}/cancel`, { key: read, method: "POST" }), 403);
    });

    it("keeps a branch key to its branch: 404 for another branch's availability, quote, booking, orders and order", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 2);
      const theirs = await api("/orders", { body: orderBody(branches.ciaslin, item.id) });
      expect(theirs.status).toBe(201);
      const before = await counts();
      expectProblem(await call(shop, availabilityPath(item.id, branches.ciaslin), { key: planKey }), 404);
      expectProblem(
        await call(shop, "/quotes", { key: planKey, body: { ...orderBody(branches.ciaslin, item.id), invoice: undefined } }),
        404,
      );
      expectProblem(await call(shop, "/orders", { key: planKey, body: orderBody(branches.ciaslin, item.id) }), 404);
      expectProblem(await call(shop, `/orders/${theirs.json.id}`, { key: planKey }), 404);
      expectProblem(await call(shop, `/orders/${theirs.json.id}/cancel`, { key: planKey, method: "POST" }), 404);
      expectProblem(await call(shop, `/orders?date=${january.pickupDate}&branch=${branches.ciaslin}`, { key: planKey }), 404);
      const byEmail = await call(shop, `/orders?email=${invoice.email}&limit=200`, { key: planKey });
      expect(byEmail.status).toBe(200);
      expect((byEmail.json.data as { branch: number }[]).every((o) => o.branch === branches["plan-da-sera"])).toBe(true);
      expect((byEmail.json.data as { id: string }[]).map((o) => o.id)).not.toContain(theirs.json.id);
      expect(await counts()).toEqual(before);
      // Its own branch works.
      const own = await createRentalItem(db, branches["plan-da-sera"], 1);
      const mine = await call(shop, availabilityPath(own.id, branches["plan-da-sera"], february), { key: planKey });
      expect(mine.json, JSON.stringify(mine.json)).toMatchObject({ free: 1 });
    });

    it("answers 401 with WWW-Authenticate: Bearer to no key, a malformed key, an unknown key and a revoked key", async () => {
      const noKey = await call(shop, "/branches", { key: null, lang: "da" });
      expectProblem(noKey, 401);
      expect(noKey.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(noKey.json.detail).toBe(da.api.errors.noKey);

      const revoked = await createApiKey({ name: "gone", scopes: ["catalog:read"], shopId: null, createdBy: adminId }, db);
      expect((await call(shop, "/branches", { key: revoked.key })).status).toBe(200);
      expect(await revokeApiKey(revoked.id, adminId, db)).toBe(true);
      const wrongSecret = `rk_${revoked.prefix}_${"A".repeat(32)}`;
      for (const key of ["not-a-key", `${full}x`, wrongSecret, revoked.key]) {
        const answer = await call(shop, "/branches", { key });
        expectProblem(answer, 401);
        expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
        expect(answer.json.detail).toBe(en.api.errors.badKey);
      }
      const basic = await call(shop, "/branches", { headers: { Authorization: "Basic YWRtaW46YWRtaW4=" } });
      expectProblem(basic, 401);
    });

    it("never takes a signed-in admin's session cookie for a key", async () => {
      const cookie = await shop.login();
      expect((await shop.request("/admin", { headers: { Cookie: cookie } })).status).toBe(200);
      const answer = await call(shop, "/branches", { key: null, headers: { Cookie: cookie } });
      expectProblem(answer, 401);
      const before = await counts();
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const post = await call(shop, "/orders", {
        key: null,
        headers: { Cookie: cookie, Origin: shop.url },
        body: orderBody(branches.ciaslin, item.id),
      });
      expectProblem(post, 401);
      expect(await counts()).toEqual(before);
    });

    it("never opens the back office to an API key, as a bearer header or as a cookie", async () => {
      const ways: Record<string, string>[] = [{ Authorization: `Bearer ${full}` }, { Cookie: `rental_session=${full}` }];
      for (const headers of ways) {
        for (const path of ["/admin", "/admin/orders", "/admin/shops"]) {
          const response = await shop.request(path, { headers });
          expect(response.status, `${path} ${Object.keys(headers)[0]}`).toBe(302);
          expect(response.headers.get("location")).toMatch(/^\/login/);
        }
      }
    });
  });

  describe("what a key may see and hold (issue 33)", () => {
    it("gives the customer's order link, which cancels, only to keys that may cancel and to the call that booked", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 2);
      const booker = await newKey(["orders:book"]);
      const email = `links-${Date.now()}@example.com`;
      const created = await call(shop, "/orders", {
        key: booker,
        body: orderBody(branches.ciaslin, item.id, { invoice: { ...invoice, email } }),
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.number, created.json.id as string));
      // English has no language prefix.
      const link = `${shop.url}/order/${order.token}`;
      expect(created.json.url).toBe(link);

      const reader = await newKey(["orders:read"]);
      const one = await call(shop, `/orders/${order.number}`, { key: reader });
      expect(one.status).toBe(200);
      expect(one.json.url).toBeNull();
      const list = await call(shop, `/orders?email=${encodeURIComponent(email)}`, { key: reader });
      expect((list.json.data as { id: string; url: string | null }[]).map((o) => [o.id, o.url])).toEqual([[order.number, null]]);
      const day = await call(shop, `/orders?date=${january.pickupDate}&branch=${branches.ciaslin}&limit=200`, { key: reader });
      expect((day.json.data as { url: string | null }[]).every((o) => o.url === null)).toBe(true);
      expect(JSON.stringify([one.json, list.json, day.json])).not.toContain(order.token);

      const manager = await newKey(["orders:manage"]);
      expect((await call(shop, `/orders/${order.number}`, { key: manager })).json.url).toBe(link);
      const listed = await call(shop, `/orders?email=${encodeURIComponent(email)}`, { key: manager });
      expect((listed.json.data as { url: string }[])[0].url).toBe(link);
    });

    it("holds at most six units of one item and size per key, in one call or across calls (decision 026)", async () => {
      const item = await createRentalItem(db, branches.ciaslin, 12);
      const key = await newKey(["orders:book", "orders:manage"]);
      const other = await newKey(["orders:book"]);
      const book = (k: string, quantity: number) =>
        call(shop, "/orders", {
          key: k,
          lang: "de",
          body: orderBody(branches.ciaslin, item.id, { lines: [{ item: item.id, size: "170", quantity, person: 0 }] }),
        });
      const before = await counts();
      const all = await book(key, 12);
      expectProblem(all, 429);
      expect(all.json.detail).toBe(de.api.errors.holdLimitSize.replace("{{size}}", String(API_HOLD_LIMITS.MAX_UNITS_PER_SIZE)));
      expect(await counts()).toEqual(before);
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json.free).toBe(12);

      const first = await book(key, 4);
      expect(first.status, JSON.stringify(first.json)).toBe(201);
      expectProblem(await book(key, 3), 429);
      expect((await book(key, 2)).status).toBe(201);
      expectProblem(await book(key, 1), 429);
      // Another key is another holder; a cancelled hold no longer counts.
      expect((await book(other, 6)).status).toBe(201);
      expect((await call(shop, `/orders/${first.json.id}/cancel`, { key, method: "POST" })).status).toBe(200);
      expect((await book(key, 4)).status).toBe(201);
      expect((await api(availabilityPath(item.id, branches.ciaslin))).json.free).toBe(0);
    });
  });

  describe("bad input", () => {
    let item: typeof schema.items.$inferSelect;
    beforeAll(async () => {
      item = await createRentalItem(db, branches.ciaslin, 1);
    });

    async function refused(
      body: unknown,
      status: number,
      expectedPointers: string[] | null,
      options: { lang?: string; headers?: Record<string, string> } = {},
    ) {
      const before = await counts();
      const answer = await api("/orders", { body, ...options });
      expectProblem(answer, status);
      if (expectedPointers) expect(pointers(answer)).toEqual(expectedPointers.sort());
      expect(await counts()).toEqual(before);
      return answer;
    }

    it("names each wrong field with a JSON pointer, and writes nothing", async () => {
      await refused({ ...orderBody(branches.ciaslin, item.id), branch: "one", persons: [{ ...person, heightCm: "tall" }] }, 400, [
        "/branch",
        "/persons/0/heightCm",
      ]);
      await refused({ ...orderBody(branches.ciaslin, item.id), invoice: undefined }, 400, ["/invoice"]);
      await refused({ ...orderBody(branches.ciaslin, item.id), invoice: { ...invoice, email: "nope", postalCode: "!" } }, 400, [
        "/invoice/email",
        "/invoice/postalCode",
      ]);
      await refused({ ...orderBody(branches.ciaslin, item.id), lines: [] }, 400, ["/lines"]);
      // Integers in a body are JSON numbers, as the document says: "1" is refused, not read as 1 (issue 33).
      await refused({ ...orderBody(branches.ciaslin, item.id), branch: String(branches.ciaslin) }, 400, ["/branch"]);
      await refused({ ...orderBody(branches.ciaslin, item.id), lines: [{ item: String(item.id), size: "170", person: 0 }] }, 400, [
        "/lines/0/item",
      ]);
      const quote = await api("/quotes", { body: { ...orderBody(branches.ciaslin, item.id), invoice: undefined, branch: "1" } });
      expectProblem(quote, 400);
      expect(pointers(quote)).toEqual(["/branch"]);
    });

    it("translates the problem by Accept-Language: German and Danish differ from English", async () => {
      const body = { ...orderBody(branches.ciaslin, item.id), invoice: { ...invoice, email: "nope" } };
      const english = await refused(body, 400, ["/invoice/email"], { lang: "en" });
      const german = await refused(body, 400, ["/invoice/email"], { lang: "de-DE,de;q=0.9" });
      const danish = await refused(body, 400, ["/invoice/email"], { lang: "da" });
      expect(english.json.title).toBe(en.api.problems.validation);
      expect(german.json.title).toBe(de.api.problems.validation);
      expect(danish.json.title).toBe(da.api.problems.validation);
      expect(german.headers.get("content-language")).toBe("de");
      expect(danish.headers.get("content-language")).toBe("da");
      expect(english.json.errors?.[0].detail).toBe(en.booking.errors.email);
      expect(german.json.errors?.[0].detail).toBe(de.booking.errors.email);
      expect(danish.json.errors?.[0].detail).toBe(da.booking.errors.email);
      expect(new Set([english.json.title, german.json.title, danish.json.title]).size).toBe(3);
      expect(new Set([english.json.errors?.[0].detail, german.json.errors?.[0].detail, danish.json.errors?.[0].detail]).size).toBe(3);
    });

    it("refuses a period that does not work: in the past, return before pickup, outside opening hours", async () => {
      await refused({ ...orderBody(branches.ciaslin, item.id), pickupDate: "2020-01-10", returnDate: "2020-01-12" }, 400, null);
      const reversed = await refused(
        { ...orderBody(branches.ciaslin, item.id), pickupDate: january.returnDate, returnDate: january.pickupDate },
        400,
        null,
      );
      expect(reversed.json.errors?.length).toBeGreaterThan(0);
      const night = await refused({ ...orderBody(branches.ciaslin, item.id), pickupTime: "03:00" }, 400, null);
      expect(pointers(night).some((p) => p.startsWith("/pickup"))).toBe(true);
      await refused({ ...orderBody(branches.ciaslin, item.id), pickupDate: "2027-02-30" }, 400, ["/pickupDate"]);
      const availability = await api(
        `/availability?item=${item.id}&branch=${branches.ciaslin}&pickupDate=nope&pickupTime=9&returnDate=${january.returnDate}&returnTime=17:00`,
      );
      expectProblem(availability, 400);
      expect(pointers(availability)).toEqual(["/pickupDate", "/pickupTime"]);
    });

    it("refuses an unknown item, a size the item does not have and a person who is not there", async () => {
      const unknown = await refused({ ...orderBody(branches.ciaslin, item.id), lines: [{ item: 99999999, size: "170", person: 0 }] }, 400, [
        "/lines/0",
      ]);
      expect(unknown.json.errors?.[0].detail).toBe(en.api.errors.invalidLine);
      await refused({ ...orderBody(branches.ciaslin, item.id), lines: [{ item: item.id, size: "999", person: 0 }] }, 400, ["/lines/0"]);
      const nobody = await refused({ ...orderBody(branches.ciaslin, item.id), lines: [{ item: item.id, size: "170", person: 3 }] }, 400, [
        "/lines/0/person",
      ]);
      expect(nobody.json.errors?.[0].detail).toBe(en.api.errors.noPerson);
      expectProblem(await api(availabilityPath(99999999, branches.ciaslin)), 404);
    });

    it("refuses a body that is not JSON (400), not declared JSON (415) or larger than 100 kB (413)", async () => {
      const broken = await refused('{"storefront": "winter",', 400, null);
      expect(broken.json.detail).toBe(en.api.errors.json);
      await refused(new URLSearchParams({ storefront: "winter" }).toString(), 415, null, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      await refused(JSON.stringify(orderBody(branches.ciaslin, item.id)), 415, null, { headers: { "Content-Type": "text/plain" } });
      const huge = await refused({ ...orderBody(branches.ciaslin, item.id), coupon: "x".repeat(110_000) }, 413, null);
      expect(huge.json.detail).toBe(en.api.errors.tooLarge);
      // Without a good key the answer is 401 all the same, not what is wrong with the body.
      for (const body of ['{"storefront": "winter",', { coupon: "x".repeat(110_000) }]) {
        expectProblem(await call(shop, "/orders", { key: null, method: "POST", body }), 401);
      }
    });

    it("refuses a cursor it did not make and a list without email or date", async () => {
      for (const cursor of ["!!!", "abc", Buffer.from(JSON.stringify(["x", 1])).toString("base64url")]) {
        const answer = await api(`/items?cursor=${encodeURIComponent(cursor)}`);
        expectProblem(answer, 400);
        expect(pointers(answer)).toEqual(["/cursor"]);
      }
      const orders = await api(`/orders?email=anna@example.com&cursor=${Buffer.from("[1,2]").toString("base64url")}`);
      expectProblem(orders, 400);
      expect(pointers(orders)).toEqual(["/cursor"]);
      // Forged keys of the right shape: not a time, a time PostgreSQL would read ("yesterday"), not a uuid (issue 33).
      const uuid = "00000000-0000-4000-8000-000000000000";
      for (const key of [
        ["not-a-date", "not-a-uuid"],
        ["yesterday", uuid],
        ["2027-01-10T09:00:00.000Z", "not-a-uuid"],
        ["2027-01-10", uuid],
      ]) {
        const cursor = Buffer.from(JSON.stringify(key)).toString("base64url");
        for (const list of ["email=anna@example.com", `date=${january.pickupDate}`]) {
          const answer = await api(`/orders?${list}&cursor=${cursor}`);
          expectProblem(answer, 400);
          expect(pointers(answer), JSON.stringify(key)).toEqual(["/cursor"]);
        }
      }
      for (const key of [
        [1.5, 2],
        [1, -2],
        [1, "2"],
      ]) {
        const answer = await api(`/items?cursor=${Buffer.from(JSON.stringify(key)).toString("base64url")}`);
        expectProblem(answer, 400);
      }
      const good = Buffer.from(JSON.stringify(["2027-01-10T09:00:00.000Z", uuid])).toString("base64url");
      expect((await api(`/orders?email=anna@example.com&cursor=${good}`)).status).toBe(200);
      const neither = await api("/orders", { lang: "de" });
      expectProblem(neither, 400);
      expect(neither.json.errors?.[0]).toEqual({ pointer: "/email", detail: de.api.errors.emailOrDate });
      expectProblem(await api("/items?limit=500"), 400);
    });

    it("answers an unknown path 404 and a wrong method 405, as problem documents", async () => {
      const path = await api("/nothing/here");
      expectProblem(path, 404);
      expect(path.json.detail).toBe(en.api.errors.noSuchPath.replace("{{path}}", "/api/v1/nothing/here"));
      const wrongMethod = await api("/orders/R-2026-000001", { method: "DELETE" });
      expectProblem(wrongMethod, 405);
      expect(wrongMethod.headers.get("allow")).toBe("GET");
      expect((await api("/orders", { method: "PUT" })).headers.get("allow")).toBe("POST, GET");
    });
  });

  describe("audit, documents and the race for the last unit", () => {
    it("writes every call to the key's trail with its status and order, and the key's last use", async () => {
      const created = await createApiKey({ name: "audited", scopes: [...API_SCOPES], shopId: null, createdBy: adminId }, db);
      const item = await createRentalItem(db, branches.ciaslin, 1);
      const order = await call(shop, "/orders", { key: created.key, body: orderBody(branches.ciaslin, item.id) });
      expect(order.status).toBe(201);
      await call(shop, "/items/99999999", { key: created.key });
      await call(shop, `/orders/${order.json.id}?x=1`, { key: created.key });
      await call(shop, "/orders?email=anna%40example.com&limit=5", { key: created.key });
      const [row] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.number, order.json.id as string));
      // The trail is written after the answer, so it is waited for.
      await expect
        .poll(async () =>
          (await db.select().from(schema.apiCalls).where(eq(schema.apiCalls.keyId, created.id)).orderBy(asc(schema.apiCalls.id))).map(
            (c) => ({
              method: c.method,
              path: c.path,
              status: c.status,
              orderId: c.orderId,
            }),
          ),
        )
        .toEqual([
          { method: "POST", path: "/api/v1/orders", status: 201, orderId: row.id },
          { method: "GET", path: "/api/v1/items/99999999", status: 404, orderId: null },
          { method: "GET", path: `/api/v1/orders/${order.json.id}?x=1`, status: 200, orderId: row.id },
          // A customer's address is not kept in the trail.
          { method: "GET", path: `/api/v1/orders?email=${encodeURIComponent("…")}&limit=5`, status: 200, orderId: null },
        ]);
      const [key] = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.id));
      expect(key.lastUsedAt).toBeInstanceOf(Date);
    });

    it("serves the reference page and the OpenAPI document", async () => {
      const docs = await shop.request("/api/v1/docs");
      expect(docs.status).toBe(200);
      expect(docs.headers.get("content-type")).toMatch(/^text\/html/);
      const page = await docs.text();
      for (const endpoint of API_ENDPOINTS) expect(page).toContain(`id="${endpoint.operationId}"`);
      const openapi = await shop.request("/api/v1/openapi.json");
      expect(openapi.status).toBe(200);
      expect(openapi.headers.get("content-type")).toMatch(/^application\/json/);
    });

    it("serves an OpenAPI 3.1 document that validates, with every endpoint and its scope", async () => {
      const doc = (await (await shop.request("/api/v1/openapi.json")).json()) as {
        openapi: string;
        paths: Record<
          string,
          Record<string, { operationId: string; security: Record<string, string[]>[]; responses: Record<string, unknown> }>
        >;
        components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      };
      const validator = new Validator();
      const result = await validator.validate(structuredClone(doc));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe("3.1");
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
      expect(documented.sort()).toEqual(API_ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`).sort());
      for (const endpoint of API_ENDPOINTS) {
        const operation = doc.paths[endpoint.path.replace(/:(\w+)/g, "{$1}")][endpoint.method];
        expect(operation.operationId).toBe(endpoint.operationId);
        expect(operation.security, endpoint.operationId).toEqual([{ apiKey: [endpoint.scope] }]);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([String(endpoint.ok.status), "401", "403", "429"]));
      }
    });

    it("documents every status each operation answers, and no other (issue 33)", async () => {
      const doc = (await (await shop.request("/api/v1/openapi.json")).json()) as {
        paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      };
      const statuses = Object.fromEntries(
        Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, Object.keys(op.responses)])),
      );
      expect(statuses).toEqual({
        listStorefronts: ["200", "401", "403", "429"],
        listBranches: ["200", "401", "403", "429"],
        listCategories: ["200", "401", "403", "429"],
        listItems: ["200", "400", "401", "403", "429"],
        getItem: ["200", "400", "401", "403", "404", "429"],
        getAvailability: ["200", "400", "401", "403", "404", "429"],
        createQuote: ["200", "400", "401", "403", "404", "413", "415", "429"],
        createOrder: ["201", "400", "401", "403", "404", "409", "413", "415", "429", "503"],
        listOrders: ["200", "400", "401", "403", "404", "429"],
        getOrder: ["200", "400", "401", "403", "404", "429"],
        cancelOrder: ["200", "400", "401", "403", "404", "409", "429"],
      });
      const createOrder = doc.paths["/orders"].post as unknown as {
        requestBody: { content: { "application/json": { schema: { properties: Record<string, Record<string, unknown>> } } } };
      };
      const body = createOrder.requestBody.content["application/json"].schema.properties;
      expect(body.branch.type).toBe("integer");
      expect((body.invoice.properties as Record<string, Record<string, unknown>>).email).toMatchObject({ type: "string", format: "email" });
    });

    it("holds every answer of this suite to the document: the check refuses what departs from it", async () => {
      const contract = await contractOf(shop);
      const ok = { method: "GET", path: "/api/v1/storefronts", status: 200, contentType: "application/json; charset=utf-8" };
      const problem = { type: "/api/v1/docs#problem-validation", title: "Invalid request", status: 400 };
      expect(contract.check({ ...ok, body: { data: [], nextCursor: null } })).toEqual([]);
      // An undocumented status, another media type, a missing property, a wrong type, an extra property.
      expect(contract.check({ ...ok, status: 400, contentType: "application/problem+json", body: problem })).toHaveLength(1);
      expect(contract.check({ ...ok, contentType: "text/html", body: "<p>" })).toHaveLength(1);
      expect(contract.check({ ...ok, body: { data: [] } })).not.toEqual([]);
      expect(contract.check({ ...ok, body: { data: [], nextCursor: 1 } })).not.toEqual([]);
      expect(contract.check({ ...ok, body: { data: [], nextCursor: null, more: true } })).not.toEqual([]);
      // Formats: a pickup time that is no date-time, an order link that is no address.
      const [order] = (await api(`/orders?email=${encodeURIComponent(invoice.email)}&limit=1`)).json.data as Record<string, unknown>[];
      const read = { method: "GET", path: `/api/v1/orders/${order.id}`, status: 200, contentType: "application/json" };
      expect(contract.check({ ...read, body: order })).toEqual([]);
      expect(contract.check({ ...read, body: { ...order, pickupAt: "tomorrow" } })).not.toEqual([]);
      expect(contract.check({ ...read, body: { ...order, url: "not a link" } })).not.toEqual([]);
      // A path the document does not have may answer only 404 or 405, as a problem document.
      const nowhere = { method: "GET", path: "/api/v1/nowhere", contentType: "application/problem+json" };
      expect(contract.check({ ...nowhere, status: 404, body: { ...problem, status: 404 } })).toEqual([]);
      expect(contract.check({ ...nowhere, status: 200, body: {} })).toHaveLength(1);
    });

    it("gives the last unit to exactly one of parallel API orders and a checkout", async () => {
      const parallel = 6;
      for (let round = 1; round <= 3; round++) {
        const item = await createRentalItem(db, branches.ciaslin, 1);
        const [viaApi, viaPage] = await Promise.all([
          Promise.all(
            Array.from({ length: parallel }, (_, n) =>
              api("/orders", { body: orderBody(branches.ciaslin, item.id, { invoice: { ...invoice, email: `racer${n}@example.com` } }) }),
            ),
          ),
          holdOrder(holdRequest(branches.ciaslin, [rentalLine(item.id)], { period: january, now: new Date() })),
        ]);
        const won = viaApi.filter((a) => a.status === 201).length + (viaPage.ok ? 1 : 0);
        const lost = viaApi.filter((a) => a.status === 409 && a.json.type === "/api/v1/docs#problem-unavailable").length;
        const pageLost = !viaPage.ok && viaPage.reason === "unavailable" ? 1 : 0;
        expect({ round, won, lost: lost + pageLost, statuses: viaApi.map((a) => a.status).sort() }).toMatchObject({
          round,
          won: 1,
          lost: parallel,
        });
        const live = await queryRows<{ n: number }>(
          sql`select count(*)::int as n from reservations r join units u on u.id = r.unit_id
              where u.item_id = ${item.id} and r.state in ('held', 'confirmed')`,
          db,
        );
        expect(live[0].n).toBe(1);
      }
    });
  });
});

describe(`the API's rate limit on ${testDbKind}`, () => {
  let limited: Shop;
  beforeAll(async () => {
    limited = await startTestServer({ API_RATE_LIMIT: "3" });
    const [admin] = await limited.database.db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
    adminId = admin.id;
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers the fourth call of a minute 429 with Retry-After, per key", async () => {
    const one = (await createApiKey({ name: "one", scopes: ["catalog:read"], shopId: null, createdBy: adminId }, limited.database.db)).key;
    const two = (await createApiKey({ name: "two", scopes: ["catalog:read"], shopId: null, createdBy: adminId }, limited.database.db)).key;
    for (let n = 0; n < 3; n++) expect((await call(limited, "/storefronts", { key: one })).status).toBe(200);
    const fourth = await call(limited, "/storefronts", { key: one, lang: "nl" });
    expectProblem(fourth, 429);
    expect(fourth.json.type).toBe("/api/v1/docs#problem-rate-limited");
    const wait = Number(fourth.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(120);
    expect(fourth.headers.get("content-language")).toBe("nl");
    expect((await call(limited, "/storefronts", { key: two })).status).toBe(200);
  });
});
