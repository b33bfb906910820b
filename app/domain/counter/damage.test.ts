import { describe, expect, it } from "vitest";
import { MAX_PICTURE_BYTES } from "../admin/item-picture";
import { parse } from "../forms";
import { SIZING_KINDS } from "../vocabulary";
import {
  DAMAGE_CATEGORIES,
  damageCategoriesFor,
  damageCategoryFits,
  damageFeeTotals,
  damagePhotoImage,
  damageReportSchema,
  keepPhotos,
  MAX_DAMAGE_FEE_CENTS,
  parseFee,
} from "./damage";

const jpeg = (bytes = 1000, type = "image/jpeg", name = "photo.jpg") => new File([new Uint8Array(bytes)], name, { type });
const form = (values: Record<string, unknown>) => parse(damageReportSchema, { unitId: "7", category: "edges", ...values });

describe("damage categories", () => {
  it("offer skis and snowboards their base, edges and binding, e-bikes their mechanics and electrics, never the other's", () => {
    expect(damageCategoriesFor("ski")).toEqual(["scratches", "edges", "binding", "broken", "missing", "other"]);
    expect(damageCategoriesFor("snowboard")).toContain("binding");
    expect(damageCategoriesFor("ebike")).toEqual(["scratches", "mechanics", "electrics", "broken", "missing", "other"]);
    expect(damageCategoryFits("ebike", "edges")).toBe(false);
    expect(damageCategoryFits("helmet", "binding")).toBe(false);
    expect(damageCategoryFits("boot", "buckles")).toBe(true);
    expect(damageCategoryFits("ski", "electrics")).toBe(false);
  });

  it("let every kind of equipment be broken, miss a part or have something else, and use only known categories", () => {
    for (const sizing of SIZING_KINDS) {
      const offered = damageCategoriesFor(sizing);
      expect(offered, sizing).toEqual(expect.arrayContaining(["broken", "missing", "other"]));
      for (const category of offered) expect(DAMAGE_CATEGORIES).toContain(category);
      expect(new Set(offered).size, sizing).toBe(offered.length);
    }
  });
});

describe("the damage fee", () => {
  it("reads what a clerk types, with a decimal comma or point and thousands grouped", () => {
    expect(parseFee("45")).toBe(4500);
    expect(parseFee("45,5")).toBe(4550);
    expect(parseFee("45.50")).toBe(4550);
    expect(parseFee("€ 1.200,00")).toBe(120_000);
    expect(parseFee("1,200")).toBe(120_000);
    expect(parseFee("10000")).toBe(MAX_DAMAGE_FEE_CENTS);
  });

  it("refuses nothing to pay, more than the maximum, and what is no amount", () => {
    expect(parseFee("0")).toBe("range");
    expect(parseFee("0,00")).toBe("range");
    expect(parseFee("10000,01")).toBe("range");
    expect(parseFee("-5")).toBe("invalid");
    expect(parseFee("4.5.6")).toBe("invalid");
    expect(parseFee("45 Euro")).toBe("invalid");
    expect(parseFee("1e3")).toBe("invalid");
  });

  it("needs to be told how it is paid, and drops a way of paying without a fee", () => {
    expect(form({ fee: "80" })).toEqual({ ok: false, reason: "invalid", errors: { paidBy: "admin.damage.errors.paidBy" } });
    const paid = form({ fee: "80", paidBy: "deposit" });
    expect(paid.ok && paid.value).toMatchObject({ fee: 8000, paidBy: "deposit" });
    const none = form({ fee: " ", paidBy: "counter" });
    expect(none.ok && none.value).toMatchObject({ fee: null, paidBy: null });
    expect(form({ fee: "0", paidBy: "counter" })).toMatchObject({ ok: false, errors: { fee: "admin.damage.errors.feeRange" } });
    expect(form({ fee: "eighty", paidBy: "counter" })).toMatchObject({ ok: false, errors: { fee: "admin.damage.errors.fee" } });
    expect(form({ fee: "80", paidBy: "cheque" })).toMatchObject({ ok: false, errors: { paidBy: "admin.damage.errors.paidBy" } });
  });

  it("sums the fees and the part taken from the deposit", () => {
    expect(
      damageFeeTotals([
        { feeCents: 4500, paidBy: "deposit" },
        { feeCents: 1200, paidBy: "counter" },
        { feeCents: 300, paidBy: "deposit" },
      ]),
    ).toEqual({ totalCents: 6000, fromDepositCents: 4800 });
    expect(damageFeeTotals([])).toEqual({ totalCents: 0, fromDepositCents: 0 });
  });
});

describe("the damage form", () => {
  it("takes a category, a note, up to three photos and ignores the empty file of an input left empty", () => {
    const empty = new File([], "", { type: "application/octet-stream" });
    const parsed = form({ note: "  Edge torn off at the tip.  ", photos: [jpeg(), empty, jpeg(2000, "image/png", "b.png")] });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toMatchObject({ unitId: 7, category: "edges", note: "Edge torn off at the tip.", fee: null, paidBy: null });
    expect(parsed.value.photos).toHaveLength(2);
    expect(form({ photos: [empty] })).toMatchObject({ ok: true, value: { photos: [] } });
    expect(form({})).toMatchObject({ ok: true, value: { photos: [], note: null } });
  });

  it("refuses a fourth photo, a photo over 8 MB, a file that is no photo, and an unknown category or unit", () => {
    expect(form({ photos: [jpeg(), jpeg(), jpeg(), jpeg()] })).toMatchObject({
      errors: { photos: "admin.damage.errors.choosePhotosAgain" },
    });
    expect(form({ photos: [jpeg(MAX_PICTURE_BYTES + 1)] })).toMatchObject({ errors: { "photos.0": "admin.damage.errors.photoTooBig" } });
    expect(form({ photos: [jpeg(10, "application/pdf", "scan.pdf")] })).toMatchObject({
      errors: { "photos.0": "admin.damage.errors.photoType" },
    });
    expect(form({ photos: ["not a file"] })).toMatchObject({ errors: { "photos.0": "admin.damage.errors.photoType" } });
    expect(form({ category: "rust" })).toMatchObject({ errors: { category: "admin.damage.errors.category" } });
    expect(form({ unitId: "07" })).toMatchObject({ errors: { unitId: "admin.damage.errors.unit" } });
    expect(form({ note: "x".repeat(1001) })).toMatchObject({ errors: { note: "admin.errors.tooLong" } });
  });

  it("keeps the first three photos chosen in the browser and names the ones left out", () => {
    const [a, b, c, d] = ["a.jpg", "b.jpg", "c.jpg", "d.jpg"].map((name) => jpeg(100, "image/jpeg", name));
    expect(keepPhotos([])).toEqual({ kept: [], leftOut: [], error: null });
    expect(keepPhotos([a, b, c])).toEqual({ kept: [a, b, c], leftOut: [], error: null });
    expect(keepPhotos([a, b, c, d])).toEqual({ kept: [a, b, c], leftOut: [d], error: "admin.damage.errors.tooManyPhotos" });
    // A correction has room for what the report does not hold yet.
    expect(keepPhotos([a, b], 1)).toEqual({ kept: [a], leftOut: [b], error: "admin.damage.errors.tooManyPhotos" });
    const big = { size: MAX_PICTURE_BYTES + 1, type: "image/jpeg" };
    const heic = { size: 10, type: "image/heic" };
    expect(keepPhotos([big, a])).toEqual({ kept: [a], leftOut: [big], error: "admin.damage.errors.photoTooBig" });
    expect(keepPhotos([a, heic])).toEqual({ kept: [a], leftOut: [heic], error: "admin.damage.errors.photoType" });
  });
});

describe("damage photos", () => {
  it("are addressed under the order's back-office page, never under the public /media", () => {
    const image = damagePhotoImage("0b6f1f0e-5c1a-4c55-9d0e-3f1c2a9b7e11", "0123456789abcdef-1280x960");
    expect(image?.src).toBe("/admin/order/0b6f1f0e-5c1a-4c55-9d0e-3f1c2a9b7e11/damage/0123456789abcdef-640x480.webp");
    expect(image?.avifSrcSet).toContain("/admin/order/0b6f1f0e-5c1a-4c55-9d0e-3f1c2a9b7e11/damage/0123456789abcdef-1280x960.avif 1280w");
    expect(`${image?.srcSet} ${image?.avifSrcSet}`).not.toContain("/media/");
    expect(damagePhotoImage("x", "../../etc/passwd")).toBeNull();
  });
});
