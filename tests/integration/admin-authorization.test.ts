/**
 * The authorization matrix of the back office: every admin route, read (GET) and written (POST), by an
 * anonymous visitor, a customer, a staff member of another branch, a staff member of the branch, and an
 * admin. Each answer is the expected redirect, 403/404 or 200, no refused write changes anything, and no
 * answer to a staff member shows anything of a branch they do not work for.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/server/auth/password.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { locationOf } from "../helpers/visitor";

type Role = "anonymous" | "customer" | "otherStaff" | "staff" | "admin";
const ROLES: Role[] = ["anonymous", "customer", "otherStaff", "staff", "admin"];

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
const cookies: Partial<Record<Role, string>> = {};
/** Texts of branch A's data that must never reach staff of branch B. */
const SECRET_A = { customer: "Matrix Customer Ciaslin", unit: "MXA-0001" };
const ids = {
  order: "",
  orderNumber: "",
  item: 0,
  branch: 0,
  user: "",
  coupon: 0,
  hotel: 0,
  package: 0,
  apiKey: 0,
  webhook: 0,
  /** Branch A's booking and a maintenance block on its unit, and branch B's unit (the planner's moves and blocks). */
  reservation: 0,
  block: 0,
  unitA: 0,
  unitB: 0,
};

async function user(email: string, role: "customer" | "staff" | "admin", branch?: number) {
  const [row] = await db
    .insert(schema.users)
    .values({ email, name: email, role, passwordHash: await hashPassword("matrix password 123") })
    .returning();
  if (branch) await db.insert(schema.userShops).values({ userId: row.id, shopId: branch });
  return { id: row.id, cookie: await shop.login(email, "matrix password 123") };
}

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  const branches = await shopIds(db);
  ids.branch = branches.ciaslin;
  // An item with one unit at each branch, and a paid order at Ciaslin for a recognisable customer.
  const [item] = await db
    .insert(schema.items)
    .values({
      slug: "matrix-ski",
      appId: "winter",
      categoryId: "ski-snowboard",
      kind: "rental",
      name: { en: "Matrix ski", de: "Matrix ski", it: "Matrix ski", nl: "Matrix ski", be: "Matrix ski", da: "Matrix ski" },
      description: { en: "x", de: "x", it: "x", nl: "x", be: "x", da: "x" },
      sizes: ["170"],
      sizing: "ski",
    })
    .returning();
  ids.item = item.id;
  await db.insert(schema.priceTables).values({ itemId: item.id, dayPrices: [3000, 5500], extraDayCents: 2000 });
  await db.insert(schema.units).values([
    { itemId: item.id, shopId: branches.ciaslin, size: "170", code: SECRET_A.unit },
    { itemId: item.id, shopId: branches.runcadoz, size: "170", code: "MXB-0001" },
  ]);
  const held = await holdOrder(
    holdRequest(branches.ciaslin, [rentalLine(item.id)], { invoice: { ...holdRequest(0, []).invoice, name: SECRET_A.customer } }),
  );
  if (!held.ok) throw new Error(JSON.stringify(held));
  await confirmOrder(held.value.id, db);
  ids.order = held.value.id;
  const [unitA] = await db.select().from(schema.units).where(eq(schema.units.code, SECRET_A.unit));
  const [unitB] = await db.select().from(schema.units).where(eq(schema.units.code, "MXB-0001"));
  ids.unitA = unitA.id;
  ids.unitB = unitB.id;
  ids.reservation = (await db.select().from(schema.reservations).where(eq(schema.reservations.unitId, unitA.id)))[0].id;
  const [block] = await db
    .insert(schema.reservations)
    .values({
      unitId: unitA.id,
      period: "[2027-03-01 00:00+01,2027-03-03 00:00+01)",
      state: "confirmed",
      blockKind: "maintenance",
      blockNote: "Matrix block",
    })
    .returning();
  ids.block = block.id;
  ids.orderNumber = held.value.number;
  // A signed contract of the order, for its download (decision 044).
  const pdf = new TextEncoder().encode("%PDF-1.7 matrix contract");
  await db.insert(schema.agreements).values({
    orderId: held.value.id,
    version: 1,
    language: "en",
    signerName: SECRET_A.customer,
    signatureKind: "typed",
    pdf,
    sha256: createHash("sha256").update(pdf).digest("hex"),
    signedAt: new Date(),
  });
  const [coupon] = await db.select().from(schema.coupons).limit(1);
  const [hotel] = await db.select().from(schema.partnerHotels).limit(1);
  ids.coupon = coupon.id;
  ids.hotel = hotel.id;
  ids.package = (await db.select({ id: schema.packages.id }).from(schema.packages).limit(1))[0].id;
  const [apiKey] = await db
    .insert(schema.apiKeys)
    .values({ name: "Matrix key", prefix: "matrixprefix", secretHash: "0".repeat(64), scopes: ["orders:read"], shopId: branches.ciaslin })
    .returning();
  ids.apiKey = apiKey.id;
  ids.webhook = (
    await db
      .insert(schema.webhookEndpoints)
      .values({ url: "https://hooks.example.com/matrix", events: ["order.paid"], secretCiphertext: "v1.x.x.x" })
      .returning()
  )[0].id;

  cookies.admin = await shop.login();
  cookies.customer = (await user("matrix.customer@test.example", "customer")).cookie;
  const staff = await user("matrix.staff@test.example", "staff", branches.ciaslin);
  ids.user = staff.id;
  cookies.staff = staff.cookie;
  cookies.otherStaff = (await user("matrix.other@test.example", "staff", branches.runcadoz)).cookie;
});
afterAll(async () => {
  await shop?.close();
});

/** Every admin route with real ids, and who may read it: "branch" is branch A's order, "branchView" a view of branch A. */
type Access = "staff" | "admin" | "branch" | "branchView" | "branchWrite";
const routes = (): [string, Access][] => [
  ["/admin", "staff"],
  ["/admin/orders", "staff"],
  ["/admin/orders.csv", "staff"],
  ["/admin/order/create", "staff"],
  [`/admin/order/${ids.order}`, "branch"],
  [`/admin/order/${ids.order}/contract.pdf`, "branch"],
  [`/admin/order/${ids.order}/confirmation.pdf`, "branch"],
  [`/admin/order/${ids.order}/change`, "branch"],
  [`/admin/order/${ids.order}/agreement`, "branch"],
  [`/admin/order/${ids.order}/agreement/1.pdf`, "branch"],
  ["/admin/calendar", "staff"],
  // The month of branch A's order: staff of another branch see the calendar, without that order.
  ["/admin/calendar?month=2027-01", "staff"],
  [`/admin/item/${ids.item}?month=2027-01`, "staff"],
  [`/admin/calendar?view=week&shop=${ids.branch}`, "branchView"],
  // The reports cover the user's branches; asking for another branch's is refused.
  ["/admin/reports", "staff"],
  ["/admin/reports.csv?report=revenue-by-branch", "staff"],
  [`/admin/reports?shop=${ids.branch}`, "branchView"],
  [`/admin/reports.csv?report=cancellations&shop=${ids.branch}`, "branchView"],
  // The planner: another branch's is refused to staff; without a branch each sees their own.
  [`/admin/calendar?start=2027-01-11&span=week&shop=${ids.branch}`, "branchView"],
  [`/admin/calendar?start=2027-01-11&span=month&r=${ids.reservation}`, "staff"],
  ["/admin/items", "staff"],
  [`/admin/item/${ids.item}`, "staff"],
  // Unit labels: an item's at the user's branches; a named branch's only for its staff (unit-labels.test.ts reads them).
  [`/admin/item/${ids.item}/labels.pdf`, "staff"],
  [`/admin/item/${ids.item}/labels.pdf?shop=${ids.branch}`, "branchView"],
  [`/admin/shop/${ids.branch}/labels.pdf`, "branchView"],
  ["/admin/item/create", "admin"],
  ["/admin/apps", "admin"],
  ["/admin/app/winter", "admin"],
  ["/admin/app/create", "admin"],
  ["/admin/shops", "admin"],
  [`/admin/shop/${ids.branch}`, "admin"],
  ["/admin/shop/create", "admin"],
  ["/admin/users", "admin"],
  [`/admin/user/${ids.user}`, "admin"],
  ["/admin/coupons", "admin"],
  [`/admin/coupon/${ids.coupon}`, "admin"],
  ["/admin/coupon/create", "admin"],
  ["/admin/categories", "admin"],
  ["/admin/category/ski-snowboard", "admin"],
  ["/admin/category/create", "admin"],
  ["/admin/packages", "admin"],
  [`/admin/package/${ids.package}`, "admin"],
  ["/admin/settings", "admin"],
  ["/admin/settings/hotels", "admin"],
  ["/admin/settings/hotels/report", "admin"],
  ["/admin/settings/hotels/report.csv", "admin"],
  [`/admin/settings/hotel/${ids.hotel}`, "admin"],
  ["/admin/settings/hotel/create", "admin"],
  ["/admin/api-keys", "admin"],
  [`/admin/api-key/${ids.apiKey}`, "admin"],
  ["/admin/webhooks", "admin"],
  [`/admin/webhook/${ids.webhook}`, "admin"],
];

function expected(access: Access, role: Role): number {
  if (role === "anonymous") return 302;
  if (role === "customer") return 403;
  if (role === "admin") return 200;
  if (access === "admin") return 403;
  // Another branch's order is answered as if it did not exist; asking for another branch's calendar is refused.
  if (access === "branch" && role === "otherStaff") return 404;
  if (access === "branchView" && role === "otherStaff") return 403;
  return 200;
}

const request = (role: Role, path: string, init: RequestInit = {}) =>
  shop.request(path, {
    ...init,
    headers: { ...(cookies[role] ? { Cookie: cookies[role] } : {}), ...(init.headers as Record<string, string>) },
  });

describe(`the back office's authorization matrix on ${testDbKind}`, () => {
  it.each(ROLES)("every admin route read by %s gives the expected answer", async (role) => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const [path, access] of routes()) {
      const response = await request(role, path);
      // Whoever asks and whatever the answer, nobody keeps a copy (issue 14).
      answers.push(`${path} ${response.status} ${response.headers.get("cache-control")}`);
      wanted.push(`${path} ${expected(access, role)} no-store`);
      if (response.status === 302) expect(locationOf(response)).toBe(`/login?next=${encodeURIComponent(path)}`);
      const body = Buffer.from(await response.arrayBuffer()).toString("latin1");
      // The same pages show branch A's data to those who may see it, so its absence above means something.
      if ((role === "admin" || role === "staff") && (path === "/admin/orders" || path === "/admin/calendar?month=2027-01"))
        expect(body, path).toContain(ids.orderNumber);
      if ((role === "admin" || role === "staff") && path.includes("span=week&shop=")) expect(body, path).toContain(SECRET_A.customer);
      if ((role === "admin" || role === "staff") && path === `/admin/item/${ids.item}`) expect(body, path).toContain(SECRET_A.unit);
      // Branch A's paid order is in its revenue today: its staff see the branch there, staff of B do not.
      if (path === "/admin/reports.csv?report=revenue-by-branch" && response.status === 200)
        expect(body.includes("Ciaslin"), `${role} ${path}`).toBe(role !== "otherStaff");
      if (role === "otherStaff") {
        // Nothing of branch A: not its customer, not its order, not its units' codes.
        expect(body, path).not.toContain(SECRET_A.customer);
        expect(body, path).not.toContain(ids.orderNumber);
        expect(body, path).not.toContain(SECRET_A.unit);
      }
    }
    expect(answers).toEqual(wanted);
  });

  it("sends anonymous visitors of a language's back office to that language's login", async () => {
    const response = await request("anonymous", "/de/admin/orders?status=paid");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/de/login?next=${encodeURIComponent("/de/admin/orders?status=paid")}`);
  });

  it.each(["anonymous", "customer", "otherStaff", "staff"] as const)(
    "a write by %s where it may not write changes nothing",
    async (role) => {
      const auditBefore = await db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog);
      const [orderBefore] = await db.select().from(schema.orders).where(eq(schema.orders.id, ids.order));
      const writes: [string, Record<string, string>, Access][] = [
        [`/admin/order/${ids.order}`, { intent: "cancel", refund: "on" }, "branch"],
        [`/admin/order/${ids.order}`, { intent: "resend" }, "branch"],
        // Damage at return (decision 046): a report on branch A's unit, and putting it back in service.
        [`/admin/order/${ids.order}`, { intent: "damageReport", unitId: String(ids.unitA), [`u${ids.unitA}.category`]: "edges" }, "branch"],
        [`/admin/order/${ids.order}`, { intent: "damageRelease", unitId: String(ids.unitA) }, "branch"],
        [`/admin/item/${ids.item}`, { intent: "releaseUnit", unitId: String(ids.unitA) }, "branch"],
        [`/admin/order/${ids.order}/change`, { intent: "confirm", expectedTotal: "0" }, "branch"],
        [`/admin/order/${ids.order}/agreement`, { signerName: "Intruder", typedName: "Intruder" }, "branch"],
        [`/admin/item/${ids.item}`, { intent: "delete" }, "admin"],
        [`/admin/category/ski-snowboard`, { intent: "delete" }, "admin"],
        [`/admin/coupon/${ids.coupon}`, { intent: "delete" }, "admin"],
        [`/admin/shop/${ids.branch}`, { intent: "delete" }, "admin"],
        [`/admin/user/${ids.user}`, { intent: "role", role: "admin" }, "admin"],
        ["/admin/settings", { "business.name": "Hijacked" }, "admin"],
        [`/admin/settings/hotel/${ids.hotel}`, { intent: "delete" }, "admin"],
        // API keys (issue 21): neither made nor revoked by anyone but an admin.
        ["/admin/api-keys", { name: "Hijack key", "scopes[]": "orders:manage", shopId: "" }, "admin"],
        [`/admin/api-key/${ids.apiKey}`, { intent: "revoke" }, "admin"],
        [
          `/admin/package/${ids.package}`,
          {
            "name.en": "Hijacked",
            "description.en": "x",
            level: "beginner",
            sort: "1",
            dayPrices: "1",
            extraDay: "1",
            childDayPrices: "1",
            childExtraDay: "1",
          },
          "admin",
        ],
        ["/admin/category/create", { id: "hijack", appId: "winter", kind: "rental", "name.en": "Hijack", sort: "1" }, "admin"],
        ["/admin/app/winter", { intent: "save", seasonStart: "01-01", seasonEnd: "12-31" }, "admin"],
        // The planner's changes of branch A's bookings, units and blocks.
        [
          "/admin/calendar",
          { intent: "moveReservation", reservationId: String(ids.reservation), unitId: String(ids.unitB) },
          "branchWrite",
        ],
        ["/admin/calendar", { intent: "moveReservation", reservationId: String(ids.block), unitId: String(ids.unitB) }, "branchWrite"],
        ["/admin/calendar", { intent: "blockUnit", unit: SECRET_A.unit, from: "2027-04-01", to: "2027-04-02" }, "branchWrite"],
        ["/admin/calendar", { intent: "removeBlock", reservationId: String(ids.block) }, "branchWrite"],
        ["/admin/webhooks", { url: "http://127.0.0.1:9/steal", "events[]": "order.paid", active: "on" }, "admin"],
        [`/admin/webhook/${ids.webhook}`, { intent: "delete" }, "admin"],
      ];
      for (const [path, fields, access] of writes) {
        // Staff of the branch may cancel its orders: that write is checked elsewhere, not here.
        if (role === "staff" && (access === "branch" || access === "branchWrite")) continue;
        const response = await request(role, path, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
        });
        const want = role === "anonymous" ? 302 : role === "customer" ? 403 : access === "branch" ? 404 : 403;
        expect(`${path} ${fields.intent ?? "save"} ${response.status}`).toBe(`${path} ${fields.intent ?? "save"} ${want}`);
      }
      const [orderAfter] = await db.select().from(schema.orders).where(eq(schema.orders.id, ids.order));
      expect(orderAfter.status).toBe(orderBefore.status);
      const auditAfter = await db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog);
      expect(auditAfter[0].n).toBe(auditBefore[0].n);
      expect(await db.select().from(schema.categories).where(eq(schema.categories.id, "hijack"))).toHaveLength(0);
      const [winter] = await db.select().from(schema.storefronts).where(eq(schema.storefronts.id, "winter"));
      expect(winter.seasonStart).toBe("12-01");
      expect(await db.select().from(schema.damageReports)).toEqual([]);
      const keys = await db.select().from(schema.apiKeys);
      expect(keys.map((k) => [k.name, k.revokedAt])).toEqual([["Matrix key", null]]);
      expect((await db.select().from(schema.webhookEndpoints)).map((e) => e.id)).toEqual([ids.webhook]);
      const planned = await db.select().from(schema.reservations).where(eq(schema.reservations.unitId, ids.unitA));
      expect(planned.map((r) => r.id).sort()).toEqual([ids.reservation, ids.block].sort());
    },
  );
});
