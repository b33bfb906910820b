/**
 * The back office's storefronts, branches, coupons and users (issue 5) over real HTTP, and the server functions
 * behind them: validation messages beside the fields with the input kept, what may and may not be
 * deleted, opening hours and closed days reaching the public shop page, coupon rules, role changes with
 * their guard rails, deactivation ending sessions, the audit log, and who may do any of it.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, updateCoupon } from "../../app/server/admin/coupons.server";
import { closeShopDay, listShops } from "../../app/server/admin/shops.server";
import { deleteStorefront } from "../../app/server/admin/storefronts.server";
import { listUsers, setUserActive, updateUser } from "../../app/server/admin/users.server";
import { hashPassword } from "../../app/server/auth/password.server";
import * as schema from "../../app/server/db/schema";
import { testDbKind } from "../helpers/db";
import { ADMIN, startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let admin: string;
let adminId: string;
const people = {
  staff: { email: "clerk@test.example", password: "clerk password 1", id: "", cookie: "" },
  customer: { email: "family@test.example", password: "family password 1", id: "", cookie: "" },
};

const en = JSON.parse(readFileSync(new URL("../../app/i18n/lang/en.json", import.meta.url), "utf8"));
const it_ = JSON.parse(readFileSync(new URL("../../app/i18n/lang/it.json", import.meta.url), "utf8"));
/** A message as React writes it into the page. */
function message(key: string, messages = en, values: Record<string, string | number> = {}): string {
  let text = key.split(".").reduce((m, part) => m?.[part], messages) as unknown as string;
  if (typeof text !== "string") throw new Error(`no message ${key}`);
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{{${name}}}`, String(value));
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

const db = () => shop.database.db;
const unique = () => randomBytes(3).toString("hex");

async function get(path: string, cookie = admin) {
  const response = await shop.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

/** Posts a form as a browser does; a list value posts one field per entry. */
async function post(path: string, fields: Record<string, string | string[]>, cookie = admin) {
  const response = await shop.post(path, fields, cookie);
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

async function auditOf(entity: string, entityId: string | number) {
  return db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(schema.auditLog.id);
}

async function shopBySlug(slug: string) {
  const [row] = await db().select().from(schema.shops).where(eq(schema.shops.slug, slug));
  return row;
}

/** A paid order straight in the database, for the related-records and delete rules. */
async function insertOrder(values: { shopId: number; userId?: string | null; couponId?: number | null; pickup?: string }) {
  const pickup = new Date(values.pickup ?? "2031-01-10T09:00:00+01:00");
  const [order] = await db()
    .insert(schema.orders)
    .values({
      number: `R-TEST-${unique()}`,
      token: randomBytes(18).toString("base64url"),
      status: "paid",
      appId: "winter",
      shopId: values.shopId,
      userId: values.userId ?? null,
      language: "en",
      pickupAt: pickup,
      returnAt: new Date(pickup.getTime() + 2 * 86_400_000),
      invoiceName: "Test Family",
      invoiceStreet: "Street 1",
      invoicePostalCode: "1000",
      invoiceCity: "Town",
      invoiceCountry: "NL",
      phone: "+31 20 123 4567",
      email: "family@test.example",
      subtotalCents: 10_000,
      discountCents: values.couponId ? 1_000 : 0,
      totalCents: values.couponId ? 9_000 : 10_000,
      vatCents: 1_623,
      couponId: values.couponId ?? null,
      discounts: values.couponId ? [{ kind: "coupon", label: "X", amountCents: 1_000, percent: 10 }] : [],
    })
    .returning();
  return order;
}

const shopForm = (overrides: Record<string, string | string[]> = {}) => ({
  name: "Dolomiti Rent Test Branch",
  "description.en": "A branch for the tests.",
  "description.de": "Eine Filiale für die Tests.",
  street: "Strada Test 1",
  postalCode: "39030",
  town: "Testëi",
  country: "IT",
  latitude: "46.55",
  longitude: "11.80",
  phone: "+39 0471 000 111",
  email: "test-branch@dolomiti-rent.example",
  sort: "9",
  "appIds[]": ["summer"],
  active: "on",
  ...overrides,
});

const couponForm = (overrides: Record<string, string | string[]> = {}) => ({
  code: `TEST-${unique().toUpperCase()}`,
  kind: "percent",
  value: "15",
  "description.en": "15 % off for the tests.",
  validFrom: "",
  validUntil: "",
  minOrder: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  active: "on",
  ...overrides,
});

beforeAll(async () => {
  shop = await startTestServer();
  admin = await shop.login();
  const [a] = await db().select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
  adminId = a.id;
  const [ciaslin] = await db().select().from(schema.shops).where(eq(schema.shops.slug, "ciaslin"));
  for (const [role, person] of [
    ["staff", people.staff],
    ["customer", people.customer],
  ] as const) {
    const [row] = await db()
      .insert(schema.users)
      .values({ email: person.email, name: `Test ${role}`, role, passwordHash: await hashPassword(person.password) })
      .returning();
    person.id = row.id;
    if (role === "staff") await db().insert(schema.userShops).values({ userId: row.id, shopId: ciaslin.id });
    person.cookie = await shop.login(person.email, person.password);
  }
});
afterAll(async () => {
  await shop?.close();
});

describe(`who may use the apps, branches, coupons and users screens on ${testDbKind}`, () => {
  it("staff and customers get 403 on every page and every action; anonymous visitors go to the login", async () => {
    const [ciaslin] = await db().select().from(schema.shops).where(eq(schema.shops.slug, "ciaslin"));
    const [welcome] = await db().select().from(schema.coupons).where(eq(schema.coupons.code, "WELCOME10"));
    const pages = [
      "/admin/apps",
      "/admin/app/winter",
      "/admin/app/create",
      "/admin/shops",
      `/admin/shop/${ciaslin.id}`,
      "/admin/shop/create",
      "/admin/coupons",
      `/admin/coupon/${welcome.id}`,
      "/admin/coupon/create",
      "/admin/users",
      `/admin/user/${adminId}`,
      `/de/admin/user/${people.customer.id}`,
    ];
    const actions: [string, Record<string, string | string[]>][] = [
      ["/admin/app/winter", { intent: "delete" }],
      ["/admin/app/summer", { intent: "save", "name.en": "Hacked" }],
      ["/admin/app/create", { id: "summer" }],
      [`/admin/shop/${ciaslin.id}`, { intent: "delete" }],
      [`/admin/shop/${ciaslin.id}`, { intent: "hours", appId: "winter", "hours.1": "" }],
      [`/admin/shop/${ciaslin.id}`, { intent: "closeDay", day: "2031-02-02" }],
      [`/admin/shop/${ciaslin.id}`, { intent: "reopenDay", day: "2026-12-25" }],
      ["/admin/shop/create", shopForm({ slug: "hacked" })],
      [`/admin/coupon/${welcome.id}`, { intent: "delete" }],
      ["/admin/coupon/create", couponForm()],
      [`/admin/user/${people.staff.id}`, { intent: "save", role: "admin" }],
      [`/admin/user/${people.customer.id}`, { intent: "save", role: "admin" }],
      [`/admin/user/${adminId}`, { intent: "deactivate" }],
    ];
    for (const person of [people.staff, people.customer]) {
      for (const path of pages) expect((await get(path, person.cookie)).status, `${person.email} GET ${path}`).toBe(403);
      for (const [path, fields] of actions)
        expect((await post(path, fields, person.cookie)).status, `${person.email} POST ${path}`).toBe(403);
    }
    for (const path of pages) {
      const response = await get(path, "");
      expect(response.status, path).toBe(302);
      expect(response.location, path).toMatch(/^(\/de)?\/login\?next=/);
    }
    for (const [path] of actions) {
      const response = await post(path, { intent: "delete" }, "");
      expect(response.status, path).toBe(302);
      expect(response.location).toContain("/login?next=");
    }
    // Nothing of it happened.
    const [user] = await db().select().from(schema.users).where(eq(schema.users.id, people.customer.id));
    expect(user.role).toBe("customer");
    expect(await db().select().from(schema.coupons).where(eq(schema.coupons.id, welcome.id))).toHaveLength(1);
    expect(await db().select().from(schema.shops).where(eq(schema.shops.slug, "hacked"))).toHaveLength(0);
    expect((await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "summer")))[0].name.en).not.toBe("Hacked");
    expect(await auditOf("shop", ciaslin.id)).toHaveLength(0);
  });
});

describe(`apps on ${testDbKind}`, () => {
  it("lists the apps with search, filter and a message when nothing matches", async () => {
    const list = await get("/admin/apps");
    expect(list.status).toBe(200);
    expect(list.text).toContain('href="/admin/app/winter"');
    expect(list.text).toContain('href="/admin/app/summer"');
    const search = await get("/admin/apps?q=e-bike");
    expect(search.text).toContain('href="/admin/app/summer"');
    expect(search.text).not.toContain('href="/admin/app/winter"');
    const none = await get("/admin/apps?enabled=no");
    expect(none.text).toContain(message("admin.list.noMatch"));
    // A bad sort value falls back to the default instead of failing.
    expect((await get("/admin/apps?sort=nonsense&page=-3")).status).toBe(200);
  });

  it("refuses a season day that does not exist with the message beside it and everything typed kept", async () => {
    const response = await post("/admin/app/summer", {
      intent: "save",
      "name.en": "Summer: e-bikes and more",
      "description.en": "E-bikes.",
      "seasonStart.day": "31",
      "seasonStart.month": "4",
      "seasonEnd.day": "15",
      "seasonEnd.month": "10",
      sort: "2",
      enabled: "on",
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain(message("admin.apps.errors.monthDay"));
    expect(response.text).toContain('value="Summer: e-bikes and more"');
    expect(response.text).toMatch(/id="field-seasonStart-day"[^>]*aria-invalid="true"/);
    const [storefront] = await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "summer"));
    expect(storefront.name.en).toBe("Summer: e-bikes");
  });

  it("saves an app's texts, season and branches, with the change in the audit trail", async () => {
    const [before] = await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "summer"));
    const [ciaslin, runcadoz] = await Promise.all([shopBySlug("ciaslin"), shopBySlug("runcadoz")]);
    const fields = (season: [string, string, string, string], name: string, shopIds: number[]) => ({
      intent: "save",
      ...Object.fromEntries(Object.entries(before.name).map(([l, v]) => [`name.${l}`, l === "da" ? name : v])),
      ...Object.fromEntries(Object.entries(before.description).map(([l, v]) => [`description.${l}`, v])),
      "seasonStart.day": season[0],
      "seasonStart.month": season[1],
      "seasonEnd.day": season[2],
      "seasonEnd.month": season[3],
      sort: "2",
      enabled: "on",
      "shopIds[]": shopIds.map(String),
    });
    const saved = await post("/admin/app/summer", fields(["1", "5", "31", "10"], "Sommer: elcykler og mere", [ciaslin.id]));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/app/summer?saved=1");
    const [after] = await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "summer"));
    expect(after).toMatchObject({ seasonStart: "05-01", seasonEnd: "10-31" });
    expect(after.name.da).toBe("Sommer: elcykler og mere");
    const served = await db().select().from(schema.shopStorefronts).where(eq(schema.shopStorefronts.appId, "summer"));
    expect(served.map((s) => s.shopId)).toEqual([ciaslin.id]);
    const [entry] = (await auditOf("app", "summer")).reverse();
    expect(entry.action).toBe("update");
    expect(entry.userId).toBe(adminId);
    expect((entry.before as { shopIds: number[] }).shopIds).toEqual([ciaslin.id, runcadoz.id].sort((a, b) => a - b));
    expect((entry.after as { shopIds: number[] }).shopIds).toEqual([ciaslin.id]);
    const page = await get("/admin/app/summer?saved=1");
    expect(page.text).toContain(message("admin.form.saved"));
    expect(page.text).toContain('data-audit="update"');
    expect(page.text).toContain('href="/admin/category/ebike-fully"');
    // Put the demo data back as it was.
    const restored = await post("/admin/app/summer", fields(["15", "5", "15", "10"], before.name.da, [ciaslin.id, runcadoz.id]));
    expect(restored.status).toBe(302);
    expect((await db().select().from(schema.shopStorefronts).where(eq(schema.shopStorefronts.appId, "summer"))).length).toBe(2);
  });

  it("refuses to delete an app with categories, items or orders and suggests disabling it", async () => {
    const page = await get("/admin/app/winter");
    expect(page.text).toContain(message("admin.apps.disableInstead"));
    const response = await post("/admin/app/winter", { intent: "delete" });
    expect(response.status).toBe(400);
    expect(response.text).toContain(message("admin.apps.deleteRefused"));
    expect(await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "winter"))).toHaveLength(1);
  });

  it("says plainly that no new kind of app can be created while both exist", async () => {
    const page = await get("/admin/app/create");
    expect(page.status).toBe(200);
    expect(page.text).toContain(message("admin.apps.allExist"));
    expect(page.text).toContain(message("admin.apps.needsDeveloper"));
    expect(page.text).not.toContain('name="seasonStart.day"');
    const response = await post("/admin/app/create", {
      id: "winter",
      "name.en": "Winter again",
      "description.en": "Again.",
      "seasonStart.day": "1",
      "seasonStart.month": "12",
      "seasonEnd.day": "1",
      "seasonEnd.month": "4",
      sort: "1",
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain(message("admin.apps.allExist"));
    const [winter] = await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "winter"));
    expect(winter.name.en).not.toBe("Winter again");
  });
});

describe(`branches on ${testDbKind}`, () => {
  const slug = `test-branch-${unique()}`;

  it("refuses a new branch with bad fields, each message beside its field, in the page's language", async () => {
    const response = await post(
      "/it/admin/shop/create",
      shopForm({ slug: "ciaslin", latitude: "146.5", longitude: "east", phone: "call us", country: "Italia", name: "" }),
    );
    expect(response.status).toBe(400);
    for (const key of [
      "admin.shops.errors.latitude",
      "admin.shops.errors.longitude",
      "admin.shops.errors.phone",
      "admin.shops.errors.country",
    ])
      expect(response.text, key).toContain(message(key, it_));
    expect(response.text).toContain(message("admin.errors.required", it_));
    expect(response.text).toContain('value="146.5"');
    expect(response.text).toContain('value="Strada Test 1"');
    // The slug is checked by the database once the fields are right.
    const taken = await post("/admin/shop/create", shopForm({ slug: "ciaslin" }));
    expect(taken.status).toBe(400);
    expect(taken.text).toContain(message("admin.shops.errors.slugTaken"));
    expect((await db().select().from(schema.shops).where(eq(schema.shops.slug, "ciaslin"))).length).toBe(1);
  });

  it("creates a branch and edits it; both are in its audit trail", async () => {
    const created = await post("/admin/shop/create", shopForm({ slug }));
    expect(created.status).toBe(302);
    const row = await shopBySlug(slug);
    expect(created.location).toBe(`/admin/shop/${row.id}?saved=1`);
    expect(row).toMatchObject({ latitude: "46.550000", longitude: "11.800000", active: true, country: "IT" });
    expect(row.description).toEqual({ en: "A branch for the tests.", de: "Eine Filiale für die Tests." });
    expect((await db().select().from(schema.shopStorefronts).where(eq(schema.shopStorefronts.shopId, row.id))).map((r) => r.appId)).toEqual(
      ["summer"],
    );

    const edited = await post(`/admin/shop/${row.id}`, shopForm({ name: "Dolomiti Rent Testëi", "appIds[]": ["winter", "summer"] }));
    expect(edited.status).toBe(302);
    const after = await shopBySlug(slug);
    expect(after.name).toBe("Dolomiti Rent Testëi");
    expect((await db().select().from(schema.shopStorefronts).where(eq(schema.shopStorefronts.shopId, row.id))).length).toBe(2);
    expect((await auditOf("shop", row.id)).map((e) => e.action)).toEqual(["create", "update"]);
    const page = await get(`/admin/shop/${row.id}`);
    expect(page.text).toContain(message("admin.shops.hoursOf", en, { season: "Winter" }));
    expect(page.text).toContain(message("admin.shops.hoursOf", en, { season: "Summer" }));
  });

  it("refuses opening hours that overlap or end before they start, keeping what was typed", async () => {
    const row = await shopBySlug(slug);
    const response = await post(`/admin/shop/${row.id}`, {
      intent: "hours",
      appId: "summer",
      "hours.1": "09:00-12:30, 12:00-18:00",
      "hours.2": "18:00-09:00",
      "hours.3": "whenever",
      "hours.4": "09:00-18:00",
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain(message("admin.shops.errors.slotOverlap"));
    expect(response.text).toContain(message("admin.shops.errors.slotOrder"));
    expect(response.text).toContain(message("admin.shops.errors.slotFormat"));
    expect(response.text).toContain('value="09:00-12:30, 12:00-18:00"');
    expect(response.text).toMatch(/id="hours-summer-1"[^>]*aria-invalid="true"/);
    expect(await db().select().from(schema.shopHours).where(eq(schema.shopHours.shopId, row.id))).toHaveLength(0);
  });

  it("saves a week with a lunch break; the public shop page shows it", async () => {
    const row = await shopBySlug(slug);
    const saved = await post(`/admin/shop/${row.id}`, {
      intent: "hours",
      appId: "summer",
      "hours.1": "",
      "hours.2": "9-12, 13:00 - 17:00",
      "hours.6": "08:30–18:00",
    });
    expect(saved.status).toBe(302);
    const hours = await db()
      .select()
      .from(schema.shopHours)
      .where(eq(schema.shopHours.shopId, row.id))
      .orderBy(schema.shopHours.weekday, schema.shopHours.opens);
    expect(hours.map((h) => [h.appId, h.weekday, h.opens, h.closes])).toEqual([
      ["summer", 2, "09:00:00", "12:00:00"],
      ["summer", 2, "13:00:00", "17:00:00"],
      ["summer", 6, "08:30:00", "18:00:00"],
    ]);
    const editor = await get(`/admin/shop/${row.id}`);
    expect(editor.text).toContain('value="09:00–12:00, 13:00–17:00"');
    const publicPage = await get(`/shop/${slug}`, "");
    expect(publicPage.status).toBe(200);
    expect(publicPage.text).toContain("09:00–12:00, 13:00–17:00");
    const [entry] = (await auditOf("shop", row.id)).reverse();
    expect(entry.action).toBe("hours");
    expect((entry.after as Record<string, string>)["hours.summer.2"]).toBe("09:00–12:00, 13:00–17:00");
    // Hours of a storefront the branch does not serve are refused.
    await post(`/admin/shop/${row.id}`, shopForm({ "appIds[]": ["summer"] }));
    const notServed = await post(`/admin/shop/${row.id}`, { intent: "hours", appId: "winter", "hours.1": "08:00-18:00" });
    expect(notServed.status).toBe(400);
    expect(notServed.text).toContain(message("admin.shops.errors.notServed"));
  });

  it("closes the branch on a day with a reason and opens it again; the public page follows", async () => {
    const row = await shopBySlug(slug);
    const past = await post(`/admin/shop/${row.id}`, { intent: "closeDay", day: "2020-01-01", "reason.en": "Too late" });
    expect(past.status).toBe(400);
    expect(past.text).toContain(message("admin.shops.errors.pastDay"));
    expect(past.text).toContain('value="Too late"');
    const bad = await post(`/admin/shop/${row.id}`, { intent: "closeDay", day: "2031-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(message("admin.errors.date"));

    const closed = await post(`/admin/shop/${row.id}`, {
      intent: "closeDay",
      day: "2031-03-04",
      "reason.en": "Staff outing",
      "reason.it": "Gita aziendale",
    });
    expect(closed.status).toBe(302);
    const [day] = await db().select().from(schema.shopClosedDays).where(eq(schema.shopClosedDays.shopId, row.id));
    expect(day).toMatchObject({ day: "2031-03-04", reason: { en: "Staff outing", it: "Gita aziendale" } });
    expect((await get(`/shop/${slug}`, "")).text).toContain("Staff outing");
    expect((await get(`/it/shop/${slug}`, "")).text).toContain("Gita aziendale");
    expect((await get(`/admin/shop/${row.id}`)).text).toContain("Staff outing");

    const reopened = await post(`/admin/shop/${row.id}`, { intent: "reopenDay", day: "2031-03-04" });
    expect(reopened.status).toBe(302);
    expect(await db().select().from(schema.shopClosedDays).where(eq(schema.shopClosedDays.shopId, row.id))).toHaveLength(0);
    expect((await get(`/shop/${slug}`, "")).text).not.toContain("Staff outing");
    const again = await post(`/admin/shop/${row.id}`, { intent: "reopenDay", day: "2031-03-04" });
    expect(again.status).toBe(400);
    expect(again.text).toContain(message("admin.shops.errors.notClosed"));
    expect((await auditOf("shop", row.id)).map((e) => e.action).slice(-2)).toEqual(["closeDay", "reopenDay"]);
  });

  it("closing a day with bookings says how many customers to call", async () => {
    const ciaslin = await shopBySlug("ciaslin");
    const order = await insertOrder({ shopId: ciaslin.id, pickup: "2031-01-20T10:00:00+01:00" });
    const result = await closeShopDay(adminId, ciaslin.id, "2031-01-20", { en: "Inventory" }, "2030-12-01");
    expect(result).toEqual({ ok: true, value: { affected: 1 } });
    const response = await post(`/admin/shop/${ciaslin.id}`, { intent: "closeDay", day: "2031-01-22" });
    expect(response.location).toBe(`/admin/shop/${ciaslin.id}?saved=1&affected=1`);
    expect((await get(response.location as string)).text).toContain(message("admin.shops.affectedBookings_one"));
    for (const day of ["2031-01-20", "2031-01-22"]) await post(`/admin/shop/${ciaslin.id}`, { intent: "reopenDay", day });
    await db().delete(schema.orders).where(eq(schema.orders.id, order.id));
  });

  it("refuses to delete a branch with units or orders and offers deactivating; deletes an unused one", async () => {
    const ciaslin = await shopBySlug("ciaslin");
    const page = await get(`/admin/shop/${ciaslin.id}`);
    expect(page.text).toContain(message("admin.shops.deactivateInstead"));
    const refused = await post(`/admin/shop/${ciaslin.id}`, { intent: "delete" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(message("admin.shops.deleteRefused"));
    expect(await shopBySlug("ciaslin")).toBeDefined();

    const row = await shopBySlug(slug);
    const deleted = await post(`/admin/shop/${row.id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/shops?deleted=1");
    expect(await shopBySlug(slug)).toBeUndefined();
    expect(await db().select().from(schema.shopHours).where(eq(schema.shopHours.shopId, row.id))).toHaveLength(0);
    expect((await auditOf("shop", row.id)).at(-1)?.action).toBe("delete");
    expect((await get(`/admin/shop/${row.id}`)).status).toBe(404);
    expect((await get(`/shop/${slug}`, "")).status).toBe(404);
  });

  it("lists branches with search, the storefront filter and sorting", async () => {
    const runcadoz = await get("/admin/shops?q=runca");
    expect(runcadoz.text).toContain("Dolomiti Rent Runcadoz");
    expect(runcadoz.text).not.toContain("Dolomiti Rent Ciaslin");
    const summer = await get("/admin/shops?app=summer&sort=name&dir=desc");
    expect(summer.text).not.toContain("Plan da Sëra");
    expect(summer.text.indexOf("Runcadoz")).toBeLessThan(summer.text.indexOf("Ciaslin"));
    // Counts are each branch's own.
    const page = await listShops({ sort: "sort", dir: "asc", page: 1 });
    for (const row of page.rows) {
      const units = await db().select().from(schema.units).where(eq(schema.units.shopId, row.shop.id));
      expect(row.units, row.shop.slug).toBe(units.length);
    }
    expect(page.rows.find((r) => r.shop.slug === "plan-da-sera")?.appIds).toEqual(["winter"]);
  });
});

describe(`coupons on ${testDbKind}`, () => {
  it("creates a coupon, upper-casing the code; a code taken (in any case) is refused", async () => {
    const code = `spring-${unique()}`;
    const created = await post(
      "/admin/coupon/create",
      couponForm({ code, kind: "fixed", value: "12,50", minOrder: "80", maxUses: "20", "appIds[]": ["winter"], public: "on" }),
    );
    expect(created.status).toBe(302);
    const [row] = await db().select().from(schema.coupons).where(eq(schema.coupons.code, code.toUpperCase()));
    expect(created.location).toBe(`/admin/coupon/${row.id}?saved=1`);
    expect(row).toMatchObject({
      kind: "fixed",
      value: 1250,
      minOrderCents: 8000,
      maxUses: 20,
      appIds: ["winter"],
      public: true,
      usedCount: 0,
    });
    expect((await get(`/coupon/${code.toUpperCase()}`, "")).status).toBe(200);
    expect((await auditOf("coupon", row.id)).map((e) => e.action)).toEqual(["create"]);

    const taken = await post("/admin/coupon/create", couponForm({ code: "welcome10" }));
    expect(taken.status).toBe(400);
    expect(taken.text).toContain(message("admin.coupons.errors.codeTaken"));
    expect(taken.text).toContain('value="welcome10"');
    // The same answer from the server function when the database's unique index is the one to say it.
    expect(await createCoupon(adminId, { ...(await couponInput()), code: "FAMILY25" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { code: "admin.coupons.errors.codeTaken" },
    });
  });

  it("refuses values that break the pricing rules, with a message beside each field", async () => {
    const response = await post(
      "/admin/coupon/create",
      couponForm({
        code: "NO WAY",
        value: "150",
        validFrom: "2031-05-01",
        validUntil: "2031-04-01",
        maxUses: "5",
        maxUsesPerCustomer: "6",
        "appIds[]": ["winter"],
        "categoryIds[]": ["ebike-fully"],
      }),
    );
    expect(response.status).toBe(400);
    for (const key of [
      "admin.coupons.errors.code",
      "admin.coupons.errors.percent",
      "admin.coupons.errors.window",
      "admin.coupons.errors.perCustomerAboveTotal",
    ])
      expect(response.text, key).toContain(message(key));
    // The scope is checked against the categories once the rest is right.
    const scope = await post("/admin/coupon/create", couponForm({ "appIds[]": ["winter"], "categoryIds[]": ["ebike-fully"] }));
    expect(scope.status).toBe(400);
    expect(scope.text).toContain(message("admin.coupons.errors.scope"));
    const unknown = await post("/admin/coupon/create", couponForm({ "categoryIds[]": ["no-such-category"] }));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(message("admin.errors.choose"));
  });

  it("shows the orders that used a coupon, keeps a used coupon's code and its limit above the uses, and refuses deleting it", async () => {
    const code = `USED-${unique().toUpperCase()}`;
    const result = await createCoupon(adminId, { ...(await couponInput()), code, maxUses: 10 });
    if (!result.ok) throw new Error("not created");
    const created = result.value;
    const ciaslin = await shopBySlug("ciaslin");
    const orders = [
      await insertOrder({ shopId: ciaslin.id, couponId: created.id }),
      await insertOrder({ shopId: ciaslin.id, couponId: created.id }),
    ];
    await db()
      .insert(schema.couponRedemptions)
      .values(orders.map((o) => ({ couponId: created.id, orderId: o.id, email: o.email })));
    await db().update(schema.coupons).set({ usedCount: 2 }).where(eq(schema.coupons.id, created.id));

    const page = await get(`/admin/coupon/${created.id}`);
    for (const order of orders) {
      expect(page.text).toContain(order.number);
      expect(page.text).toContain(`href="/admin/order/${order.id}"`);
    }
    expect(page.text).toContain(message("admin.coupons.deleteBlocked_other", en, { count: 2 }));

    const form = couponForm({ code, value: "15", maxUses: "1" });
    const refused = await post(`/admin/coupon/${created.id}`, { ...form, code: `${code}-X` });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(message("admin.coupons.errors.codeLocked"));
    expect(refused.text).toContain(message("admin.coupons.errors.maxUsesBelowUsed"));
    const { active: _active, ...inactive } = form;
    const saved = await post(`/admin/coupon/${created.id}`, { ...inactive, maxUses: "2" });
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(schema.coupons).where(eq(schema.coupons.id, created.id));
    expect(row).toMatchObject({ maxUses: 2, usedCount: 2, active: false });
    expect((await get(`/admin/coupon/${created.id}`)).text).toMatch(new RegExp(`${message("admin.coupons.usesLeft")}</dt><dd[^>]*>0<`));

    const deleted = await post(`/admin/coupon/${created.id}`, { intent: "delete" });
    expect(deleted.status).toBe(400);
    expect(deleted.text).toContain(message("admin.coupons.deleteRefused"));
    expect(await db().select().from(schema.coupons).where(eq(schema.coupons.id, created.id))).toHaveLength(1);
    // A use given back (order cancelled) still leaves the order pointing at the coupon: still kept.
    await db().delete(schema.couponRedemptions).where(eq(schema.couponRedemptions.couponId, created.id));
    await db().update(schema.coupons).set({ usedCount: 0 }).where(eq(schema.coupons.id, created.id));
    expect((await post(`/admin/coupon/${created.id}`, { intent: "delete" })).status).toBe(400);
    await db()
      .delete(schema.orders)
      .where(
        inArray(
          schema.orders.id,
          orders.map((o) => o.id),
        ),
      );
  });

  it("the database's use limit stays the last word: the server function refuses a limit below the uses", async () => {
    const result = await createCoupon(adminId, { ...(await couponInput()), code: `LIMIT-${unique().toUpperCase()}`, maxUses: 5 });
    if (!result.ok) throw new Error("not created");
    const created = result.value;
    await db().update(schema.coupons).set({ usedCount: 4 }).where(eq(schema.coupons.id, created.id));
    const input = { ...(await couponInput()), maxUses: 3 };
    const [current] = await db().select().from(schema.coupons).where(eq(schema.coupons.id, created.id));
    expect(await updateCoupon(adminId, created.id, { ...input, code: current.code })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { maxUses: "admin.coupons.errors.maxUsesBelowUsed" },
    });
    expect(await updateCoupon(adminId, created.id, { ...input, code: current.code, maxUses: 4 })).toEqual({ ok: true, value: undefined });
  });

  it("deletes a coupon never used, and lists coupons with search and filters", async () => {
    const code = `GONE-${unique().toUpperCase()}`;
    await post("/admin/coupon/create", couponForm({ code }));
    const [row] = await db().select().from(schema.coupons).where(eq(schema.coupons.code, code));
    expect((await get("/admin/coupons?q=gone-")).text).toContain(code);
    expect((await get("/admin/coupons?kind=fixed&q=gone-")).text).toContain(message("admin.list.noMatch"));
    const deleted = await post(`/admin/coupon/${row.id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/coupons?deleted=1");
    expect(await db().select().from(schema.coupons).where(eq(schema.coupons.id, row.id))).toHaveLength(0);
    expect((await auditOf("coupon", row.id)).map((e) => e.action)).toEqual(["create", "delete"]);
    const publicList = await get("/admin/coupons?public=yes&sort=code");
    expect(publicList.text.indexOf("FAMILY25")).toBeLessThan(publicList.text.indexOf("WELCOME10"));
  });
});

/** A valid coupon input for the server functions. */
async function couponInput() {
  const { couponSchema } = await import("../../app/domain/admin/coupon");
  return couponSchema.parse({ code: "X-INPUT", kind: "percent", value: "10", description: { en: "Ten." }, active: "on" });
}

describe(`users on ${testDbKind}`, () => {
  it("lists users with search by name or e-mail and filters by role and active", async () => {
    const search = await get("/admin/users?q=clerk");
    expect(search.text).toContain(people.staff.email);
    expect(search.text).not.toContain(people.customer.email);
    const byName = await get("/admin/users?q=test%20customer");
    expect(byName.text).toContain(people.customer.email);
    const admins = await get("/admin/users?role=admin");
    expect(admins.text).toContain(ADMIN.email);
    expect(admins.text).not.toContain(people.staff.email);
    expect((await get("/admin/users?active=no")).text).toContain(message("admin.list.noMatch"));
    // No create page for users.
    expect((await get("/admin/user/create")).status).toBe(404);
  });

  it("makes a customer staff at two branches (not without one), then a customer again; the audit trail has it", async () => {
    const [ciaslin, runcadoz] = await Promise.all([shopBySlug("ciaslin"), shopBySlug("runcadoz")]);
    const path = `/admin/user/${people.customer.id}`;
    const page = await get(path);
    expect(page.text).toContain(message("admin.users.noDelete"));
    const without = await post(path, { intent: "save", role: "staff" });
    expect(without.status).toBe(400);
    expect(without.text).toContain(message("admin.users.errors.staffShops"));

    const saved = await post(path, { intent: "save", role: "staff", "shopIds[]": [String(ciaslin.id), String(runcadoz.id)] });
    expect(saved.status).toBe(302);
    const branches = await db().select().from(schema.userShops).where(eq(schema.userShops.userId, people.customer.id));
    expect(branches.map((b) => b.shopId).sort()).toEqual([ciaslin.id, runcadoz.id].sort());
    // The new role counts at once, on the session the user already has.
    expect((await get("/admin", people.customer.cookie)).status).toBe(200);
    expect((await get("/admin/users", people.customer.cookie)).status).toBe(403);

    await post(path, { intent: "save", role: "customer", "shopIds[]": [String(ciaslin.id)] });
    const [user] = await db().select().from(schema.users).where(eq(schema.users.id, people.customer.id));
    expect(user.role).toBe("customer");
    expect(await db().select().from(schema.userShops).where(eq(schema.userShops.userId, people.customer.id))).toHaveLength(0);
    expect((await get("/admin", people.customer.cookie)).status).toBe(403);
    const trail = await auditOf("user", people.customer.id);
    expect(trail.map((e) => [e.action, (e.after as { role: string }).role])).toEqual([
      ["update", "staff"],
      ["update", "customer"],
    ]);
  });

  it("an admin cannot demote or deactivate themselves", async () => {
    const path = `/admin/user/${adminId}`;
    const page = await get(path);
    expect(page.text).toContain(message("admin.users.selfNote"));
    expect(page.text).not.toContain('value="deactivate"');
    const demote = await post(path, { intent: "save", role: "staff", "shopIds[]": ["1"] });
    expect(demote.status).toBe(400);
    expect(demote.text).toContain(message("admin.users.errors.selfDemote"));
    const deactivate = await post(path, { intent: "deactivate" });
    expect(deactivate.status).toBe(400);
    expect(deactivate.text).toContain(message("admin.users.errors.selfDeactivate"));
    const [me] = await db().select().from(schema.users).where(eq(schema.users.id, adminId));
    expect(me).toMatchObject({ role: "admin", active: true });
  });

  it("the last active admin can be neither demoted nor deactivated; with a second admin it can", async () => {
    const someone = people.staff.id;
    expect(await updateUser(someone, adminId, { role: "customer", shopIds: [] })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { role: "admin.users.errors.lastAdmin" },
    });
    expect(await setUserActive(someone, adminId, false)).toEqual({
      ok: false,
      reason: "invalid",
      errors: { form: "admin.users.errors.lastAdmin" },
    });

    // With a second admin (made over HTTP) there is someone left: the first may demote it again.
    const second = { email: `second-${unique()}@test.example`, password: "second admin password" };
    const [row] = await db()
      .insert(schema.users)
      .values({ email: second.email, passwordHash: await hashPassword(second.password) })
      .returning();
    expect((await post(`/admin/user/${row.id}`, { intent: "save", role: "admin" })).status).toBe(302);
    const demoted = await post(`/admin/user/${row.id}`, { intent: "save", role: "customer" });
    expect(demoted.status).toBe(302);
    const [after] = await db().select().from(schema.users).where(eq(schema.users.id, row.id));
    expect(after.role).toBe("customer");
  });

  it("deactivating ends every session of the user at once; reactivating lets them sign in again", async () => {
    const clerk = people.staff;
    const second = await shop.login(clerk.email, clerk.password);
    expect((await get("/admin", clerk.cookie)).status).toBe(200);
    expect((await get("/admin", second)).status).toBe(200);
    const before = await db().select().from(schema.sessions).where(eq(schema.sessions.userId, clerk.id));
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect((await get(`/admin/user/${clerk.id}`)).text).toContain(message("admin.users.isActive_other", en, { count: before.length }));

    const response = await post(`/admin/user/${clerk.id}`, { intent: "deactivate" });
    expect(response.status).toBe(302);
    expect(await db().select().from(schema.sessions).where(eq(schema.sessions.userId, clerk.id))).toHaveLength(0);
    for (const cookie of [clerk.cookie, second]) {
      const old = await get("/admin", cookie);
      expect(old.status).toBe(302);
      expect(old.location).toContain("/login?next=");
    }
    await expect(shop.login(clerk.email, clerk.password)).rejects.toThrow(/login failed: 400/);
    expect((await get(`/admin/user/${clerk.id}`)).text).toContain(message("admin.users.isInactive"));
    expect((await get("/admin/users?active=no")).text).toContain(clerk.email);

    expect((await post(`/admin/user/${clerk.id}`, { intent: "reactivate" })).status).toBe(302);
    clerk.cookie = await shop.login(clerk.email, clerk.password);
    expect((await get("/admin", clerk.cookie)).status).toBe(200);
    const trail = (await auditOf("user", clerk.id)).map((e) => e.action);
    expect(trail.slice(-2)).toEqual(["deactivate", "reactivate"]);
  });

  it("lists the user's orders with links to them", async () => {
    const ciaslin = await shopBySlug("ciaslin");
    const order = await insertOrder({ shopId: ciaslin.id, userId: people.customer.id });
    const page = await get(`/admin/user/${people.customer.id}`);
    expect(page.text).toContain(order.number);
    expect(page.text).toContain(`href="/admin/order/${order.id}"`);
    const list = await listUsers({ q: people.customer.email, sort: "email", dir: "asc", page: 1 });
    expect(list.rows.map((r) => [r.email, r.orders])).toEqual([[people.customer.email, 1]]);
    expect(list.rows[0]).not.toHaveProperty("passwordHash");
    await db().delete(schema.orders).where(eq(schema.orders.id, order.id));
  });
});

// Last: it empties the summer storefront to show that a storefront with nothing in it can go and come back.
describe(`deleting and creating an app on ${testDbKind}`, () => {
  it("deletes an app without categories, items, packages or orders, then creates it again with its branches", async () => {
    const summerItems = db().select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.appId, "summer"));
    await db().delete(schema.bagLines).where(inArray(schema.bagLines.itemId, summerItems));
    // Its packages go with its items (their pieces are summer items).
    await db().delete(schema.packages).where(eq(schema.packages.appId, "summer"));
    await db().delete(schema.items).where(eq(schema.items.appId, "summer"));
    await db().delete(schema.categories).where(eq(schema.categories.appId, "summer"));
    expect(await deleteStorefront(adminId, "summer")).toEqual({ ok: true, value: undefined });
    expect(await db().select().from(schema.shopHours).where(eq(schema.shopHours.appId, "summer"))).toHaveLength(0);
    expect((await auditOf("app", "summer")).at(-1)?.action).toBe("delete");

    const page = await get("/admin/app/create");
    expect(page.text).toContain('name="seasonStart.day"');
    expect(page.text).toContain('<option value="summer"');
    expect(page.text).not.toContain('<option value="winter"');
    const ciaslin = await shopBySlug("ciaslin");
    const created = await post("/admin/app/create", {
      id: "summer",
      "name.en": "Summer: e-bikes",
      "description.en": "E-bikes for the passes.",
      "seasonStart.day": "15",
      "seasonStart.month": "5",
      "seasonEnd.day": "15",
      "seasonEnd.month": "10",
      sort: "2",
      enabled: "on",
      "shopIds[]": [String(ciaslin.id)],
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/app/summer?saved=1");
    const [storefront] = await db().select().from(schema.storefronts).where(eq(schema.storefronts.id, "summer"));
    expect(storefront).toMatchObject({ seasonStart: "05-15", seasonEnd: "10-15", enabled: true });
    expect(
      (await db().select().from(schema.shopStorefronts).where(eq(schema.shopStorefronts.appId, "summer"))).map((s) => s.shopId),
    ).toEqual([ciaslin.id]);
    expect((await get("/admin/app/create")).text).toContain(message("admin.apps.allExist"));
  });
});
