/**
 * The README's way to run several machines: docs/deploy/nginx.conf, run by Debian's nginx on loopback
 * in front of two shop processes (two "machines", started at the same moment on one fresh PostgreSQL
 * database). Both serve, a booking goes through end to end behind the proxy, and when one machine
 * goes down the other answers alone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { addItem, bagOf, INVOICE, startBooking } from "../helpers/booking-flow";
import { createTestDatabase } from "../helpers/db";
import { rawRequest } from "../helpers/raw-request";
import { freePort, type ShopProcess, startShopProcess } from "../helpers/server-process";
import { DESKTOP_UA } from "../helpers/user-agent";
import { createVisitor, locationOf } from "../helpers/visitor";

let database: Database & { url?: string };
let machines: ShopProcess[] = [];
let nginx: ChildProcess | undefined;
let nginxDir = "";
let url = "";

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The load-balancer test needs PostgreSQL (TEST_DB=postgres).");
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // A database without data: both machines find it needs the demo shop, at the same moment.
  // Secrets the machines must share (README): each machine has its own data directory here.
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: url,
    TRUST_PROXY: "loopback",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "info",
    DEMO_WEBHOOK_SECRET: "load-balancer-demo-webhook-secret-0123456789",
    TOTP_ENCRYPTION_KEY: "load-balancer-totp-encryption-key-0123456789",
  };
  machines = await Promise.all([startShopProcess(env), startShopProcess(env)]);

  nginxDir = mkdtempSync(join(tmpdir(), "rental-nginx-"));
  const example = readFileSync(new URL("../../docs/deploy/nginx.conf", import.meta.url), "utf8");
  const upstreams = machines.map((m) => `    server ${new URL(m.url).host} max_fails=3 fail_timeout=10s;`).join("\n");
  const site = example
    .split("\n")
    .filter((line) => !line.includes("# upstream"))
    .join("\n")
    .replace("    least_conn;", `    least_conn;\n${upstreams}`)
    .replace(/listen 80 default_server; # listen/, `listen 127.0.0.1:${port} default_server;`)
    .replace(/listen 80; # listen/, `listen 127.0.0.1:${port};`)
    // The public address here has a port, which the Host the proxy sets must carry (React Router compares
    // the Origin with the request's URL), and which a server_name never has.
    .replace("proxy_set_header Host rent.example;", `proxy_set_header Host 127.0.0.1:${port};`)
    .replaceAll("rent.example", "127.0.0.1");
  if (site.includes("10.0.0.")) throw new Error("the example's upstream lines were not replaced");
  writeFileSync(
    join(nginxDir, "nginx.conf"),
    `worker_processes 1;\npid ${nginxDir}/nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${nginxDir}/body;\n  proxy_temp_path ${nginxDir}/proxy;\n${site}\n}\n`,
  );
  nginx = spawn("/usr/sbin/nginx", ["-p", nginxDir, "-c", join(nginxDir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${url}/healthz`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error("nginx did not come up with docs/deploy/nginx.conf");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 240_000);

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  await Promise.all(machines.map((m) => m.stop()));
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  await database?.close();
});

const requestsServed = (machine: ShopProcess) =>
  machine
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"request"')).length;

describe("two machines behind nginx (docs/deploy/nginx.conf)", () => {
  it("started together on a database without data: seeded once, and both serve", async () => {
    const storefronts = await database.db.select().from(schema.storefronts);
    expect(storefronts.map((a) => a.id).sort()).toEqual(["summer", "winter"]);
    const before = machines.map(requestsServed);
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${url}/stores`, { headers: { "User-Agent": DESKTOP_UA } })));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    // Log lines arrive a moment after the answers.
    for (const [i, machine] of machines.entries()) {
      await expect.poll(() => requestsServed(machine), { timeout: 10_000 }).toBeGreaterThan(before[i]);
    }
  });

  it("takes a booking end to end behind the proxy (forms pass the Origin check, links use the proxy's host)", async () => {
    const visitor = createVisitor(url);
    const [anna] = await startBooking(database.db, visitor, "de");
    const [ski] = await database.db.select().from(schema.items).where(eq(schema.items.slug, "ski-all-mountain"));
    await addItem(visitor, `person=${anna.id}`, { itemId: ski.id, size: "163" }, "de");
    expect(locationOf(await visitor.post("/de/rental/bag", { intent: "continue" }))).toBe("/de/rental/checkout");
    const page = await (await visitor.get("/de/rental/checkout")).text();
    const total = /name="total" value="(\d+)"/.exec(page)?.[1] as string;
    const pay = await visitor.post("/de/rental/checkout", { ...INVOICE, total });
    expect(pay.status).toBe(302);
    const provider = new URL(pay.headers.get("location") as string, url);
    expect(provider.origin).toBe(url);
    const back = await visitor.post(provider.pathname, { c: provider.searchParams.get("c") as string, method: "card", outcome: "paid" });
    expect(back.status).toBe(302);
    const [bag] = await database.db
      .select()
      .from(schema.bags)
      .where(eq(schema.bags.id, bagOf(visitor)));
    const [order] = await database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, bag.orderId as string));
    expect(order.status).toBe("paid");
    expect((await visitor.follow(back)).status).toBe(200);
  });

  it("refuses a made-up Host at the proxy: no page, no link with it", async () => {
    const forged = await rawRequest(`${url}/`, { headers: { Host: "evil.example", "User-Agent": DESKTOP_UA } }).catch(() => null);
    if (forged) {
      expect(forged.status).toBeGreaterThanOrEqual(400);
      expect(await forged.text()).not.toContain("evil.example");
    }
    // X-Forwarded-Host from a client is not passed on: the canonical link is PUBLIC_URL's.
    const page = await rawRequest(`${url}/stores`, { headers: { "X-Forwarded-Host": "evil.example", "User-Agent": DESKTOP_UA } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${url}/stores"/>`);
    expect(html).not.toContain("evil.example");
  });

  it("keeps answering when one machine goes down", async () => {
    await machines[0].stop();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/de/stores`, { headers: { "User-Agent": DESKTOP_UA } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  });
});
