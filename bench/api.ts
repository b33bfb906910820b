/**
 * `npm run bench:api`: the JSON API (issue 21) through the real HTTP stack, on PGlite and on PostgreSQL.
 *
 * Per database: the demo shop (seeded) served by the same Express app as server.ts, in this process (as the
 * integration tests run it), with a key of every scope and no practical rate limit. Then, at 1 and at 10
 * requests at a time (closed loops of fetch), times:
 *   - GET /api/v1/availability: each winter rental item with units at Ciaslin in turn (the demo's and the
 *     order items below), for Monday to Wednesday in the coming January (read from the database on every call, as the endpoint
 *     promises);
 *   - POST /api/v1/orders: a held order of one unit (the hold, its reservation and the demo checkout), round
 *     robin over ORDER_ITEMS test items at Ciaslin that have a unit for every order, so none runs out. A 503
 *     "busy" (the hold's transaction gave up under contention; nothing written) is tried again at once, as
 *     the API asks of a partner, and counted: its time is the time to the order.
 * Prints p50/p95/p99 in ms and calls a second. Never fails for being slow. Build first (`npm run build`).
 * The load generator shares the server's process and event loop: the figures include its own small cost.
 *
 *   npm run bench:api                               both databases (PostgreSQL when reachable)
 *   BENCH_DB=pglite npm run bench:api               one of them
 *   ITERATIONS=200 CONCURRENCY=1,10                 calls per measurement, requests at a time
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the run creates a
 * database of its own and drops it after.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";

const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const CONCURRENCY = (process.env.CONCURRENCY ?? "1,10").split(",").map(Number);
const WARMUP = 20;
/** Orders at once on one item and size wait for each other's row locks; partners book different things. */
const ORDER_ITEMS = Number(process.env.ORDER_ITEMS ?? 5);
const ORDERS_PER_KEY = 5;
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable() {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function report(label: string, samples: number[], seconds: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(40)} ${String(samples.length).padStart(5)} ${f(percentile(sorted, 50))} ${f(percentile(sorted, 95))} ${f(percentile(sorted, 99))} ${(samples.length / seconds).toFixed(0).padStart(7)}`,
  );
}

/** `total` calls, `concurrency` at a time; each call's time in ms. A call that fails stops the run. */
async function measure(total: number, concurrency: number, work: (n: number) => Promise<void>) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const n = next++;
        const t = performance.now();
        await work(n);
        samples.push(performance.now() - t);
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

async function run(kind: "pglite" | "postgres") {
  // The test helpers pick their database by TEST_DB when first loaded.
  // A log line per request would time the terminal; the logger reads its level when first loaded.
  process.env.LOG_LEVEL ??= "warn";
  if (kind === "postgres") process.env.TEST_DB = "postgres";
  else delete process.env.TEST_DB;
  const { eq, sql } = await import("drizzle-orm");
  const { ADMIN, startTestServer } = await import("../tests/helpers/http");
  const { comingWinterPeriods, createRentalItem, shopIds } = await import("../tests/helpers/booking");
  const { january } = comingWinterPeriods();
  const { createApiKey } = await import("../app/server/api/keys.server");
  const { API_SCOPES } = await import("../app/domain/integrations");
  const { queryRows } = await import("../app/server/db/client.server");
  const schema = await import("../app/server/db/schema");

  const built = performance.now();
  const shop = await startTestServer({ API_RATE_LIMIT: "100000" });
  try {
    const db = shop.database.db;
    const branches = await shopIds(db);
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
    const newKey = async () => (await createApiKey({ name: "bench", scopes: [...API_SCOPES], shopId: null, createdBy: admin.id }, db)).key;
    const key = await newKey();
    const orders = CONCURRENCY.length * ITERATIONS + WARMUP;
    // A key holds only so much unpaid (decision 026): each booking key places ORDERS_PER_KEY orders, as a
    // partner's many guests would, well within its limits.
    const bookingKeys = await Promise.all(Array.from({ length: Math.ceil(orders / ORDERS_PER_KEY) }, newKey));
    const bookable = await Promise.all(Array.from({ length: ORDER_ITEMS }, () => createRentalItem(db, branches.ciaslin, orders)));
    const items = await queryRows<{ id: number }>(
      sql`select distinct u.item_id as id from units u join items i on i.id = u.item_id
          where u.shop_id = ${branches.ciaslin} and i.app_id = 'winter' and i.kind = 'rental' and i.active and not i.local`,
      db,
    );
    const [{ n: units }] = await queryRows<{ n: number }>(sql`select count(*)::int as n from units`, db);
    console.log(
      `\n${kind}: demo shop, ${units} units, ${items.length} winter rental items at Ciaslin; ready in ${((performance.now() - built) / 1000).toFixed(1)} s`,
    );

    const headers = { Authorization: `Bearer ${key}`, "Accept-Language": "en", "Content-Type": "application/json" };
    let busy = 0;
    const expect = async (response: Response, status: number) => {
      if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const availability = async (n: number) => {
      const item = items[n % items.length].id;
      const query = new URLSearchParams({ item: String(item), branch: String(branches.ciaslin), ...january });
      await expect(await fetch(`${shop.url}/api/v1/availability?${query}`, { headers }), 200);
    };
    let placed = 0;
    const order = async (n: number) => {
      const body = {
        storefront: "winter",
        branch: branches.ciaslin,
        ...january,
        persons: [{ firstName: "Bench", heightCm: 175, weightKg: 70, skill: "intermediate", shoeSize: 42 }],
        lines: [{ item: bookable[n % ORDER_ITEMS].id, size: "170", quantity: 1, person: 0 }],
        invoice: {
          name: "Bench Customer",
          street: "Via Roma 1",
          postalCode: "39100",
          city: "Bolzano",
          country: "IT",
          email: `bench${n}@example.com`,
          phone: "+39 333 000000",
        },
      };
      const bookingKey = bookingKeys[Math.floor(placed++ / ORDERS_PER_KEY)];
      for (;;) {
        const response = await fetch(`${shop.url}/api/v1/orders`, {
          method: "POST",
          headers: { ...headers, Authorization: `Bearer ${bookingKey}` },
          body: JSON.stringify(body),
        });
        if (response.status !== 503) return expect(response, 201);
        busy += 1;
        await response.arrayBuffer();
      }
    };

    await measure(WARMUP, 1, availability);
    await measure(WARMUP, 1, order);
    console.log(
      `${"what".padEnd(40)} ${"calls".padStart(5)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"calls/s".padStart(7)}`,
    );
    for (const concurrency of CONCURRENCY) {
      const a = await measure(ITERATIONS, concurrency, availability);
      report(`GET /availability, ${concurrency} at a time`, a.samples, a.seconds);
      busy = 0;
      const o = await measure(ITERATIONS, concurrency, order);
      report(`POST /orders, ${concurrency} at a time`, o.samples, o.seconds);
      if (busy > 0) console.log(`  (${busy} answered 503 busy and were sent again)`);
    }
  } finally {
    await shop.close();
  }
}

const only = process.env.BENCH_DB;
if (only === "pglite" || only === "postgres") {
  await run(only);
} else {
  // One process per database: the server's configuration and database are process-wide.
  const kinds = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])];
  if (kinds.length === 1) console.log(`PostgreSQL at ${baseUrl} is not reachable: PGlite only.`);
  for (const kind of kinds) {
    const child = spawnSync(process.execPath, ["--import", "tsx", new URL(import.meta.url).pathname], {
      env: { ...process.env, BENCH_DB: kind },
      stdio: "inherit",
    });
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  }
}
