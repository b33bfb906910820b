/**
 * The install-time change to React Router (decision 037, scripts/patch-react-router.mjs): it is there, and a
 * router answers the same path with the same matches every time, each caller with a copy of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createStaticHandler } from "react-router";
import { describe, expect, it } from "vitest";

const dist = new URL("../../node_modules/react-router/dist/development/", import.meta.url).pathname;

describe("React Router's route matches kept per path", () => {
  it("is installed: npm install ran scripts/patch-react-router.mjs", () => {
    const patched = readdirSync(dist)
      .filter((name) => name.endsWith(".mjs"))
      .filter((name) => readFileSync(join(dist, name), "utf8").includes("dolomiti-rent: matches kept per path"));
    expect(patched.length).toBeGreaterThan(0);
  });

  it("gives the same matches for a path every time, in copies a caller may change", async () => {
    const routes = [
      {
        id: "lang",
        path: ":lang?",
        children: [
          { id: "shop", path: "shop/:id", loader: () => null },
          { id: "about", path: "about", loader: () => null },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const first = await handler.query(new Request("http://shop.test/de/shop/ciaslin"));
    const second = await handler.query(new Request("http://shop.test/de/shop/ciaslin"));
    if (first instanceof Response || second instanceof Response) throw new Error("expected a context");
    expect(second.matches.map((m) => [m.route.id, m.params])).toEqual(first.matches.map((m) => [m.route.id, m.params]));
    expect(first.matches[1].params).toEqual({ lang: "de", id: "ciaslin" });
    expect(second.matches[1].params).not.toBe(first.matches[1].params);
    const other = await handler.query(new Request("http://shop.test/shop/tamion"));
    if (other instanceof Response) throw new Error("expected a context");
    expect(other.matches[1].params).toEqual({ lang: undefined, id: "tamion" });
  });
});
