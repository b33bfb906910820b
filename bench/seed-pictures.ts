/**
 * The demo seed with its pictures, cold (no picture cache: every illustration rendered and encoded) and
 * warm (the cache filled: files only linked into DATA_DIR). Three runs each, median printed.
 * `npx tsx bench/seed-pictures.ts` (deletes node_modules/.cache/rental-pictures for the cold runs).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseConfig, setConfig } from "../app/server/config.server";
import { openDatabase } from "../app/server/db/client.server";
import { seedDemo } from "../app/server/db/seed/seed.server";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function seedOnce(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-seed-"));
  setConfig(parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: "bench-secret-0123456789abcdef0123456789" }));
  const database = await openDatabase({ url: undefined, dataDir: null, poolSize: 1 });
  await database.migrate();
  const started = performance.now();
  await seedDemo(database.db);
  const ms = performance.now() - started;
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return ms;
}

const cold: number[] = [];
const warm: number[] = [];
for (let run = 0; run < 3; run++) {
  rmSync(resolve("node_modules", ".cache", "rental-pictures"), { recursive: true, force: true });
  rmSync(join(tmpdir(), "rental-pictures"), { recursive: true, force: true });
  cold.push(await seedOnce());
  warm.push(await seedOnce());
}
console.log(`cold seed: median ${(median(cold) / 1000).toFixed(1)} s (${cold.map((ms) => (ms / 1000).toFixed(1)).join(", ")})`);
console.log(`warm seed: median ${Math.round(median(warm))} ms (${warm.map((ms) => Math.round(ms)).join(", ")})`);
