/**
 * Binding release settings at the counter over real HTTP (decision 043): a family booked with weight,
 * height, age and skill; the order page shows each ski line's ISO 11088 value with the sole length of the
 * booked boots, and handing out stores the value the skis went out with, from the boots actually scanned,
 * the sole length the clerk read off a heel, or the clerk's own value where the table has none.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, holdRequest, shopIds } from "../helpers/booking";
import { startTestServer } from "../helpers/http";
import { locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let admin: string;
let ciaslin: number;

const name = (text: string) => ({ en: text, de: text, it: text, nl: text, be: text, da: text });

/** Boots in one size whose units have the given sole lengths. */
async function createBoots(size: string, soles: (number | null)[]) {
  const slug = `test-boot-${randomBytes(4).toString("hex")}`;
  const [item] = await db
    .insert(schema.items)
    .values({
      slug,
      appId: "winter",
      categoryId: "ski-snowboard",
      kind: "rental",
      name: name(`Boot ${slug}`),
      description: name("A boot for tests"),
      sizes: [size],
      sizing: "boot",
    })
    .returning();
  await db.insert(schema.priceTables).values({ itemId: item.id, dayPrices: [1000, 1800, 2500], extraDayCents: 700 });
  const units = await db
    .insert(schema.units)
    .values(
      soles.map((soleLengthMm, n) => ({ itemId: item.id, shopId: ciaslin, size, code: `${slug}-${n + 1}`.toUpperCase(), soleLengthMm })),
    )
    .returning();
  return { item, units };
}

const post = (path: string, fields: Record<string, string>) => shop.post(path, fields, admin);

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  ciaslin = (await shopIds(db)).ciaslin;
  admin = await shop.login();
});
afterAll(async () => {
  await shop?.close();
});

describe("binding settings at hand-out", () => {
  it("shows each ski line's value before hand-out and stores what the skis went out with", async () => {
    const ski = await createRentalItem(db, ciaslin, 3);
    const adultBoots = await createBoots("42", [305, 305, 305]);
    const kidsBoots = await createBoots("32", [250, 250]);
    const held = await holdOrder(
      holdRequest(
        ciaslin,
        [
          { key: "a-ski", itemId: ski.id, size: "170", quantity: 1, personIndex: 0 },
          { key: "a-boot", itemId: adultBoots.item.id, size: "42", quantity: 1, personIndex: 0 },
          { key: "l-ski", itemId: ski.id, size: "170", quantity: 1, personIndex: 1 },
          { key: "l-boot", itemId: kidsBoots.item.id, size: "32", quantity: 1, personIndex: 1 },
          { key: "m-ski", itemId: ski.id, size: "170", quantity: 1, personIndex: 2 },
          { key: "m-boot", itemId: adultBoots.item.id, size: "42", quantity: 1, personIndex: 2 },
        ],
        {
          persons: [
            { firstName: "Anna", heightCm: 172, weightKg: 64, age: 41, skill: "intermediate", shoeSize: 42 },
            { firstName: "Luca", heightCm: 128, weightKg: 26, age: 8, skill: "beginner", shoeSize: 32 },
            // No age given online: the table gives nothing, the clerk sets it.
            { firstName: "Marco", heightCm: 181, weightKg: 82, skill: "expert", shoeSize: 42 },
          ],
        },
      ),
    );
    if (!held.ok) throw new Error(JSON.stringify(held));
    await db.insert(schema.payments).values({
      orderId: held.value.id,
      provider: "demo",
      ref: `demo_${held.value.id}`,
      status: "succeeded",
      amountCents: held.value.totalCents,
    });
    expect(await confirmOrder(held.value.id, db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
    const persons = await db.select().from(schema.orderPersons).where(eq(schema.orderPersons.orderId, held.value.id));
    expect(persons.map((p) => p.age).sort()).toEqual([41, 8, null].sort());
    const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, held.value.id));
    const personId = (first: string) => persons.find((p) => p.firstName === first)!.id;
    const line = (first: string, itemId: number) => lines.find((l) => l.personId === personId(first) && l.itemId === itemId)!;
    const path = `/admin/order/${held.value.id}`;

    // Before hand-out, from the booked sizes' sole lengths. Anna: 64 kg is J, 172 cm is K, the lighter J,
    // type 2 one row down: K, at 305 mm 5.5. Luca: 26 kg is E, type 1 stays, under 10 one row up: D, at 250 mm 1.75.
    const before = await pageText(await shop.request(`${path}`, { headers: { Cookie: admin } }));
    expect(before).toContain("5.5 · skier code K · sole 305 mm · torque 50 / 194 Nm");
    expect(before).toContain("1.75 · skier code D · sole 250 mm");
    expect(before).toContain(en.admin.orders.binding.missing.replace("{{fields}}", "age"));
    const german = await pageText(await shop.request(`/de${path}`, { headers: { Cookie: admin } }));
    expect(german).toContain("5,5 · Skifahrercode K · Sohle 305 mm");

    const codes = {
      [`codes.${line("Anna", ski.id).id}`]: `${ski.slug}-1`,
      [`codes.${line("Anna", adultBoots.item.id).id}`]: adultBoots.units[0].code,
      [`codes.${line("Luca", ski.id).id}`]: `${ski.slug}-2`,
      [`codes.${line("Luca", kidsBoots.item.id).id}`]: kidsBoots.units[0].code,
      [`codes.${line("Marco", ski.id).id}`]: `${ski.slug}-3`,
      [`codes.${line("Marco", adultBoots.item.id).id}`]: adultBoots.units[1].code,
    };
    // A value off the scale is refused with its message, keeps what was typed, and hands out nothing.
    const refused = await post(path, {
      intent: "pickup",
      early: "on",
      ...codes,
      [`binding.${line("Marco", ski.id).id}.value`]: "6.3",
    });
    expect(refused.status).toBe(400);
    const refusedText = await refused.text();
    expect(refusedText).toContain(en.admin.orders.errors.bindingValue);
    expect(refusedText).toContain('value="6.3"');
    expect((await db.select().from(schema.orders).where(eq(schema.orders.id, held.value.id)))[0].status).toBe("paid");

    const done = await post(path, {
      intent: "pickup",
      early: "on",
      ...codes,
      // Anna's boot turns out to be a longer shell: the clerk reads 315 mm off its heel, which is K's 5.
      [`binding.${line("Anna", ski.id).id}.soleLengthMm`]: "315",
      [`binding.${line("Marco", ski.id).id}.value`]: "7,5",
    });
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe(`${path}?done=pickup`);
    const stored = new Map(
      (await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, held.value.id))).map((l) => [l.id, l.binding]),
    );
    expect(stored.get(line("Anna", ski.id).id)).toEqual({
      value: 5,
      setBy: "table",
      code: "K",
      soleLengthMm: 315,
      twistNm: 50,
      forwardLeanNm: 194,
    });
    expect(stored.get(line("Luca", ski.id).id)).toMatchObject({ value: 1.75, setBy: "table", code: "D", soleLengthMm: 250 });
    expect(stored.get(line("Marco", ski.id).id)).toEqual({
      value: 7.5,
      setBy: "clerk",
      code: null,
      soleLengthMm: 305,
      twistNm: null,
      forwardLeanNm: null,
    });
    // Boots have no binding of their own.
    expect(stored.get(line("Anna", adultBoots.item.id).id)).toBeNull();

    const after = await pageText(await shop.request(`/de${path}`, { headers: { Cookie: admin } }));
    expect(after).toContain(
      de.admin.orders.binding.setFromTable.replace("{{value}}", "5").replace("{{code}}", "K").replace("{{sole}}", "315"),
    );
    expect(after).toContain(de.admin.orders.binding.setByClerk.replace("{{value}}", "7,5").replace("{{sole}}", "305"));
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, held.value.id)).orderBy(schema.auditLog.id);
    expect(JSON.stringify(audit?.after)).toContain('"setBy":"clerk"');
    // The hand-out's audit entry says it in words, without raw JSON.
    const html = await (await shop.request(path, { headers: { Cookie: admin } })).text();
    const entry = (/<li[^>]*data-audit="pickup"[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(entry).toContain(`${en.admin.audit.fields.bindings} — `);
    expect(entry).toContain("Binding 7.5, set by staff (sole 305 mm)");
    expect(entry).not.toMatch(/[{}[\]]/);
  });

  it("keeps a boot's sole length on its unit, edited in the item's units", async () => {
    const boots = await createBoots("40", [null]);
    const [unit] = boots.units;
    const path = `/admin/item/${boots.item.id}`;
    const saved = await post(path, { intent: "saveUnit", unitId: String(unit.id), status: "active", note: "", soleLengthMm: "295" });
    expect(saved.status).toBe(302);
    expect((await db.select().from(schema.units).where(eq(schema.units.id, unit.id)))[0].soleLengthMm).toBe(295);
    const wrong = await post(path, { intent: "saveUnit", unitId: String(unit.id), status: "active", note: "", soleLengthMm: "29.5" });
    expect(wrong.status).toBe(400);
    expect((await db.select().from(schema.units).where(eq(schema.units.id, unit.id)))[0].soleLengthMm).toBe(295);
  });
});
