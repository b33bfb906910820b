/**
 * Starts the built shop as a real process (`node --import tsx server.ts`) on a free port, with its own
 * data directory, and waits until /readyz answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ADMIN_EMAIL = "admin@test.example";
export const ADMIN_PASSWORD = "correct horse battery staple";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ShopProcess = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
};

/**
 * Tests run many pages at once on a busy machine, so a request may wait for its turn longer than the
 * production default before the shop would turn it away as "busy"; the load shedding has tests of its own
 * (tests/integration/overload.test.ts). Each process keeps 5 connections instead of 10: test files run side by
 * side, some with a shop of three processes, and PostgreSQL allows 100 connections in all (a full server once
 * failed a CI run with "too many clients"). `productionLimits` keeps the defaults (the load benchmark).
 */
export const TEST_LIMITS = { MAX_QUEUE_MS: "30000", DATABASE_POOL_SIZE: "5" };

/**
 * Tests stand for many customers from one machine: a test acts as a loopback proxy, so the shop believes its
 * X-Forwarded-For (each visitor its own address). Tests of an untrusted X-Forwarded-* set TRUST_PROXY to "".
 */
export const TEST_PROXY = { TRUST_PROXY: "loopback" };

export async function startShopProcess(
  env: Record<string, string> = {},
  options: { productionLimits?: boolean; nodeArgs?: string[] } = {},
): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rental-e2e-"));
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "server.ts"], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The demo catalogue without its season of orders: tests book and count from a known start.
      SEED_DEMO: "empty",
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
      LOG_LEVEL: "warn",
      ...TEST_PROXY,
      ...(options.productionLimits ? {} : TEST_LIMITS),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  // Start-up takes seconds on a quiet machine, but 90 s and more were seen on one shared by several test
  // runs (load average 20 on 2 cores); a shop that is alive is waited for, one that exits fails at once.
  const deadline = Date.now() + 600_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited with ${child.exitCode}:\n${output}`);
    try {
      ready = (await fetch(`${url}/readyz`)).ok;
    } catch {}
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }
  if (!ready) {
    // A shop that never got ready must not be handed out: every test would fail on "connection refused".
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The shop at ${url} did not answer /readyz within 10 minutes:\n${output}`);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    }
    rmSync(dataDir, { recursive: true, force: true });
    return child.exitCode;
  };
  return { url, dataDir: env.DATA_DIR ?? dataDir, child, output: () => output, stop };
}
