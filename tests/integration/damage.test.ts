/**
 * Damage at return (issue 20, point 4; decision 046) over real HTTP on a real database: a report with photos
 * stored privately and served only to staff of the order's branch, the fee on the admin and customer pages and
 * in the PDF, the unit in repair and out of availability until it is back in service, later bookings moved off
 * it (or shown when no unit is free), and bad uploads refused with nothing written.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePictureName, pictureFiles } from "../../app/domain/pictures";
import { getAvailability } from "../../app/server/booking/availability.server";
import { damageFeesOf } from "../../app/server/counter/damage.server";
import * as schema from "../../app/server/db/schema";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { paidRental } from "../helpers/orders";
import { pdfText } from "../helpers/pdf-text";
import { locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let admin: string;
let ciaslinStaff: string;
let runcadozStaff: string;
let customer: string;

const FEBRUARY = { pickupDate: "2027-02-08", returnDate: "2027-02-10", pickupTime: "09:00", returnTime: "17:00" };
const MARCH = { pickupAt: new Date("2027-03-08T08:00:00Z"), returnAt: new Date("2027-03-10T16:00:00Z") };

const as = (cookie: string) => ({ headers: { Cookie: cookie } });
const post = (cookie: string, path: string, fields: Record<string, string>) => shop.post(path, fields, cookie);

type Photo = { data: Uint8Array; type: string; name: string };
/** The damage form of one unit as the browser posts it: multipart, fields under `u{unitId}.`. */
function postDamage(cookie: string, orderId: string, unitId: number, fields: Record<string, string>, photos: Photo[] = [], lang = "") {
  const body = new FormData();
  body.append("intent", "damageReport");
  body.append("unitId", String(unitId));
  for (const [name, value] of Object.entries(fields)) body.append(`u${unitId}.${name}`, value);
  for (const photo of photos) body.append(`u${unitId}.photos`, new Blob([new Uint8Array(photo.data)], { type: photo.type }), photo.name);
  if (photos.length === 0) body.append(`u${unitId}.photos`, new Blob([]), "");
  return shop.request(`${lang}/admin/order/${orderId}`, { method: "POST", body, headers: { Cookie: cookie } });
}

/** The unit a paid order holds, handed out and taken back at the counter. */
async function handedOutAndBack(order: { id: string }) {
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  const [reservation] = await db.select().from(schema.reservations).where(eq(schema.reservations.orderLineId, line.id));
  const [unit] = await db.select().from(schema.units).where(eq(schema.units.id, reservation.unitId));
  expect((await post(admin, `/admin/order/${order.id}`, { intent: "pickup", early: "on", [`codes.${line.id}`]: unit.code })).status).toBe(
    302,
  );
  expect((await post(admin, `/admin/order/${order.id}`, { intent: "return", note: "" })).status).toBe(302);
  return unit;
}

const unitRow = async (id: number) => (await db.select().from(schema.units).where(eq(schema.units.id, id)))[0];
const reportsOf = (orderId: string) => db.select().from(schema.damageReports).where(eq(schema.damageReports.orderId, orderId));
const damageDir = (orderId: string) => join(shop.config.DATA_DIR, "damage", orderId);
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const freeInMarch = async (itemId: number) => {
  const rows = await getAvailability({ shopId: branches.ciaslin, appId: "winter", ...MARCH, turnaroundMinutes: 60, itemIds: [itemId] });
  return rows.find((r) => r.itemId === itemId)?.free ?? 0;
};

/** A phone photo: 4000 × 3000 pixels (12 MP), JPEG. */
const phonePhoto = async (): Promise<Photo> => ({
  data: await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer(),
  type: "image/jpeg",
  name: "IMG_0001.jpg",
});
const smallPng = async (): Promise<Photo> => ({
  data: await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer(),
  type: "image/png",
  name: "edge.png",
});

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
  ciaslinStaff = await signedIn(shop, "damage.ciaslin@test.example", "staff", { branches: [branches.ciaslin] });
  runcadozStaff = await signedIn(shop, "damage.runcadoz@test.example", "staff", { branches: [branches.runcadoz] });
  customer = await signedIn(shop, "damage.customer@test.example", "customer");
});
afterAll(async () => {
  await shop?.close();
});

describe(`damage at return on ${testDbKind}`, () => {
  it("stores a report with photos privately, shows the fee line, and keeps the unit in repair until it is back in service", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    const unit = await handedOutAndBack(order);
    expect(await freeInMarch(ski.id)).toBe(2);

    const response = await postDamage(
      ciaslinStaff,
      order.id,
      unit.id,
      { category: "edges", note: "Edge torn off at the tip, left ski.", fee: "45,50", paidBy: "deposit" },
      [await phonePhoto(), await smallPng()],
    );
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin/order/${order.id}?done=damageReport&unit=${unit.id}`);

    const [report] = await reportsOf(order.id);
    expect(report).toMatchObject({ unitId: unit.id, category: "edges", feeCents: 4550, feePaidBy: "deposit", releasedAt: null });
    expect(report.photos).toHaveLength(2);
    // The 12-megapixel photo is kept at the pipeline's largest width; the small one as it is.
    expect(report.photos[0]).toMatch(/^[0-9a-f]{16}-1280x960$/);
    expect(report.photos[1]).toMatch(/^[0-9a-f]{16}-300x200$/);
    const expected = report.photos.flatMap((name) =>
      pictureFiles(parsePictureName(name) ?? { hash: "", width: 1, height: 1 }).map((f) => f.file),
    );
    expect(filesIn(damageDir(order.id))).toEqual(expected.sort());
    // Nothing in the public pictures' folder.
    expect(filesIn(join(shop.config.DATA_DIR, "uploads")).join()).not.toContain("damage");
    expect((await unitRow(unit.id)).status).toBe("maintenance");
    expect(await freeInMarch(ski.id)).toBe(1);

    // Served to staff of the order's branch only, never kept by a shared cache.
    const file = `${report.photos[0]}.webp`;
    const photo = await shop.request(`/admin/order/${order.id}/damage/${file}`, as(ciaslinStaff));
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect(photo.headers.get("cache-control")).toBe("no-store");
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(1280);
    expect((await shop.request(`/de/admin/order/${order.id}/damage/${report.photos[1]}.avif`, as(admin))).status).toBe(200);
    expect((await shop.request(`/admin/order/${order.id}/damage/${file}`, as(runcadozStaff))).status).toBe(404);
    expect((await shop.request(`/admin/order/${order.id}/damage/${file}`, as(customer))).status).not.toBe(200);
    expect((await shop.request(`/admin/order/${order.id}/damage/${file}`)).status).not.toBe(200);
    expect((await shop.request(`/media/damage/${order.id}/${file}`)).status).toBe(404);
    // A name of the right shape that no report of this order lists, and a path out of the folder.
    expect((await shop.request(`/admin/order/${order.id}/damage/0123456789abcdef-1280x960.webp`, as(admin))).status).toBe(404);
    expect((await shop.request(`/admin/order/${order.id}/damage/..%2F..%2Fsecret.webp`, as(admin))).status).toBe(404);

    // The fee line: on the admin order page, the customer's order page and the order's PDF.
    const adminPage = await pageText(await shop.request(`/admin/order/${order.id}`, as(ciaslinStaff)));
    expect(adminPage).toContain("Edge torn off at the tip, left ski.");
    expect(adminPage).toContain("Damage fees");
    expect(adminPage).toContain("€45.50");
    expect(adminPage).toContain("In repair");
    const customerPage = await shop.request(`/order/${order.token}`);
    const customerHtml = await customerPage.text();
    expect(customerHtml).toContain("Damage fees");
    expect(customerHtml).toContain("taken from the deposit");
    expect(customerHtml).toContain("€45.50");
    // The customer sees the fee, not the staff's photos or notes.
    expect(customerHtml).not.toContain("/damage/");
    expect(customerHtml).not.toContain("Edge torn off");
    const pdf = await shop.request(`/order/${order.token}/confirmation.pdf`);
    const { lines } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines.join("\n")).toContain("Damage fees");
    expect(lines.join("\n")).toContain("Edges · taken from the deposit");
    const adminPdf = await pdfText(
      new Uint8Array(await (await shop.request(`/admin/order/${order.id}/confirmation.pdf`, as(admin))).arrayBuffer()),
    );
    expect(adminPdf.lines.join("\n")).toContain("€45.50");
    // What the deposit's capture starts from.
    expect(await damageFeesOf(order.id)).toMatchObject({ totalCents: 4550, fromDepositCents: 4550 });

    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "order"), eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "damageReport")));
    expect(audit[0].after).toMatchObject({ unitId: unit.id, damageCategory: "edges", photos: 2, feeCents: 4550 });

    // Back in service: staff of another branch cannot, staff of this one can, once.
    expect((await post(runcadozStaff, `/admin/order/${order.id}`, { intent: "damageRelease", unitId: String(unit.id) })).status).toBe(404);
    expect((await unitRow(unit.id)).status).toBe("maintenance");
    const released = await post(ciaslinStaff, `/admin/order/${order.id}`, { intent: "damageRelease", unitId: String(unit.id) });
    expect(released.status).toBe(302);
    expect((await unitRow(unit.id)).status).toBe("active");
    expect((await reportsOf(order.id))[0].releasedAt).not.toBeNull();
    expect(await freeInMarch(ski.id)).toBe(2);
    const again = await post(ciaslinStaff, `/admin/order/${order.id}`, { intent: "damageRelease", unitId: String(unit.id) });
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain("This piece is not in repair (any more).");
    const itemAudit = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "item"), eq(schema.auditLog.entityId, String(ski.id))));
    expect(itemAudit.map((a) => a.action).sort()).toEqual(["unitRelease", "unitRepair"]);
  });

  it("refuses bad uploads with the message beside the photos and writes nothing", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    const unit = await handedOutAndBack(order);
    const photo = await smallPng();
    const nothingWritten = async () => {
      expect(await reportsOf(order.id)).toEqual([]);
      expect(filesIn(damageDir(order.id))).toEqual([]);
      expect((await unitRow(unit.id)).status).toBe("active");
    };
    const refused = async (response: Response, status: number, message: string) => {
      expect(response.status).toBe(status);
      expect(await pageText(response)).toContain(message);
      await nothingWritten();
    };

    // Four photos: none kept (a browser cannot be handed files back), so the message says to choose up to
    // three again, and the note and the other fields come back as typed.
    const four = await postDamage(admin, order.id, unit.id, { category: "edges", note: "Keep this note", fee: "12" }, [
      photo,
      photo,
      photo,
      photo,
    ]);
    expect(four.status).toBe(400);
    const fourHtml = await four.text();
    expect(fourHtml).toContain("At most three photos per piece. The photos were not saved: choose up to three again.");
    expect(fourHtml).toContain("Keep this note");
    expect(fourHtml).toMatch(new RegExp(`name="u${unit.id}.fee"[^>]*value="12"`));
    await nothingWritten();
    await refused(
      await postDamage(admin, order.id, unit.id, { category: "edges" }, [photo, photo, photo, photo], "/de"),
      400,
      "Höchstens drei Fotos pro Teil.",
    );
    // Says it is a JPEG, is not: the bytes decide.
    await refused(
      await postDamage(admin, order.id, unit.id, { category: "edges" }, [
        { data: new TextEncoder().encode("<html>no photo</html>"), type: "image/jpeg", name: "x.jpg" },
      ]),
      400,
      "Only photos in JPEG, PNG or WebP can be sent.",
    );
    const jpeg = (await phonePhoto()).data;
    await refused(
      await postDamage(admin, order.id, unit.id, { category: "edges" }, [
        { data: jpeg.subarray(0, 4000), type: "image/jpeg", name: "cut.jpg" },
      ]),
      400,
      "One of the photos could not be read. Please take it again.",
    );
    await refused(
      await postDamage(admin, order.id, unit.id, { category: "edges" }, [{ data: photo.data, type: "image/heic", name: "x.heic" }]),
      400,
      "Only photos in JPEG, PNG or WebP can be sent.",
    );
    // A good photo with a bad fee: refused before a photo is decoded, what was typed comes back.
    const badFee = await postDamage(admin, order.id, unit.id, { category: "edges", note: "Keep this note", fee: "lots" }, [photo]);
    expect(badFee.status).toBe(400);
    const badFeeText = await pageText(badFee);
    expect(badFeeText).toContain("Enter the fee as an amount, e.g. 45 or 45.50.");
    expect(badFeeText).toContain("Keep this note");
    await nothingWritten();
    await refused(await postDamage(admin, order.id, unit.id, { category: "electrics" }, [photo]), 400, "Choose what is damaged.");
    await refused(await postDamage(admin, order.id, unit.id, { fee: "20", paidBy: "counter" }), 400, "Choose what is damaged.");
    // A unit of another order, and a clerk of another branch.
    const other = await createRentalItem(db, branches.ciaslin, 1);
    const [otherUnit] = await db.select().from(schema.units).where(eq(schema.units.itemId, other.id));
    await refused(await postDamage(admin, order.id, otherUnit.id, { category: "edges" }, [photo]), 400, "Choose a piece of this order.");
    expect((await postDamage(runcadozStaff, order.id, unit.id, { category: "edges" }, [photo])).status).toBe(404);
    await nothingWritten();

    // The same report twice at the same moment (a double tap): one stands, the other is refused, and the
    // photo's files, written by both, stay for the one that stands.
    const both = await Promise.all([
      postDamage(admin, order.id, unit.id, { category: "broken" }, [photo]),
      postDamage(admin, order.id, unit.id, { category: "broken" }, [photo]),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    const twice = both.find((r) => r.status === 409) as Response;
    expect(await pageText(twice)).toContain("Damage on this piece has already been recorded for this order.");
    expect(await reportsOf(order.id)).toHaveLength(1);
    expect(filesIn(damageDir(order.id))).toHaveLength(
      pictureFiles(parsePictureName((await reportsOf(order.id))[0].photos[0]) ?? { hash: "", width: 1, height: 1 }).length,
    );
  });

  it("answers a form too large to send in the form, in the clerk's language, with the note kept", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    const unit = await handedOutAndBack(order);
    // A 30 MB photo: over the 8 MB a photo may have and over the 24.25 MB the whole form may have.
    const huge = { data: new Uint8Array(30 * 1024 * 1024).fill(7), type: "image/jpeg", name: "IMG_9999.jpg" };
    for (const [lang, message] of [
      ["", "The photos are too large to send: at most 8 MB each, 24 MB together."],
      ["/de", "Die Fotos sind zu groß zum Senden: höchstens 8 MB pro Foto, 24 MB zusammen."],
    ]) {
      const answer = await postDamage(
        admin,
        order.id,
        unit.id,
        { category: "edges", note: "Bindung lose, linker Ski", fee: "30" },
        [huge],
        lang,
      );
      expect(answer.status).toBe(400);
      const html = await answer.text();
      expect(html).toContain(message);
      expect(html).not.toContain("Payload Too Large");
      expect(html).toContain("Bindung lose, linker Ski");
      expect(html).toMatch(new RegExp(`name="u${unit.id}.fee"[^>]*value="30"`));
    }
    expect(await reportsOf(order.id)).toEqual([]);
    expect(filesIn(damageDir(order.id))).toEqual([]);
    expect((await unitRow(unit.id)).status).toBe("active");
  });

  it("corrects a report as a new version, keeping the earlier ones in the history and the audit trail", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidRental(db, branches.ciaslin, ski.id);
    const unit = await handedOutAndBack(order);
    const postCorrection = (cookie: string, fields: Record<string, string>, photos: Photo[] = []) => {
      const body = new FormData();
      body.append("unitId", String(unit.id));
      for (const [name, value] of Object.entries(fields)) body.append(`u${unit.id}.${name}`, value);
      for (const photo of photos)
        body.append(`u${unit.id}.photos`, new Blob([new Uint8Array(photo.data)], { type: photo.type }), photo.name);
      body.append("intent", "damageCorrect");
      return shop.request(`/admin/order/${order.id}`, { method: "POST", body, headers: { Cookie: cookie } });
    };
    expect((await postDamage(ciaslinStaff, order.id, unit.id, { category: "scratches", note: "Scratch on top" })).status).toBe(302);
    const [first] = await reportsOf(order.id);
    expect(first.photos).toEqual([]);

    // The photos that could not be added the first time, a category and a fee.
    const corrected = await postCorrection(admin, { category: "edges", note: "Edge torn off", fee: "45", paidBy: "deposit" }, [
      await smallPng(),
    ]);
    expect(corrected.status).toBe(302);
    expect(locationOf(corrected)).toBe(`/admin/order/${order.id}?done=damageCorrect&unit=${unit.id}`);
    const [now] = await reportsOf(order.id);
    expect(now).toMatchObject({ id: first.id, category: "edges", note: "Edge torn off", feeCents: 4500, feePaidBy: "deposit" });
    expect(now.photos).toHaveLength(1);
    const versions = () =>
      db
        .select()
        .from(schema.damageReportVersions)
        .where(eq(schema.damageReportVersions.reportId, first.id))
        .orderBy(schema.damageReportVersions.version);
    expect(await versions()).toMatchObject([{ version: 1, category: "scratches", note: "Scratch on top", photos: [], feeCents: null }]);
    expect(await damageFeesOf(order.id)).toMatchObject({ totalCents: 4500 });

    // Another branch's clerk corrects nothing; a second correction keeps both earlier versions.
    expect((await postCorrection(runcadozStaff, { category: "broken" })).status).toBe(404);
    expect((await postCorrection(ciaslinStaff, { category: "broken", note: "Ski broken in two" })).status).toBe(302);
    expect((await versions()).map((v) => [v.version, v.category])).toEqual([
      [1, "scratches"],
      [2, "edges"],
    ]);
    expect((await reportsOf(order.id))[0]).toMatchObject({ category: "broken", feeCents: null, photos: now.photos });
    // More photos than the report has room for: refused, nothing changed.
    const full = await postCorrection(ciaslinStaff, { category: "broken" }, [await smallPng(), await phonePhoto(), await smallPng()]);
    expect(full.status).toBe(400);
    expect(await pageText(full)).toContain("A report keeps at most three photos in all.");
    expect(await versions()).toHaveLength(2);

    const page = await pageText(await shop.request(`/admin/order/${order.id}`, as(ciaslinStaff)));
    expect(page).toContain("Earlier versions");
    expect(page).toContain("Scratch on top");
    expect(page).toContain("Edge torn off");
    expect(page).toContain("Ski broken in two");
    expect(page).toContain("Corrected by damage.ciaslin");
    expect(page).toContain("Damage report corrected");
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "damageCorrect")));
    expect(audit).toHaveLength(2);
    expect(
      audit.map((a) => [(a.before as { damageCategory: string }).damageCategory, (a.after as { damageCategory: string }).damageCategory]),
    ).toEqual(
      expect.arrayContaining([
        ["scratches", "edges"],
        ["edges", "broken"],
      ]),
    );
  });

  it("is refused before the hand-out, and moves later bookings off the unit or names those it cannot move", async () => {
    const unitOf = async (orderId: string) =>
      (
        await db
          .select({ unitId: schema.reservations.unitId })
          .from(schema.reservations)
          .innerJoin(schema.orderLines, eq(schema.orderLines.id, schema.reservations.orderLineId))
          .where(eq(schema.orderLines.orderId, orderId))
      )[0].unitId;

    // Two units: January's order and the first February booking on the first, another February booking on the second.
    const full = await createRentalItem(db, branches.ciaslin, 2);
    const order = await paidRental(db, branches.ciaslin, full.id);
    const early = await postDamage(admin, order.id, await unitOf(order.id), { category: "edges" });
    expect(early.status).toBe(400);
    expect(await pageText(early)).toContain("This cannot be done with the order in its current status.");
    const stuck = await paidRental(db, branches.ciaslin, full.id, { period: FEBRUARY });
    const neighbour = await paidRental(db, branches.ciaslin, full.id, { period: FEBRUARY });
    const unit = await handedOutAndBack(order);
    expect(await unitOf(stuck.id)).toBe(unit.id);
    expect(await unitOf(neighbour.id)).not.toBe(unit.id);
    // No other unit is free in February: the booking stays where it is, and the report names it.
    expect((await postDamage(admin, order.id, unit.id, { category: "binding" })).status).toBe(302);
    expect(await unitOf(stuck.id)).toBe(unit.id);
    const page = await pageText(await shop.request(`/admin/order/${order.id}`, as(admin)));
    expect(page).toContain("This piece is still booked while it is in repair.");
    expect(page).toContain(stuck.number);

    // Two units, one February booking on the unit that comes back damaged: it moves to the free one.
    const spare = await createRentalItem(db, branches.ciaslin, 2);
    const first = await paidRental(db, branches.ciaslin, spare.id);
    const moving = await paidRental(db, branches.ciaslin, spare.id, { period: FEBRUARY });
    const damaged = await handedOutAndBack(first);
    expect(await unitOf(moving.id)).toBe(damaged.id);
    expect((await postDamage(admin, first.id, damaged.id, { category: "edges" })).status).toBe(302);
    const now = await unitOf(moving.id);
    expect(now).not.toBe(damaged.id);
    expect((await unitRow(now)).itemId).toBe(spare.id);
    const moves = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, moving.id), eq(schema.auditLog.action, "unitMove")));
    expect(moves.map((m) => m.after)).toEqual([{ unitId: now, shopId: branches.ciaslin }]);
    const firstPage = await pageText(await shop.request(`/admin/order/${first.id}`, as(admin)));
    expect(firstPage).not.toContain("still booked while it is in repair");
  });
});
