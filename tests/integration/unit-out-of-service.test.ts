/**
 * A unit leaving service takes its bookings along (issue 33, point 1; decision 055), over real HTTP on a real
 * database: set to "in repair" or retired in the item's units list, its bookings of orders not handed out move
 * to free units of the same item and size (the branch's own first, then other branches' unless the item is
 * local); what no unit is free for stays, is named on the units list and in the audit trail, and availability
 * and every claim keep a unit free for it, so its days are not sold twice.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plannerRange } from "../../app/domain/planner/planner";
import { getAvailability } from "../../app/server/booking/availability.server";
import { cancelOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { getPlanner } from "../../app/server/planner/planner.server";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, holdRequest, JANUARY_PERIOD, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { paidOrder } from "../helpers/orders";
import { pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let staff: string;

/** The January week of JANUARY_PERIOD (11–13), and a few days before it on which other units are free. */
const EARLY = { pickupDate: "2027-01-05", returnDate: "2027-01-07", pickupTime: "09:00", returnTime: "17:00" };
const JANUARY = { pickupAt: new Date("2027-01-11T08:00:00Z"), returnAt: new Date("2027-01-13T16:00:00Z") };

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  staff = await signedIn(shop, "service.staff@test.example", "staff", { branches: [branches.ciaslin], name: "Sara" });
});
afterAll(async () => {
  await shop?.close();
});

const paid = (itemId: number, period = JANUARY_PERIOD, shopId = branches.ciaslin) =>
  paidOrder(db, holdRequest(shopId, [rentalLine(itemId)], { period }), false);

/** The unit an order's booking sits on. */
async function unitOf(orderId: string) {
  const [row] = await db
    .select({ unitId: schema.reservations.unitId })
    .from(schema.reservations)
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(and(eq(schema.orderLines.orderId, orderId), eq(schema.reservations.state, "confirmed")));
  return row.unitId;
}

const unitsOf = (itemId: number) => db.select().from(schema.units).where(eq(schema.units.itemId, itemId)).orderBy(schema.units.id);

const setStatus = (itemId: number, unitId: number, status: string) =>
  shop.request(`/admin/item/${itemId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "saveUnit", unitId: String(unitId), status, note: "" }),
    headers: { Cookie: staff, "Content-Type": "application/x-www-form-urlencoded" },
  });

const freeInJanuary = async (itemId: number) => {
  const [row] = await getAvailability({ shopId: branches.ciaslin, appId: "winter", ...JANUARY, turnaroundMinutes: 60, itemIds: [itemId] });
  return row?.free ?? 0;
};

describe(`a unit leaving service on ${testDbKind}`, () => {
  it("moves what it can, names what it cannot, and never sells the stranded booking's days again", async () => {
    // Three units, all booked in the January week; the first also a few days before it.
    const item = await createRentalItem(db, branches.ciaslin, 3);
    const [first, second, third] = await unitsOf(item.id);
    const stuck = await paid(item.id);
    const leaving = await paid(item.id);
    await paid(item.id);
    const early = await paid(item.id, EARLY);
    expect([await unitOf(stuck.id), await unitOf(leaving.id), await unitOf(early.id)]).toEqual([first.id, second.id, first.id]);

    // The first unit goes into repair: the early booking moves to a free unit, the January one cannot.
    expect((await setStatus(item.id, first.id, "maintenance")).status).toBe(302);
    expect(await unitOf(early.id)).toBe(second.id);
    expect(await unitOf(stuck.id)).toBe(first.id);
    const [change] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, String(item.id)), eq(schema.auditLog.action, "unitChange")));
    expect(change.after).toMatchObject({ status: "maintenance", movedOrders: [early.number], strandedOrders: [stuck.number] });
    const moves = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, early.id), eq(schema.auditLog.action, "unitMove")));
    expect(moves.map((m) => m.after)).toEqual([{ unitId: second.id, shopId: branches.ciaslin }]);

    // The units list names the booking that stays, in the clerk's language.
    const page = await pageText(await shop.request(`/de/admin/item/${item.id}`, { headers: { Cookie: staff } }));
    const note = page.slice(page.indexOf("Noch gebucht, obwohl außer Betrieb"), page.indexOf(second.code));
    expect(note).toContain(stuck.number);
    expect(note).not.toContain(early.number);
    expect(page).toContain(`Darauf gebliebene Buchungen (kein anderes Teil frei) — ${stuck.number}`);

    // Another January customer cancels: one unit is free again, but it is owed to the stranded booking.
    await cancelOrder(leaving.id, {}, db);
    expect(await freeInJanuary(item.id)).toBe(0);
    const online = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(item.id)]));
    expect(online).toMatchObject({ ok: false, reason: "unavailable", line: { itemId: item.id, size: "170" } });
    const withHolder = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(item.id)], { holder: "203.0.113.9" }));
    expect(withHolder).toMatchObject({ ok: false, reason: "unavailable" });

    // A fourth unit arrives: exactly one January booking more can be sold, not two.
    await db.insert(schema.units).values({ itemId: item.id, shopId: branches.ciaslin, size: "170", code: `${item.slug}-4` });
    expect(await freeInJanuary(item.id)).toBe(1);
    expect((await holdOrder(holdRequest(branches.ciaslin, [rentalLine(item.id)]))).ok).toBe(true);
    expect(await freeInJanuary(item.id)).toBe(0);
    expect((await holdOrder(holdRequest(branches.ciaslin, [rentalLine(item.id)]))).ok).toBe(false);
    expect(third.status).toBe("active");
  });

  it("takes a booking to another branch's unit unless the item is local, and retiring counts as leaving", async () => {
    const travels = await createRentalItem(db, branches.ciaslin, 1);
    await db.insert(schema.units).values({ itemId: travels.id, shopId: branches.runcadoz, size: "170", code: `${travels.slug}-far` });
    const [here, far] = await unitsOf(travels.id);
    const order = await paid(travels.id);
    expect(await unitOf(order.id)).toBe(here.id);
    expect((await setStatus(travels.id, here.id, "retired")).status).toBe(302);
    expect(await unitOf(order.id)).toBe(far.id);

    const local = await createRentalItem(db, branches.ciaslin, 1, { local: true });
    await db.insert(schema.units).values({ itemId: local.id, shopId: branches.runcadoz, size: "170", code: `${local.slug}-far` });
    const [own] = await unitsOf(local.id);
    const stays = await paid(local.id);
    expect((await setStatus(local.id, own.id, "retired")).status).toBe(302);
    expect(await unitOf(stays.id)).toBe(own.id);
    const page = await pageText(await shop.request(`/admin/item/${local.id}`, { headers: { Cookie: staff } }));
    expect(page).toContain("Still booked while out of service");
    expect(page).toContain(stays.number);
    // The planner shows the retired unit while the booking sits on it, so it can be moved when a unit frees up.
    const view = await getPlanner(branches.ciaslin, plannerRange({ start: "2027-01-11", span: "week" }, "2026-11-26"), "en");
    const shown = view.rows.find((row) => row.kind === "unit" && row.code === own.code);
    expect(shown).toMatchObject({ status: "retired" });
    const bar = view.bars.find((b) => b.order !== null && view.orders[b.order].number === stays.number);
    expect(bar).toMatchObject({ unitId: own.id });
  });
});
