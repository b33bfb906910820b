/**
 * Faults in the middle of work, on PostgreSQL:
 * - the database connection of a checkout is killed (pg_terminate_backend) while it waits to claim its
 *   units, before anything is written (a bag of units alone) or with its order written (a bag with a
 *   service): nothing of the order stays, the customer is asked to try again with the form still filled
 *   in, and the next attempt gets the order;
 * - SIGTERM while a process is busy with many requests: each of them is answered in full, then the
 *   server exits 0 and takes no new connection.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { addItem, INVOICE, startBooking } from "../helpers/booking-flow";
import { createTestDatabase } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { startShopProcess } from "../helpers/server-process";
import { DESKTOP_UA } from "../helpers/user-agent";
import { createVisitor, pageText } from "../helpers/visitor";

describe("a database connection killed in the middle of a checkout", () => {
  let shop: Awaited<ReturnType<typeof startTestServer>>;
  let spy: pg.Client;

  beforeAll(async () => {
    shop = await startTestServer();
    if (!shop.database.url) throw new Error("This test needs PostgreSQL (TEST_DB=postgres).");
    spy = new pg.Client({ connectionString: shop.database.url });
    await spy.connect();
  });
  afterAll(async () => {
    await spy?.end();
    await shop?.close();
  });

  const ordersOf = (email: string) => shop.database.db.select().from(schema.orders).where(eq(schema.orders.email, email));

  // A bag of units alone is written and claimed by one statement (decision 011): it waits for the lock before
  // it writes anything. A bag with a service writes its order, persons and lines first, then claims the units
  // and waits there, with its order written but not committed.
  it.each([
    { bag: "units alone", service: false },
    { bag: "a ski and a service", service: true },
  ])("$bag: leaves no partial order, keeps the form, and the next attempt succeeds", async ({ service }) => {
    const db = shop.database.db;
    const idOf = async (slug: string) =>
      (await db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.slug, slug)))[0].id;
    const skiId = await idOf("ski-easy-carve");
    const waxingId = await idOf("service-waxing");
    const visitor = createVisitor(shop.url);
    const [person] = await startBooking(db, visitor);
    await addItem(visitor, `person=${person.id}`, { itemId: skiId, size: "156" });
    if (service) await addItem(visitor, "person=all&category=ski-service", { itemId: waxingId, quantity: 1 });
    await visitor.post("/rental/bag", { intent: "continue" });
    const total = /name="total" value="(\d+)"/.exec(await (await visitor.get("/rental/checkout")).text())?.[1] as string;
    const email = service ? "killed-service@example.com" : "killed@example.com";
    const invoice = { ...INVOICE, name: "Killed Connection", email, total };
    const linesBefore = (await db.select({ id: schema.orderLines.id }).from(schema.orderLines)).length;

    // Writers of reservations wait for this lock.
    await spy.query("begin");
    await spy.query("lock table reservations in share mode");
    const checkout = visitor.post("/rental/checkout", invoice);
    let victim: number | undefined;
    for (let tries = 0; victim === undefined && tries < 400; tries++) {
      // Inside a transaction, pg_stat_activity is read once and kept unless the snapshot is cleared.
      await spy.query("select pg_stat_clear_snapshot()");
      const { rows } = await spy.query<{ pid: number }>(
        // Blocked by this lock; with a service, in a transaction that has written (the order row).
        `select pid from pg_stat_activity
         where datname = current_database() and pg_backend_pid() = any(pg_blocking_pids(pid))
           ${service ? "and backend_xid is not null" : ""}`,
      );
      victim = rows[0]?.pid;
      if (victim === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    expect(victim, "the checkout waits on the lock").toBeDefined();
    // Whatever it wrote is not committed: invisible to everyone else.
    expect(await ordersOf(email)).toEqual([]);
    const { rows } = await spy.query<{ killed: boolean }>("select pg_terminate_backend($1) as killed", [victim]);
    expect(rows[0].killed).toBe(true);
    await spy.query("rollback");

    const answer = await checkout;
    expect(answer.status).toBe(409);
    expect(await pageText(answer)).toContain(en.booking.checkout.busy);
    expect(await ordersOf(email)).toEqual([]);
    expect((await db.select({ id: schema.orderLines.id }).from(schema.orderLines)).length).toBe(linesBefore);

    const retry = await visitor.post("/rental/checkout", invoice);
    expect(retry.status).toBe(302);
    expect(retry.headers.get("location")).toContain("/pay/demo/");
    const [order] = await ordersOf(email);
    expect(order.status).toBe("pending_payment");
    expect(order.totalCents).toBe(Number(total));
    const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    expect(lines.map((l) => [l.itemId, l.size]).sort()).toEqual(
      service
        ? [
            [skiId, "156"],
            [waxingId, null],
          ].sort()
        : [[skiId, "156"]],
    );
  });
});

describe("SIGTERM while a process is busy", () => {
  it("answers every request in flight in full, then exits 0 and takes no new connection", async () => {
    const database = await createTestDatabase();
    if (!database.url) throw new Error("This test needs PostgreSQL (TEST_DB=postgres).");
    const shop = await startShopProcess({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2", SHUTDOWN_TIMEOUT_MS: "30000" });
    try {
      const pages = ["/sports-shop", "/de/shop/ciaslin", "/it/stores", "/nl/ski-service", "/da/item/ski-easy-carve"];
      let answered = 0;
      const requests = Array.from({ length: 60 }, async (_, i) => {
        const sent = Date.now();
        try {
          const response = await fetch(shop.url + pages[i % pages.length], { headers: { "User-Agent": DESKTOP_UA } });
          const html = await response.text();
          answered++;
          return { i, status: response.status, complete: html.trimEnd().endsWith("</html>"), at: Date.now() - sent };
        } catch (error) {
          return { i, status: String((error as Error).cause ?? error), complete: false, at: Date.now() - sent };
        }
      });
      // Every request has reached the server (answers are coming) when the signal comes.
      while (answered === 0) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 100));
      const inFlight = 60 - answered;
      const exited = new Promise<number | null>((resolve) => shop.child.once("exit", (code) => resolve(code)));
      shop.child.kill("SIGTERM");
      const results = await Promise.all(requests);
      expect(inFlight, "requests were still being worked on at SIGTERM").toBeGreaterThan(10);
      expect(results.filter((r) => r.status !== 200 || !r.complete)).toEqual([]);
      expect(await exited).toBe(0);
      await expect(fetch(`${shop.url}/healthz`)).rejects.toThrow();
    } finally {
      await shop.stop();
      await database.close();
    }
  });
});
