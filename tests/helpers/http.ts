/**
 * The real HTTP stack in this process: a fresh test database, the production server build, and the same
 * Express app that `server.ts` serves, on a free port.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { ensureAdmin } from "../../app/server/auth/users.server";
import { keepCatalogInMemory } from "../../app/server/catalog/catalog-cache.server";
import { parseConfig, setConfig } from "../../app/server/config.server";
import { setDatabase } from "../../app/server/db/client.server";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createHttpApp } from "../../app/server/http/app.server";
import { createTestDatabase } from "./db";
import { TEST_LIMITS, TEST_PROXY } from "./server-process";
import { DESKTOP_UA } from "./user-agent";

export const ADMIN = { email: "admin@test.example", password: "a long admin password" };

export async function startTestServer(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  setDatabase(database);
  const dataDir = mkdtempSync(join(tmpdir(), "rental-http-"));
  const config = parseConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: "integration-test-secret-0123456789abcdef",
    ...TEST_LIMITS,
    ...TEST_PROXY,
    ...env,
  });
  setConfig(config);
  await seedDemo(database.db);
  await ensureAdmin(ADMIN);
  // As server.ts does: the catalogue in memory, forgotten on every change (decision 035).
  const forgetCatalog = await keepCatalogInMemory(database);
  const buildPath = new URL("../../build/server/index.js", import.meta.url).href;
  const build = (await import(buildPath)) as ServerBuild;
  const app = createHttpApp({
    config,
    database,
    build,
    buildVersion: build.assets.version,
    clientDir: new URL("../../build/client", import.meta.url).pathname,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  /**
   * fetch with a browser user agent (bots get no error pages) and no redirect following. A POST carries
   * the shop's own Origin as a browser's would, unless the test sets Origin, Referer or Sec-Fetch-Site itself.
   */
  const request = (path: string, init: RequestInit = {}) => {
    const headers = { "User-Agent": DESKTOP_UA, ...(init.headers as Record<string, string>) };
    const unsafe = init.method !== undefined && !["GET", "HEAD"].includes(init.method.toUpperCase());
    const sourceGiven = Object.keys(headers).some((name) => /^(origin|referer|sec-fetch-site)$/i.test(name));
    return fetch(url + path, { redirect: "manual", ...init, headers: unsafe && !sourceGiven ? { ...headers, Origin: url } : headers });
  };

  /**
   * Posts a form as a browser without JavaScript does: URL-encoded (a list value, or a repeated pair, posts one
   * field per entry; FormData goes multipart), with the session cookie when one is given and the shop's Origin.
   */
  const post = (path: string, fields: FormFields, cookie?: string, headers: Record<string, string> = {}) =>
    request(path, {
      method: "POST",
      body: fields instanceof FormData ? fields : formBody(fields),
      headers: {
        ...(fields instanceof FormData ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
    });

  /** Signs in through the real login form and returns the session cookie ("name=value"). */
  const login = async (email = ADMIN.email, password = ADMIN.password) => {
    const response = await request("/login", {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    });
    const cookie = response.headers.get("set-cookie");
    if (response.status !== 302 || !cookie) throw new Error(`login failed: ${response.status}`);
    return cookie.split(";")[0];
  };

  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await forgetCatalog();
    await database.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, database, config, request, post, login, close };
}

export type TestShop = Awaited<ReturnType<typeof startTestServer>>;

/** Fields of a posted form: names to a value or a list of values, or pairs in order (names may repeat). */
export type FormFields = Record<string, string | string[]> | [string, string][] | FormData;

function formBody(fields: Record<string, string | string[]> | [string, string][]) {
  const pairs = Array.isArray(fields)
    ? fields
    : Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v]));
  return new URLSearchParams(pairs);
}
