/**
 * The load-shedding guard in a bare Express app whose one route answers when the test says so: requests
 * beyond `maxInFlight` wait their turn in order, and one that waits longer than `maxQueueMs` gets the
 * translated 503 "busy". Real HTTP on loopback.
 */
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import de from "../../i18n/lang/de.json";
import { serviceGuard } from "./guards.server";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A shop stand-in: GET /de/page/:n answers when `finish(n)` is called, and notes the order it started in. */
async function start(options: { maxInFlight: number; maxQueueMs: number; down?: boolean }) {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const app = express();
  app.use(serviceGuard({ ...options, databaseIsDown: () => options.down === true }));
  app.get("/de/page/:n", (req, res) => {
    started.push(req.params.n);
    pending.set(req.params.n, () => res.send(`page ${req.params.n}`));
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const get = (n: number, signal?: AbortSignal) => fetch(`${url}/de/page/${n}`, { headers: { Accept: "text/html" }, signal });
  const finish = (n: number) => pending.get(String(n))?.();
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((r) => setTimeout(r, 5));
  };
  return { started, get, finish, until };
}

describe("serviceGuard", () => {
  it("works on maxInFlight requests at once and starts the waiting ones in the order they came", async () => {
    const shop = await start({ maxInFlight: 2, maxQueueMs: 10_000 });
    const answers = [1, 2, 3, 4].map((n) => shop.get(n));
    await shop.until(() => shop.started.length === 2);
    // Two are being worked on; 3 and 4 wait.
    await new Promise((r) => setTimeout(r, 50));
    expect(shop.started).toEqual(["1", "2"]);
    shop.finish(2);
    await shop.until(() => shop.started.length === 3);
    expect(shop.started).toEqual(["1", "2", "3"]);
    shop.finish(1);
    await shop.until(() => shop.started.length === 4);
    shop.finish(3);
    shop.finish(4);
    const responses = await Promise.all(answers);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await Promise.all(responses.map((r) => r.text()))).toEqual(["page 1", "page 2", "page 3", "page 4"]);
  });

  it("answers a request that waited maxQueueMs with the translated 503 busy page, and serves again after", async () => {
    const shop = await start({ maxInFlight: 1, maxQueueMs: 100 });
    const first = shop.get(1);
    await shop.until(() => shop.started.length === 1);
    const waited = await shop.get(2);
    expect(waited.status).toBe(503);
    expect(waited.headers.get("retry-after")).toBe("2");
    expect(waited.headers.get("cache-control")).toBe("no-store");
    const html = await waited.text();
    expect(html).toContain(de.errors.busy);
    expect(html).toContain('<html lang="de"');
    // The refused request never reached the page, and its place in the queue is gone.
    expect(shop.started).toEqual(["1"]);
    shop.finish(1);
    expect((await first).status).toBe(200);
    const again = shop.get(3);
    await shop.until(() => shop.started.length === 2);
    shop.finish(3);
    expect((await again).status).toBe(200);
  });

  it("with maxQueueMs 0 refuses at once, and a visitor who leaves the queue gives up their place", async () => {
    const shop = await start({ maxInFlight: 1, maxQueueMs: 0 });
    const first = shop.get(1);
    await shop.until(() => shop.started.length === 1);
    expect((await shop.get(2)).status).toBe(503);
    shop.finish(1);
    await (await first).text();
  });

  it("gives the place of a visitor who leaves the queue to the next one", async () => {
    const shop = await start({ maxInFlight: 1, maxQueueMs: 10_000 });
    const first = shop.get(1);
    await shop.until(() => shop.started.length === 1);
    const leaving = new AbortController();
    const left = shop.get(2, leaving.signal).catch((error: Error) => error.name);
    await new Promise((r) => setTimeout(r, 50));
    leaving.abort();
    expect(await left).toBe("AbortError");
    const next = shop.get(3);
    await new Promise((r) => setTimeout(r, 50));
    shop.finish(1);
    await shop.until(() => shop.started.length === 2);
    expect(shop.started).toEqual(["1", "3"]);
    shop.finish(3);
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
  });

  it("answers every page with the translated 503 'unavailable' while the database is down", async () => {
    const shop = await start({ maxInFlight: 4, maxQueueMs: 1000, down: true });
    const answer = await shop.get(1);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(await answer.text()).toContain(de.errors.unavailable);
    expect(shop.started).toEqual([]);
  });
});
