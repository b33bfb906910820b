import { describe, expect, it } from "vitest";
import { code128Bars, QUIET_ZONE } from "../code128";
import { LABELS_PER_SHEET, labelLayout, labelOrigin, labelPlace, mmToPt, SHEET } from "./unit-labels";

describe("the label sheet", () => {
  it("is A4 with 3 × 8 labels of 70 × 37 mm, centred top to bottom", () => {
    expect(LABELS_PER_SHEET).toBe(24);
    expect(SHEET.columns * SHEET.labelWidthMm + 2 * SHEET.leftMm).toBe(SHEET.widthMm);
    expect(SHEET.rows * SHEET.labelHeightMm + 2 * SHEET.topMm).toBe(SHEET.heightMm);
    expect(mmToPt(SHEET.widthMm)).toBeCloseTo(595.28, 1);
    expect(mmToPt(SHEET.heightMm)).toBeCloseTo(841.89, 1);
  });

  it("fills rows left to right, then the next row, then a new sheet", () => {
    expect(labelPlace(0)).toEqual({ page: 0, column: 0, row: 0 });
    expect(labelPlace(2)).toEqual({ page: 0, column: 2, row: 0 });
    expect(labelPlace(3)).toEqual({ page: 0, column: 0, row: 1 });
    expect(labelPlace(23)).toEqual({ page: 0, column: 2, row: 7 });
    expect(labelPlace(24)).toEqual({ page: 1, column: 0, row: 0 });
    expect(labelOrigin(labelPlace(4))).toEqual({ xMm: 70, yMm: 37.5 });
    expect(labelOrigin(labelPlace(23))).toEqual({ xMm: 140, yMm: 259.5 });
  });
});

describe("labelLayout", () => {
  const inside = (x: number, y: number, w: number, h: number) => {
    expect(x).toBeGreaterThanOrEqual(5 - 1e-9);
    expect(x + w).toBeLessThanOrEqual(SHEET.labelWidthMm - 5 + 1e-9);
    expect(y).toBeGreaterThanOrEqual(4);
    expect(y + h).toBeLessThanOrEqual(SHEET.labelHeightMm - 4);
  };

  it("gives a generated code 0.36 mm bars with their quiet zones inside the label's margins", () => {
    const { modules } = code128Bars("CI-SKI-0042");
    const { bars, qr, text } = labelLayout(modules);
    expect(bars.moduleMm).toBeCloseTo(60 / 165, 6);
    inside(bars.xMm - QUIET_ZONE * bars.moduleMm, bars.yMm, (modules + 2 * QUIET_ZONE) * bars.moduleMm, bars.heightMm);
    inside(qr.xMm, qr.yMm, qr.sizeMm, qr.sizeMm);
    inside(text.xMm, text.yMm, text.widthMm, text.heightMm);
    // The QR code keeps 3 mm (its 4-module quiet zone) from the bars and from the text.
    expect(qr.yMm - (bars.yMm + bars.heightMm)).toBeGreaterThanOrEqual(3);
    expect(text.xMm - (qr.xMm + qr.sizeMm)).toBeGreaterThanOrEqual(3);
  });

  it("caps short codes' bars at 0.4 mm, centred, and narrows a 40-character code's to fit", () => {
    const short = labelLayout(code128Bars("A1").modules);
    expect(short.bars.moduleMm).toBe(0.4);
    expect(short.bars.xMm * 2 + code128Bars("A1").modules * 0.4).toBeCloseTo(SHEET.labelWidthMm, 6);
    const longest = code128Bars("ABCDEFGHIJ-KLMNOPQRST-UVWXYZ-ABCDEFGHIJK").modules;
    const long = labelLayout(longest);
    expect(long.bars.moduleMm).toBeLessThan(0.19);
    inside(long.bars.xMm - QUIET_ZONE * long.bars.moduleMm, long.bars.yMm, (longest + 2 * QUIET_ZONE) * long.bars.moduleMm, 8);
  });
});
