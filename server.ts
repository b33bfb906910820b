/**
 * Express entry: validates the configuration, opens and migrates the database, serves the shop, and on
 * SIGTERM/SIGINT finishes the requests in flight and closes the database within SHUTDOWN_TIMEOUT_MS.
 *
 *   tsx server.ts          production (serves ./build, built by `npm run build`)
 *   tsx server.ts --dev    development with Vite (hot reload)
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { startHoldSweeper } from "./app/server/booking/holds.server";
import { openShopDatabase, prepareDatabase } from "./app/server/boot.server";
import { ConfigError, parseConfig, setConfig } from "./app/server/config.server";
import { createHttpApp } from "./app/server/http/app.server";
import { logger } from "./app/server/log.server";

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

const database = await openShopDatabase(config);
await prepareDatabase(database, config);

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
// (and their stock and coupon uses) even when nobody books. One process sweeps at a time.
const stopSweeper = startHoldSweeper({
  intervalMs: config.HOLD_SWEEP_SECONDS * 1000,
  onSwept: (expired) => logger.info({ expired }, "expired holds released"),
  onError: (error) => logger.error({ err: error }, "hold sweep failed"),
});

const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info({ port, database: database.kind, development }, "listening");
  process.stdout.write(`\n  Dolomiti Rent is open on http://localhost:${port}\n\n`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  stopSweeper();
  logger.info({ signal }, "shutting down: finishing requests in flight");
  const force = setTimeout(
    () => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    },
    Math.max(100, config.SHUTDOWN_TIMEOUT_MS - 500),
  );
  force.unref();
  server.close(async () => {
    clearTimeout(force);
    try {
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
