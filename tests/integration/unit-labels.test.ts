/**
 * The unit label sheets over real HTTP (issue 20): an item's and a branch's labels as A4 PDFs, each unit's
 * code on them in letters and, read back from the drawn page by the camera scanner's own decoder, as Code
 * 128 and as QR code; staff get only their branches' units and are refused another branch's sheet.
 */
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePixels } from "../../app/components/admin/code-decoder";
import { code128Bars, QUIET_ZONE } from "../../app/domain/code128";
import { labelLayout, labelOrigin, labelPlace } from "../../app/domain/counter/unit-labels";
import * as schema from "../../app/server/db/schema";
import { signedIn } from "../helpers/accounts";
import { shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { cropMm, rasterizePage } from "../helpers/pdf-raster";
import { pdfText } from "../helpers/pdf-text";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
const ids = { item: 0, empty: 0 };
const cookies = { admin: "", staff: "", otherStaff: "" };
const name = (text: string) => ({ en: text, de: `${text} (de)`, it: text, nl: text, be: text, da: text });
/** 26 units at Ciaslin (two sheets), one of them retired; two at Runcadoz; a typed code with digits to switch code sets. */
const CIASLIN = Array.from({ length: 25 }, (_, n) => `LB-CI-${String(n + 1).padStart(4, "0")}`).concat("LB-CI-TYPED-20261126");
const RETIRED = "LB-CI-9999";
const RUNCADOZ = ["LB-RU-0001", "LB-RU-0002"];

const staff = (email: string, branch: number) =>
  signedIn(shop, email, "staff", { branches: [branch], name: email, password: "label password 123" });

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  const item = async (slug: string, title: string) =>
    (
      await db
        .insert(schema.items)
        .values({
          slug,
          appId: "winter",
          categoryId: "ski-snowboard",
          kind: "rental",
          name: name(title),
          description: name("x"),
          sizes: ["170"],
          sizing: "ski",
        })
        .returning()
    )[0].id;
  ids.item = await item("label-ski", "Label ski Ørsted extra long name for two lines");
  ids.empty = await item("label-empty", "Label nothing");
  await db
    .insert(schema.units)
    .values([
      ...CIASLIN.map((code) => ({ itemId: ids.item, shopId: branches.ciaslin, size: "170", code })),
      { itemId: ids.item, shopId: branches.ciaslin, size: "170", code: RETIRED, status: "retired" as const },
      ...RUNCADOZ.map((code) => ({ itemId: ids.item, shopId: branches.runcadoz, size: "170", code })),
    ]);
  cookies.admin = await shop.login();
  cookies.staff = await staff("labels.staff@test.example", branches.ciaslin);
  cookies.otherStaff = await staff("labels.other@test.example", branches.runcadoz);
});
afterAll(async () => {
  await shop?.close();
});

const get = (cookie: string, path: string) => shop.request(path, { headers: { Cookie: cookie } });

async function pdf(cookie: string, path: string) {
  const response = await get(cookie, path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  // Nobody keeps a copy of a back-office answer (issue 14).
  expect(response.headers.get("cache-control")).toBe("no-store");
  return new Uint8Array(await response.arrayBuffer());
}

/** The unit codes printed in letters on the sheet (the line of each label that is a code). */
async function printedCodes(bytes: Uint8Array) {
  const { lines } = await pdfText(bytes);
  return lines.filter((line) => /^LB-/.test(line));
}

describe(`unit label sheets on ${testDbKind}`, () => {
  it("prints every unit of the item at every branch for an admin, retired ones left out, 24 to an A4 sheet", async () => {
    const bytes = await pdf(cookies.admin, `/admin/item/${ids.item}/labels.pdf`);
    // Ciaslin's units first (the branch created first), each in code order.
    expect(await printedCodes(bytes)).toEqual([...CIASLIN, ...RUNCADOZ]);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe("Unit labels: Label ski Ørsted extra long name for two lines");
    expect(doc.getSubject()).toContain("3 × 8 labels of 70 × 37 mm");
    // Printed at 100 %: a sheet fitted to the printer's margins would miss the labels.
    const preferences = doc.catalog.lookup(PDFName.of("ViewerPreferences"));
    expect(String(preferences)).toContain("/PrintScaling /None");
    const { lines } = await pdfText(bytes);
    expect(lines).toContain("Size 170");
    // The long name wraps onto more lines, each drawn whole or cut with an ellipsis.
    expect(lines.filter((line) => line.startsWith("Label ski")).length).toBe(CIASLIN.length + RUNCADOZ.length);
  });

  it("gives staff their branches' units only and refuses another branch's sheet", async () => {
    expect(await printedCodes(await pdf(cookies.staff, `/admin/item/${ids.item}/labels.pdf`))).toEqual(CIASLIN);
    expect(await printedCodes(await pdf(cookies.otherStaff, `/admin/item/${ids.item}/labels.pdf`))).toEqual(RUNCADOZ);
    expect((await get(cookies.otherStaff, `/admin/item/${ids.item}/labels.pdf?shop=${branches.ciaslin}`)).status).toBe(403);
    expect((await get(cookies.otherStaff, `/admin/shop/${branches.ciaslin}/labels.pdf`)).status).toBe(403);
    const branchSheet = await printedCodes(await pdf(cookies.otherStaff, `/admin/shop/${branches.runcadoz}/labels.pdf`));
    expect(branchSheet).toEqual(RUNCADOZ);
  });

  it("prints a branch's units of every item, the demo's too, none of another branch", async () => {
    const bytes = await pdf(cookies.staff, `/admin/shop/${branches.ciaslin}/labels.pdf`);
    const { lines } = await pdfText(bytes);
    const atCiaslin = await db
      .select({ code: schema.units.code, status: schema.units.status })
      .from(schema.units)
      .where(eq(schema.units.shopId, branches.ciaslin));
    const expected = atCiaslin.filter((u) => u.status !== "retired").map((u) => u.code);
    expect(expected.length).toBeGreaterThan(CIASLIN.length);
    for (const code of expected) expect(lines, code).toContain(code);
    expect(lines).not.toContain(RETIRED);
    for (const code of RUNCADOZ) expect(lines).not.toContain(code);
  });

  it("speaks the page's language and says so when there is nothing to label", async () => {
    const { lines } = await pdfText(await pdf(cookies.admin, `/de/admin/item/${ids.item}/labels.pdf?shop=${branches.runcadoz}`));
    expect(lines).toContain("Größe 170");
    // The item's German name, wrapped onto a second line.
    expect(lines).toEqual(expect.arrayContaining(["Label ski Ørsted extra long", "name for two lines (de)"]));
    const empty = await pdfText(await pdf(cookies.admin, `/da/admin/item/${ids.empty}/labels.pdf`));
    expect(empty.lines).toEqual(["Der er ingen enheder at lave mærkater til."]);
  });

  it("answers a malformed or unknown id with the page not found", async () => {
    for (const path of [
      "/admin/item/abc/labels.pdf",
      "/admin/item/01/labels.pdf",
      `/admin/item/${ids.item}/labels.pdf?shop=0x1`,
      "/admin/item/999999/labels.pdf",
      "/admin/shop/999999/labels.pdf",
    ]) {
      expect((await get(cookies.admin, path)).status, path).toBe(404);
    }
  });
  it("draws codes the camera scanner reads back: each label's Code 128, and each whole label, give the unit's code", async () => {
    const bytes = await pdf(cookies.admin, `/admin/item/${ids.item}/labels.pdf?shop=${branches.ciaslin}`);
    let qrRead = 0;
    for (const [pageIndex, codes] of [
      [0, CIASLIN.slice(0, 24)],
      [1, CIASLIN.slice(24)],
    ] as const) {
      // About 8.5 pixels a millimetre: a bar module is some 3 pixels, as a phone's camera sees a label up close.
      const page = await rasterizePage(bytes, pageIndex, 3);
      for (const [n, code] of codes.entries()) {
        const origin = labelOrigin(labelPlace(pageIndex * 24 + n));
        const { modules } = code128Bars(code);
        const { bars, qr } = labelLayout(modules);
        const quiet = QUIET_ZONE * bars.moduleMm;
        const barcode = cropMm(
          page,
          origin.xMm + bars.xMm - quiet,
          origin.yMm + bars.yMm - 2,
          modules * bars.moduleMm + 2 * quiet,
          bars.heightMm + 4,
        );
        expect(decodePixels(barcode), `Code 128 of ${code}`).toBe(code);
        expect(decodePixels(cropMm(page, origin.xMm, origin.yMm, 70, 37)), `label of ${code}`).toBe(code);
        // ZXing's QR reader misses a few small codes (it takes a look-alike of a finder pattern in the data for one;
        // decision 048), which is why each label also has the Code 128. It never reads a wrong code.
        const qrText = decodePixels(cropMm(page, origin.xMm + qr.xMm - 3, origin.yMm + qr.yMm - 3, qr.sizeMm + 6, qr.sizeMm + 6));
        expect([code, null], `QR code of ${code}`).toContain(qrText);
        if (qrText === code) qrRead++;
        // Reading is slow work in this process, which also serves: let the server's idle connections close in time.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    expect(qrRead).toBeGreaterThanOrEqual(CIASLIN.length - 3);
  });
});
