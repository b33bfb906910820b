/**
 * Pages kept whole for first-time visitors (decision 038), over real HTTP on the production build: the
 * second visitor gets the first one's page with a nonce of their own; a change in the back office, a
 * signed-in visitor, another language cookie, consent or browser language never get a page that is not theirs.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../app/server/db/schema";
import { startBooking } from "../helpers/booking-flow";
import { startTestServer } from "../helpers/http";
import { createVisitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  shop = await startTestServer();
});
afterAll(async () => {
  await shop?.close();
});

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await shop.request(path, { headers });
  return { response, status: response.status, cache: response.headers.get("x-page-cache"), html: await response.text() };
}

describe("a page of links for a first-time visitor", () => {
  it("is rendered once, then given again whole with the nonce of each response", async () => {
    const first = await visit("/about?first");
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    const second = await visit("/about?first");
    expect(second.cache).toBe("hit");
    const [nonce1, nonce2] = [nonceOf(first.response), nonceOf(second.response)];
    expect(nonce1).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonce2).not.toBe(nonce1);
    // Every script of the kept page carries this response's nonce, none the first one's.
    expect(second.html).not.toContain(nonce1);
    expect(second.html.match(/<script nonce="([^"]+)"/g)?.length).toBeGreaterThan(0);
    for (const [, used] of second.html.matchAll(/nonce="([^"]+)"/g)) expect(used).toBe(nonce2);
    expect(second.html.replaceAll(nonce2, "N")).toBe(first.html.replaceAll(nonce1, "N"));
    expect(second.response.headers.get("content-type")).toBe(first.response.headers.get("content-type"));
    expect(second.response.headers.get("cache-control")).toBe(first.response.headers.get("cache-control"));
  });

  it("is forgotten when the back office changes the catalogue", async () => {
    const before = await visit("/stores");
    expect((await visit("/stores")).cache).toBe("hit");
    const [ciaslin] = await shop.database.db.select().from(schema.shops).where(eq(schema.shops.slug, "ciaslin"));
    try {
      await shop.database.db.update(schema.shops).set({ name: "Ciaslin Renamed" }).where(eq(schema.shops.id, ciaslin.id));
      const after = await visit("/stores");
      expect(after.cache).toBe("miss");
      expect(before.html).not.toContain("Ciaslin Renamed");
      expect(after.html).toContain("Ciaslin Renamed");
    } finally {
      await shop.database.db.update(schema.shops).set({ name: ciaslin.name }).where(eq(schema.shops.id, ciaslin.id));
    }
  });

  it("is kept apart per consent and season cookie", async () => {
    await visit("/ski-service");
    const decided = await visit("/ski-service", { Cookie: "consent=necessary" });
    expect(decided.cache).toBe("miss");
    expect((await visit("/ski-service", { Cookie: "consent=necessary" })).cache).toBe("hit");
    // The banner asks only the visitor who has not chosen.
    const undecided = await visit("/ski-service");
    expect(undecided.cache).toBe("hit");
    expect(undecided.html).toContain('action="/resources/consent"');
    expect(decided.html).not.toContain('action="/resources/consent"');
    const summer = await visit("/ski-service", { Cookie: "season=summer; consent=necessary" });
    expect(summer.cache).toBe("miss");
    expect(summer.html).toContain('value="summer" aria-pressed="true"');
  });

  it("is never given to a signed-in visitor, nor kept for one", async () => {
    const session = await shop.login();
    for (const cookie of [session, `consent=all; ${session}`, `${session}; rental_cart=abc`]) {
      await visit("/impressum");
      const answer = await visit("/impressum", { Cookie: cookie });
      expect(answer.cache, cookie).toBeNull();
    }
    const signedIn = await visit("/impressum", { Cookie: session });
    expect(signedIn.html).toContain('href="/account"');
    expect((await visit("/impressum")).html).not.toContain('href="/account"');
  });

  it("is the same with a bag (no page of links shows it) and kept apart per language cookie", async () => {
    const plain = await visit("/privacy");
    const withBag = await visit("/privacy", { Cookie: "rental_cart=some-bag" });
    expect(withBag.cache).toBe("hit");
    expect(withBag.html.replaceAll(nonceOf(withBag.response), "N")).toBe(plain.html.replaceAll(nonceOf(plain.response), "N"));
    expect((await visit("/privacy", { Cookie: "lang=de" })).cache).toBe("miss");
    expect((await visit("/privacy", { Cookie: "lang=de; rental_cart=x" })).cache).toBe("hit");
    // The bare / with a language chosen still sends the visitor to it.
    const chosen = await shop.request("/", { headers: { Cookie: "lang=de" } });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/de");
  });

  it("is given to a customer in the middle of a booking, in their language", async () => {
    const visitor = createVisitor(shop.url);
    await startBooking(shop.database.db, visitor, "de");
    expect([...visitor.cookies.keys()]).toContain("rental_cart");
    const pages = ["/de/stores", "/de/shop/ciaslin", "/de/ski-service"];
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    for (const path of pages) await visit(path, { Cookie: cookie });
    for (const path of pages) {
      const again = await visitor.get(path);
      expect(again.headers.get("x-page-cache"), path).toBe("hit");
      expect(again.headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("for the bare / keeps each browser language apart: a German browser is still sent to /de", async () => {
    await visit("/", { "Accept-Language": "en-GB,en;q=0.9" });
    expect((await visit("/", { "Accept-Language": "en-GB,en;q=0.9" })).cache).toBe("hit");
    const german = await shop.request("/", { headers: { "Accept-Language": "de-DE,de;q=0.9" } });
    expect(german.status).toBe(302);
    expect(german.headers.get("location")).toBe("/de");
  });

  it("keeps no booking step, no bag and no error page", async () => {
    for (const path of ["/rental/winter/ciaslin", "/rental/bag", "/shop/no-such-branch"]) {
      const first = await visit(path);
      const second = await visit(path);
      expect([first.cache, second.cache], path).not.toContain("hit");
    }
  });

  it("gives a HEAD request the kept page's headers without a body, and keeps nothing from it", async () => {
    const head = await shop.request("/privacy?head", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const get = await visit("/privacy?head");
    expect(get.cache).toBe("miss");
    expect(get.html).toContain("</html>");
  });
});
