/**
 * Memory of the server under repeated load: RSS after start-up and after each round of SSR traffic.
 * `npx tsx bench/memory.ts` (build first). Optional: DATABASE_URL, BENCH_ROUNDS, BENCH_SECONDS,
 * SERVER_NODE_OPTIONS (e.g. "--max-old-space-size=160" to tell a leak from V8's lazy heap growth).
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startShopProcess } from "../tests/helpers/server-process";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const path = process.env.BENCH_PATH ?? "/de/shop/ciaslin";

const shop = await startShopProcess({
  LOG_LEVEL: "silent",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
});
const rss = () => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${shop.child.pid}/status`, "utf8"))?.[1]) / 1024);
console.log(`${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${path}, ${rounds} rounds of ${seconds} s, 10 connections`);
console.log(`after start-up: ${rss()} MiB RSS`);
for (let round = 1; round <= rounds; round++) {
  const result = await autocannon({
    url: shop.url + path,
    connections: 10,
    duration: seconds,
    headers: { "user-agent": "Mozilla/5.0 (bench) Chrome/156" },
  });
  console.log(`round ${round}: ${rss()} MiB RSS, ${result.requests.average.toFixed(0)} req/s, ${result.errors + result.non2xx} errors`);
}
await shop.stop();
