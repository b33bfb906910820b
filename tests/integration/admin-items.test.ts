/**
 * The item screens of the back office (issue 5): the server functions and the real HTTP stack. Admins
 * create, change and delete items, their prices, surcharges, pictures and units; staff see items and
 * manage the units of their own branches only. Pictures are real images made with sharp here.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePictureName, pictureFiles, pictureVariants } from "../../app/domain/pictures";
import { addUnits, itemCalendar } from "../../app/server/admin/item-units.server";
import { listItems } from "../../app/server/admin/items.server";
import type { BackOfficeUser } from "../../app/server/auth/back-office.server";
import { hashPassword } from "../../app/server/auth/password.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { ADMIN, startTestServer } from "../helpers/http";

let server: Awaited<ReturnType<typeof startTestServer>>;
let db: Db;
let shops: Record<string, number>;
let adminCookie: string;
let staffCookie: string;
let admin: BackOfficeUser;
let staff: BackOfficeUser;
const STAFF = { email: "clerk@test.example", password: "a long clerk password" };

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  shops = await shopIds(db);
  const [adminRow] = await db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
  const [staffRow] = await db
    .insert(schema.users)
    .values({ email: STAFF.email, name: "Clerk", role: "staff", passwordHash: await hashPassword(STAFF.password) })
    .returning();
  // The clerk works at Runcadoz only.
  await db.insert(schema.userShops).values({ userId: staffRow.id, shopId: shops.runcadoz });
  admin = { ...adminRow, role: "admin", shopIds: null } as unknown as BackOfficeUser;
  staff = { ...staffRow, role: "staff", shopIds: [shops.runcadoz] } as unknown as BackOfficeUser;
  adminCookie = await server.login();
  staffCookie = await server.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await server?.close();
});

const text = (name: string, value: string) =>
  Object.fromEntries(["en", "de", "it", "nl", "be", "da"].map((l) => [`${name}.${l}`, l === "en" ? value : ""]));

const post = (path: string, values: Record<string, string | string[]> | FormData, cookie = adminCookie) =>
  server.post(path, values, cookie);

const get = (path: string, cookie = adminCookie) => server.request(path, { headers: { Cookie: cookie } });

async function itemBySlug(slug: string) {
  const [item] = await db.select().from(schema.items).where(eq(schema.items.slug, slug));
  return item;
}

const newItem = (slug: string, overrides: Record<string, string> = {}) => ({
  slug,
  appId: "winter",
  categoryId: "ski-snowboard",
  ...text("name", `Test ski ${slug}`),
  ...text("description", ""),
  sizes: "150, 160\n170",
  sizing: "ski",
  level: "intermediate",
  maxHeightCm: "",
  maxShoeSize: "",
  vatRate: "22",
  price: "",
  deposit: "",
  active: "on",
  sort: "5",
  ...overrides,
});

/** Creates an item through the create form, as an admin, and returns its row. */
async function createItemOverHttp(slug: string, overrides: Record<string, string> = {}) {
  const response = await post("/admin/item/create", newItem(slug, overrides));
  expect(response.status, await response.clone().text()).toBe(302);
  const item = await itemBySlug(slug);
  expect(response.headers.get("location")).toBe(`/admin/item/${item.id}?saved=1`);
  return item;
}

async function auditActions(itemId: number) {
  const rows = await db
    .select({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, "item"), eq(schema.auditLog.entityId, String(itemId))));
  return rows.map((r) => r.action);
}

describe(`item list on ${testDbKind}`, () => {
  it("searches names in every language and slugs, filters, sorts and counts units", async () => {
    const locale = "en" as const;
    const base = { sort: "category", dir: "asc", page: 1 } as const;
    const german = await listItems({ ...base, q: "Kinderski" }, { shopIds: null, locale });
    expect(german.rows.map((r) => r.slug)).toContain("ski-junior-easy");
    const bySlug = await listItems({ ...base, q: "ebike-junior" }, { shopIds: null, locale });
    expect(bySlug.rows.map((r) => r.slug).sort()).toEqual(["ebike-junior-24", "ebike-junior-26"]);
    // The JSON keys of the names ("en", "de") are not text to search.
    expect((await listItems({ ...base, q: '"en"' }, { shopIds: null, locale })).total).toBe(0);

    const sale = await listItems({ ...base, kind: "sale", app: "summer" }, { shopIds: null, locale });
    expect(sale.rows.length).toBeGreaterThan(0);
    expect(sale.rows.every((r) => r.kind === "sale" && r.appId === "summer")).toBe(true);
    const depot = await listItems({ ...base, category: "depot", active: "yes" }, { shopIds: null, locale });
    expect(depot.rows.every((r) => r.kind === "depot" && r.active)).toBe(true);

    const byPrice = await listItems({ ...base, sort: "price", dir: "desc" }, { shopIds: null, locale });
    const prices = byPrice.rows.map((r) => r.price).filter((p): p is number => p !== null);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byName = await listItems({ ...base, sort: "name", dir: "asc" }, { shopIds: null, locale: "de" });
    const names = byName.rows.map((r) => r.name.de ?? r.name.en);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const everywhere = await listItems({ ...base, q: "ski-easy-carve" }, { shopIds: null, locale });
    const mine = await listItems({ ...base, q: "ski-easy-carve" }, { shopIds: [shops.runcadoz], locale });
    const [{ all, atRuncadoz }] = await Promise.all([
      db
        .select()
        .from(schema.units)
        .innerJoin(schema.items, eq(schema.items.id, schema.units.itemId))
        .where(eq(schema.items.slug, "ski-easy-carve"))
        .then((rows) => ({
          all: rows.filter((r) => r.units.status !== "retired").length,
          atRuncadoz: rows.filter((r) => r.units.status !== "retired" && r.units.shopId === shops.runcadoz).length,
        })),
    ]);
    expect(everywhere.rows[0].units).toBe(all);
    expect(mine.rows[0].units).toBe(atRuncadoz);
    expect(atRuncadoz).toBeLessThan(all);
  });

  it("serves the list to staff and admins with search and filters in the URL", async () => {
    const response = await get("/de/admin/items?q=Kinderski&kind=rental&sort=price&dir=desc");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Kinderski Easy");
    expect(html).not.toContain("Ski Race Pro");
    expect((await get("/admin/items?q=nothing-like-this")).status).toBe(200);
    const forStaff = await (await get("/admin/items", staffCookie)).text();
    expect(forStaff).toContain("Units (your branches)");
    expect(forStaff).not.toContain('href="/admin/item/create"');
  });
});

describe("creating and changing an item", () => {
  it("creates an item and shows it; bad input comes back with a message per field and the values kept", async () => {
    const refused = await post("/admin/item/create", newItem("Bad Slug!", { ...text("name", ""), vatRate: "150", sizes: "S, S" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Use only lower-case letters, digits and single dashes.");
    expect(html).toContain("Enter a VAT rate between 0 and 100, e.g. 22.");
    expect(html).toContain("Each size may appear only once.");
    expect(html).toContain('value="Bad Slug!"');

    const otherSeason = await post("/admin/item/create", newItem("wrong-season", { appId: "summer" }));
    expect(otherSeason.status).toBe(400);
    expect(await otherSeason.text()).toContain("This category belongs to the other season.");

    const noPrice = await post("/admin/item/create", newItem("socks-no-price", { categoryId: "clothing" }));
    expect(await noPrice.text()).toContain("Sale articles and services need a price.");

    const item = await createItemOverHttp("test-ski-create");
    expect(item).toMatchObject({ kind: "rental", appId: "winter", sizes: ["150", "160", "170"], vatRateBp: 2200, priceCents: null });
    expect(await auditActions(item.id)).toEqual(["create"]);
    const taken = await post("/admin/item/create", newItem("test-ski-create"));
    expect(await taken.text()).toContain("Another item already uses this slug.");

    const page = await get(`/it/admin/item/${item.id}?saved=1`);
    expect(page.status).toBe(200);
    const italian = await page.text();
    expect(italian).toContain("Salvato.");
    expect(italian).toContain("Listino prezzi");
  });

  it("edits an item; a sale article keeps its price; an item with orders keeps its kind", async () => {
    const item = await createItemOverHttp("test-ski-edit");
    const saved = await post(`/admin/item/${item.id}`, {
      ...newItem("ignored", { ...text("name", "Renamed ski"), "name.de": "Umbenannter Ski", local: "on", maxHeightCm: "190" }),
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/item/${item.id}?saved=1`);
    const after = await itemBySlug("test-ski-edit");
    expect(after).toMatchObject({
      name: { en: "Renamed ski", de: "Umbenannter Ski" },
      local: true,
      maxHeightCm: 190,
      slug: "test-ski-edit",
    });

    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(held.ok).toBe(true);
    const toSale = await post(`/admin/item/${ski.id}`, {
      ...newItem("ignored", { categoryId: "clothing", price: "10", sizes: "170" }),
      intent: "save",
    });
    expect(toSale.status).toBe(400);
    expect(await toSale.text()).toContain("This item has orders: it can only move to a category of the same kind and season.");
    const toHelmets = await post(`/admin/item/${ski.id}`, {
      ...newItem("ignored", { categoryId: "goggles-helmets", sizes: "170" }),
      intent: "save",
    });
    expect(toHelmets.status).toBe(302);
    expect((await db.select().from(schema.items).where(eq(schema.items.id, ski.id)))[0].categoryId).toBe("goggles-helmets");
  });

  it("keeps item changes to admins: staff see the item read-only and get 403 for a change", async () => {
    const item = await itemBySlug("ski-easy-carve");
    const page = await get(`/admin/item/${item.id}`, staffCookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("RU-SKI-");
    expect(html).not.toContain("CI-SKI-0001");
    expect(html).not.toContain('value="prices"');
    expect((await post(`/admin/item/${item.id}`, { ...newItem("x"), intent: "save" }, staffCookie)).status).toBe(403);
    expect((await post(`/admin/item/${item.id}`, { intent: "prices", "dayPrices[]": "1", extraDay: "1" }, staffCookie)).status).toBe(403);
    expect((await post(`/admin/item/${item.id}`, { intent: "delete" }, staffCookie)).status).toBe(403);
    expect((await post("/admin/item/create", newItem("staff-made"), staffCookie)).status).toBe(403);
    expect((await get("/admin/item/create", staffCookie)).status).toBe(403);
  });
});

describe("prices and surcharges", () => {
  it("saves a price table in euros as cents, refuses a cheaper longer rental, adds a day column without saving", async () => {
    const item = await createItemOverHttp("test-ski-prices");
    const ok = await post(`/admin/item/${item.id}`, { intent: "prices", "dayPrices[]": ["25", "48,50", "70"], extraDay: "18.5" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/admin/item/${item.id}?saved=prices#prices`);
    const [table] = await db.select().from(schema.priceTables).where(eq(schema.priceTables.itemId, item.id));
    expect(table).toMatchObject({ dayPrices: [2500, 4850, 7000], extraDayCents: 1850 });

    const cheaper = await post(`/admin/item/${item.id}`, { intent: "prices", "dayPrices[]": ["25", "20"], extraDay: "10" });
    expect(cheaper.status).toBe(400);
    expect(await cheaper.text()).toContain("Must not be less than the day before.");
    const [unchanged] = await db.select().from(schema.priceTables).where(eq(schema.priceTables.itemId, item.id));
    expect(unchanged.dayPrices).toEqual([2500, 4850, 7000]);

    const added = await post(`/admin/item/${item.id}`, { intent: "addDay", "dayPrices[]": ["25", "48,50"], extraDay: "18.5" });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('id="price-day-3"');
    expect(await auditActions(item.id)).toContain("prices");
  });

  it("adds, changes and deletes the item's seasonal surcharges", async () => {
    const item = await createItemOverHttp("test-ski-surcharge");
    const add = await post(`/admin/item/${item.id}`, {
      intent: "addSurcharge",
      ...text("snew.name", "Carnival"),
      "snew.name.de": "Fasching",
      "snew.startsOn": "2027-02-06",
      "snew.endsOn": "2027-02-14",
      "snew.percent": "12",
    });
    expect(add.status).toBe(302);
    const [surcharge] = await db.select().from(schema.priceSurcharges).where(eq(schema.priceSurcharges.itemId, item.id));
    expect(surcharge).toMatchObject({ appId: "winter", percent: 12, startsOn: "2027-02-06", name: { en: "Carnival", de: "Fasching" } });

    const wrong = await post(`/admin/item/${item.id}`, {
      intent: "saveSurcharge",
      surchargeId: String(surcharge.id),
      ...text(`s${surcharge.id}.name`, "Carnival"),
      [`s${surcharge.id}.startsOn`]: "2027-02-14",
      [`s${surcharge.id}.endsOn`]: "2027-02-01",
      [`s${surcharge.id}.percent`]: "12",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("The end must not be before the start.");

    const change = await post(`/admin/item/${item.id}`, {
      intent: "saveSurcharge",
      surchargeId: String(surcharge.id),
      ...text(`s${surcharge.id}.name`, "Carnival week"),
      [`s${surcharge.id}.startsOn`]: "2027-02-06",
      [`s${surcharge.id}.endsOn`]: "2027-02-13",
      [`s${surcharge.id}.percent`]: "20",
    });
    expect(change.status).toBe(302);
    const [changed] = await db.select().from(schema.priceSurcharges).where(eq(schema.priceSurcharges.id, surcharge.id));
    expect(changed).toMatchObject({ percent: 20, endsOn: "2027-02-13", name: { en: "Carnival week" } });

    // A storefront-wide surcharge is not this item's to change.
    const [storefront] = await db.select().from(schema.priceSurcharges).where(eq(schema.priceSurcharges.appId, "winter")).limit(1);
    expect(storefront.itemId).toBeNull();
    expect((await post(`/admin/item/${item.id}`, { intent: "deleteSurcharge", surchargeId: String(storefront.id) })).status).toBe(404);

    expect((await post(`/admin/item/${item.id}`, { intent: "deleteSurcharge", surchargeId: String(surcharge.id) })).status).toBe(302);
    expect(await db.select().from(schema.priceSurcharges).where(eq(schema.priceSurcharges.itemId, item.id))).toEqual([]);
    expect(await auditActions(item.id)).toEqual(expect.arrayContaining(["surchargeAdd", "surchargeChange", "surchargeDelete"]));
  });
});

describe("units", () => {
  it("generates codes with the branch's prefix, numbered on, and refuses a typed code in use", async () => {
    const item = await createItemOverHttp("test-ski-units");
    const added = await post(`/admin/item/${item.id}`, {
      intent: "addUnits",
      shopId: String(shops.ciaslin),
      [`b${shops.ciaslin}.size`]: "160",
      [`b${shops.ciaslin}.count`]: "3",
      [`b${shops.ciaslin}.code`]: "",
    });
    expect(added.status).toBe(302);
    const codes = (await db.select().from(schema.units).where(eq(schema.units.itemId, item.id))).map((u) => u.code).sort();
    const existing = (await db.select().from(schema.units)).map((u) => u.code).filter((c) => /^CI-SKI-\d+$/.test(c));
    const highestBefore = Math.max(...existing.filter((c) => !codes.includes(c)).map((c) => Number(c.slice(7))));
    expect(codes).toEqual([1, 2, 3].map((n) => `CI-SKI-${String(highestBefore + n).padStart(4, "0")}`));
    expect(new Set(existing).size).toBe(existing.length);

    const typed = await post(`/admin/item/${item.id}`, {
      intent: "addUnits",
      shopId: String(shops.ciaslin),
      [`b${shops.ciaslin}.size`]: "160",
      [`b${shops.ciaslin}.count`]: "1",
      [`b${shops.ciaslin}.code`]: codes[0].toLowerCase(),
    });
    expect(typed.status).toBe(400);
    expect(await typed.text()).toContain("This code is already in use.");

    const wrongSize = await addUnits(admin, item.id, { shopId: shops.ciaslin, size: "999", count: 1, code: null });
    expect(wrongSize).toEqual({ ok: false, reason: "invalid", errors: { size: "admin.items.errors.unitSize" } });
    const summerOnly = await createItemOverHttp("test-ebike-units", {
      appId: "summer",
      categoryId: "ebike-fully",
      sizing: "ebike",
      sizes: "M",
    });
    const notServing = await addUnits(admin, summerOnly.id, { shopId: shops["plan-da-sera"], size: "M", count: 1, code: null });
    expect(notServing).toEqual({ ok: false, reason: "invalid", errors: { shopId: "admin.items.errors.unitBranch" } });
    const typedOk = await addUnits(admin, item.id, { shopId: shops.runcadoz, size: "150", count: 1, code: "RU-TEST-1" });
    expect(typedOk).toEqual({ ok: true, value: { codes: ["RU-TEST-1"] } });

    // The sizes of the item keep the ones its units have.
    const dropped = await post(`/admin/item/${item.id}`, { ...newItem("ignored", { sizes: "150, 170" }), intent: "save" });
    expect(dropped.status).toBe(400);
    expect(await dropped.text()).toContain("Units or stock still have a size you removed");
    expect((await post(`/admin/item/${item.id}`, { ...newItem("ignored", { sizes: "150, 155, 160, 170" }), intent: "save" })).status).toBe(
      302,
    );
  });

  it("lets staff manage their own branch's units only: 403 for another branch", async () => {
    const item = await itemBySlug("ski-all-mountain");
    const [ciaslinUnit] = await db
      .select()
      .from(schema.units)
      .where(and(eq(schema.units.itemId, item.id), eq(schema.units.shopId, shops.ciaslin)))
      .limit(1);
    const [runcadozUnit] = await db
      .select()
      .from(schema.units)
      .where(and(eq(schema.units.itemId, item.id), eq(schema.units.shopId, shops.runcadoz)))
      .limit(1);

    const mine = await post(
      `/admin/item/${item.id}`,
      { intent: "saveUnit", unitId: String(runcadozUnit.id), status: "maintenance", note: "Base grind" },
      staffCookie,
    );
    expect(mine.status).toBe(302);
    const [changed] = await db.select().from(schema.units).where(eq(schema.units.id, runcadozUnit.id));
    expect(changed).toMatchObject({ status: "maintenance", note: "Base grind" });

    const theirs = await post(
      `/admin/item/${item.id}`,
      { intent: "saveUnit", unitId: String(ciaslinUnit.id), status: "retired", note: "" },
      staffCookie,
    );
    expect(theirs.status).toBe(403);
    expect((await db.select().from(schema.units).where(eq(schema.units.id, ciaslinUnit.id)))[0].status).toBe(ciaslinUnit.status);
    expect((await post(`/admin/item/${item.id}`, { intent: "deleteUnit", unitId: String(ciaslinUnit.id) }, staffCookie)).status).toBe(403);
    const addElsewhere = await post(
      `/admin/item/${item.id}`,
      { intent: "addUnits", shopId: String(shops.ciaslin), [`b${shops.ciaslin}.size`]: "156", [`b${shops.ciaslin}.count`]: "1" },
      staffCookie,
    );
    expect(addElsewhere.status).toBe(403);
    const addHere = await post(
      `/admin/item/${item.id}`,
      { intent: "addUnits", shopId: String(shops.runcadoz), [`b${shops.runcadoz}.size`]: "156", [`b${shops.runcadoz}.count`]: "2" },
      staffCookie,
    );
    expect(addHere.status).toBe(302);
    // The server functions refuse too, whoever calls them.
    expect(await addUnits(staff, item.id, { shopId: shops.ciaslin, size: "156", count: 1, code: null })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    // A unit of another item through this item's page is no unit at all.
    const other = await itemBySlug("ski-easy-carve");
    const [otherUnit] = await db.select().from(schema.units).where(eq(schema.units.itemId, other.id)).limit(1);
    expect((await post(`/admin/item/${item.id}`, { intent: "saveUnit", unitId: String(otherUnit.id), status: "active" })).status).toBe(404);
  });

  it("deletes a unit only when it was never booked; a booked one is to be retired", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    expect(held.ok).toBe(true);
    const [booked] = await db.select().from(schema.units).where(eq(schema.units.itemId, ski.id));
    const refused = await post(`/admin/item/${ski.id}`, { intent: "deleteUnit", unitId: String(booked.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This unit has bookings and cannot be deleted");
    await addUnits(admin, ski.id, { shopId: shops.ciaslin, size: "170", count: 1, code: null });
    const [spare] = (await db.select().from(schema.units).where(eq(schema.units.itemId, ski.id))).filter((u) => u.id !== booked.id);
    expect((await post(`/admin/item/${ski.id}`, { intent: "deleteUnit", unitId: String(spare.id) })).status).toBe(302);
    expect(await db.select().from(schema.units).where(eq(schema.units.id, spare.id))).toEqual([]);
    expect(await auditActions(ski.id)).toEqual(expect.arrayContaining(["unitAdd", "unitDelete"]));
  });

  it("keeps sale stock per branch and size, refusing a number that changed meanwhile", async () => {
    const item = await createItemOverHttp("test-gloves", { categoryId: "clothing", sizing: "clothing", sizes: "S, M", price: "19,90" });
    const ok = await post(`/admin/item/${item.id}`, {
      intent: "saveStock",
      [`stock.${shops.ciaslin}.0.quantity`]: "4",
      [`stock.${shops.ciaslin}.0.was`]: "0",
      [`stock.${shops.ciaslin}.1.quantity`]: "2",
      [`stock.${shops.ciaslin}.1.was`]: "0",
    });
    expect(ok.status).toBe(302);
    const rows = await db.select().from(schema.stock).where(eq(schema.stock.itemId, item.id));
    expect(rows.map((r) => [r.size, r.quantity]).sort()).toEqual([
      ["M", 2],
      ["S", 4],
    ]);
    const stale = await post(`/admin/item/${item.id}`, {
      intent: "saveStock",
      [`stock.${shops.ciaslin}.0.quantity`]: "9",
      [`stock.${shops.ciaslin}.0.was`]: "0",
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This number changed meanwhile");

    const service = await createItemOverHttp("test-wax", { categoryId: "ski-service", sizes: "", sizing: "none", price: "25" });
    const capacity = await post(`/admin/item/${service.id}`, {
      intent: "saveCapacity",
      [`capacity.${shops.ciaslin}`]: "12",
      [`capacity.${shops.runcadoz}`]: "",
    });
    expect(capacity.status).toBe(302);
    const perDay = await db.select().from(schema.serviceCapacity).where(eq(schema.serviceCapacity.itemId, service.id));
    expect(perDay.map((r) => [r.shopId, r.perDay])).toEqual([[shops.ciaslin, 12]]);
  });
});

describe("the booking calendar", () => {
  it("shows a month of units with held and confirmed reservations and their order numbers", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 2);
    const confirmedHold = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]));
    if (!confirmedHold.ok) throw new Error("hold failed");
    expect(await confirmOrder(confirmedHold.value.id)).toMatchObject({ ok: true, value: { outcome: "paid" } });
    const heldNow = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { now: new Date() }));
    if (!heldNow.ok) throw new Error("second hold failed");

    const calendar = await itemCalendar(ski.id, "2027-01", null);
    expect(calendar.days).toHaveLength(31);
    expect(calendar.units).toHaveLength(2);
    const bookings = calendar.bookings.map((b) => ({ number: b.number, state: b.state, from: b.from, to: b.to }));
    expect(bookings).toEqual(
      expect.arrayContaining([
        { number: confirmedHold.value.number, state: "confirmed", from: "2027-01-11", to: "2027-01-13" },
        { number: heldNow.value.number, state: "held", from: "2027-01-11", to: "2027-01-13" },
      ]),
    );
    expect((await itemCalendar(ski.id, "2027-03", null)).bookings).toEqual([]);
    const forRuncadoz = await itemCalendar(ski.id, "2027-01", [shops.runcadoz]);
    expect(forRuncadoz).toMatchObject({ units: [], bookings: [] });

    const page = await (await get(`/admin/item/${ski.id}?month=2027-01`)).text();
    expect(page).toContain(`href="/admin/order/${confirmedHold.value.id}"`);
    expect(page).toContain(confirmedHold.value.number);
    expect(page).toContain('data-calendar="2027-01"');
    // A month that is no month falls back to the current one instead of failing.
    expect((await get(`/admin/item/${ski.id}?month=2027-13`)).status).toBe(200);
  });
});

describe("pictures", () => {
  const photo = (width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg") =>
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .withExif({ IFD0: { Copyright: "Secret camera owner", Make: "TestCam" } })
      [format]()
      .toBuffer();

  const upload = (itemId: number, files: { data: Uint8Array; type: string; name: string }[], cookie = adminCookie) => {
    const body = new FormData();
    body.append("intent", "uploadPictures");
    for (const file of files) body.append("pictures", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return post(`/admin/item/${itemId}`, body, cookie);
  };

  it("resizes an upload into AVIF and WebP at 320, 640 and 1280 px without metadata, and serves it cached for a year", async () => {
    const item = await createItemOverHttp("test-ski-pictures");
    const response = await upload(item.id, [
      { data: await photo(2400, 1800), type: "image/jpeg", name: "ski.jpg" },
      { data: await photo(500, 800, "png"), type: "image/png", name: "tall.png" },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/item/${item.id}?saved=pictures#pictures`);
    const { pictures } = await itemBySlug("test-ski-pictures");
    expect(pictures).toHaveLength(2);
    expect(pictures[0]).toMatch(/^[0-9a-f]{16}-1280x960$/);
    expect(pictures[1]).toMatch(/^[0-9a-f]{16}-500x800$/);

    const dir = join(server.config.DATA_DIR, "uploads", "items", String(item.id));
    for (const name of pictures) {
      const parsed = parsePictureName(name);
      if (!parsed) throw new Error(name);
      for (const variant of pictureVariants(parsed)) {
        const meta = await sharp(join(dir, variant.file)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", variant.width, variant.height]);
        expect(meta.exif).toBeUndefined();
        const served = await server.request(`/media/items/${item.id}/${variant.file}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/webp");
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(join(dir, variant.file)))).toBe(true);
      }
    }
    expect(readdirSync(dir).sort()).toEqual(
      pictures.flatMap((name) => pictureFiles(parsePictureName(name) ?? { hash: "", width: 1, height: 1 }).map((v) => v.file)).sort(),
    );

    // The same picture again is not added twice.
    await upload(item.id, [{ data: await photo(2400, 1800), type: "image/jpeg", name: "again.jpg" }]);
    expect((await itemBySlug("test-ski-pictures")).pictures).toHaveLength(2);

    // Reorder, then delete: the list changes and the files go.
    expect((await post(`/admin/item/${item.id}`, { intent: "pictureUp", picture: pictures[1] })).status).toBe(302);
    expect((await itemBySlug("test-ski-pictures")).pictures).toEqual([pictures[1], pictures[0]]);
    expect((await post(`/admin/item/${item.id}`, { intent: "deletePicture", picture: pictures[0] })).status).toBe(302);
    expect((await itemBySlug("test-ski-pictures")).pictures).toEqual([pictures[1]]);
    expect(readdirSync(dir).some((file) => file.startsWith(pictures[0].slice(0, 16)))).toBe(false);
    expect(await auditActions(item.id)).toEqual(expect.arrayContaining(["pictureAdd", "pictureMove", "pictureDelete"]));

    const page = await (await get(`/admin/item/${item.id}`)).text();
    expect(page).toMatch(/srcSet="\/media\/items\/\d+\/[0-9a-f]{16}-320x512\.webp 320w, /i);
  });

  it("refuses what is not a JPEG, PNG or WebP picture, files over 8 MB, staff, and an empty upload", async () => {
    const item = await createItemOverHttp("test-ski-bad-pictures");
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const disguised = await upload(item.id, [{ data: html, type: "image/jpeg", name: "photo.jpg" }]);
    expect(disguised.status).toBe(400);
    expect(await disguised.text()).toContain("Only JPEG, PNG or WebP pictures can be uploaded.");

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const refusedGif = await upload(item.id, [{ data: gif, type: "image/gif", name: "a.gif" }]);
    expect(await refusedGif.text()).toContain("Only JPEG, PNG or WebP pictures can be uploaded.");

    const broken = new Uint8Array(2000);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    const unreadable = await upload(item.id, [{ data: broken, type: "image/jpeg", name: "broken.jpg" }]);
    expect(unreadable.status).toBe(400);
    expect(await unreadable.text()).toContain("One of the pictures could not be read.");

    const huge = new Uint8Array(8 * 1024 * 1024 + 1);
    huge.set(await photo(100, 100));
    const tooBig = await upload(item.id, [{ data: huge, type: "image/jpeg", name: "huge.jpg" }]);
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain("A picture may be at most 8 MB.");

    const nothing = await upload(item.id, [{ data: new Uint8Array(), type: "application/octet-stream", name: "" }]);
    expect(await nothing.text()).toContain("Choose at least one picture.");

    const jpeg = await photo(400, 300);
    expect((await upload(item.id, [{ data: jpeg, type: "image/jpeg", name: "a.jpg" }], staffCookie)).status).toBe(403);
    expect((await itemBySlug("test-ski-bad-pictures")).pictures).toEqual([]);

    // A body announced bigger than any upload is refused before it is read (fetch will not send such a lie: plain HTTP).
    const flood = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${server.url}/admin/item/${item.id}`, {
        method: "POST",
        headers: {
          Cookie: adminCookie,
          Origin: server.url,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(200 * 1024 * 1024),
        },
      });
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(flood).toBe(413);
  });

  it("serves nothing but stored picture files: no path traversal, no other names", async () => {
    writeFileSync(join(server.config.DATA_DIR, "uploads", "secret.txt"), "top-secret-4711");
    const item = await itemBySlug("test-ski-pictures");
    const [name] = item.pictures;
    const file = `${name}.webp`;
    expect((await server.request(`/media/items/${item.id}/${file}`)).status).toBe(200);
    for (const path of [
      `/media/items/${item.id}/..%2F..%2Fsecret.txt`,
      `/media/items/${item.id}/%2e%2e%2f%2e%2e%2fsecret.txt`,
      `/media/items/..%2F${item.id}/${file}`,
      `/media/items/${item.id}/${name}.png`,
      `/media/items/${item.id}/${name.replace(/^./, "z")}.webp`,
      `/media/items/${item.id + 1}/${file}`,
      `/media/items/-1/${file}`,
      `/media/items/${item.id}/..`,
      `/media/items/${item.id}/${file}%00.txt`,
    ]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("top-secret-4711");
    }
  });
});

describe("deleting an item", () => {
  it("refuses an item with orders and offers deactivating it; deletes one without, with its units, prices and pictures", async () => {
    const ski = await createRentalItem(db, shops.ciaslin, 1);
    expect((await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)]))).ok).toBe(true);
    const page = await (await get(`/admin/item/${ski.id}`)).text();
    expect(page).toContain("This item cannot be deleted: it is on 1 order line");
    expect(page).toContain('value="deactivate"');
    const refused = await post(`/admin/item/${ski.id}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect(await db.select().from(schema.items).where(eq(schema.items.id, ski.id))).toHaveLength(1);
    expect((await post(`/admin/item/${ski.id}`, { intent: "deactivate" })).status).toBe(302);
    expect((await db.select().from(schema.items).where(eq(schema.items.id, ski.id)))[0].active).toBe(false);

    const item = await createItemOverHttp("test-ski-delete");
    await post(`/admin/item/${item.id}`, { intent: "prices", "dayPrices[]": ["20"], extraDay: "15" });
    await addUnits(admin, item.id, { shopId: shops.ciaslin, size: "150", count: 2, code: null });
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append("intent", "uploadPictures");
    body.append("pictures", new Blob([new Uint8Array(picture)], { type: "image/png" }), "p.png");
    expect((await post(`/admin/item/${item.id}`, body)).status).toBe(302);
    const dir = join(server.config.DATA_DIR, "uploads", "items", String(item.id));
    expect(existsSync(dir)).toBe(true);

    const deleted = await post(`/admin/item/${item.id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/items?deleted=1");
    expect(await db.select().from(schema.items).where(eq(schema.items.id, item.id))).toEqual([]);
    expect(await db.select().from(schema.units).where(eq(schema.units.itemId, item.id))).toEqual([]);
    expect(existsSync(dir)).toBe(false);
    expect(await auditActions(item.id)).toContain("delete");
    expect((await get(`/admin/item/${item.id}`)).status).toBe(404);
  });
});
