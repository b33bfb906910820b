/**
 * The planner at /admin/calendar (decision 041) over real HTTP on a real database: what the view shows,
 * moving a booking or a maintenance block to another unit (the exclusion constraint judging, 23P01 answered
 * with a message and nothing changed), blocks making a unit unavailable to customers and refused over a
 * booking, removing a block, and who may do what (staff only at their branches).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../app/domain/periods";
import { plannerRange } from "../../app/domain/planner/planner";
import { getAvailability } from "../../app/server/booking/availability.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { getPlanner } from "../../app/server/planner/planner.server";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, holdRequest, JANUARY_PERIOD, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { locationOf } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let shops: Record<string, number>;
const cookies: Record<"admin" | "staff" | "otherStaff" | "customer", string> = { admin: "", staff: "", otherStaff: "", customer: "" };

const BOOKED = "That unit is already booked for these days.";
const WEEK = `start=2027-01-11&span=week`;

const user = (email: string, role: "customer" | "staff", branch?: number) =>
  signedIn(shop, email, role, { branches: branch ? [branch] : [], name: email, password: "planner password 123" });

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  shops = await shopIds(db);
  cookies.admin = await shop.login();
  cookies.staff = await user("planner.staff@test.example", "staff", shops.ciaslin);
  cookies.otherStaff = await user("planner.other@test.example", "staff", shops.runcadoz);
  cookies.customer = await user("planner.customer@test.example", "customer");
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie?: string) => shop.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie?: string) => shop.post(path, fields, cookie);

/** A confirmed order for one unit of the item in the January week, for a customer of that name. */
async function book(itemId: number, name: string, confirm = true) {
  const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(itemId)], { invoice: { ...holdRequest(0, []).invoice, name } }));
  if (!held.ok) throw new Error(JSON.stringify(held));
  if (confirm) await confirmOrder(held.value.id, db);
  const [reservation] = await db
    .select({ id: schema.reservations.id, unitId: schema.reservations.unitId, lineId: schema.reservations.orderLineId })
    .from(schema.reservations)
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(eq(schema.orderLines.orderId, held.value.id));
  return { order: held.value, reservation };
}

async function unitsOf(itemId: number) {
  return db.select().from(schema.units).where(eq(schema.units.itemId, itemId)).orderBy(schema.units.id);
}

async function reservation(id: number) {
  const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.id, id));
  return row;
}

async function auditCount() {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog);
  return n;
}

async function blocksOf(unitId: number) {
  return db
    .select()
    .from(schema.reservations)
    .where(and(eq(schema.reservations.unitId, unitId), sql`${schema.reservations.blockKind} is not null`));
}

const januaryAvailability = (itemId: number) =>
  getAvailability({
    shopId: shops.ciaslin,
    appId: "winter",
    pickupAt: zonedInstant(JANUARY_PERIOD.pickupDate, JANUARY_PERIOD.pickupTime),
    returnAt: zonedInstant(JANUARY_PERIOD.returnDate, JANUARY_PERIOD.returnTime),
    turnaroundMinutes: 60,
    itemIds: [itemId],
  });

describe(`the planner on ${testDbKind}`, () => {
  it("shows a branch's units grouped by item and size, and each live reservation as a bar with its order", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 3, { local: true });
    const paid = await book(item.id, "Planner Paid Customer");
    const waiting = await book(item.id, "Planner Waiting Customer", false);
    const range = plannerRange({ start: "2027-01-11", span: "week" }, "2026-11-26");
    const view = await getPlanner(shops.ciaslin, range, "en");

    const codes = (await unitsOf(item.id)).map((u) => u.code);
    const group = view.rows.findIndex((row) => row.kind === "group" && row.label === `${item.name.en} · 170`);
    expect(group).toBeGreaterThan(0);
    expect(view.rows.slice(group + 1, group + 4).map((row) => (row.kind === "unit" ? row.code : row.kind))).toEqual(codes);

    const barOf = (orderNumber: string) => view.bars.find((bar) => bar.order !== null && view.orders[bar.order].number === orderNumber);
    const paidBar = barOf(paid.order.number);
    expect(paidBar).toMatchObject({
      unitId: paid.reservation.unitId,
      kind: "paid",
      firstDay: "2027-01-11",
      lastDay: "2027-01-13",
      // Monday 09:00 to Wednesday 17:00, then the hour of the turnaround buffer, in working days of 07:00 to 20:00.
      from: 0.1538,
      buffer: 2.7692,
      to: 2.8462,
      movable: true,
    });
    expect(view.orders[paidBar?.order ?? -1]).toMatchObject({ name: "Planner Paid Customer", status: "paid" });
    expect(barOf(waiting.order.number)).toMatchObject({ unitId: waiting.reservation.unitId, kind: "held", movable: true });

    // The page: the bars' customers and orders are in what the server sends, for that branch only.
    const page = await (await get(`/admin/calendar?${WEEK}&shop=${shops.ciaslin}`, cookies.staff)).text();
    expect(page).toContain("Planner Paid Customer");
    expect(page).toContain(paid.order.number);
    const other = await (await get(`/admin/calendar?${WEEK}`, cookies.otherStaff)).text();
    expect(other).not.toContain("Planner Paid Customer");
    // The list of pickups and returns is still there.
    const list = await get(`/admin/calendar?view=week&week=2027-01-11&shop=${shops.ciaslin}`, cookies.staff);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Pickups, returns and closed days");
  });

  it("moves a booking to a free unit of the same item and size, with the order line's unit and an audit entry", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 2, { local: true });
    const [first, second] = await unitsOf(item.id);
    const { order, reservation: booked } = await book(item.id, "Planner Mover");
    expect(booked.unitId).toBe(first.id);
    // A line that names its unit (as after a hand-out) follows the move.
    await db
      .update(schema.orderLines)
      .set({ unitId: first.id })
      .where(eq(schema.orderLines.id, booked.lineId as number));

    const response = await post(
      `/admin/calendar?${WEEK}&shop=${shops.ciaslin}&r=${booked.id}`,
      { intent: "moveReservation", reservationId: String(booked.id), unitId: String(second.id) },
      cookies.staff,
    );
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin/calendar?start=2027-01-11&span=week&shop=${shops.ciaslin}&done=moved`);
    expect((await reservation(booked.id)).unitId).toBe(second.id);
    const [line] = await db
      .select()
      .from(schema.orderLines)
      .where(eq(schema.orderLines.id, booked.lineId as number));
    expect(line.unitId).toBe(second.id);
    const [entry] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "order"), eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "unitMove")));
    expect(entry.before).toEqual({ unitId: first.id, shopId: shops.ciaslin });
    expect(entry.after).toEqual({ unitId: second.id, shopId: shops.ciaslin });
    const done = await (await get(`/de/admin/calendar?${WEEK}&shop=${shops.ciaslin}&done=moved`, cookies.staff)).text();
    expect(done).toContain("Auf die andere Einheit verschoben.");
  });

  it("refuses a move onto a unit booked for those days with the message, and changes nothing", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 2, { local: true });
    const [first, second] = await unitsOf(item.id);
    const a = await book(item.id, "Planner First");
    const b = await book(item.id, "Planner Second");
    expect([a.reservation.unitId, b.reservation.unitId]).toEqual([first.id, second.id]);
    const audits = await auditCount();

    const response = await post(
      `/admin/calendar?${WEEK}&shop=${shops.ciaslin}`,
      { intent: "moveReservation", reservationId: String(a.reservation.id), unitId: String(second.id) },
      cookies.staff,
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(BOOKED);
    expect((await reservation(a.reservation.id)).unitId).toBe(first.id);
    expect((await reservation(b.reservation.id)).unitId).toBe(second.id);
    expect(await auditCount()).toBe(audits);

    // In the other languages too.
    const italian = await post(
      `/it/admin/calendar?${WEEK}&shop=${shops.ciaslin}`,
      { intent: "moveReservation", reservationId: String(a.reservation.id), unitId: String(second.id) },
      cookies.staff,
    );
    expect(await italian.text()).toContain("Quel pezzo è già prenotato per questi giorni.");
  });

  it("refuses to move a booking that was handed out, or to a unit of another item", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 2, { local: true });
    const otherItem = await createRentalItem(db, shops.ciaslin, 1, { local: true });
    const [, second] = await unitsOf(item.id);
    const [foreign] = await unitsOf(otherItem.id);
    const { order, reservation: booked } = await book(item.id, "Planner Handed Out");
    const wrong = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "moveReservation", reservationId: String(booked.id), unitId: String(foreign.id) },
      cookies.admin,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Choose a unit of the same item and size at this branch.");
    await db.update(schema.orders).set({ status: "picked_up" }).where(eq(schema.orders.id, order.id));
    const late = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "moveReservation", reservationId: String(booked.id), unitId: String(second.id) },
      cookies.admin,
    );
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This order has been handed out already");
    expect((await reservation(booked.id)).unitId).toBe(booked.unitId);
  });

  it("blocks a unit for maintenance: customers can no longer book it, and it is free again once the block is removed", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 1, { local: true });
    const [only] = await unitsOf(item.id);
    expect((await januaryAvailability(item.id))[0]).toMatchObject({ free: 1 });

    const response = await post(
      `/admin/calendar?${WEEK}&shop=${shops.ciaslin}&block=${only.code}`,
      { intent: "blockUnit", unit: only.code.toLowerCase(), from: "2027-01-12", to: "2027-01-12", note: "New edges" },
      cookies.staff,
    );
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin/calendar?start=2027-01-11&span=week&shop=${shops.ciaslin}&done=blocked`);
    const [block] = await blocksOf(only.id);
    expect(block).toMatchObject({
      state: "confirmed",
      orderLineId: null,
      orderChangeId: null,
      blockKind: "maintenance",
      blockNote: "New edges",
    });

    expect((await januaryAvailability(item.id))[0]).toMatchObject({ free: 0, state: "not available" });
    const refused = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(item.id)]));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused).toMatchObject({ reason: "unavailable" });

    // The planner shows it as a block; the item's own calendar and the dashboard cope with a reservation without an order.
    const view = await getPlanner(shops.ciaslin, plannerRange({ start: "2027-01-11", span: "week" }, "2026-11-26"), "en");
    expect(view.bars.find((bar) => bar.id === block.id)).toMatchObject({
      kind: "block",
      order: null,
      note: "New edges",
      firstDay: "2027-01-12",
      lastDay: "2027-01-12",
      from: 1,
      to: 2,
      buffer: null,
      movable: true,
    });
    expect((await get(`/admin/item/${item.id}?month=2027-01`, cookies.staff)).status).toBe(200);
    expect((await get("/admin", cookies.staff)).status).toBe(200);

    const removed = await post(
      `/admin/calendar?${WEEK}&shop=${shops.ciaslin}&r=${block.id}`,
      { intent: "removeBlock", reservationId: String(block.id) },
      cookies.staff,
    );
    expect(removed.status).toBe(302);
    expect(locationOf(removed)).toBe(`/admin/calendar?start=2027-01-11&span=week&shop=${shops.ciaslin}&done=unblocked`);
    expect(await blocksOf(only.id)).toEqual([]);
    expect((await januaryAvailability(item.id))[0]).toMatchObject({ free: 1 });
    const trail = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "item"), eq(schema.auditLog.entityId, String(item.id))));
    expect(trail.map((e) => e.action).sort()).toEqual(["blockAdd", "blockRemove"]);
  });

  it("refuses a block over a booking, and moves a block to a free unit", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 2, { local: true });
    const [first, second] = await unitsOf(item.id);
    await book(item.id, "Planner Blocked Out");
    const refused = await post(
      `/da/admin/calendar?${WEEK}`,
      { intent: "blockUnit", unit: first.code, from: "2027-01-13", to: "2027-01-20", note: "" },
      cookies.admin,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Den enhed er allerede booket på disse dage.");
    expect(await blocksOf(first.id)).toEqual([]);

    const blocked = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "blockUnit", unit: second.code, from: "2027-01-13", to: "2027-01-20" },
      cookies.admin,
    );
    expect(blocked.status).toBe(302);
    const [block] = await blocksOf(second.id);
    // Onto the booked unit: refused, the block stays where it was.
    const onto = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "moveReservation", reservationId: String(block.id), unitId: String(first.id) },
      cookies.admin,
    );
    expect(onto.status).toBe(409);
    expect((await reservation(block.id)).unitId).toBe(second.id);
    // Starting the day after the booking ends, it fits on the first unit.
    await db.execute(
      sql`update reservations set period = tstzrange(lower(period) + interval '1 day', upper(period)) where id = ${block.id}`,
    );
    const moved = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "moveReservation", reservationId: String(block.id), unitId: String(first.id) },
      cookies.admin,
    );
    expect(moved.status).toBe(302);
    expect((await reservation(block.id)).unitId).toBe(first.id);
  });

  it("refuses bad block forms beside their fields", async () => {
    const response = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "blockUnit", unit: "NO-SUCH-0001", from: "2027-01-14", to: "2027-01-13" },
      cookies.admin,
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("The last day cannot be before the first day.");
    const unknown = await post(
      `/admin/calendar?${WEEK}`,
      { intent: "blockUnit", unit: "NO-SUCH-0001", from: "2027-01-13", to: "2027-01-13" },
      cookies.admin,
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("There is no unit with this code.");
  });

  it("lets staff change only their branches' units and reservations, and keeps others out", async () => {
    const item = await createRentalItem(db, shops.ciaslin, 2, { local: true });
    const [first, second] = await unitsOf(item.id);
    const { reservation: booked } = await book(item.id, "Planner Guarded");
    const blocked = await post(
      `/admin/calendar`,
      { intent: "blockUnit", unit: second.code, from: "2027-01-12", to: "2027-01-12" },
      cookies.admin,
    );
    expect(blocked.status).toBe(302);
    const [block] = await blocksOf(second.id);
    const audits = await auditCount();

    const writes: Record<string, string>[] = [
      { intent: "moveReservation", reservationId: String(booked.id), unitId: String(second.id) },
      { intent: "blockUnit", unit: first.code, from: "2027-03-01", to: "2027-03-02" },
      { intent: "removeBlock", reservationId: String(block.id) },
      { intent: "moveReservation", reservationId: String(block.id), unitId: String(first.id) },
    ];
    for (const fields of writes) {
      expect(`${fields.intent} ${(await post("/admin/calendar", fields, cookies.otherStaff)).status}`).toBe(`${fields.intent} 403`);
      expect(`${fields.intent} ${(await post("/admin/calendar", fields, cookies.customer)).status}`).toBe(`${fields.intent} 403`);
      const anonymous = await post("/admin/calendar", fields);
      expect(anonymous.status).toBe(302);
      expect(locationOf(anonymous)).toMatch(/^\/login\?next=/);
    }
    expect((await reservation(booked.id)).unitId).toBe(first.id);
    expect((await reservation(block.id)).unitId).toBe(second.id);
    expect(await blocksOf(first.id)).toEqual([]);
    expect(await auditCount()).toBe(audits);

    // Reading: another branch's planner is refused to staff, their own is theirs.
    expect((await get(`/admin/calendar?shop=${shops.ciaslin}`, cookies.otherStaff)).status).toBe(403);
    expect((await get(`/admin/calendar?shop=${shops.runcadoz}`, cookies.otherStaff)).status).toBe(200);
    expect((await get(`/admin/calendar?shop=${shops.ciaslin}`, cookies.customer)).status).toBe(403);

    // Staff of the branch may.
    const moved = await post("/admin/calendar", writes[0], cookies.staff);
    expect(moved.status).toBe(409);
    expect((await post("/admin/calendar", writes[2], cookies.staff)).status).toBe(302);
    expect((await post("/admin/calendar", writes[0], cookies.staff)).status).toBe(302);
    expect((await reservation(booked.id)).unitId).toBe(second.id);
  });
});
