/**
 * `npm run bench:load`: the shop under a realistic mix of traffic, on PostgreSQL, with 1 and with 2
 * server processes (WEB_CONCURRENCY). Prints figures; never fails for being slow. Build first.
 *
 * Each autocannon connection is one visitor with a bag of its own (set up over HTTP before the run) who
 * loops through: the home page, the branches, a branch's shop, an item page, the equipment step twice
 * (availability), an offer page, the bag, the checkout POST (holds a unit and opens the demo payment),
 * the bag's POST that gives the hold back (as the bag page does for a customer back from the provider
 * without paying) and one admin list (orders or items, signed in). Each checkout comes from an address of
 * its own, as each loop stands for another customer's booking: the shop limits holds and checkouts per
 * address and renewals per bag (decision 026), which one visitor looping faster than any person would
 * otherwise run into.
 * The visitors are spread over the six languages.
 *
 * Per process count:
 *   1. ramp: BENCH_CONNECTIONS (default 2,4,8,16,32) closed-loop connections, BENCH_SECONDS each: req/s,
 *      p50/p95/p99 and errors. The capacity is the highest req/s with p95 under 200 ms and no error.
 *   2. overload: twice the capacity's rate, offered by BENCH_OVERLOAD_CONNECTIONS (200) connections, for
 *      2 × BENCH_SECONDS: how many requests were served or refused (503), how fast, how many timed out.
 *   3. recovery: right after, a request every 250 ms until five in a row answer 200 within 200 ms.
 *   4. soak (2 processes only, BENCH_SOAK_SECONDS, default 600; 0 skips it): the capacity's connections for
 *      the whole time, with the memory (RSS) of every server process every 30 s.
 *
 * Before the first and after the last process count, the plain React Router page of bench/baseline.ts is
 * measured (10 connections, 5 s): the machine's speed, printed with each capacity as a share of it, so runs
 * on hosts of different speeds compare.
 *
 * Before each ramp, BENCH_STEP_LOOPS (default 30) loops are walked one request at a
 * time and each step's median and p95 printed, the server's own time per step, with the CPU it cost the shop
 * and PostgreSQL. BENCH_NODE_ARGS passes options
 * to the shop's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for a CPU profile of the mix.
 *
 *   BENCH_SECONDS=10 BENCH_SOAK_SECONDS=600 npm run bench:load
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); each run creates a
 * database of its own and drops it after.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ShopProcess, startShopProcess } from "../tests/helpers/server-process";
import { createVisitor, INVOICE, locationOf, winterPeriod } from "../tests/helpers/visitor";
import { buildBaseline, plainPageReqPerSec, removeBaseline, startBaseline } from "./baseline";
import { BROWSER_HEADERS } from "./pages";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const ramp = (process.env.BENCH_CONNECTIONS ?? "2,4,8,16,32").split(",").map(Number);
const processCounts = (process.env.BENCH_PROCESSES ?? "1,2").split(",").map(Number);
const overloadConnections = Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 200);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** Node options for the shop, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the mix. */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** Loops walked one request at a time before the ramp, for each step's own time (0 skips it). */
const stepLoops = Number(process.env.BENCH_STEP_LOOPS ?? 30);
const P95_TARGET_MS = 200;
const LOCALES = ["en", "de", "it", "nl", "be", "da"] as const;
const ITEM = "ski-all-mountain";
const SIZE = "170";
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

// ---------------------------------------------------------------------------------------------
// The database and the visitors

async function adminQuery(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function createDatabase() {
  const name = `rental_bench_${randomBytes(5).toString("hex")}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`) };
}

type Visitor = { locale: (typeof LOCALES)[number]; cookie: string; person: string; total: string };

/** Enough units that every visitor can hold one at once: the bench measures speed, not "sold out". */
async function addUnits(url: string, count: number) {
  await adminQuery(
    url,
    `insert into units (item_id, shop_id, size, code)
     select i.id, s.id, $1, 'BENCH-' || n from items i, shops s, generate_series(1, $2) n
     where i.slug = $3 and s.slug = 'ciaslin'`,
    [SIZE, count, ITEM],
  );
}

/** One visitor's booking, over HTTP like a browser without JavaScript: period, a person, one pair of skis, up to the invoice form. */
async function prepareVisitor(shopUrl: string, itemId: number, index: number): Promise<Visitor> {
  const locale = LOCALES[index % LOCALES.length];
  const prefix = locale === "en" ? "" : `/${locale}`;
  const visitor = createVisitor(shopUrl);
  // Visitors spread over the season's weeks, as real bookings are.
  const period = winterPeriod(new Date(), index % 12);
  const expect = (response: Response, path: string) => {
    if (response.status !== 302 || !locationOf(response).startsWith(`${prefix}${path}`))
      throw new Error(`visitor ${index}: expected a redirect to ${path}, got ${response.status}`);
  };
  expect(await visitor.post(`${prefix}/rental/winter/ciaslin`, period), "/rental/winter/ciaslin/persons");
  expect(
    await visitor.post(`${prefix}/rental/winter/ciaslin/persons`, {
      intent: "save",
      "persons.0.firstName": `Guest ${index}`,
      "persons.0.heightCm": "180",
    }),
    "/rental/winter/ciaslin/equipment",
  );
  const equipment = await (await visitor.get(`${prefix}/rental/winter/ciaslin/equipment`)).text();
  const person = /[?&]person=([\w-]+)/.exec(equipment)?.[1];
  if (!person) throw new Error(`visitor ${index}: no person on the equipment step`);
  expect(
    await visitor.post(`${prefix}/rental/winter/ciaslin/equipment?person=${person}`, { intent: "add", itemId, size: SIZE }),
    "/rental/winter/ciaslin/equipment",
  );
  expect(await visitor.post(`${prefix}/rental/bag`, { intent: "continue" }), "/rental/checkout");
  const checkout = await (await visitor.get(`${prefix}/rental/checkout`)).text();
  const total = /name="total" value="(\d+)"/.exec(checkout)?.[1];
  if (!total) throw new Error(`visitor ${index}: no total on the checkout page`);
  const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return { locale, cookie, person, total };
}

async function adminCookie(shopUrl: string) {
  const visitor = createVisitor(shopUrl);
  const response = await visitor.post("/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (response.status !== 302) throw new Error(`admin login answered ${response.status}`);
  return [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

let checkoutAddresses = 0;
/** A fresh client address from 198.18.0.0/15, through the shop's trusted loopback proxy. */
function nextAddress() {
  checkoutAddresses++;
  return `198.${18 + ((checkoutAddresses >> 16) & 1)}.${(checkoutAddresses >> 8) & 255}.${checkoutAddresses & 255}`;
}

/** The loop of one visitor (see the header). */
function loopOf(visitor: Visitor, index: number, admin: string, origin: string, itemSlug: string) {
  const prefix = visitor.locale === "en" ? "" : `/${visitor.locale}`;
  const headers = { ...BROWSER_HEADERS, accept: "text/html", cookie: visitor.cookie };
  const get = (path: string, cookie = visitor.cookie) => ({ method: "GET" as const, path, headers: { ...headers, cookie } });
  const equipment = `${prefix}/rental/winter/ciaslin/equipment?person=${visitor.person}`;
  return [
    get(`${prefix}/`),
    get(`${prefix}/stores`),
    get(`${prefix}/shop/ciaslin`),
    get(`${prefix}/item/${itemSlug}`),
    get(equipment),
    get(`${prefix}/ski-service`),
    get(`${equipment}&category=ski-snowboard`),
    get(`${prefix}/rental/bag`),
    {
      method: "POST" as const,
      path: `${prefix}/rental/checkout`,
      headers: { ...headers, origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...INVOICE, total: visitor.total }).toString(),
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        headers: { ...request.headers, "x-forwarded-for": nextAddress() },
      }),
    },
    {
      method: "POST" as const,
      path: `${prefix}/rental/bag`,
      headers: { ...headers, origin, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=releaseHold",
    },
    get(index % 2 === 0 ? "/admin/orders" : "/admin/items", admin),
  ];
}

// ---------------------------------------------------------------------------------------------
// Measuring

type Figures = {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  statuses: Map<number, number>;
  /** Latencies of the 503 answers (load shedding). */
  refused: number[];
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Answers that are not part of the mix going right: 4xx and 5xx. The checkout's 302 is its success. */
const badAnswers = (f: Figures) => [...f.statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0);

function load(options: { url: string; connections: number; duration: number; loops: ReturnType<typeof loopOf>[]; overallRate?: number }) {
  const served: number[] = [];
  const refused: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  return new Promise<Figures>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        overallRate: options.overallRate,
        timeout: 10,
        // Each connection is the next visitor; with more connections than visitors they take turns.
        setupClient: (client) => client.setRequests(options.loops[next++ % options.loops.length]),
        requests: options.loops[0],
      },
      (error, result) => {
        if (error) return reject(error);
        served.sort((a, b) => a - b);
        refused.sort((a, b) => a - b);
        resolve({
          reqPerSec: result.requests.average,
          p50: percentile(served, 50),
          p95: percentile(served, 95),
          p99: percentile(served, 99),
          errors: result.errors,
          timeouts: result.timeouts,
          statuses,
          refused,
        });
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      (status === 503 ? refused : served).push(ms);
    });
  });
}

/** The steps of `loopOf`, in its order. */
const STEPS = [
  "home",
  "branches",
  "branch's shop",
  "item",
  "equipment",
  "ski service",
  "equipment, 2nd category",
  "bag",
  "checkout POST",
  "hold given back",
  "admin list",
];

/**
 * Each step of the loop on its own: one request at a time, so a step's time is the server's time for it,
 * and the CPU the shop's processes and PostgreSQL's spent on it (a mean: /proc counts in 10 ms ticks).
 */
async function timeSteps(url: string, loops: ReturnType<typeof loopOf>[], pid: number) {
  const times: number[][] = STEPS.map(() => []);
  const cpu = STEPS.map(() => ({ server: 0, postgres: 0 }));
  for (const loop of loops) {
    for (const [step, request] of loop.entries()) {
      const sent =
        "setupRequest" in request && request.setupRequest ? request.setupRequest(request as unknown as autocannon.Request) : request;
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers: sent.headers as Record<string, string>,
        body: "body" in request ? request.body : undefined,
        redirect: "manual",
      });
      await response.arrayBuffer();
      times[step].push(performance.now() - started);
      const cpuAfter = cpuSeconds(pid);
      cpu[step].server += cpuAfter.server - cpuBefore.server;
      cpu[step].postgres += postgresSeconds(cpuBefore, cpuAfter);
    }
  }
  console.log(`each step alone (${loops.length} loops, one request at a time): median / p95 ms; CPU ms of the shop / PostgreSQL`);
  const perLoop = { server: 0, postgres: 0 };
  for (const [step, list] of times.entries()) {
    list.sort((a, b) => a - b);
    const server = (cpu[step].server * 1000) / loops.length;
    const postgres = (cpu[step].postgres * 1000) / loops.length;
    perLoop.server += server;
    perLoop.postgres += postgres;
    console.log(
      `  ${STEPS[step].padEnd(26)} ${percentile(list, 50).toFixed(1).padStart(6)} / ${percentile(list, 95).toFixed(1).padStart(6)}   ${server.toFixed(1).padStart(5)} / ${postgres.toFixed(1).padStart(4)}`,
    );
  }
  console.log(
    `  ${"a loop".padEnd(26)} ${"".padStart(15)}   ${perLoop.server.toFixed(1).padStart(5)} / ${perLoop.postgres.toFixed(1).padStart(4)}`,
  );
  console.log("");
}

/** Seconds until five requests in a row answer 200 within the target. */
async function recovery(url: string) {
  const started = Date.now();
  let inARow = 0;
  while (inARow < 5) {
    const sent = Date.now();
    try {
      const response = await fetch(url, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      inARow = response.status === 200 && Date.now() - sent < P95_TARGET_MS ? inARow + 1 : 0;
    } catch {
      inARow = 0;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return (Date.now() - started - 4 * 250) / 1000;
}

/** RSS in MiB of the server process and its workers. */
function serverMemory(pid: number): number[] {
  const rss = (p: number) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1]) / 1024);
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  return [pid, ...children].map(rss);
}

/** CPU seconds used so far by the server processes, PostgreSQL's processes, this load generator, and everything else. */
function cpuSeconds(pid: number) {
  const ticks = (p: number | string) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  const server = [pid, ...children].reduce((sum, p) => sum + ticks(p), 0);
  const postgresByPid = new Map<string, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") postgresByPid.set(entry, ticks(entry));
    } catch {}
  }
  const own = process.cpuUsage();
  // /proc/stat's first line: the whole machine, in ticks (USER_HZ, 100 on Linux).
  const machine = readFileSync("/proc/stat", "utf8").split("\n")[0].split(/\s+/).slice(1, 4).map(Number);
  return {
    server: server / 100,
    /** Per process, so that a process that ended between two readings does not count against the other. */
    postgresByPid,
    generator: (own.user + own.system) / 1e6,
    machine: (machine[0] + machine[1] + machine[2]) / 100,
  };
}

/**
 * PostgreSQL's CPU seconds between two readings, process by process: a connection closed in between would
 * otherwise take all the CPU it ever used off the sum.
 */
function postgresSeconds(before: ReturnType<typeof cpuSeconds>, after: ReturnType<typeof cpuSeconds>) {
  let ticks = 0;
  for (const [p, used] of after.postgresByPid) ticks += used - (before.postgresByPid.get(p) ?? 0);
  return ticks / 100;
}

/** Cores each part kept busy between two readings of cpuSeconds. */
function coresUsed(before: ReturnType<typeof cpuSeconds>, after: ReturnType<typeof cpuSeconds>, seconds: number) {
  const part = (key: "server" | "generator" | "machine") => (after[key] - before[key]) / seconds;
  const postgres = postgresSeconds(before, after) / seconds;
  const other = part("machine") - part("server") - postgres - part("generator");
  return `server ${part("server").toFixed(2)}, PostgreSQL ${postgres.toFixed(2)}, load generator ${part("generator").toFixed(2)}, other ${Math.max(0, other).toFixed(2)}`;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "–");
const statusList = (f: Figures) =>
  [...f.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");

// ---------------------------------------------------------------------------------------------
// The run

const summary: string[] = [];
const capacities: [number, number][] = [];
console.log(`mix per visitor loop: ${STEPS.join(", ")}; six languages; PostgreSQL; ${seconds} s per step\n`);

// The machine's speed before and after the mix: this machine kind served the same code at 2.3 times the rate on
// one day as on another, so a capacity is read beside it.
const baselineDir = buildBaseline();
let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
let plainBefore = Number.NaN;
let plainAfter = Number.NaN;
try {
  baseline = await startBaseline(baselineDir);
  plainBefore = await plainPageReqPerSec(baseline.url);
  console.log(`plain React Router page (bench/baseline.ts, the machine's speed): ${plainBefore.toFixed(0)} req/s\n`);
  for (const processes of processCounts) {
    const database = await createDatabase();
    let shop: ShopProcess | undefined;
    try {
      shop = await startShopProcess(
        { DATABASE_URL: database.url, WEB_CONCURRENCY: String(processes), LOG_LEVEL: "silent" },
        { productionLimits: true, nodeArgs },
      );
      const visitorsNeeded = Math.max(...ramp, overloadConnections);
      await addUnits(database.url, visitorsNeeded + 50);
      const [{ id: itemId }] = await adminQuery(database.url, "select id from items where slug = $1", [ITEM]);
      const admin = await adminCookie(shop.url);
      const visitors: Visitor[] = [];
      for (let i = 0; i < visitorsNeeded; i += 10) {
        const batch = Array.from({ length: Math.min(10, visitorsNeeded - i) }, (_, n) => prepareVisitor(shop!.url, itemId, i + n));
        visitors.push(...(await Promise.all(batch)));
      }
      const origin = new URL(shop.url).origin;
      const loops = visitors.map((visitor, i) => loopOf(visitor, i, admin, origin, ITEM));
      const pid = shop.child.pid as number;

      console.log(
        `## ${processes} process${processes > 1 ? "es" : ""}: ${visitors.length} visitors prepared, memory ${serverMemory(pid).join(" + ")} MiB\n`,
      );
      await load({ url: shop.url, connections: 4, duration: 5, loops }); // warm-up: JIT, route modules, pool
      if (stepLoops > 0) await timeSteps(shop.url, loops.slice(0, stepLoops), pid);
      console.log("connections    req/s   p50 ms   p95 ms   p99 ms   errors   answers");
      const steps: [number, Figures][] = [];
      for (const connections of ramp) {
        const cpuBefore = cpuSeconds(pid);
        const f = await load({ url: shop.url, connections, duration: seconds, loops });
        const cores = coresUsed(cpuBefore, cpuSeconds(pid), seconds);
        steps.push([connections, f]);
        console.log(
          `${String(connections).padStart(11)} ${f.reqPerSec.toFixed(0).padStart(8)} ${ms(f.p50).padStart(8)} ${ms(f.p95).padStart(8)} ${ms(f.p99).padStart(8)} ${String(f.errors + f.timeouts).padStart(8)}   ${statusList(f)}`,
        );
        console.log(`${" ".repeat(14)}cores busy: ${cores}`);
        summary.push(
          `| ${processes} | ${connections} | ${f.reqPerSec.toFixed(0)} | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)} | ${f.errors + f.timeouts + badAnswers(f)} | ${cores} |`,
        );
      }
      const good = steps.filter(([, f]) => f.p95 < P95_TARGET_MS && f.errors + f.timeouts + badAnswers(f) === 0);
      const [capacityConnections, capacity] = good.sort(([, a], [, b]) => b.reqPerSec - a.reqPerSec)[0] ?? steps[0];
      console.log(
        `\ncapacity: ${capacity.reqPerSec.toFixed(0)} req/s at ${capacityConnections} connections (p95 ${ms(capacity.p95)} ms, no errors)`,
      );
      capacities.push([processes, capacity.reqPerSec]);

      const rate = Math.round(2 * capacity.reqPerSec);
      const over = await load({ url: shop.url, connections: overloadConnections, duration: 2 * seconds, loops, overallRate: rate });
      const answered = [...over.statuses.values()].reduce((a, b) => a + b, 0);
      const shed = over.statuses.get(503) ?? 0;
      console.log(
        `overload: ${rate} req/s offered by ${overloadConnections} connections for ${2 * seconds} s: ${answered} answered (${statusList(over)}), ` +
          `${over.reqPerSec.toFixed(0)} req/s; served p50/p95/p99 ${ms(over.p50)} / ${ms(over.p95)} / ${ms(over.p99)} ms; ` +
          `503 p50/p95 ${ms(percentile(over.refused, 50))} / ${ms(percentile(over.refused, 95))} ms; ${over.timeouts} timeouts, ${over.errors} errors`,
      );
      const recovered = await recovery(`${shop.url}/`);
      console.log(`recovery: 5 answers in a row within ${P95_TARGET_MS} ms after ${recovered.toFixed(1)} s\n`);
      summary.push(
        `| ${processes} | overload ${rate} req/s × ${overloadConnections} | ${over.reqPerSec.toFixed(0)} served+refused | ` +
          `served ${ms(over.p50)} / ${ms(over.p95)} / ${ms(over.p99)}; 503 ${ms(percentile(over.refused, 50))} / ${ms(percentile(over.refused, 95))} | ` +
          `${shed} × 503, ${over.timeouts} timeouts; recovered in ${recovered.toFixed(1)} s | – |`,
      );

      if (processes === processCounts[processCounts.length - 1] && soakSeconds > 0) {
        console.log(`soak: ${capacityConnections} connections for ${soakSeconds} s; memory (RSS, MiB) of each server process`);
        const samples: string[] = [`    0 s  ${serverMemory(pid).join(" + ")}`];
        const sampler = setInterval(() => {
          samples.push(`${String(samples.length * 30).padStart(5)} s  ${serverMemory(pid).join(" + ")}`);
          console.log(samples[samples.length - 1]);
        }, 30_000);
        const soak = await load({ url: shop.url, connections: capacityConnections, duration: soakSeconds, loops });
        clearInterval(sampler);
        const [{ count }] = await adminQuery(database.url, "select count(*)::int as count from orders");
        console.log(
          `soak: ${soak.reqPerSec.toFixed(0)} req/s, p50/p95/p99 ${ms(soak.p50)} / ${ms(soak.p95)} / ${ms(soak.p99)} ms, ` +
            `${soak.errors + soak.timeouts} errors, answers ${statusList(soak)}; ${count} orders in the database after\n`,
        );
        summary.push(
          `| ${processes} | soak ${capacityConnections} × ${soakSeconds} s | ${soak.reqPerSec.toFixed(0)} | ${ms(soak.p50)} / ${ms(soak.p95)} / ${ms(soak.p99)} | ${soak.errors + soak.timeouts + badAnswers(soak)}; RSS ${samples[0].trim().split(/\s+/).slice(2).join("")} → ${serverMemory(pid).join("+")} MiB | – |`,
        );
      }
    } finally {
      await shop?.stop();
      await database.drop();
    }
  }

  plainAfter = await plainPageReqPerSec(baseline.url);
} finally {
  await baseline?.stop();
  removeBaseline(baselineDir);
}
const plain = (plainBefore + plainAfter) / 2;
console.log(
  `plain React Router page: ${plain.toFixed(0)} req/s (before ${plainBefore.toFixed(0)}, after ${plainAfter.toFixed(0)}); capacity as its share: ` +
    capacities
      .map(([processes, reqPerSec]) => `${processes} process${processes > 1 ? "es" : ""} ${(reqPerSec / plain).toFixed(2)}`)
      .join(", "),
);
console.log();
console.log("| Processes | Connections | req/s | p50 / p95 / p99 ms | Errors | Cores busy |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const row of summary) console.log(row);
