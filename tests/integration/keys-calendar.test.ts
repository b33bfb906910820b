/**
 * API keys in the back office and staff calendar feeds (issue 21, decisions 049 and 051), over real HTTP on
 * the real database: a key is shown once and only its hash is kept, the list names it by its prefix,
 * revoking it is audited; a feed shows its user's branches' pickups and returns of paid and picked-up
 * orders in its window, needs no cookie, stops at once when replaced or when its user leaves the back
 * office, and is a valid iCalendar file.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeedIcs } from "../../app/server/admin/calendar-feed.server";
import { authenticateApiKey } from "../../app/server/api/keys.server";
import * as schema from "../../app/server/db/schema";
import { createAccount } from "../helpers/accounts";
import { createRentalItem, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let admin: string;
let branches: Record<string, number>;
const db = () => shop.database.db;
const DAY = 86_400_000;
const KEY = /rk_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{32}/;
const FEED = /\/calendar\/([A-Za-z0-9_-]{32})\.ics/;

async function get(path: string, cookie?: string) {
  const response = await shop.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function post(path: string, fields: Record<string, string | string[]>, cookie = admin) {
  const response = await shop.post(path, fields, cookie);
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

async function staffMember(email: string, branch: number, language = "en") {
  const password = "feed password 123";
  const row = await createAccount(db(), email, "staff", { branches: [branch], name: email, language, password });
  return { id: row.id, cookie: await shop.login(email, password) };
}

/** An order straight in the database, with `pieces` skis, at a pickup `days` from now. */
async function order(shopId: number, status: string, days: number, name: string, pieces = 1, itemId?: number) {
  const pickupAt = new Date(Date.now() + days * DAY);
  const [row] = await db()
    .insert(schema.orders)
    .values({
      number: `R-FEED-${randomBytes(3).toString("hex").toUpperCase()}`,
      token: randomBytes(18).toString("base64url"),
      status: status as "paid",
      appId: "winter",
      shopId,
      language: "en",
      pickupAt,
      returnAt: new Date(pickupAt.getTime() + 2 * DAY),
      invoiceName: name,
      invoiceStreet: "Street 1",
      invoicePostalCode: "1000",
      invoiceCity: "Town",
      invoiceCountry: "NL",
      phone: "+31 20 123 4567",
      email: "feed@test.example",
      subtotalCents: 10_000,
      discountCents: 0,
      totalCents: 10_000,
      vatCents: 1_623,
      discounts: [],
    })
    .returning();
  if (itemId)
    await db()
      .insert(schema.orderLines)
      .values({
        orderId: row.id,
        itemId,
        kind: "rental",
        name: "Test ski",
        quantity: pieces,
        unitPriceCents: 5000,
        subtotalCents: 5000 * pieces,
        totalCents: 5000 * pieces,
        vatRateBp: 2200,
      });
  return row;
}

/** Makes (or replaces) the user's feed through the calendar page and returns the token from the answer. */
async function newFeed(cookie: string): Promise<string> {
  const answer = await post("/admin/calendar", { intent: "calendarFeed" }, cookie);
  expect(answer.status).toBe(200);
  const token = FEED.exec(answer.text)?.[1];
  if (!token) throw new Error("no feed link in the answer");
  return token;
}

/** The calendar file's events as maps of their (unfolded) properties. */
function events(ics: string) {
  const unfolded = ics.replace(/\r\n /g, "");
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(
    (m) =>
      new Map(
        m[1]
          .split("\r\n")
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]),
      ),
  );
}

beforeAll(async () => {
  shop = await startTestServer();
  admin = await shop.login();
  branches = await shopIds(db());
});
afterAll(async () => {
  await shop?.close();
});

describe(`API keys in the back office on ${testDbKind}`, () => {
  it("shows a new key once, keeps only the SHA-256 of its secret, and lists it by its prefix", async () => {
    const answer = await post("/admin/api-keys", {
      name: "Hotel Alpina website",
      "scopes[]": ["orders:read", "catalog:read"],
      shopId: String(branches.ciaslin),
    });
    expect(answer.status).toBe(200);
    const key = KEY.exec(answer.text)?.[0] as string;
    expect(key).toBeDefined();
    const [, prefix, secret] = key.split(/^rk_(.{12})_/);
    const [row] = await db().select().from(schema.apiKeys).where(eq(schema.apiKeys.prefix, prefix));
    expect(row).toMatchObject({ name: "Hotel Alpina website", scopes: ["catalog:read", "orders:read"], shopId: branches.ciaslin });
    expect(row.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await authenticateApiKey(key))?.id).toBe(row.id);
    // The audit entry names the key, never its secret.
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "api_key"), eq(schema.auditLog.entityId, String(row.id))));
    expect(audit.action).toBe("create");
    expect(JSON.stringify(audit)).not.toContain(secret);

    // The list: the prefix, the scopes in words, the branch, "Never" used, active; the secret nowhere.
    const list = await get("/admin/api-keys", admin);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect(list.text).toContain(`rk_${prefix}_…`);
    expect(list.text).not.toContain(secret);
    expect(list.text).toContain("Read catalogue, Read orders");
    expect(list.text).toContain("Never");
    expect(list.text).toContain("Active");
    const detail = await get(`/admin/api-key/${row.id}`, admin);
    expect(detail.text).toContain("No calls with this key yet.");
    expect(detail.text).not.toContain(secret);
  });

  it("refuses a key without a scope or with an unknown branch, keeping what was typed", async () => {
    const before = await db().select().from(schema.apiKeys);
    const noScope = await post("/admin/api-keys", { name: "Typed name kept", shopId: "" });
    expect(noScope.status).toBe(400);
    expect(noScope.text).toContain("Choose at least one permission.");
    expect(noScope.text).toContain('value="Typed name kept"');
    const badScope = await post("/admin/api-keys", { name: "x", "scopes[]": ["orders:delete"], shopId: "" });
    expect(badScope.status).toBe(400);
    const badShop = await post("/admin/api-keys", { name: "x", "scopes[]": ["orders:book"], shopId: "999999" });
    expect(badShop.status).toBe(400);
    expect(await db().select().from(schema.apiKeys)).toHaveLength(before.length);
  });

  it("revokes a key after the confirmation: refused from then on, audited, shown with when and by whom", async () => {
    const answer = await post("/admin/api-keys", { name: "Booking platform", "scopes[]": ["orders:book"], shopId: "" });
    const key = KEY.exec(answer.text)?.[0] as string;
    const found = await authenticateApiKey(key);
    if (!found) throw new Error("key not found");
    await db().insert(schema.apiCalls).values({ keyId: found.id, method: "GET", path: "/api/v1/items", status: 200, ms: 12.4 });
    // The trail names the order a call made or touched, as a link to it (issue 33).
    const booked = await order(branches.ciaslin, "pending_payment", 40, "Trail Customer");
    await db()
      .insert(schema.apiCalls)
      .values({ keyId: found.id, method: "POST", path: "/api/v1/orders", status: 201, ms: 80, orderId: booked.id });
    const before = await get(`/admin/api-key/${found.id}`, admin);
    expect(before.text).toContain("/api/v1/items");
    expect(before.text).toContain(`href="/admin/order/${booked.id}"`);
    expect(before.text).toContain(`>${booked.number}</a>`);
    expect(before.text).toContain("All branches");
    expect(before.text).toContain("Revoke Booking platform…");

    const revoked = await post(`/admin/api-key/${found.id}`, { intent: "revoke" });
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe(`/admin/api-key/${found.id}?revoked=1`);
    expect(await authenticateApiKey(key)).toBeNull();
    const [row] = await db().select().from(schema.apiKeys).where(eq(schema.apiKeys.id, found.id));
    expect(row.revokedAt).not.toBeNull();
    expect(row.revokedBy).not.toBeNull();
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "api_key"), eq(schema.auditLog.entityId, String(found.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "revoke"]);
    const page = await get(`/admin/api-key/${found.id}?revoked=1`, admin);
    expect(page.text).toContain("The key is revoked");
    expect(page.text).toMatch(/Revoked<\/dt><dd[^>]*>[^<]* by Admin/);
    expect(page.text).not.toContain("Revoke Booking platform…");
    // A second revoke (another tab) changes nothing and logs nothing.
    await post(`/admin/api-key/${found.id}`, { intent: "revoke" });
    expect(
      await db()
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.entity, "api_key"), eq(schema.auditLog.entityId, String(found.id)))),
    ).toHaveLength(2);
  });
});

describe(`staff calendar feeds on ${testDbKind}`, () => {
  const names = {
    pickup: "Anna Feedtest",
    pickedUp: "Bruno Pickedup",
    otherBranch: "Other Branchfamily",
    pending: "Pending Family",
    cancelled: "Cancelled Family",
    returned: "Returned Family",
    tooFar: "Far Future Family",
    tooOld: "Long Ago Family",
  };
  let staff: { id: string; cookie: string };

  beforeAll(async () => {
    const item = await createRentalItem(db(), branches.ciaslin, 0);
    staff = await staffMember("feed.staff@test.example", branches.ciaslin);
    await order(branches.ciaslin, "paid", 3, names.pickup, 3, item.id);
    // Picked up 2 days ago, back in 0 days: both events are in the window.
    await order(branches.ciaslin, "picked_up", -2, names.pickedUp, 2, item.id);
    await order(branches.runcadoz, "paid", 3, names.otherBranch);
    await order(branches.ciaslin, "pending_payment", 4, names.pending);
    await order(branches.ciaslin, "cancelled", 4, names.cancelled);
    await order(branches.ciaslin, "returned", -5, names.returned);
    await order(branches.ciaslin, "paid", 200, names.tooFar);
    await order(branches.ciaslin, "paid", -60, names.tooOld);
  });

  it("shows the user's branches' pickups and returns of paid and picked-up orders in the window, without a cookie", async () => {
    const token = await newFeed(staff.cookie);
    const [stored] = await db().select().from(schema.calendarFeeds).where(eq(schema.calendarFeeds.userId, staff.id));
    expect(stored.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(stored.lastUsedAt).toBeNull();

    const feed = await get(`/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("private, no-store");
    expect(feed.headers.get("set-cookie")).toBeNull();
    const all = events(feed.text);
    const summaries = all.map((e) => e.get("SUMMARY")).sort();
    expect(summaries).toHaveLength(4);
    expect(summaries.some((s) => /^Pickup R-FEED-\w+ · Anna Feedtest \(3 items\)$/.test(s ?? ""))).toBe(true);
    expect(summaries.some((s) => /^Return R-FEED-\w+ · Anna Feedtest \(3 items\)$/.test(s ?? ""))).toBe(true);
    expect(summaries.filter((s) => s?.includes(names.pickedUp))).toHaveLength(2);
    for (const other of [names.otherBranch, names.pending, names.cancelled, names.returned, names.tooFar, names.tooOld])
      expect(feed.text).not.toContain(other);
    const anna = all.find((e) => e.get("SUMMARY")?.startsWith("Pickup") && e.get("SUMMARY")?.includes(names.pickup));
    const [annaOrder] = await db().select().from(schema.orders).where(eq(schema.orders.invoiceName, names.pickup));
    expect(anna?.get("URL")).toBe(`${new URL(anna?.get("URL") ?? "").origin}/admin/order/${annaOrder.id}`);
    expect(anna?.get("UID")).toMatch(new RegExp(`^staff-${annaOrder.id}-pickup@`));
    expect(anna?.get("LOCATION")).toContain("Ciaslin");
    expect(anna?.get("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    const [used] = await db().select().from(schema.calendarFeeds).where(eq(schema.calendarFeeds.userId, staff.id));
    expect(used.lastUsedAt).not.toBeNull();

    // Fetched again: the same UIDs, so calendar apps update the events rather than doubling them.
    const again = events((await get(`/calendar/${token}.ics`)).text);
    expect(again.map((e) => e.get("UID")).sort()).toEqual(all.map((e) => e.get("UID")).sort());
  });

  it("gives an admin every branch's handovers", async () => {
    const [adminUser] = await db().select().from(schema.users).where(eq(schema.users.email, "admin@test.example"));
    const token = await newFeed(admin);
    const feed = await get(`/calendar/${token}.ics`);
    expect(feed.text).toContain(names.pickup);
    expect(feed.text).toContain(names.otherBranch);
    expect(feed.text).not.toContain(names.cancelled);
    expect(adminUser.id).toBeDefined();
  });

  it("writes a valid calendar file: CRLF lines of at most 75 octets, escaped text, in the user's language", async () => {
    const item = await createRentalItem(db(), branches.ciaslin, 0);
    const german = await staffMember("feed.de@test.example", branches.ciaslin, "de");
    // A long name with the characters TEXT must escape, and letters of two and three octets.
    await order(branches.ciaslin, "paid", 5, "Müller, Jürgen; Ärztin \\ Zoë — Familie mit sehr langem Namen", 1, item.id);
    const feed = await get(`/calendar/${await newFeed(german.cookie)}.ics`);
    expect(feed.text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(feed.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of feed.text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const summary = events(feed.text)
      .find((e) => e.get("SUMMARY")?.includes("Müller"))
      ?.get("SUMMARY");
    expect(summary).toMatch(/^Abholung R-FEED-\w+ · Müller\\, Jürgen\\; Ärztin \\\\ Zoë — Familie mit sehr langem Namen \(1 Stück\)$/);
    expect(feed.text).toContain("/de/admin/order/");
  });

  it("stops the old link at once when a new one is made", async () => {
    const first = await newFeed(staff.cookie);
    expect((await get(`/calendar/${first}.ics`)).status).toBe(200);
    const page = await get("/admin/calendar", staff.cookie);
    // The link is not shown again: only that one exists.
    expect(page.text).not.toContain(first);
    expect(page.text).toContain("You have a calendar link");
    const second = await newFeed(staff.cookie);
    expect(second).not.toBe(first);
    expect((await get(`/calendar/${first}.ics`)).status).toBe(404);
    expect((await get(`/calendar/${second}.ics`)).status).toBe(200);
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "calendar_feed"), eq(schema.auditLog.entityId, staff.id)));
    expect(audit.map((a) => a.action)).toContain("feedRenew");
    for (const entry of audit) expect(JSON.stringify(entry)).not.toContain(second);
  });

  it("answers 404 for an unknown or malformed token, a deactivated user, and a user who is no longer staff", async () => {
    expect((await get(`/calendar/${randomBytes(24).toString("base64url")}.ics`)).status).toBe(404);
    expect((await get("/calendar/short.ics")).status).toBe(404);
    const leaving = await staffMember("feed.leaving@test.example", branches.ciaslin);
    const token = await newFeed(leaving.cookie);
    expect((await get(`/calendar/${token}.ics`)).status).toBe(200);
    await db().update(schema.users).set({ active: false }).where(eq(schema.users.id, leaving.id));
    expect((await get(`/calendar/${token}.ics`)).status).toBe(404);
    await db().update(schema.users).set({ active: true, role: "customer" }).where(eq(schema.users.id, leaving.id));
    const gone = await get(`/calendar/${token}.ics`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("cache-control")).toBe("private, no-store");
  });

  it("ignores a session cookie: another user's cookie neither opens nor changes a feed", async () => {
    const token = await newFeed(staff.cookie);
    const withAdminCookie = await get(`/calendar/${token}.ics`, admin);
    // Still the staff member's branches only, whoever's cookie came along.
    expect(withAdminCookie.text).not.toContain(names.otherBranch);
    expect(withAdminCookie.text).toContain(names.pickup);
  });

  it("limits one link to 60 fetches an hour, then answers 429 with Retry-After", async () => {
    const token = await newFeed(staff.cookie);
    // A fixed moment inside one hour's window, so the count cannot straddle two windows.
    const now = new Date("2031-02-03T10:20:00Z");
    for (let n = 0; n < 60; n++) expect((await calendarFeedIcs(token, shop.url, now)).ok).toBe(true);
    const refused = await calendarFeedIcs(token, shop.url, now);
    expect(refused).toMatchObject({ ok: false, reason: "limited", retryAfter: 40 * 60 });
    // Another user's link has its own count.
    const other = await staffMember("feed.other@test.example", branches.runcadoz);
    expect((await calendarFeedIcs(await newFeed(other.cookie), shop.url, now)).ok).toBe(true);
  });
});
