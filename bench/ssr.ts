/**
 * `npm run bench:ssr`: server-side rendering throughput of every public page, against a plain React
 * Router page measured in the same run with the same load.
 *
 * The shop runs as in bench/run.ts (production build, fresh PGlite data directory, demo seed; DATABASE_URL
 * for PostgreSQL). The baseline is the plain React Router app of bench/baseline.ts: its req/s is what
 * server rendering with React Router costs on this machine, so a page's share of it tells what the page adds.
 *
 * Each URL gets a short warm-up (JIT, lazily loaded route modules), then BENCH_SECONDS of load. The
 * baseline is measured before and after the pages and the ratios use the mean of the two, so load from
 * other processes drifting during the run shifts the ratios less. Prints figures; never fails for being
 * slow. Build first (`npm run build`).
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_WARMUP_SECONDS=2 npm run bench:ssr
 *   BENCH_PAGES=/,/about npm run bench:ssr        only these pages (issue 18's four: BENCH_PAGES=targets)
 *   BENCH_PAGE_CACHE=both npm run bench:ssr        with the page cache (decision 038), then without: every page rendered
 */
import autocannon from "autocannon";
import { startShopProcess } from "../tests/helpers/server-process";
import { buildBaseline, removeBaseline, startBaseline } from "./baseline";
import { answeringPaths, BROWSER_HEADERS, RENTAL_ITEM_SLUG } from "./pages";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

const publicPages = [
  "/",
  "/about",
  "/stores",
  "/shop/ciaslin",
  "/de/shop/ciaslin",
  "/cookies",
  "/privacy",
  "/impressum",
  "/coupon/WELCOME10",
  "/rental",
  "/rental/winter",
  "/sitemap.xml",
  // The offer and item pages of issue 6.
  "/ski-service",
  "/ski-depot",
  "/sports-shop",
  `/item/${RENTAL_ITEM_SLUG}`,
];

/** The pages issue 18 sets targets for: home, about, a branch, the season's branch choice. */
const targetPages = ["/", "/about", "/shop/ciaslin", "/rental/winter"];

type PageCacheMode = "on" | "off";
/** BENCH_PAGE_CACHE=on (default), off (every page rendered), or both (one shop process each, one after the other). */
const pageCacheModes: PageCacheMode[] = ((setting) => (setting === "both" ? ["on", "off"] : setting === "off" ? ["off"] : ["on"]))(
  process.env.BENCH_PAGE_CACHE,
);

/** Whether the shop gives this page from its page cache (after the load: the page has been asked for). */
async function servedFromPageCache(url: string): Promise<boolean> {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  await response.arrayBuffer();
  return response.headers.get("x-page-cache") === "hit";
}

function pagesToMeasure(): string[] {
  const setting = process.env.BENCH_PAGES;
  if (!setting) return publicPages;
  return setting === "targets" ? targetPages : setting.split(",");
}

// ---------------------------------------------------------------------------------------------
// Measuring

type Figures = { reqPerSec: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * One autocannon run. Latencies come from the per-response events, not from autocannon's summary: its
 * histogram has p90 and p97.5 but no p95.
 */
function load(url: string, duration: number): Promise<Figures> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers: BROWSER_HEADERS }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        reqPerSec: result.requests.average,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

async function measure(url: string): Promise<Figures> {
  if (warmupSeconds > 0) await load(url, warmupSeconds);
  return load(url, seconds);
}

const ms = (n: number) => n.toFixed(1);
const latency = (f: Figures) => `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}`;

function printRow(label: string, f: Figures, ratio?: number) {
  console.log(
    `${label.padEnd(34)} ${f.reqPerSec.toFixed(0).padStart(7)} ${ms(f.p50).padStart(8)} ${ms(f.p95).padStart(8)} ${ms(f.p99).padStart(8)} ${(ratio === undefined ? "" : ratio.toFixed(3)).padStart(9)} ${String(f.errors).padStart(7)} ${String(f.non2xx).padStart(8)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The run

const buildStarted = Date.now();
const baselineDir = buildBaseline();
console.log(`plain React Router app built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s (${baselineDir})`);
let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
let shop: Awaited<ReturnType<typeof startShopProcess>> | undefined;
try {
  baseline = await startBaseline(baselineDir);
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`\n${database}, ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per URL, gzip accepted`);
  console.log(`page cache (decision 038): ${pageCacheModes.join(" and ")}; "kept" says whether the page came from it\n`);
  console.log(
    `${"page".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"× before".padStart(9)} ${"errors".padStart(7)} ${"non-2xx".padStart(8)}`,
  );

  const before = await measure(baseline.url);
  printRow("plain React Router page (before)", before);
  const results: [string, Figures, PageCacheMode, boolean][] = [];
  for (const mode of pageCacheModes) {
    shop = await startShopProcess({
      LOG_LEVEL: "silent",
      PAGE_CACHE: mode,
      // One process, as the baseline (PostgreSQL would otherwise start one per core).
      WEB_CONCURRENCY: "1",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    const paths = await answeringPaths(shop.url, pagesToMeasure());
    for (const path of paths) {
      const figures = await measure(shop.url + path);
      const kept = await servedFromPageCache(shop.url + path);
      results.push([path, figures, mode, kept]);
      printRow(`${path} (${kept ? "kept" : "rendered"})`, figures, figures.reqPerSec / before.reqPerSec);
    }
    await shop.stop();
    shop = undefined;
  }
  const after = await measure(baseline.url);
  printRow("plain React Router page (after)", after);

  const baseReqPerSec = (before.reqPerSec + after.reqPerSec) / 2;
  console.log(`\nbaseline: ${baseReqPerSec.toFixed(0)} req/s (mean of before and after); ratios below are against it\n`);
  console.log("| Page | page cache | req/s | p50 / p95 / p99 ms | × plain React Router |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const [label, f] of [
    ["before", before],
    ["after", after],
  ] as const) {
    console.log(
      `| plain React Router page, ${label} | | ${f.reqPerSec.toFixed(0)} | ${latency(f)} | ${(f.reqPerSec / baseReqPerSec).toFixed(3)} |`,
    );
  }
  for (const [path, f, mode, kept] of results) {
    const cache = mode === "off" ? "off" : kept ? "on, kept" : "on, rendered";
    console.log(`| \`${path}\` | ${cache} | ${f.reqPerSec.toFixed(0)} | ${latency(f)} | ${(f.reqPerSec / baseReqPerSec).toFixed(3)} |`);
  }
  const failures = [before, after, ...results.map(([, f]) => f)].reduce((n, f) => n + f.errors + f.non2xx, 0);
  console.log(failures === 0 ? "\nNo errors and no non-2xx answers." : `\n${failures} errors or non-2xx answers: see the table above.`);
} finally {
  await shop?.stop();
  await baseline?.stop();
  removeBaseline(baselineDir);
}
