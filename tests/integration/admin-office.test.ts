/**
 * The back office's settings, partner hotels (with the commission report), dashboard and calendar, over
 * real HTTP and on their server functions: validation and saving, what the public site shows afterwards,
 * the figures, closed days, and who may see what (staff only their branches, customers nothing).
 */
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsFormSchema, settingsFormValues } from "../../app/domain/admin/settings";
import { addDays, zonedDate, zonedInstant } from "../../app/domain/periods";
import { listClosedDays } from "../../app/server/admin/closed-days.server";
import { getDashboard } from "../../app/server/admin/dashboard.server";
import { saveSettings } from "../../app/server/admin/settings.server";
import { hashPassword } from "../../app/server/auth/password.server";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { getCalendar } from "../../app/server/planner/calendar.server";
import { commissionReport } from "../../app/server/reports/hotel-reports.server";
import { getSettings, getSiteSettings } from "../../app/server/settings/settings.server";
import { createRentalItem, holdRequest, JANUARY_PERIOD, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let shops: Record<string, number>;
let admin: string;
let staff: string;
let customer: string;

const STAFF = { email: "clerk@test.example", password: "a clerk's long password" };
const CUSTOMER = { email: "guest@test.example", password: "a guest's long password" };

beforeAll(async () => {
  shop = await startTestServer();
  const db = shop.database.db;
  shops = await shopIds(db);
  const [clerk] = await db
    .insert(schema.users)
    .values({ email: STAFF.email, name: "Clerk Ciaslin", passwordHash: await hashPassword(STAFF.password), role: "staff" })
    .returning();
  await db.insert(schema.userShops).values({ userId: clerk.id, shopId: shops.ciaslin });
  await db.insert(schema.users).values({ email: CUSTOMER.email, passwordHash: await hashPassword(CUSTOMER.password), role: "customer" });
  [admin, staff, customer] = await Promise.all([
    shop.login(),
    shop.login(STAFF.email, STAFF.password),
    shop.login(CUSTOMER.email, CUSTOMER.password),
  ]);
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie?: string) => shop.request(path, { headers: cookie ? { Cookie: cookie } : {} });

/** Posts a form (repeated names allowed) as the browser would without JavaScript. */
const post = (path: string, fields: [string, string][] | Record<string, string>, cookie: string) => shop.post(path, fields, cookie);

/** The settings form as the page shows it, as posted fields, with some changed. */
async function settingsForm(changes: Record<string, string | string[] | null> = {}): Promise<[string, string][]> {
  const values = settingsFormValues(await getSettings());
  const fields: Record<string, string | string[] | null> = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) fields[`${path}[]`] = value.map(String);
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else
      fields[path] = value === "" || value === null ? (path.endsWith("enabled") || path === "requireStaffTotp" ? null : "") : String(value);
  };
  walk(values, "");
  if (fields["discountOffer.enabled"] === "true") fields["discountOffer.enabled"] = "on";
  if (fields.requireStaffTotp === "true") fields.requireStaffTotp = "on";
  Object.assign(fields, changes);
  return Object.entries(fields).flatMap(([name, value]) =>
    value === null ? [] : Array.isArray(value) ? value.map((v) => [name, v] as [string, string]) : [[name, value] as [string, string]],
  );
}

let orderCounter = 0;
/** An order written straight into the database, for figures on days the booking rules would refuse (today, out of season). */
async function insertOrder(values: {
  shopId: number;
  status: (typeof schema.orderStatus.enumValues)[number];
  pickupAt: Date;
  returnAt: Date;
  paidAt?: Date | null;
  expiresAt?: Date | null;
  totalCents?: number;
  name?: string;
}) {
  orderCounter += 1;
  const total = values.totalCents ?? 10_000;
  const [order] = await shop.database.db
    .insert(schema.orders)
    .values({
      number: `T-${String(orderCounter).padStart(4, "0")}-${randomBytes(2).toString("hex")}`,
      token: randomBytes(18).toString("base64url"),
      status: values.status,
      appId: "winter",
      shopId: values.shopId,
      language: "en",
      pickupAt: values.pickupAt,
      returnAt: values.returnAt,
      invoiceName: values.name ?? `Customer ${orderCounter}`,
      invoiceStreet: "Via Roma 1",
      invoicePostalCode: "39100",
      invoiceCity: "Bolzano",
      invoiceCountry: "IT",
      phone: "+39 333 000000",
      email: `customer${orderCounter}@example.com`,
      subtotalCents: total,
      totalCents: total,
      vatCents: Math.round((total * 22) / 122),
      paidAt: values.paidAt ?? null,
      expiresAt: values.expiresAt ?? null,
    })
    .returning();
  return order;
}

describe(`who may open the office screens, on ${testDbKind}`, () => {
  const adminOnly = [
    "/admin/settings",
    "/admin/settings/hotels",
    "/admin/settings/hotel/create",
    "/admin/settings/hotels/report",
    "/admin/settings/hotels/report.csv",
    "/de/admin/settings",
  ];

  it("sends anonymous visitors to the login and back", async () => {
    for (const path of ["/admin", "/admin/calendar?view=week", ...adminOnly]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get("location") ?? "", shop.url);
      expect(location.pathname, path).toMatch(/^(\/de)?\/login$/);
      expect(location.searchParams.get("next"), path).toBe(path);
    }
  });

  it("refuses customers everywhere with 403", async () => {
    for (const path of ["/admin", "/admin/calendar", ...adminOnly]) {
      expect((await get(path, customer)).status, path).toBe(403);
    }
    expect((await post("/admin/calendar", { intent: "closeDay", shopId: String(shops.ciaslin), day: "2027-01-20" }, customer)).status).toBe(
      403,
    );
  });

  it("lets staff into the dashboard and the calendar, not into settings and hotels", async () => {
    for (const path of ["/admin", "/it/admin", "/admin/calendar", "/de/admin/calendar?view=week"]) {
      expect((await get(path, staff)).status, path).toBe(200);
    }
    for (const path of adminOnly) expect((await get(path, staff)).status, path).toBe(403);
    expect((await post("/admin/settings", await settingsForm(), staff)).status).toBe(403);
    expect(
      (await post("/admin/settings/hotel/create", { name: "X", town: "Y", discountPercent: "1", commissionPercent: "1" }, staff)).status,
    ).toBe(403);
  });

  it("shows every office screen to an admin in every language", async () => {
    for (const prefix of ["", "/de", "/it", "/nl", "/be", "/da"]) {
      for (const path of [
        "/admin",
        "/admin/calendar",
        "/admin/calendar?view=week",
        "/admin/settings",
        "/admin/settings/hotels",
        "/admin/settings/hotels/report",
      ]) {
        expect((await get(prefix + path, admin)).status, prefix + path).toBe(200);
      }
    }
  });
});

describe("settings", () => {
  it("refuses a bad tag manager id with its message, keeps what was typed and saves nothing", async () => {
    const before = await getSettings();
    const response = await post("/admin/settings", await settingsForm({ gtmId: "gtm-lower", "business.name": "Typed Name" }), admin);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Enter the container ID as GTM- followed by capital letters or digits, e.g. GTM-AB12CD.");
    expect(page).toContain('value="gtm-lower"');
    expect(page).toContain('value="Typed Name"');
    expect(page).toContain('aria-invalid="true"');
    expect(await getSettings()).toEqual(before);
    const german = await (await post("/de/admin/settings", await settingsForm({ gtmId: "GTM-" }), admin)).text();
    expect(german).toContain("Bitte die Container-ID als GTM- gefolgt von Großbuchstaben oder Ziffern eingeben");
  });

  it("refuses other bad values beside their fields", async () => {
    const response = await post(
      "/admin/settings",
      await settingsForm({
        holdMinutes: "2",
        "languages[]": ["de"],
        languageCookie: "my lang",
        defaultVatRateBp: "abc",
        "discountOffer.enabled": "on",
        "discountOffer.percent": "80",
      }),
      admin,
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    for (const message of [
      "This value is outside the allowed range.",
      "English is the fallback language and cannot be switched off.",
      "Use only letters, digits, _ and - (no spaces).",
      "Enter a rate in percent between 0 and 100, e.g. 22 or 5.5.",
    ]) {
      expect(page).toContain(message);
    }
  });

  it("saves the changed keys in one go, one audit entry each, and the public pages show them at once", async () => {
    const response = await post(
      "/admin/settings",
      await settingsForm({
        "business.legalName": "Lumina Noleggi S.r.l.",
        "business.email": "ciao@lumina.example",
        holdMinutes: "45",
        defaultVatRateBp: "10",
        "discountOffer.enabled": null,
        requireStaffTotp: "on",
        gtmId: "GTM-OFFICE42",
      }),
      admin,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/settings?saved=1");

    const saved = await getSettings();
    expect(saved).toMatchObject({
      holdMinutes: 45,
      defaultVatRateBp: 1000,
      discountOffer: null,
      requireStaffTotp: true,
      gtmId: "GTM-OFFICE42",
    });
    // Two-factor sign-in is enforced elsewhere; switch it off again before signed-in sessions are used any further.
    await saveSettings((await adminId()) as string, {
      ...settingsFormSchema.parse(settingsFormValuesAsPosted(settingsFormValues(saved))),
      requireStaffTotp: false,
    });
    expect(saved.business.legalName).toBe("Lumina Noleggi S.r.l.");
    const audit = await shop.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "setting"))
      .orderBy(schema.auditLog.id);
    expect(audit.map((a) => a.entityId).sort()).toEqual(
      ["business", "defaultVatRateBp", "discountOffer", "gtmId", "holdMinutes", "requireStaffTotp", "requireStaffTotp"].sort(),
    );
    expect(audit.filter((a) => a.entityId === "requireStaffTotp").map((a) => a.after)).toEqual([
      { requireStaffTotp: true },
      { requireStaffTotp: false },
    ]);
    const hold = audit.find((a) => a.entityId === "holdMinutes");
    expect(hold).toMatchObject({ action: "update", before: { holdMinutes: 30 }, after: { holdMinutes: 45 } });
    expect(audit.find((a) => a.entityId === "business")?.after).toMatchObject({ legalName: "Lumina Noleggi S.r.l." });

    const impressum = await (await get("/impressum")).text();
    expect(impressum).toContain("Lumina Noleggi S.r.l.");
    const privacy = await (await get("/de/privacy")).text();
    expect(privacy).toContain("ciao@lumina.example");

    const settingsPage = await (await get("/admin/settings?saved=1", admin)).text();
    expect(settingsPage).toContain("Saved.");
    expect(settingsPage).toContain('data-setting="holdMinutes"');
  });

  it("the tag manager setting reaches the page and its content security policy", async () => {
    const home = await get("/stores");
    expect(await home.text()).toContain("GTM-OFFICE42");
    expect(home.headers.get("content-security-policy")).toContain("https://www.googletagmanager.com");
  });

  it("an unchanged save writes nothing", async () => {
    const before = await shop.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, "setting"));
    const input = settingsFormSchema.parse(settingsFormValuesAsPosted(settingsFormValues(await getSettings())));
    expect(await saveSettings((await adminId()) as string, input)).toEqual([]);
    const after = await shop.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, "setting"));
    expect(after).toHaveLength(before.length);
  });

  it("the language cookie key and the offered languages: the setting wins, every language keeps working", async () => {
    expect((await getSiteSettings()).languageCookie).toBe("lang");
    const saved = await post(
      "/admin/settings",
      await settingsForm({ languageCookie: "lumina_lang", "languages[]": ["en", "de", "it"] }),
      admin,
    );
    expect(saved.status).toBe(302);
    const switched = await shop.request("/resources/language", {
      method: "POST",
      body: new URLSearchParams({ locale: "de", to: "/stores" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(switched.headers.get("set-cookie")).toMatch(/^lumina_lang=de; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const root = await get("/", undefined);
    expect(root.status).toBe(200);
    const chosen = await shop.request("/", { headers: { Cookie: "lumina_lang=it" } });
    expect(chosen.headers.get("location")).toBe("/it");
    // The old key no longer counts; a browser language the shop does not offer falls back to English.
    expect((await shop.request("/", { headers: { Cookie: "lang=it" } })).status).toBe(200);
    expect((await shop.request("/", { headers: { "Accept-Language": "da-DK,da;q=0.9" } })).status).toBe(200);
    expect((await shop.request("/", { headers: { "Accept-Language": "de-DE" } })).headers.get("location")).toBe("/de");

    const stores = await (await get("/stores")).text();
    const start = stores.indexOf('action="/resources/language"');
    const switcher = stores.slice(start, stores.indexOf("</form>", start));
    expect(switcher).toContain('value="it"');
    expect(switcher).not.toContain('value="da"');
    expect(switcher).not.toContain('value="be"');
    for (const path of ["/da/stores", "/be/impressum", "/nl/rental"]) expect((await get(path)).status, path).toBe(200);
    // The page's own language stays in the switcher even when it is not offered.
    const danish = await (await get("/da/stores")).text();
    const danishStart = danish.indexOf('action="/resources/language"');
    expect(danish.slice(danishStart, danish.indexOf("</form>", danishStart))).toContain('value="da"');

    // Back to the defaults: empty key = the environment's.
    expect(
      (
        await post(
          "/admin/settings",
          await settingsForm({ languageCookie: "", "languages[]": ["en", "de", "it", "nl", "be", "da"] }),
          admin,
        )
      ).status,
    ).toBe(302);
    expect((await getSiteSettings()).languageCookie).toBe("lang");
  });

  it("while business data are the demo's, the legal notice says so and the dashboard tells admins what to fill in (issue 16)", async () => {
    // The save above changed the legal name; the rest is still the demo's.
    const notice = async (path: string) => {
      const html = await (await get(path)).text();
      return /<p data-demo[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;
    };
    expect(await notice("/impressum")).toContain("Demo data: this legal notice still shows the sample data");
    expect(await notice("/de/impressum")).toContain("Demodaten: Dieses Impressum zeigt noch die Beispieldaten");
    const impressum = await (await get("/impressum")).text();
    expect(impressum).not.toMatch(/European Commission|platform/);
    expect(impressum).toContain("If you have a complaint, please write to us at the e-mail address above.");
    expect(await (await get("/it/impressum")).text()).not.toContain("piattaforma");

    const banner = async (path: string, cookie: string) => {
      const html = await (await get(path, cookie)).text();
      return /<section[^>]*data-demo-data[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1].replace(/<[^>]+>/g, " ") ?? null;
    };
    expect(await banner("/admin", admin)).toContain(
      "Before the shop goes live, fill in: Street and number, Town, VAT number, Phone, E-mail.",
    );
    expect(await banner("/de/admin", admin)).toContain("tragen Sie bitte ein: Straße und Hausnummer, Ort, USt-IdNr., Telefon, E-Mail.");
    expect(await (await get("/admin", admin)).text()).toContain('href="/admin/settings"');
    // Staff cannot change the settings, so they are not asked to.
    expect(await banner("/admin", staff)).toBeNull();

    const filled = await post(
      "/admin/settings",
      await settingsForm({
        "business.street": "Str. Dursan 12",
        "business.town": "Ortisei",
        "business.vatId": "IT01234560215",
        "business.phone": "+39 0471 796 123",
        "business.email": "info@lumina-noleggi.it",
      }),
      admin,
    );
    expect(filled.status).toBe(302);
    expect(await notice("/impressum")).toBeNull();
    expect(await notice("/da/impressum")).toBeNull();
    expect(await banner("/admin", admin)).toBeNull();
  });
});

/** The form values as a browser posts them (checkboxes "on" or absent, lists repeated). */
function settingsFormValuesAsPosted(values: Record<string, unknown>) {
  const offer = values.discountOffer as Record<string, unknown>;
  return {
    ...values,
    discountOffer: offer.enabled ? { ...offer, enabled: "on" } : {},
    requireStaffTotp: values.requireStaffTotp ? "on" : undefined,
  };
}

async function adminId() {
  const [row] = await shop.database.db.select().from(schema.users).where(eq(schema.users.role, "admin"));
  return row?.id;
}

describe("partner hotels", () => {
  it("creates, refuses bad input, edits, lists and deletes a hotel, each change audited", async () => {
    const refused = await post(
      "/admin/settings/hotel/create",
      { name: "", town: "Ciaslin", street: "", discountPercent: "5", commissionPercent: "150", active: "on" },
      admin,
    );
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Please fill in this field.");
    expect(refusedPage).toContain("This value is outside the allowed range.");

    const created = await post(
      "/admin/settings/hotel/create",
      { name: "Hotel Test Sorëdl", town: "Ciaslin", street: "Strada Test 1", discountPercent: "6", commissionPercent: "9", active: "on" },
      admin,
    );
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    const id = Number(/\/admin\/settings\/hotel\/(\d+)\?saved=1$/.exec(location)?.[1]);
    expect(id).toBeGreaterThan(0);
    const [row] = await shop.database.db.select().from(schema.partnerHotels).where(eq(schema.partnerHotels.id, id));
    expect(row).toMatchObject({ name: "Hotel Test Sorëdl", town: "Ciaslin", discountPercent: 6, commissionPercent: 9, active: true });

    const edited = await post(
      `/admin/settings/hotel/${id}`,
      {
        intent: "save",
        name: "Hotel Test Sorëdl",
        town: "Ciaslin",
        street: "Strada Test 2",
        discountPercent: "7",
        commissionPercent: "11",
      },
      admin,
    );
    expect(edited.status).toBe(302);
    const [after] = await shop.database.db.select().from(schema.partnerHotels).where(eq(schema.partnerHotels.id, id));
    expect(after).toMatchObject({ street: "Strada Test 2", discountPercent: 7, commissionPercent: 11, active: false });

    const list = await (await get("/admin/settings/hotels?q=sor%C3%ABdl", admin)).text();
    expect(list).toContain("Hotel Test Sorëdl");
    expect(list).not.toContain("Garni Ciasa Mugon");
    const record = await (await get(`/de/admin/settings/hotel/${id}`, admin)).text();
    expect(record).toContain("Strada Test 2");
    expect(record).toContain("Ja, Hotel Test Sorëdl löschen");

    const deleted = await post(`/admin/settings/hotel/${id}`, { intent: "delete" }, admin);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/settings/hotels?deleted=1");
    expect(await shop.database.db.select().from(schema.partnerHotels).where(eq(schema.partnerHotels.id, id))).toEqual([]);
    const audit = await shop.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "hotel"), eq(schema.auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
    expect((await get(`/admin/settings/hotel/${id}`, admin)).status).toBe(404);
    expect((await get("/admin/settings/hotel/abc", admin)).status).toBe(404);
  });
});

describe("dashboard and calendar", () => {
  const now = new Date();
  const today = zonedDate(now);
  const tomorrow = addDays(today, 1);
  const at = (date: string, time: string) => zonedInstant(date, time);
  const orders: Record<string, Awaited<ReturnType<typeof insertOrder>>> = {};

  beforeAll(async () => {
    const { ciaslin, "plan-da-sera": plan } = shops;
    orders.todayA = await insertOrder({
      shopId: ciaslin,
      status: "paid",
      pickupAt: at(today, "00:01"),
      returnAt: at(tomorrow, "17:00"),
      paidAt: new Date(now.getTime() - 3 * 86_400_000),
      totalCents: 12_000,
      name: "Anna Ciaslin",
    });
    orders.tomorrowB = await insertOrder({
      shopId: plan,
      status: "paid",
      pickupAt: at(tomorrow, "09:00"),
      returnAt: at(addDays(today, 3), "17:00"),
      paidAt: new Date(now.getTime() - 86_400_000),
      totalCents: 30_000,
      name: "Bert Plan",
    });
    orders.oldA = await insertOrder({
      shopId: ciaslin,
      status: "returned",
      pickupAt: at(addDays(today, -12), "09:00"),
      returnAt: at(addDays(today, -10), "17:00"),
      paidAt: new Date(now.getTime() - 15 * 86_400_000),
      totalCents: 5_000,
    });
    orders.ancientA = await insertOrder({
      shopId: ciaslin,
      status: "returned",
      pickupAt: at(addDays(today, -50), "09:00"),
      returnAt: at(addDays(today, -48), "17:00"),
      paidAt: new Date(now.getTime() - 45 * 86_400_000),
      totalCents: 99_000,
    });
    orders.refundedA = await insertOrder({
      shopId: ciaslin,
      status: "refunded",
      pickupAt: at(today, "00:02"),
      returnAt: at(tomorrow, "17:00"),
      paidAt: new Date(now.getTime() - 2 * 86_400_000),
      totalCents: 77_000,
    });
    orders.waitingA = await insertOrder({
      shopId: ciaslin,
      status: "pending_payment",
      pickupAt: at(addDays(today, 5), "09:00"),
      returnAt: at(addDays(today, 6), "17:00"),
      expiresAt: new Date(now.getTime() + 20 * 60_000),
    });
    orders.waitingB = await insertOrder({
      shopId: plan,
      status: "pending_payment",
      pickupAt: at(addDays(today, 5), "09:00"),
      returnAt: at(addDays(today, 6), "17:00"),
      expiresAt: new Date(now.getTime() + 20 * 60_000),
    });
    orders.expiredA = await insertOrder({
      shopId: ciaslin,
      status: "pending_payment",
      pickupAt: at(addDays(today, 5), "09:00"),
      returnAt: at(addDays(today, 6), "17:00"),
      expiresAt: new Date(now.getTime() - 60_000),
    });

    // Utilisation: two units of a new ski at Ciaslin booked today (one confirmed, one held and still valid), one hold run out.
    const db = shop.database.db;
    const ski = await createRentalItem(db, shops.ciaslin, 3);
    const units = await db.select().from(schema.units).where(eq(schema.units.itemId, ski.id));
    const range = `[${at(today, "00:00").toISOString()},${at(tomorrow, "00:00").toISOString()})`;
    await db.insert(schema.reservations).values([
      { unitId: units[0].id, period: range, state: "confirmed" },
      { unitId: units[1].id, period: range, state: "held", expiresAt: new Date(now.getTime() + 600_000) },
      { unitId: units[2].id, period: range, state: "held", expiresAt: new Date(now.getTime() - 600_000) },
    ]);
  });

  it("computes the day's handovers, payments waiting, revenue and utilisation", async () => {
    const all = await getDashboard(null, now);
    expect(all.today).toBe(today);
    const branch = (id: number) => all.branches.find((b) => b.shop.id === id);
    expect(branch(shops.ciaslin)?.days[0].pickups.map((o) => o.number)).toContain(orders.todayA.number);
    expect(branch(shops.ciaslin)?.days[0].pickups.map((o) => o.number)).not.toContain(orders.refundedA.number);
    expect(branch(shops.ciaslin)?.days[1].returns.map((o) => o.number)).toContain(orders.todayA.number);
    expect(branch(shops["plan-da-sera"])?.days[1].pickups.map((o) => o.number)).toEqual([orders.tomorrowB.number]);
    expect(all.waiting.orders.map((o) => o.number).sort()).toEqual([orders.waitingA.number, orders.waitingB.number].sort());
    // Revenue: paid days ago 1 (300 €), 3 (120 €) and 15 (50 €); not 45 days ago, not refunded.
    expect(all.revenue.last7).toEqual({ cents: 42_000, waiverCents: 0, orders: 2 });
    expect(all.revenue.last30).toEqual({ cents: 47_000, waiverCents: 0, orders: 3 });
    expect(all.revenue.days).toHaveLength(30);
    expect(all.revenue.days.at(-1)?.date).toBe(today);

    const [{ skiUnits }] = await shop.database.db
      .select({ skiUnits: count() })
      .from(schema.units)
      .innerJoin(schema.items, eq(schema.items.id, schema.units.itemId))
      .where(
        and(
          eq(schema.items.categoryId, "ski-snowboard"),
          eq(schema.items.kind, "rental"),
          eq(schema.items.active, true),
          eq(schema.units.status, "active"),
        ),
      );
    const ski = all.utilisation.find((u) => u.categoryId === "ski-snowboard");
    expect(ski).toMatchObject({ units: skiUnits, bookedToday: 2 });
    expect(ski?.today).toBeCloseTo(2 / skiUnits);
  });

  it("shows staff only their branch's orders, waiting payments and revenue", async () => {
    const mine = await getDashboard([shops.ciaslin], now);
    expect(mine.branches.map((b) => b.shop.id)).toEqual([shops.ciaslin]);
    expect(mine.waiting.orders.map((o) => o.number)).toEqual([orders.waitingA.number]);
    expect(mine.revenue.last30).toEqual({ cents: 17_000, waiverCents: 0, orders: 2 });
    expect(mine.utilisation.find((u) => u.categoryId === "ski-snowboard")?.bookedToday).toBe(2);
    expect((await getDashboard([], now)).branches).toEqual([]);

    const page = await (await get("/admin", staff)).text();
    expect(page).toContain(orders.todayA.number);
    expect(page).toContain(`/admin/order/${orders.todayA.id}`);
    expect(page).toContain(orders.waitingA.number);
    for (const other of [orders.tomorrowB, orders.waitingB]) {
      expect(page).not.toContain(other.number);
      expect(page).not.toContain(other.id);
    }
    expect(page).not.toContain("Plan da Sëra");
  });

  it("renders the admin dashboard with links, the revenue chart and its table", async () => {
    const page = await (await get("/admin", admin)).text();
    for (const order of [orders.todayA, orders.tomorrowB, orders.waitingB]) expect(page).toContain(`/admin/order/${order.id}`);
    expect(page).toContain('data-chart="revenue"');
    expect(page).toContain('role="img"');
    expect(page).toMatch(/<title id="[^"]+-title">Revenue per day from/);
    expect(page).toContain("Show the figures as a table");
    expect(page).toContain("€420.00");
    expect(page).toContain("€470.00");
    const italian = await (await get("/it/admin", admin)).text();
    expect(italian).toContain("Ritiri e riconsegne");
  });

  it("lists the pickups and returns of a week and a month per branch, for staff only their branch", async () => {
    const week = await getCalendar([shops.ciaslin, shops["plan-da-sera"]], today, addDays(today, 7), now);
    const kinds = (order: { number: string }) => week.entries.filter((e) => e.number === order.number).map((e) => `${e.kind}:${e.date}`);
    expect(kinds(orders.todayA).sort()).toEqual([`pickup:${today}`, `return:${tomorrow}`]);
    expect(kinds(orders.waitingA)).toContain(`pickup:${addDays(today, 5)}`);
    expect(kinds(orders.expiredA)).toEqual([]);
    expect(kinds(orders.refundedA)).toEqual([]);

    const adminPage = await (await get(`/admin/calendar?view=week&week=${today}`, admin)).text();
    expect(adminPage).toContain("<table");
    expect(adminPage).toMatch(/<th scope="col"[^>]*>Dolomiti Rent Plan da Sëra<\/th>/);
    expect(adminPage).toContain(`/admin/order/${orders.todayA.id}`);
    expect(adminPage).toContain('aria-current="date"');
    // Tomorrow may be in the next week (today a Sunday): ask for tomorrow's week.
    const nextDays = await (await get(`/admin/calendar?view=week&week=${tomorrow}`, admin)).text();
    expect(nextDays).toContain(`/admin/order/${orders.tomorrowB.id}`);

    for (const week of [today, tomorrow]) {
      const staffPage = await (await get(`/admin/calendar?view=week&week=${week}`, staff)).text();
      expect(staffPage).not.toContain(orders.tomorrowB.id);
      expect(staffPage).not.toContain(orders.tomorrowB.number);
      expect(staffPage).not.toContain("Plan da Sëra");
      if (week === today) expect(staffPage).toContain(`/admin/order/${orders.todayA.id}`);
    }
    expect((await get(`/admin/calendar?shop=${shops["plan-da-sera"]}`, staff)).status).toBe(403);

    const month = await (await get(`/admin/calendar?view=month&month=${today.slice(0, 7)}&shop=${shops.ciaslin}`, admin)).text();
    expect(month).toContain(`/admin/order/${orders.todayA.id}`);
    expect(month).not.toContain(orders.tomorrowB.id);
  });

  it("names the customer and the pieces of each pickup and return, in the month view too (issue 16)", async () => {
    const db = shop.database.db;
    const ski = await createRentalItem(db, shops.ciaslin, 0);
    const [jacket] = await db.select().from(schema.items).where(eq(schema.items.kind, "sale")).limit(1);
    const [waxing] = await db.select().from(schema.items).where(eq(schema.items.kind, "service")).limit(1);
    const line = { orderId: orders.todayA.id, name: "x", unitPriceCents: 100, subtotalCents: 100, totalCents: 100, vatRateBp: 2200 };
    await db.insert(schema.orderLines).values([
      { ...line, itemId: ski.id, kind: "rental", quantity: 2 },
      { ...line, itemId: jacket.id, kind: "sale", quantity: 1 },
      { ...line, itemId: waxing.id, kind: "service", quantity: 1 },
    ]);
    const entry = (html: string, key: string) => {
      const start = html.indexOf(`data-entry="${key}"`);
      expect(start).toBeGreaterThan(-1);
      return html
        .slice(start, html.indexOf("</li>", start))
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
    };
    const month = await (await get(`/admin/calendar?view=month&month=${today.slice(0, 7)}&shop=${shops.ciaslin}`, admin)).text();
    expect(entry(month, `pickup:${orders.todayA.number}`)).toMatch(/Anna Ciaslin · 3 pieces/);
    const week = await (await get(`/de/admin/calendar?view=week&week=${tomorrow}`, admin)).text();
    expect(entry(week, `return:${orders.todayA.number}`)).toMatch(/Anna Ciaslin · 2 Stück/);
    expect(entry(week, `pickup:${orders.tomorrowB.number}`)).toContain("Bert Plan");
    // A waiting order says so with its badge.
    const waiting = await (await get(`/admin/calendar?view=week&week=${addDays(today, 5)}`, admin)).text();
    expect(entry(waiting, `pickup:${orders.waitingA.number}`)).toContain("waiting for payment");
  });

  it("shows each order's status as a coloured badge with its name: orders list, order page, dashboard (issue 16)", async () => {
    const badge = (status: string, tone: string, label: string) =>
      new RegExp(`<span data-status="${status}" class="[^"]*rounded-full[^"]*bg-${tone}-50[^"]*text-${tone}-900[^"]*">${label}</span>`);
    expect(await (await get("/admin/orders", admin)).text()).toMatch(badge("paid", "emerald", "paid"));
    expect(await (await get("/de/admin/orders?status=refunded", admin)).text()).toMatch(badge("refunded", "violet", "erstattet"));
    expect(await (await get(`/da/admin/order/${orders.waitingA.id}`, admin)).text()).toMatch(
      badge("pending_payment", "amber", "afventer betaling"),
    );
    expect(await (await get("/admin", admin)).text()).toMatch(badge("paid", "emerald", "paid"));
  });

  it("calls the storefronts seasons in the navigation and on their pages, under the same addresses (issue 16)", async () => {
    for (const [path, word] of [
      ["/admin/apps", "Seasons"],
      ["/de/admin/apps", "Saisons"],
      ["/da/admin/apps", "Sæsoner"],
    ]) {
      const html = await (await get(path, admin)).text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${word}</h1>`));
      expect(html).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*>(<svg[\\s\\S]*?</svg>)?${word}</a>`));
      expect(html).not.toMatch(/>Apps?</);
    }
  });

  it("closes a day from the calendar (refused by the booking) and opens it again", async () => {
    const missing = await post(
      "/admin/calendar?view=month&month=2027-01",
      { intent: "closeDay", shopId: String(shops.ciaslin), day: "" },
      admin,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter a valid date.");

    const closed = await post(
      "/admin/calendar?view=month&month=2027-01",
      { intent: "closeDay", shopId: String(shops.ciaslin), day: "2027-01-11", "reason.en": "Inventory day", "reason.de": "Inventur" },
      admin,
    );
    expect(closed.status).toBe(302);
    expect(closed.headers.get("location")).toBe("/admin/calendar?view=month&month=2027-01&done=closed");
    expect(await listClosedDays(shops.ciaslin, "2027-01-11", "2027-01-11")).toMatchObject([
      { day: "2027-01-11", reason: { en: "Inventory day", de: "Inventur" } },
    ]);
    const page = await (await get("/de/admin/calendar?view=month&month=2027-01&done=closed", admin)).text();
    expect(page).toContain("Inventur");
    expect(page).toContain('data-closed="true"');
    expect(page).toContain("Die Filiale ist an diesem Tag jetzt geschlossen.");
    expect((await getCalendar([shops.ciaslin], "2027-01-01", "2027-02-01")).closed).toHaveLength(1);

    // The booking refuses a pickup on that day.
    const ski = await createRentalItem(shop.database.db, shops.ciaslin, 1);
    const refused = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { now: new Date() }));
    expect(refused).toMatchObject({ ok: false, reason: "period", errors: ["period.pickupDayClosed"] });
    // The public branch page shows it.
    const store = await (await get("/shop/ciaslin")).text();
    expect(store).toContain("Inventory day");

    // Staff may not close another branch's day, but may close their own.
    expect(
      (await post("/admin/calendar", { intent: "closeDay", shopId: String(shops["plan-da-sera"]), day: "2027-01-12" }, staff)).status,
    ).toBe(403);
    expect((await post("/admin/calendar", { intent: "reopenDay", shopId: String(shops.ciaslin), day: "2027-01-11" }, staff)).status).toBe(
      302,
    );
    expect(await listClosedDays(shops.ciaslin, "2027-01-11", "2027-01-11")).toEqual([]);
    const audit = await shop.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "shop"), eq(schema.auditLog.entityId, String(shops.ciaslin))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["closeDay", "reopenDay"]));
    expect((await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { now: new Date() }))).ok).toBe(true);
  });
});

describe("the commission report", () => {
  let hotelId: number;
  let otherHotelId: number;
  const paidTotals: number[] = [];

  beforeAll(async () => {
    const db = shop.database.db;
    const [hotel] = await db
      .insert(schema.partnerHotels)
      .values({ name: "Hotel Report Test", town: "Ciaslin", discountPercent: 10, commissionPercent: 12 })
      .returning();
    const [other] = await db
      .insert(schema.partnerHotels)
      .values({ name: "Hotel Report Other", town: "Runcadoz", discountPercent: 5, commissionPercent: 8 })
      .returning();
    hotelId = hotel.id;
    otherHotelId = other.id;
    const ski = await createRentalItem(db, shops.ciaslin, 6);
    const book = async (hotel: number, period = JANUARY_PERIOD) => {
      const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id)], { hotelId: hotel, period, now: new Date() }));
      if (!held.ok) throw new Error(`hold failed: ${JSON.stringify(held)}`);
      return held.value;
    };
    // Two paid orders of the hotel in January, one of them picked up: both count.
    const paid: string[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await book(hotelId);
      expect(await confirmOrder(order.id)).toMatchObject({ ok: true, value: { outcome: "paid" } });
      paidTotals.push(order.totalCents);
      paid.push(order.id);
    }
    await db.update(schema.orders).set({ status: "picked_up", pickedUpAt: new Date() }).where(eq(schema.orders.id, paid[0]));
    // Waiting for payment, and paid then cancelled: neither counts.
    await book(hotelId);
    const cancelled = await book(hotelId);
    await confirmOrder(cancelled.id);
    expect((await cancelOrder(cancelled.id)).ok).toBe(true);
    // February: another month.
    const february = await book(hotelId, { pickupDate: "2027-02-01", returnDate: "2027-02-02", pickupTime: "09:00", returnTime: "17:00" });
    await confirmOrder(february.id);
    // The other hotel: one paid order.
    const otherOrder = await book(otherHotelId);
    await confirmOrder(otherOrder.id);
  });

  it("counts paid, picked-up and returned orders by pickup month, with the commission of the revenue", async () => {
    const report = await commissionReport("2027-01", hotelId);
    const row = report.rows.find((r) => r.hotelId === hotelId);
    const revenue = paidTotals[0] + paidTotals[1];
    expect(revenue).toBeGreaterThan(0);
    expect(row).toMatchObject({
      orders: 2,
      revenueCents: revenue,
      commissionPercent: 12,
      commissionCents: Math.floor((revenue * 12) / 100 + 0.5),
    });
    expect(report.detail?.map((o) => o.status).sort()).toEqual(["paid", "picked_up"]);
    expect(report.rows.find((r) => r.hotelId === otherHotelId)).toMatchObject({ orders: 1 });
    // Hotels without orders in the month are listed with zero.
    expect(report.rows.find((r) => r.name === "Garni Ciasa Mugon")).toMatchObject({ orders: 0, revenueCents: 0, commissionCents: 0 });
    const february = await commissionReport("2027-02");
    expect(february.rows.find((r) => r.hotelId === hotelId)).toMatchObject({ orders: 1 });
    expect((await commissionReport("2026-12")).rows.every((r) => r.orders === 0)).toBe(true);
  });

  it("shows the month from the URL, the rule, the figures and the hotel's orders", async () => {
    const response = await get(`/admin/settings/hotels/report?month=2027-01&hotel=${hotelId}`, admin);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("January 2027");
    expect(page).toContain("in the month of their pickup");
    const revenue = paidTotals[0] + paidTotals[1];
    const euros = (cents: number) => new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(cents / 100);
    expect(page).toContain(euros(revenue));
    expect(page).toContain(euros(Math.floor((revenue * 12) / 100 + 0.5)));
    expect(page).toContain("Orders of Hotel Report Test, January 2027");
    expect(page).toContain("/admin/order/");
    // A bad month in the URL falls back to this month.
    expect((await get("/admin/settings/hotels/report?month=2027-13", admin)).status).toBe(200);
  });

  it("downloads the month as CSV, in the page's language", async () => {
    const response = await get("/de/admin/settings/hotels/report.csv?month=2027-01", admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="commission-2027-01.csv"');
    const csv = (await response.text()).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Monat;Hotel;Ort;Provision %;Bestellungen;Umsatz EUR;Provision EUR");
    const revenue = paidTotals[0] + paidTotals[1];
    const de = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
    expect(lines).toContain(`2027-01;Hotel Report Test;Ciaslin;12;2;${de(revenue)};${de(Math.floor((revenue * 12) / 100 + 0.5))}`);
    const english = await (await get("/admin/settings/hotels/report.csv?month=2027-01", admin)).text();
    expect(english).toContain(`2027-01,Hotel Report Test,Ciaslin,12,2,${(revenue / 100).toFixed(2)},`);
  });

  it("refuses to delete a hotel that orders name, and deactivates it instead", async () => {
    const refused = await post(`/admin/settings/hotel/${hotelId}`, { intent: "delete" }, admin);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Orders name this hotel, so it cannot be deleted. Deactivate it instead.");
    const page = await (await get(`/admin/settings/hotel/${hotelId}`, admin)).text();
    expect(page).toContain("orders name this hotel, so it cannot be deleted");
    expect(page).toContain('value="deactivate"');
    expect((await post(`/admin/settings/hotel/${hotelId}`, { intent: "deactivate" }, admin)).status).toBe(302);
    const [row] = await shop.database.db.select().from(schema.partnerHotels).where(eq(schema.partnerHotels.id, hotelId));
    expect(row.active).toBe(false);
    // Its report stays.
    expect((await commissionReport("2027-01")).rows.find((r) => r.hotelId === hotelId)).toMatchObject({ orders: 2, active: false });
  });
});
