/**
 * Before each browser test file: this worker's shop must answer. When it has died (a crash, the machine
 * out of memory), the file fails here with the shop's own last words instead of every test failing on
 * "connection refused".
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeAll } from "vitest";
import { workerShop } from "../helpers/browser";

beforeAll(async () => {
  const shop = workerShop();
  // /healthz, not /readyz: a database ping that is slow on a loaded machine (2 s time-out) is no dead shop.
  const answer = await fetch(`${shop.url}/healthz`).catch((error: Error) => error);
  if (answer instanceof Response && answer.ok) return;
  const log = existsSync(shop.log) ? readFileSync(shop.log, "utf8").slice(-4000) : "(no log)";
  const why = answer instanceof Response ? `answered ${answer.status}` : `is unreachable (${answer.message})`;
  throw new Error(`The shop of e2e worker ${process.env.VITEST_POOL_ID} at ${shop.url} ${why}. Its output:\n${log}`);
});
