/**
 * The real server process: start-up checks, PostgreSQL via DATABASE_URL, and graceful shutdown.
 * Runs once per database kind, like the rest of the integration suite.
 */
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind } from "../helpers/db";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";
import { DESKTOP_UA } from "../helpers/user-agent";

const running: ShopProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

async function start(env: Record<string, string> = {}) {
  const shop = await startShopProcess(env);
  running.push(shop);
  return shop;
}

// Each test starts a whole shop process (twenty migrations, the catalogue, the first page), which can take
// more than the suite's 30 s on a loaded 2-core machine.
describe(`the server process on ${testDbKind}`, { timeout: 90_000 }, () => {
  it("refuses to start with an invalid GTM container id, naming the variable", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: new URL("../..", import.meta.url).pathname,
      env: { ...process.env, GTM_ID: "GTM-lower", PORT: "0" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("GTM_ID: must look like GTM-ABC123");
  });

  it("migrates, seeds and serves the shop, on PostgreSQL when DATABASE_URL is set", async () => {
    const database = testDbKind === "postgres" ? await createTestDatabase() : null;
    try {
      const shop = await start(database?.url ? { DATABASE_URL: database.url } : {});
      const ready = await (await fetch(`${shop.url}/readyz`)).json();
      expect(ready).toEqual({ status: "ready", database: testDbKind });
      const stores = await fetch(`${shop.url}/stores`, { headers: { "User-Agent": DESKTOP_UA } });
      expect(stores.status).toBe(200);
      expect(await stores.text()).toContain("Ciaslin");
      // Without PUBLIC_URL it serves only loopback names, and says how to open it to other hosts. The shop
      // writes this as it starts listening, but its output pipe may reach this process after the HTTP answers
      // on a busy machine: polled, not read once.
      await expect
        .poll(() => shop.output())
        .toContain("It answers only to localhost, 127.0.0.1 and [::1]. To open it to other hosts, set PUBLIC_URL");
      // The demo's business data must not go live unnoticed: the start says what to fill in, and where.
      expect(shop.output()).toContain(
        "The business and legal data are still the demo's placeholders: legal name, street, town, VAT number, phone, e-mail.",
      );
      expect(shop.output()).toMatch(/fill them in at http:\/\/localhost:\d+\/admin\/settings/);
      expect(await shop.stop()).toBe(0);
    } finally {
      await database?.close();
    }
  });

  it("loads GTM only with a valid id configured, and allows its host in the CSP", async () => {
    const shop = await start({ GTM_ID: "GTM-TEST123" });
    const response = await fetch(`${shop.url}/`, { headers: { "User-Agent": DESKTOP_UA } });
    expect(response.headers.get("content-security-policy")).toContain("https://www.googletagmanager.com");
    // The container id reaches the page only as data; the tag itself is loaded after consent by the bundle.
    expect(await response.text()).toContain("GTM-TEST123");
  });

  it("finishes a request in flight on SIGTERM, then closes the database and exits 0 (before the grace period forces an exit)", async () => {
    // A long grace period: the test is about finishing the request, not about how fast a busy machine is.
    const shop = await start({ SHUTDOWN_TIMEOUT_MS: "30000" });
    const { port } = new URL(shop.url);
    // A login whose body is still arriving when SIGTERM comes.
    const body = "email=nobody%40example.com&password=something-long";
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/login",
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": body.length,
            "User-Agent": DESKTOP_UA,
            Origin: shop.url,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        shop.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const exited = new Promise<number | null>((resolve) => shop.child.once("exit", (code) => resolve(code)));
    expect(await answered).toBe(400); // the wrong login was still answered
    expect(await exited).toBe(0);
    expect(shop.output()).not.toContain("Error");
    expect(shop.output()).not.toContain("shutdown timeout");
  });
});
