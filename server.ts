/**
 * Express entry: validates the configuration, opens and migrates the database, serves the shop, and on
 * SIGTERM/SIGINT finishes the requests in flight and closes the database within SHUTDOWN_TIMEOUT_MS.
 * On PostgreSQL it runs WEB_CONCURRENCY server processes (default: one per core) that share the port:
 * this process migrates once, then starts the workers, replaces one that dies, and passes SIGTERM on.
 *
 *   tsx server.ts          production (serves ./build, built by `npm run build`)
 *   tsx server.ts --dev    development with Vite (hot reload)
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { startHoldSweeper } from "./app/server/booking/expiry.server";
import { openShopDatabase, prepareDatabase } from "./app/server/boot.server";
import { keepCatalogInMemory } from "./app/server/catalog/catalog-cache.server";
import { ConfigError, getHostPolicy, parseConfig, processCount, setConfig } from "./app/server/config.server";
import { createHttpApp } from "./app/server/http/app.server";
import { logger } from "./app/server/log.server";
import { startMailer } from "./app/server/mail/mail.server";
import { startReminderSweeper } from "./app/server/orders/reminders.server";
import { startWebhookSweeper } from "./app/server/webhooks/deliveries.server";

const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
setConfig(config);

const processes = development ? 1 : processCount(config, availableParallelism());
if (cluster.isPrimary && processes > 1) await supervise(processes);
else await serve();

/** The primary of several processes: prepares the database once, then keeps `count` workers serving. */
async function supervise(count: number) {
  const database = await openShopDatabase(config);
  await prepareDatabase(database, config);
  await database.close();

  let stopping = false;
  let alive = 0;
  let listening = 0;
  const restarts: number[] = [];
  const fork = () => {
    alive++;
    cluster.fork();
  };
  cluster.on("listening", () => {
    listening++;
    if (listening === count) process.stdout.write(openBanner(config.PORT, `${count} processes`));
  });
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A worker that keeps dying at start would otherwise be restarted forever.
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > 5 * count) {
      logger.fatal({ restarts: restarts.length }, "workers keep dying: giving up");
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, "server process died: starting another");
    fork();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes: alive }, "shutting down the server processes");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (alive === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // Each worker accepts its own connections from the shared socket. With Node's default round-robin the
  // primary accepts them all and queues them for busy workers, and on SIGTERM that queue is dropped:
  // requests the client had already sent would be reset instead of answered.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < count; i++) fork();
}

async function serve() {
  const database = await openShopDatabase(config);
  // With several processes the primary has prepared the database already.
  if (cluster.isPrimary) await prepareDatabase(database, config);
  // Storefronts, branches, items, prices, settings: read once, forgotten when any process changes them (decision 035).
  const forgetCatalog = await keepCatalogInMemory(database);

  let app: ReturnType<typeof createHttpApp>;
  if (development) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    app = createHttpApp({
      config,
      database,
      development: true,
      buildVersion: "dev",
      before: devServer.middlewares,
      build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  } else {
    const buildFile = fileURLToPath(new URL("./build/server/index.js", import.meta.url));
    if (!existsSync(buildFile)) {
      console.error("No build found: run `npm run build` (or `npm start`, which builds when needed).");
      process.exit(1);
    }
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    app = createHttpApp({
      config,
      database,
      build,
      buildVersion: build.assets.version,
      clientDir: fileURLToPath(new URL("./build/client", import.meta.url)),
    });
  }

  // Expired holds are also released lazily before each checkout; the sweep gives them back to the shelf
  // (and their stock and coupon uses) even when nobody books, and forgets the bags whose cookie has run out
  // (BAG_COOKIE_DAYS). One process sweeps at a time.
  const stopSweeper = startHoldSweeper({
    intervalMs: config.HOLD_SWEEP_SECONDS * 1000,
    onSwept: (expired) => logger.info({ expired }, "expired holds released"),
    onError: (error) => logger.error({ err: error }, "hold sweep failed"),
  });

  // E-mails wait in the outbox table; the mailer sends them (kicked right after one is queued) and retries.
  const mailer = startMailer({
    intervalMs: 30_000,
    onDelivered: (result) => logger.info(result, "e-mails delivered"),
    onError: (error) => logger.error({ err: error }, "e-mail delivery failed"),
  });

  // Reminders the day before a pickup and on the return day (decision 047): queued into the outbox at most
  // once per order and kind however many processes sweep; one process sweeps at a time.
  const reminderClock = config.REMINDER_CLOCK;
  if (reminderClock)
    logger.warn({ clock: reminderClock.toISOString() }, "REMINDER_CLOCK is set: reminders run on a fixed clock (test only)");
  const stopReminders = startReminderSweeper({
    intervalMs: config.REMINDER_SWEEP_SECONDS * 1000,
    clock: reminderClock ? () => reminderClock : undefined,
    onSwept: (queued) => {
      if (queued) logger.info({ queued }, "reminders queued");
      else logger.debug({ skipped: queued === null }, "reminder sweep");
    },
    onError: (error) => logger.error({ err: error }, "reminder sweep failed"),
  });

  // Outgoing webhooks (decision 050): deliveries the order trigger queued, claimed with SKIP LOCKED so that
  // every process may sweep and none sends a delivery another is sending.
  if (config.WEBHOOK_ALLOW_PRIVATE_NETWORKS)
    logger.warn("WEBHOOK_ALLOW_PRIVATE_NETWORKS is on: webhook endpoints may point into private networks (test only)");
  const stopWebhooks = startWebhookSweeper({
    intervalMs: config.WEBHOOK_SWEEP_SECONDS * 1000,
    onSwept: (result) => {
      if (result.delivered || result.retrying || result.failed) logger.info(result, "webhooks sent");
    },
    onError: (error) => logger.error({ err: error }, "webhook sweep failed"),
  });

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logger.info({ port, database: database.kind, development }, "listening");
    if (cluster.isPrimary) process.stdout.write(openBanner(port));
  });

  let stopping = false;
  let lastConnectionAt = Date.now();
  server.on("connection", () => {
    lastConnectionAt = Date.now();
  });
  // From the signal on, every answer closes its connection: a client does not send its next request on it.
  server.on("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    stopSweeper();
    stopReminders();
    stopWebhooks();
    mailer.stop();
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(
      () => {
        logger.warn("shutdown timeout: closing remaining connections");
        server.closeAllConnections();
      },
      Math.max(100, config.SHUTDOWN_TIMEOUT_MS - 500),
    );
    force.unref();
    // Requests sent before the signal may wait in the socket's queue (every process was busy) or be accepted
    // with their first bytes not yet read; closing now would reset them. Accept and read until the queue has
    // been quiet for a moment, within a third of the time allowed.
    await connectionsQuiet(() => lastConnectionAt, 250, Math.max(100, config.SHUTDOWN_TIMEOUT_MS / 3));
    server.close(async () => {
      clearTimeout(force);
      try {
        await forgetCatalog();
        await database.close();
        logger.info("database closed, bye");
      } finally {
        process.exit(0);
      }
    });
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * Resolves once no connection has come for `quietMs`, or after `maxMs`. Each check runs after an I/O phase of
 * the event loop (setImmediate), so connections waiting while the process was busy are counted first.
 */
function connectionsQuiet(lastConnectionAt: () => number, quietMs: number, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  return new Promise((resolve) => {
    const check = () =>
      setImmediate(() => {
        const now = Date.now();
        if (now >= until || now - lastConnectionAt() >= quietMs) resolve();
        else setTimeout(check, Math.min(quietMs, until - now));
      });
    setTimeout(check, quietMs);
  });
}

/** Where the shop can be opened, and (without PUBLIC_URL or ALLOWED_HOSTS) how to open it to other hosts. */
function openBanner(port: number, detail?: string): string {
  const policy = getHostPolicy(config);
  const where = policy.publicOrigin ?? `http://localhost:${port}`;
  const lines = [`  Dolomiti Rent is open on ${where}${detail ? ` (${detail})` : ""}`];
  if (!config.PUBLIC_URL && !config.ALLOWED_HOSTS) {
    lines.push(
      "  It answers only to localhost, 127.0.0.1 and [::1]. To open it to other hosts, set PUBLIC_URL to the",
      "  address customers use (e.g. PUBLIC_URL=https://rent.example.com), or list host names in ALLOWED_HOSTS.",
    );
  } else {
    lines.push(`  Host names served: ${[...policy.hosts].join(", ")}`);
  }
  return `\n${lines.join("\n")}\n\n`;
}
