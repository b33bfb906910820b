/**
 * Outgoing webhooks (decision 050) against a real receiver on 127.0.0.1 (the private-network switch on for
 * it) and with the switch off for the SSRF refusals; deliveries are swept by hand with a moved clock.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../app/domain/webhooks";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { type Database, type Db, openDatabase, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { sweepWebhooks } from "../../app/server/webhooks/deliveries.server";
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  openWebhookSecret,
  resendDelivery,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from "../../app/server/webhooks/endpoints.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase, testDbKind } from "../helpers/db";

type Received = { headers: IncomingHttpHeaders; body: string; at: number };

/** A receiver that keeps what it got and answers each request with the next status of its script (then 200). */
class Receiver {
  received: Received[] = [];
  script: number[] = [];
  server: Server;
  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
        const status = this.script.shift() ?? 200;
        response.writeHead(status, { "content-type": "text/plain" });
        response.end(status === 200 ? "thanks" : `broken ${"x".repeat(2000)}`);
      });
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  close() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

let database: Database;
let db: Db;
let shopId: number;
let adminId: string;
const receiver = new Receiver();
let receiverUrl: string;
const open = { allowPrivate: true };

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  db = database.db;
  await seedDemo(db);
  shopId = (await shopIds(db)).ciaslin;
  const [admin] = await db.insert(schema.users).values({ email: "hooks@test.example", name: "Hooks", role: "admin" }).returning();
  adminId = admin.id;
  receiverUrl = await receiver.start();
});
afterAll(async () => {
  await receiver.close();
  await database?.close();
});
beforeEach(async () => {
  // Each test its own endpoints: the others' would get this test's orders too.
  await db.update(schema.webhookEndpoints).set({ active: false });
  receiver.received = [];
  receiver.script = [];
});

async function newOrder() {
  const item = await createRentalItem(db, shopId, 1);
  const held = await holdOrder(holdRequest(shopId, [rentalLine(item.id)]));
  if (!held.ok) throw new Error(held.reason);
  return held.value;
}

async function register(events: (typeof schema.webhookEndpoints.$inferSelect)["events"], url = receiverUrl) {
  const created = await createWebhookEndpoint(adminId, { url, description: "test", events, active: true }, open);
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created.value;
}

const deliveriesOf = (endpointId: number) =>
  db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(schema.webhookDeliveries.id));

const bodyOf = (r: Received) =>
  JSON.parse(r.body) as { id: string; type: string; createdAt: string; data: { order: { id: string; status: string } } };

describe("webhook deliveries", () => {
  it("signs every delivery with the secret shown once, and sends an order's events in order with their event ids", async () => {
    const { id, secret } = await register(["order.created", "order.paid", "order.cancelled"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [stored] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, id));
    expect(stored.secretCiphertext).not.toContain(secret.slice(6));
    expect(openWebhookSecret(stored.secretCiphertext, id)).toBe(secret);
    expect(openWebhookSecret(stored.secretCiphertext, id + 1)).toBeNull(); // bound to its endpoint

    const order = await newOrder();
    expect(await confirmOrder(order.id)).toMatchObject({ ok: true, value: { outcome: "paid" } });
    await cancelOrder(order.id);
    const result = await sweepWebhooks(open);
    expect(result).toEqual({ delivered: 3, retrying: 0, failed: 0 });

    const events = await db
      .select()
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, order.id))
      .orderBy(asc(schema.orderEvents.id));
    expect(receiver.received.map((r) => bodyOf(r).type)).toEqual(["order.created", "order.paid", "order.cancelled"]);
    expect(receiver.received.map((r) => bodyOf(r).id)).toEqual(events.map((e) => e.eventId));
    for (const [i, r] of receiver.received.entries()) {
      expect(verifyWebhookSignature(secret, r.headers["rental-signature"] as string, r.body)).toBe(true);
      expect(verifyWebhookSignature(`${secret}x`, r.headers["rental-signature"] as string, r.body)).toBe(false);
      expect(r.headers).toMatchObject({
        "rental-event-id": events[i].eventId,
        "rental-event": events[i].type,
        "content-type": "application/json",
        "user-agent": "DolomitiRental-Webhooks/1",
      });
      expect(bodyOf(r).data.order.id).toBe(order.number);
    }
    expect(bodyOf(receiver.received[1]).data.order.status).toBe("paid");
    const log = await deliveriesOf(id);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatus, d.lastResponse])).toEqual([
      ["delivered", 1, 200, "thanks"],
      ["delivered", 1, 200, "thanks"],
      ["delivered", 1, 200, "thanks"],
    ]);
  });

  it("keeps a later event of an order back while an earlier one is retried, then sends both in order", async () => {
    const { id, secret } = await register(["order.created", "order.paid"]);
    const order = await newOrder();
    await confirmOrder(order.id);
    receiver.script = [500];
    const now = new Date();
    expect(await sweepWebhooks({ ...open, now })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let [created, paid] = await deliveriesOf(id);
    expect([created.status, created.attempts, created.lastStatus]).toEqual(["pending", 1, 500]);
    expect(created.lastResponse).toHaveLength(1000);
    expect(created.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + 30_000);
    expect([paid.status, paid.attempts]).toEqual(["pending", 0]);
    // Not due yet: nothing is sent.
    expect(await sweepWebhooks({ ...open, now: new Date(now.getTime() + 1000) })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);

    const later = new Date(now.getTime() + 40_000);
    expect(await sweepWebhooks({ ...open, now: later })).toEqual({ delivered: 2, retrying: 0, failed: 0 });
    [created, paid] = await deliveriesOf(id);
    expect([created.status, created.attempts, created.lastStatus, created.lastResponse]).toEqual(["delivered", 2, 200, "thanks"]);
    expect(paid.status).toBe("delivered");
    expect(receiver.received.map((r) => bodyOf(r).type)).toEqual(["order.created", "order.created", "order.paid"]);
    // The retry is the same event: same id, signed anew.
    expect(bodyOf(receiver.received[0]).id).toBe(bodyOf(receiver.received[1]).id);
    for (const r of receiver.received) expect(verifyWebhookSignature(secret, r.headers["rental-signature"] as string, r.body)).toBe(true);
  });

  it("gives a delivery up after a day of failures, and sends it again on request with the same event id", async () => {
    const { id } = await register(["order.created"]);
    await newOrder();
    receiver.script = Array(50).fill(503);
    const start = new Date();
    let now = start;
    for (let round = 0; round < 30; round++) {
      await sweepWebhooks({ ...open, now });
      const [delivery] = await deliveriesOf(id);
      if (delivery.status !== "pending") break;
      now = new Date(delivery.nextAttemptAt.getTime() + 1);
    }
    const [failed] = await deliveriesOf(id);
    expect(failed.status).toBe("failed");
    expect(failed.lastStatus).toBe(503);
    expect(failed.lastAttemptAt?.getTime()).toBeLessThanOrEqual(start.getTime() + 24 * 3600_000);
    const tries = receiver.received.length;
    expect(tries).toBe(failed.attempts);
    expect(tries).toBeGreaterThan(8);

    receiver.script = [];
    expect(await resendDelivery(adminId, id, failed.id)).toEqual({ ok: true, value: undefined });
    // Sent once more; a second click while it waits is refused.
    expect(await resendDelivery(adminId, id, failed.id)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await sweepWebhooks(open)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const [again] = await deliveriesOf(id);
    expect([again.status, again.attempts, again.lastStatus]).toEqual(["delivered", 1, 200]);
    expect(bodyOf(receiver.received[tries]).id).toBe(bodyOf(receiver.received[0]).id);
    // And a delivered one can be sent again too.
    expect((await resendDelivery(adminId, id, failed.id)).ok).toBe(true);
    await sweepWebhooks(open);
    expect(receiver.received).toHaveLength(tries + 2);
    const page = await getWebhookEndpoint(id);
    expect(page?.deliveries.rows[0]).toMatchObject({ status: "delivered", lastStatus: 200, lastResponse: "thanks", type: "order.created" });
    expect(page?.audit.map((a) => a.action)).toEqual(["webhookResend", "webhookResend", "create"]);
  });

  it("records a receiver that cannot be reached, and holds deliveries of an inactive endpoint", async () => {
    const closed = new Receiver();
    const url = await closed.start();
    await closed.close();
    const { id } = await register(["order.created"], url);
    await newOrder();
    expect(await sweepWebhooks(open)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    const [delivery] = await deliveriesOf(id);
    expect([delivery.status, delivery.lastStatus]).toEqual(["pending", null]);
    expect(delivery.lastError).toMatch(/ECONNREFUSED/);

    await updateWebhookEndpoint(adminId, id, { description: "", events: ["order.created"], active: false });
    expect(await sweepWebhooks({ ...open, now: new Date(Date.now() + 3600_000) })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });
});

describe("rolling the secret", () => {
  it("signs from then on with the new secret only", async () => {
    const { id, secret } = await register(["order.created"]);
    const rolled = await rollWebhookSecret(adminId, id);
    if (!rolled.ok) throw new Error("not rolled");
    expect(rolled.value.secret).not.toBe(secret);
    await newOrder();
    await sweepWebhooks(open);
    const [r] = receiver.received;
    expect(verifyWebhookSignature(rolled.value.secret, r.headers["rental-signature"] as string, r.body)).toBe(true);
    expect(verifyWebhookSignature(secret, r.headers["rental-signature"] as string, r.body)).toBe(false);
    expect((await getWebhookEndpoint(id))?.audit.map((a) => a.action)).toEqual(["rollSecret", "create"]);
    expect(await rollWebhookSecret(adminId, id + 1000)).toEqual({ ok: false, reason: "notFound" });
  });
});

describe("SSRF", () => {
  const refusals = [
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://10.0.0.8/hook",
    "http://[::1]/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:127.0.0.1]/hook",
    "https://2130706433/",
  ];

  it.each(refusals)("refuses %s at registration with the switch off", async (url) => {
    const created = await createWebhookEndpoint(
      adminId,
      { url, description: "", events: ["order.created"], active: true },
      { allowPrivate: false },
    );
    expect(created).toEqual({ ok: false, reason: "invalid", errors: { url: "admin.webhooks.errors.private" } });
  });

  it("refuses a host name any of whose addresses is private, and one that does not resolve", async () => {
    const input = { url: "https://hooks.example.com/x", description: "", events: ["order.created" as const], active: true };
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    expect(await createWebhookEndpoint(adminId, input, { allowPrivate: false, resolve })).toMatchObject({
      errors: { url: "admin.webhooks.errors.private" },
    });
    const missing = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await createWebhookEndpoint(adminId, input, { allowPrivate: false, resolve: missing })).toMatchObject({
      errors: { url: "admin.webhooks.errors.unresolvable" },
    });
  });

  it("refuses again at delivery: an endpoint registered while allowed is not sent to with the switch off", async () => {
    const { id } = await register(["order.created"]);
    // A host whose DNS now points home, as after a rebinding: refused before any connection.
    const rebound = await register(["order.created"]);
    await db.update(schema.webhookEndpoints).set({ url: "http://localhost:1/hook" }).where(eq(schema.webhookEndpoints.id, rebound.id));
    await newOrder();
    expect(await sweepWebhooks({ allowPrivate: false })).toEqual({ delivered: 0, retrying: 2, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    for (const endpointId of [id, rebound.id]) {
      const [delivery] = await deliveriesOf(endpointId);
      expect([delivery.status, delivery.lastStatus, delivery.lastError]).toEqual(["pending", null, "admin.webhooks.errors.private"]);
    }
  });
});

describe("two sweepers at once", () => {
  it("deliver each delivery exactly once", async () => {
    const endpoints = [await register(["order.created", "order.paid"]), await register(["order.created", "order.paid"])];
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await newOrder());
    for (const order of orders.slice(0, 3)) await confirmOrder(order.id);
    // On PostgreSQL, a second pool: another process's connections.
    const other = testDbKind === "postgres" ? await openDatabase({ url: (database as Database & { url: string }).url, poolSize: 4 }) : null;
    try {
      const results = await Promise.all([
        sweepWebhooks({ ...open, db }),
        sweepWebhooks({ ...open, db: other?.db ?? db }),
        sweepWebhooks({ ...open, db }),
      ]);
      const expected = 2 * (6 + 3);
      expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(expected);
      expect(receiver.received).toHaveLength(expected);
      const perEndpoint = await db.execute(
        sql`select count(*)::int as n, sum(attempts)::int as attempts from webhook_deliveries where endpoint_id in (${endpoints[0].id}, ${endpoints[1].id}) and status = 'delivered'`,
      );
      expect((perEndpoint as unknown as { rows: { n: number; attempts: number }[] }).rows[0]).toEqual({ n: expected, attempts: expected });
      // Each event reached each of the two endpoints once: two requests per event id.
      const perEvent = new Map<string, number>();
      for (const r of receiver.received) {
        const key = String(r.headers["rental-event-id"]);
        perEvent.set(key, (perEvent.get(key) ?? 0) + 1);
      }
      expect(perEvent.size).toBe(9);
      expect([...perEvent.values()].every((n) => n === 2)).toBe(true);
    } finally {
      await other?.close();
    }
  });
});
