/**
 * The database goes away for 30 seconds under a running shop (a TCP relay between the shop and
 * PostgreSQL drops every connection and refuses new ones): pages answer a translated 503 quickly, and
 * when the database is back the shop serves again by itself, without a restart.
 */
import { createServer, type Server, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import da from "../../app/i18n/lang/da.json";
import type { Database } from "../../app/server/db/client.server";
import { createTestDatabase } from "../helpers/db";
import { freePort, type ShopProcess, startShopProcess } from "../helpers/server-process";
import { DESKTOP_UA } from "../helpers/user-agent";

const OUTAGE_MS = 30_000;
const UA = { headers: { "User-Agent": DESKTOP_UA } };
let database: Database & { url?: string };
let shop: ShopProcess;
let relay: { port: number; down: () => Promise<void>; up: () => Promise<void>; close: () => Promise<void> };

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function startRelay(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const down = async () => {
    // close() calls back once every connection has ended: the shop's listening connection never ends by itself.
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  await listen();
  return { port, down, up: listen, close: down };
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The outage test needs PostgreSQL (TEST_DB=postgres).");
  const target = new URL(database.url);
  relay = await startRelay(target);
  const viaRelay = new URL(database.url);
  viaRelay.host = `127.0.0.1:${relay.port}`;
  shop = await startShopProcess({ DATABASE_URL: viaRelay.toString(), WEB_CONCURRENCY: "1" });
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await relay?.close();
  await database?.close();
});

describe("the database away for 30 seconds", () => {
  it("gives a translated 503 quickly while it is away, and the shop recovers by itself", async () => {
    expect((await fetch(`${shop.url}/da/stores`, UA)).status).toBe(200);
    await relay.down();
    const cut = Date.now();
    // The first page may still fail as an error page; from then on the shop knows and says so quickly.
    await expect.poll(async () => (await fetch(`${shop.url}/da/stores`, UA)).status, { timeout: 20_000, interval: 250 }).toBe(503);
    const paused = await fetch(`${shop.url}/da/stores`, UA);
    expect(paused.status).toBe(503);
    expect(paused.headers.get("retry-after")).toBe("5");
    expect(await paused.text()).toContain(da.errors.unavailable);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - cut))));
    await relay.up();
    await expect.poll(async () => (await fetch(`${shop.url}/da/stores`, UA)).status, { timeout: 30_000, interval: 250 }).toBe(200);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
  });
});
