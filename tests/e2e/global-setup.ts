import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM, CHROMIUM_ARGS } from "../helpers/browser";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

/**
 * One shop process per worker (PGlite, demo data, its own data directory): files run two at a time, and a
 * file that books the last unit, changes a setting or counts the outbox must not see another file's doing.
 * A worker's files run one after the other against its shop, as the whole suite once did against one shop.
 * The worker picks its shop by VITEST_POOL_ID (tests/helpers/browser.ts, `workerShop`).
 *
 * Likewise one Chromium per worker: a file connects to it (`launchBrowser`) instead of starting its own, and
 * its contexts close with its connection.
 */
const shops: ShopProcess[] = [];
const browsers: BrowserServer[] = [];
const crashed: string[] = [];
let stopping = false;

// If Vitest itself is killed, the shops go with it instead of living on as orphans on the machine.
const killShops = () => {
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill("SIGTERM");
  for (const browser of browsers) browser.process().kill("SIGKILL");
};

export async function setup(project: TestProject) {
  process.once("exit", killShops);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const [started, launched] = await Promise.all([
    Promise.allSettled(Array.from({ length: workers }, () => startShopProcess())),
    Promise.allSettled(Array.from({ length: workers }, () => chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }))),
  ]);
  for (const result of started) if (result.status === "fulfilled") shops.push(result.value);
  for (const result of launched) if (result.status === "fulfilled") browsers.push(result.value);
  const failed = [...started, ...launched].find((result) => result.status === "rejected");
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
  project.provide(
    "browsers",
    browsers.map((browser) => browser.wsEndpoint()),
  );
}

export async function teardown() {
  stopping = true;
  await Promise.all([...shops.map((shop) => shop.stop()), ...browsers.map((browser) => browser.close())]);
  process.removeListener("exit", killShops);
  if (crashed.length > 0) throw new Error(crashed.join("\n\n"));
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The shop processes of the browser suite, one per worker: index VITEST_POOL_ID - 1. */
    shops: { url: string; dataDir: string; log: string }[];
    /** The Chromium of each worker, as a Playwright endpoint to connect to: index VITEST_POOL_ID - 1. */
    browsers: string[];
  }
}
