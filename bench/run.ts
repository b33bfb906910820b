/**
 * `npm run bench`: start-up time of the production server and SSR throughput of public pages.
 * Starts the built shop as a real process on PGlite (or DATABASE_URL), then drives each page with
 * autocannon for a fixed time. Prints figures; never fails for being slow. Build first (`npm run build`).
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startShopProcess } from "../tests/helpers/server-process";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pages = ["/healthz", "/", "/stores", "/de/shop/ciaslin", "/it/about", "/sitemap.xml"];

const started = Date.now();
const shop = await startShopProcess({
  LOG_LEVEL: "silent",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const startMs = Date.now() - started;
const pid = shop.child.pid;
function rssMiB() {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024);
  } catch {
    return undefined;
  }
}
const rssBefore = rssMiB();
console.log(`start-up (migrate + seed + listen, until /readyz answers): ${startMs} ms`);
console.log(`${connections} connections, ${seconds} s per page\n`);
console.log("page                       req/s     p50 ms   p95 ms   p99 ms   errors   non-2xx");

for (const path of pages) {
  const result = await autocannon({
    url: shop.url + path,
    connections,
    duration: seconds,
    headers: { "user-agent": "Mozilla/5.0 (bench) Chrome/156", "accept-encoding": "gzip" },
  });
  const p95 = (result.latency as unknown as Record<string, number>).p95 ?? result.latency.p97_5;
  console.log(
    `${path.padEnd(24)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(10)} ${String(p95).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(result.errors + result.timeouts).padStart(8)} ${String(result.non2xx).padStart(9)}`,
  );
}

const rssAfter = rssMiB();
if (rssAfter !== undefined) console.log(`\nserver memory (RSS): ${rssBefore} MiB after start-up, ${rssAfter} MiB after the run`);
await shop.stop();
