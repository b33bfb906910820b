/**
 * The counter over real HTTP (issue 33): a walk-in order claims what is on the branch's own shelf and the
 * counter's lists count only that; any free piece of the branch can be scanned at the hand-out; the same
 * hand-out sent twice is done once and answers as done; and every booked piece of a hand-out is named at once.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, holdRequest, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { paidOrder } from "../helpers/orders";
import { locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let clerk: string;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  clerk = await signedIn(shop, "clerk.ciaslin@test.example", "staff", { branches: [branches.ciaslin] });
});
afterAll(async () => {
  await shop?.close();
});

const post = (path: string, fields: Record<string, string>) => shop.post(path, fields, clerk);

/** The units an order's lines hold, with their branch. */
const heldUnits = (orderId: string) =>
  db
    .select({ lineId: schema.orderLines.id, code: schema.units.code, shopId: schema.units.shopId })
    .from(schema.reservations)
    .innerJoin(schema.units, eq(schema.units.id, schema.reservations.unitId))
    .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
    .where(and(eq(schema.orderLines.orderId, orderId), inArray(schema.reservations.state, ["held", "confirmed"])));

/** A walk-in at Ciaslin for `quantity` pieces of the item (no person), as the counter form posts it. */
const walkIn = (itemId: number, quantity: number, intent = "create") =>
  post("/admin/order/create", {
    intent,
    shopId: String(branches.ciaslin),
    appId: "winter",
    pickupDate: "2027-01-18",
    pickupTime: "09:00",
    returnDate: "2027-01-19",
    returnTime: "17:00",
    "persons.0.firstName": "Walter",
    "lines.0.person": "",
    "lines.0.item": `${itemId}|170`,
    "lines.0.quantity": String(quantity),
    language: "en",
    method: "cash",
    name: "Walter Walk-in",
  });

const createdId = (response: Response) => /\/admin\/order\/([0-9a-f-]{36})\?done=create$/.exec(locationOf(response))?.[1] as string;

/** A paid online order at Ciaslin, one line of one piece per key, in the January week of `holdRequest`. */
const paidLines = (itemId: number, keys: string[]) =>
  paidOrder(
    db,
    holdRequest(
      branches.ciaslin,
      keys.map((key) => ({ key, itemId, size: "170", quantity: 1, personIndex: null })),
    ),
  );

describe(`the counter on ${testDbKind}`, () => {
  it("a walk-in claims the branch's own units only, and the counter's list counts only those", async () => {
    // Two helmets on Ciaslin's shelf, three in Runcadoz that an online order could have brought over.
    const item = await createRentalItem(db, branches.ciaslin, 2);
    await db
      .insert(schema.units)
      .values([1, 2, 3].map((n) => ({ itemId: item.id, shopId: branches.runcadoz, size: "170", code: `${item.slug}-R${n}` })));

    const form = await walkIn(item.id, 1, "refresh");
    expect(form.status).toBe(200);
    expect(await pageText(form)).toContain(`${item.name.en} – 170 · ${en.admin.orders.free_other.replace("{{count}}", "2")}`);

    // Three is more than the shelf holds: refused, nothing taken from another village.
    const tooMany = await walkIn(item.id, 3);
    expect(tooMany.status).toBe(400);
    expect(await pageText(tooMany)).toContain(en.admin.orders.errors.unavailable);

    const created = await walkIn(item.id, 2);
    expect(created.status).toBe(302);
    const units = await heldUnits(createdId(created));
    expect(units.map((u) => u.shopId)).toEqual([branches.ciaslin, branches.ciaslin]);
    // The shelf is empty now, whatever Runcadoz has.
    expect((await walkIn(item.id, 1)).status).toBe(400);
    expect(await pageText(await walkIn(item.id, 1, "refresh"))).toContain(
      `${item.name.en} – 170 · ${en.admin.orders.free_other.replace("{{count}}", "0")}`,
    );
  });

  it("hands out any free piece of the branch's own scanned instead of the reserved one", async () => {
    const item = await createRentalItem(db, branches.ciaslin, 3);
    const created = await walkIn(item.id, 1);
    expect(created.status).toBe(302);
    const id = createdId(created);
    const [reserved] = await heldUnits(id);
    const other = [1, 2, 3].map((n) => `${item.slug}-${n}`.toUpperCase()).find((code) => code !== reserved.code.toUpperCase())!;
    const handedOut = await post(`/admin/order/${id}`, { intent: "pickup", early: "on", [`codes.${reserved.lineId}`]: other });
    expect(handedOut.status).toBe(302);
    expect((await heldUnits(id)).map((u) => u.code.toUpperCase())).toEqual([other]);
  });

  it("the same hand-out sent twice is done once and answers as done, with the order as it is now", async () => {
    const item = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidLines(item.id, ["l1"]);
    const [unit] = await heldUnits(order.id);
    const fields = { intent: "pickup", early: "on", [`codes.${unit.lineId}`]: unit.code };
    const [first, second] = await Promise.all([post(`/admin/order/${order.id}`, fields), post(`/admin/order/${order.id}`, fields)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(locationOf(second)).toBe(`/admin/order/${order.id}?done=pickup`);
    const again = await post(`/admin/order/${order.id}`, fields);
    expect(again.status).toBe(302);
    const page = await pageText(await shop.request(locationOf(again), { headers: { Cookie: clerk } }));
    expect(page).not.toContain(en.admin.orders.errors.notNow);
    expect(page).toContain(en.order.status.picked_up);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "pickup")));
    expect(audit).toHaveLength(1);
    // Another hand-out (other codes) of an order already out is still not possible.
    const other = await post(`/admin/order/${order.id}`, { ...fields, [`codes.${unit.lineId}`]: "NO-SUCH-CODE" });
    expect(other.status).toBe(400);
    expect(await pageText(other)).toContain(en.admin.orders.errors.notNow);
  });

  it("names every booked piece of a hand-out at once", async () => {
    const item = await createRentalItem(db, branches.ciaslin, 4);
    const mine = await paidLines(item.id, ["l1", "l2"]);
    const theirs = await paidLines(item.id, ["l1", "l2"]);
    const lines = await heldUnits(mine.id);
    const booked = (await heldUnits(theirs.id)).map((u) => u.code);
    const refused = await post(`/admin/order/${mine.id}`, {
      intent: "pickup",
      early: "on",
      [`codes.${lines[0].lineId}`]: booked[0],
      [`codes.${lines[1].lineId}`]: booked[1],
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const text = await pageText(new Response(html));
    expect(text).toContain(en.admin.orders.errors.codesBusy.split("{{codes}}")[0].trim());
    // Both codes in the message (the page shows neither otherwise: they are another order's).
    for (const code of booked) expect(text).toContain(code);
    expect(html.split(en.admin.orders.errors.codeBusy).length - 1).toBeGreaterThanOrEqual(2);
    expect((await heldUnits(mine.id)).map((u) => u.code).sort()).toEqual(lines.map((u) => u.code).sort());
    expect((await db.select().from(schema.orders).where(eq(schema.orders.id, mine.id)))[0].status).toBe("paid");
  });
});
