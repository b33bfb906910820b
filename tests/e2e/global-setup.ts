import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

/**
 * One shop process per worker (PGlite, demo data, its own data directory): files run two at a time, and a
 * file that books the last unit, changes a setting or counts the outbox must not see another file's doing.
 * A worker's files run one after the other against its shop, as the whole suite once did against one shop.
 * The worker picks its shop by VITEST_POOL_ID (tests/helpers/browser.ts, `workerShop`).
 */
const shops: ShopProcess[] = [];
const crashed: string[] = [];
let stopping = false;

// If Vitest itself is killed, the shops go with it instead of living on as orphans on the machine.
const killShops = () => {
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill("SIGTERM");
};

export async function setup(project: TestProject) {
  process.once("exit", killShops);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startShopProcess()));
  for (const result of started) if (result.status === "fulfilled") shops.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  const provided = shops.map((shop, i) => {
    // The shop's output goes to a file the worker can quote when its shop stops answering.
    const log = join(shop.dataDir, "shop.log");
    writeFileSync(log, shop.output());
    for (const stream of [shop.child.stdout, shop.child.stderr]) {
      stream?.on("data", (chunk) => {
        // Output that comes after teardown removed the data directory has no reader left.
        if (!stopping) appendFileSync(log, chunk);
      });
    }
    shop.child.once("exit", (code, signal) => {
      if (stopping) return;
      const message = `The shop of e2e worker ${i + 1} (${shop.url}) exited with ${code ?? signal} during the run:\n${shop.output()}`;
      crashed.push(message);
      console.error(message);
    });
    return { url: shop.url, dataDir: shop.dataDir, log };
  });
  project.provide("shops", provided);
}

export async function teardown() {
  stopping = true;
  await Promise.all(shops.map((shop) => shop.stop()));
  process.removeListener("exit", killShops);
  if (crashed.length > 0) throw new Error(crashed.join("\n\n"));
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The shop processes of the browser suite, one per worker: index VITEST_POOL_ID - 1. */
    shops: { url: string; dataDir: string; log: string }[];
  }
}
