/**
 * `npm run bench:admin-lists`: the back office's orders list with ORDERS orders (default 10,000).
 *
 * Seeds the demo shop and its season, copies the season's orders (with their lines) until there are ORDERS,
 * then times `listOrders` as the screen calls it: the first page, the last page, a search by name, an exact
 * number, a day's pickups, sorted by total. Prints the median and p95 of RUNS calls each (default 30).
 * Never fails for being slow.
 *
 *   npm run bench:admin-lists                   PostgreSQL (TEST_DATABASE_URL or localhost)
 *   BENCH_DB=pglite npm run bench:admin-lists   PGlite in memory
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ordersQuery } from "../app/domain/admin/order";
import { zonedDate } from "../app/domain/periods";
import { listOrders, orderNumbered } from "../app/server/admin/orders.server";
import type { BackOfficeUser } from "../app/server/auth/back-office.server";
import { type Database, openDatabase, queryRows, setDatabase } from "../app/server/db/client.server";
import { seedDemoSeason } from "../app/server/db/seed/season.server";
import { seedDemo } from "../app/server/db/seed/seed.server";

const kind = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
const ORDERS = Number(process.env.ORDERS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 30);
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dbName = `rental_bench_${randomBytes(4).toString("hex")}`;
let database: Database;
if (kind === "postgres") {
  await admin(`create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  database = await openDatabase({ url: url.toString() });
} else {
  database = await openDatabase({ dataDir: null });
}
setDatabase(database);
const db = database.db;

try {
  const started = performance.now();
  await database.migrate();
  await seedDemo(db);
  await seedDemoSeason(db, "http://localhost:3000");
  // Copies of the season's orders (new ids, numbers and links), each with its lines, until there are ORDERS.
  for (;;) {
    const [{ n }] = await queryRows<{ n: number }>(sql`select count(*)::int as n from orders`, db);
    if (n >= ORDERS) break;
    await db.execute(sql`
      with source as (
        select o.*, row_number() over (order by o.created_at) as k from orders o order by o.created_at limit ${ORDERS - n}),
      copied as (
        insert into orders (id, number, token, status, app_id, shop_id, language, pickup_at, return_at, invoice_name,
                            invoice_street, invoice_postal_code, invoice_city, invoice_country, phone, email,
                            subtotal_cents, discount_cents, total_cents, vat_cents, source, paid_at, created_at)
        select gen_random_uuid(), 'R-' || to_char(created_at, 'YYYY') || '-' || lpad((${n} + k)::text, 6, '0'),
               md5(random()::text), status, app_id, shop_id, language, pickup_at, return_at, invoice_name,
               invoice_street, invoice_postal_code, invoice_city, invoice_country, phone, email,
               subtotal_cents, discount_cents, total_cents, vat_cents, source, paid_at, created_at
        from source
        returning id, number)
      insert into order_lines (order_id, item_id, kind, name, size, quantity, unit_price_cents, subtotal_cents, total_cents, vat_rate_bp)
      select c.id, l.item_id, l.kind, l.name, l.size, l.quantity, l.unit_price_cents, l.subtotal_cents, l.total_cents, l.vat_rate_bp
      from copied c
      join source s on 'R-' || to_char(s.created_at, 'YYYY') || '-' || lpad((${n} + s.k)::text, 6, '0') = c.number
      join order_lines l on l.order_id = s.id`);
  }
  await db.execute(sql`analyze`);
  const [{ n: total }] = await queryRows<{ n: number }>(sql`select count(*)::int as n from orders`, db);
  const [{ number, name }] = await queryRows<{ number: string; name: string }>(
    sql`select number, invoice_name as name from orders order by created_at desc limit 1`,
    db,
  );
  console.log(`${kind}: ${total} orders; fixture built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const user = { id: "bench", role: "admin", shopIds: null } as unknown as BackOfficeUser;
  const today = zonedDate(new Date());
  const lastPage = String(Math.ceil(total / 25));
  const cases: [string, Record<string, string>][] = [
    ["first page (newest first)", {}],
    [`last page (${lastPage})`, { page: lastPage }],
    ["search by last name", { q: name.split(" ").at(-1) ?? name }],
    ["today's pickups", { status: "paid", from: today, to: today, sort: "pickup", dir: "asc" }],
    ["sorted by total, highest first", { sort: "total", dir: "desc" }],
    ["page 200 sorted by pickup", { sort: "pickup", dir: "asc", page: "200" }],
  ];
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  console.log(`${"listOrders".padEnd(40)} ${"rows".padStart(5)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)}`);
  for (const [label, search] of cases) {
    const query = ordersQuery.parse(search);
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      rows = (await listOrders(user, query)).rows.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(40)} ${String(rows).padStart(5)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)}`,
    );
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await orderNumbered(user, number);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${"exact number (opens the order)".padEnd(40)} ${"1".padStart(5)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)}`,
  );
} finally {
  await database.close();
  if (kind === "postgres") await admin(`drop database if exists ${dbName} with (force)`);
}
