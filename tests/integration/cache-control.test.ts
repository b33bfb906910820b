/**
 * Cache-Control on every route of the build (issue 14, decision 025), over real HTTP: each personal page
 * (back office, account, sign-in, the bag and the booking steps that show it, order pages and their
 * documents, the payment page) answers `no-store` in every language, for a page and for its data request,
 * whoever asks and whatever the status; public pages keep their own caching and are `private` when the
 * request carries cookies. Which routes are personal is said here by their module, not by URL, so a new
 * route under admin/ or account/ is checked without being listed.
 */
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let build: ServerBuild;
let admin = "";

beforeAll(async () => {
  shop = await startTestServer();
  admin = await shop.login();
  build = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as ServerBuild;
});
afterAll(async () => {
  await shop?.close();
});

const PERSONAL_MODULES =
  /^routes\/(admin\/|account\/|booking\/(bag|checkout|period|persons|equipment|order|order-change|order-ics|order-pdf|order-agreement-pdf|demo-pay)$)/;

/** Sample values for a route's parameters: the header does not depend on whether the record exists. */
const SAMPLE: Record<string, string> = {
  id: "1",
  app: "winter",
  shop: "ciaslin",
  document: "contract.pdf",
  ref: "demo_0123456789abcdef",
  provider: "demo",
  itemId: "1",
  file: "x.webp",
};

/** Every route of the build with a concrete URL (its parents' paths joined, parameters filled in). */
function concreteRoutes(): { id: string; path: string }[] {
  const routes = build.routes;
  const pathOf = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const own = (route.path ?? "")
      .split("/")
      .filter((segment) => segment !== "" && segment !== ":lang?")
      .map((segment) => (segment.startsWith(":") ? SAMPLE[segment.slice(1).replace(/\?$/, "")] : segment.replace(/^:lang\?/, "")));
    const parent = route.parentId ? pathOf(route.parentId) : "";
    return [parent, ...own].filter(Boolean).join("/");
  };
  const parents = new Set(Object.values(routes).map((r) => r?.parentId));
  return Object.keys(routes)
    .filter((id) => !parents.has(id) && id !== "routes/not-found")
    .map((id) => ({ id, path: `/${pathOf(id)}` }));
}

const get = (path: string, cookie?: string) => shop.request(path, cookie ? { headers: { Cookie: cookie } } : {});

describe("Cache-Control on every route", () => {
  it("covers the whole route table", () => {
    const routes = concreteRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => PERSONAL_MODULES.test(r.id)).length).toBeGreaterThan(35);
  });

  it("answers every personal route no-store, page and data request, in English and German, signed in or not", async () => {
    const wrong: string[] = [];
    for (const { id, path } of concreteRoutes().filter((r) => PERSONAL_MODULES.test(r.id))) {
      const variants = [path, `/de${path}`, ...(/\.(csv|pdf|ics)$/.test(path) ? [] : [`${path}.data`])];
      for (const url of variants) {
        for (const cookie of [undefined, admin]) {
          const response = await get(url, cookie);
          await response.arrayBuffer();
          const header = response.headers.get("cache-control");
          if (header !== "no-store") wrong.push(`${id} ${url} ${cookie ? "admin" : "anonymous"} ${response.status}: ${header}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Some 250 requests, many of them whole back-office pages: on a loaded 2-core machine more than the suite's 30 s.
  }, 120_000);

  it("leaves public routes cacheable: never no-store without a cookie, private with one", async () => {
    const wrong: string[] = [];
    for (const { id, path } of concreteRoutes().filter((r) => !PERSONAL_MODULES.test(r.id) && !r.id.startsWith("routes/resources/"))) {
      const anonymous = await get(path);
      await anonymous.arrayBuffer();
      if (anonymous.headers.get("cache-control") === "no-store" && !anonymous.headers.get("set-cookie"))
        wrong.push(`${id} ${path} anonymous ${anonymous.status}: no-store`);
      const signedIn = await get(path, admin);
      await signedIn.arrayBuffer();
      if (signedIn.status === 200 && signedIn.headers.get("cache-control") !== "private, no-cache")
        wrong.push(`${id} ${path} signed in: ${signedIn.headers.get("cache-control")}`);
      if (signedIn.status === 200 && !/\bCookie\b/.test(signedIn.headers.get("vary") ?? ""))
        wrong.push(`${id} ${path} signed in: no Vary: Cookie`);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the caching of assets, sitemaps and robots.txt, with or without cookies", async () => {
    for (const cookie of [undefined, admin]) {
      expect((await get("/sitemap.xml", cookie)).headers.get("cache-control")).toBe("public, max-age=3600");
      expect((await get("/robots.txt", cookie)).headers.get("cache-control")).toBe("public, max-age=3600");
    }
    const home = await (await get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0] as string;
    expect((await get(asset, admin)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("never lets an answer that sets a cookie be stored", async () => {
    const consent = await shop.request("/resources/consent", {
      method: "POST",
      body: new URLSearchParams({ consent: "necessary", to: "/stores" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(consent.headers.get("set-cookie")).toBeTruthy();
    expect(consent.headers.get("cache-control")).toBe("no-store");
  });
});
