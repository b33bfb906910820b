/**
 * Host header attacks (issue 14, decision 025), over real HTTP on PGlite and PostgreSQL: a forged Host or
 * X-Forwarded-Host never reaches a link (password reset, confirmation e-mail, canonical, sitemap, robots,
 * payment returns), the demo provider's webhook never leaves the process, and a POST that names no origin
 * is refused.
 */
import { createServer, type Server } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { addItem, bagOf, INVOICE, startBooking } from "../helpers/booking-flow";
import { fingerprint } from "../helpers/fingerprint";
import { ADMIN, startTestServer } from "../helpers/http";
import { rawRequest } from "../helpers/raw-request";
import { freePort } from "../helpers/server-process";
import { DESKTOP_UA } from "../helpers/user-agent";
import { createVisitor, locationOf } from "../helpers/visitor";

type Shop = Awaited<ReturnType<typeof startTestServer>>;
let shop: Shop;

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(shop.url + path, { headers: { "User-Agent": DESKTOP_UA, ...headers } });

/** A "forgot password" form posted with exactly these headers. */
const askReset = (headers: Record<string, string>) =>
  rawRequest(`${shop.url}/login?mode=forgot`, {
    method: "POST",
    headers: { "User-Agent": DESKTOP_UA, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "forgot", email: ADMIN.email }),
  });

const resetMails = () =>
  shop.database.db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, ADMIN.email), eq(schema.emailOutbox.kind, "password-reset")));

/** Books one pair of skis as a visitor whose every request carries `headers` (a Host of its choosing), up to the provider's page. */
async function bookUpToPayment(headers: Record<string, string>) {
  const visitor = createVisitor(shop.url, { headers, transport: rawRequest });
  const [anna] = await startBooking(shop.database.db, visitor);
  const [ski] = await shop.database.db.select().from(schema.items).where(eq(schema.items.slug, "ski-all-mountain"));
  await addItem(visitor, `person=${anna.id}`, { itemId: ski.id, size: "163" });
  expect(locationOf(await visitor.post("/rental/bag", { intent: "continue" }))).toBe("/rental/checkout");
  const page = await (await visitor.get("/rental/checkout")).text();
  const total = /name="total" value="(\d+)"/.exec(page)?.[1] as string;
  const pay = await visitor.post("/rental/checkout", { ...INVOICE, total });
  expect(pay.status).toBe(302);
  return { visitor, provider: new URL(pay.headers.get("location") as string) };
}

async function orderOf(visitor: ReturnType<typeof createVisitor>) {
  const [bag] = await shop.database.db
    .select()
    .from(schema.bags)
    .where(eq(schema.bags.id, bagOf(visitor)));
  const [order] = await shop.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.id, bag.orderId as string));
  return order;
}

describe("without PUBLIC_URL: only the loopback names are served", () => {
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("answers another Host with a translated 400 and no page, but health checks whatever the Host", async () => {
    const english = await get("/", { Host: "evil.example" });
    expect(english.status).toBe(400);
    expect(english.headers.get("cache-control")).toBe("no-store");
    const text = await english.text();
    expect(text).toContain(en.errors.badHost);
    expect(text).not.toContain("evil.example");
    const german = await get("/de/stores", { Host: "evil.example:3000" });
    expect(german.status).toBe(400);
    expect(await german.text()).toContain(de.errors.badHost);
    expect((await get("/healthz", { Host: "10.0.0.5" })).status).toBe(200);
    expect((await get("/readyz", { Host: "10.0.0.5" })).status).toBe(200);
  });

  it("serves localhost, 127.0.0.1 and [::1], each with links to itself", async () => {
    const port = new URL(shop.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const page = await get("/stores", { Host: host });
      expect(page.status, host).toBe(200);
      expect(await page.text()).toContain(`<link rel="canonical" href="http://${host}/stores"/>`);
    }
    // React Router's Express adapter drops the port of an IPv6 Host when it builds request.url; the host stays.
    const ipv6 = await get("/stores", { Host: `[::1]:${port}` });
    expect(ipv6.status).toBe(200);
    expect(await ipv6.text()).toContain('<link rel="canonical" href="http://[::1]');
  });

  it("sends no reset link for a forged Host and Origin: 400, no e-mail, no reset row", async () => {
    const before = await fingerprint(shop.database.db);
    const forged = await askReset({ Host: "evil.example", Origin: "http://evil.example" });
    expect(forged.status).toBe(400);
    expect(await resetMails()).toHaveLength(0);
    expect(await fingerprint(shop.database.db)).toEqual(before);
    // The same from a trusted proxy that claims the host in X-Forwarded-Host.
    const proxied = await askReset({ "X-Forwarded-Host": "evil.example", Origin: "http://evil.example" });
    expect(proxied.status).toBe(400);
    expect(await resetMails()).toHaveLength(0);
    // The shop's own host still gets its link, made of that host.
    const own = await askReset({ Origin: shop.url });
    expect(own.status).toBe(302);
    const [mail] = await resetMails();
    expect(mail.text).toMatch(new RegExp(`${shop.url}/login\\?reset=[A-Za-z0-9_-]{43}`));
  });

  it("refuses a POST that names no origin, unless the browser says same-origin", async () => {
    const post = (headers: Record<string, string>) =>
      rawRequest(`${shop.url}/login`, {
        method: "POST",
        headers: { "User-Agent": DESKTOP_UA, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ email: "nobody@test.example", password: "not the password" }),
      });
    const none = await post({});
    expect(none.status).toBe(403);
    expect(await none.text()).toContain(en.errors.foreignOrigin);
    expect((await post({ Referer: "https://evil.example/form" })).status).toBe(403);
    expect((await post({ Referer: "not a url" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    // The shop's own pages: a wrong password is a 400, not a refusal.
    expect((await post({ Referer: `${shop.url}/login` })).status).toBe(400);
    expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).toBe(400);
  });

  describe("the demo provider's webhook stays in the process (blind SSRF)", () => {
    let capture: Server;
    let captured = 0;
    afterEach(() => {
      capture?.close();
    });

    it("pays an order booked under another loopback port, and nothing is sent to that port", async () => {
      const port = await freePort();
      capture = createServer((_req, res) => {
        captured++;
        res.end("ok");
      });
      await new Promise<void>((resolve) => capture.listen(port, "127.0.0.1", resolve));
      const host = `127.0.0.1:${port}`;
      const { visitor, provider } = await bookUpToPayment({ Host: host, Origin: `http://${host}` });
      // The payer's own browser is sent to the host it asked for; the shop itself sends nothing there.
      expect(provider.host).toBe(host);
      const paid = await visitor.post(provider.pathname, { c: provider.searchParams.get("c") as string, method: "card", outcome: "paid" });
      expect(paid.status).toBe(302);
      expect((await orderOf(visitor)).status).toBe("paid");
      expect(captured).toBe(0);
    });
  });
});

describe("with PUBLIC_URL: one origin for every link, and only its host served", () => {
  const PUBLIC = "https://rent.example";
  // As the TLS-terminating proxy in front of the shop (a trusted loopback proxy in the tests) forwards it.
  const asPublic = { Host: "rent.example", Origin: PUBLIC, "X-Forwarded-Proto": "https" };
  beforeAll(async () => {
    shop = await startTestServer({ PUBLIC_URL: PUBLIC });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("refuses the machine's own address and any other Host with 400", async () => {
    expect((await get("/stores")).status).toBe(400);
    expect((await get("/stores", { Host: "evil.example" })).status).toBe(400);
    expect((await get("/healthz")).status).toBe(200);
  });

  it("makes canonical and hreflang links, the sitemap and robots.txt of PUBLIC_URL", async () => {
    const page = await (await get("/de/stores", { Host: "rent.example" })).text();
    expect(page).toContain(`<link rel="canonical" href="${PUBLIC}/de/stores"/>`);
    expect(page).toContain(`hrefLang="da" href="${PUBLIC}/da/stores"`);
    const sitemap = await (await get("/it/sitemap.xml", { Host: "rent.example" })).text();
    expect(sitemap).toContain(`<loc>${PUBLIC}/it/item/ski-easy-carve</loc>`);
    expect(sitemap).not.toMatch(/<loc>(?!https:\/\/rent\.example\/)/);
    const robots = await (await get("/robots.txt", { Host: "rent.example" })).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(robots).not.toMatch(/Sitemap: (?!https:\/\/rent\.example\/)/);
  });

  it("e-mails the reset link on PUBLIC_URL, and nothing for another Host", async () => {
    expect((await askReset({ Host: "evil.example", Origin: "http://evil.example" })).status).toBe(400);
    expect((await askReset({ Host: "rent.example", Origin: "http://evil.example" })).status).toBe(403);
    expect(await resetMails()).toHaveLength(0);
    expect((await askReset(asPublic)).status).toBe(302);
    const [mail] = await resetMails();
    expect(mail.text).toMatch(/https:\/\/rent\.example\/login\?reset=[A-Za-z0-9_-]{43}/);
  });

  it("sends the payer to and from the provider on PUBLIC_URL, and the confirmation e-mail links there", async () => {
    const { visitor, provider } = await bookUpToPayment(asPublic);
    expect(provider.origin).toBe(PUBLIC);
    const token = provider.searchParams.get("c") as string;
    const checkout = JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8"));
    expect(new URL(checkout.successUrl).origin).toBe(PUBLIC);
    expect(new URL(checkout.cancelUrl).origin).toBe(PUBLIC);
    const paid = await visitor.post(provider.pathname, { c: token, method: "paypal", outcome: "paid" });
    expect(paid.headers.get("location")).toMatch(/^https:\/\/rent\.example\/order\/[A-Za-z0-9_-]{24}$/);
    const order = await orderOf(visitor);
    expect(order.status).toBe("paid");
    const [mail] = await shop.database.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.orderId, order.id), eq(schema.emailOutbox.kind, "confirmation")));
    expect(mail.text).toContain(`${PUBLIC}/order/${order.token}`);
    expect(mail.html).not.toMatch(/https?:\/\/(?!rent\.example)[a-z0-9.[\]:-]+\/order\//);
  });
});

describe("with ALLOWED_HOSTS and no trusted proxy", () => {
  beforeAll(async () => {
    shop = await startTestServer({ ALLOWED_HOSTS: "shop.lan, rent.lan", TRUST_PROXY: "" });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("serves exactly the listed names, each with links to itself", async () => {
    const page = await get("/stores", { Host: "rent.lan" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<link rel="canonical" href="http://rent.lan/stores"/>');
    expect((await get("/stores", { Host: "SHOP.LAN:8080" })).status).toBe(200);
    expect((await get("/stores")).status).toBe(400);
    expect((await get("/stores", { Host: "evil.example" })).status).toBe(400);
  });

  it("ignores X-Forwarded-Host and -Proto from a client that is not a configured proxy", async () => {
    const page = await get("/stores", { Host: "shop.lan", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<link rel="canonical" href="http://shop.lan/stores"/>');
    expect(html).not.toContain("evil.example");
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });
});
