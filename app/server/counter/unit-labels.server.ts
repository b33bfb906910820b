/**
 * The unit label sheet (issue 20): an item's units (all branches the user works at, or one branch) or a
 * branch's units as an A4 PDF of 3 × 8 labels of 70 × 37 mm, each with the code as Code 128 and as a QR
 * code, the item's name, the size and the code in letters. Retired units get no label. Staff get only
 * their branches' units; asking for another branch's is 403. A download changes nothing, so nothing is
 * audited.
 */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, PrintScaling, rgb, StandardFonts } from "pdf-lib";
import { code128Bars } from "../../domain/code128";
import { labelLayout, labelOrigin, labelPlace, mmToPt, SHEET } from "../../domain/counter/unit-labels";
import { type Locale, languageTag, pick, type Translated } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { getDb } from "../db/client.server";
import { items, shops, units } from "../db/schema";
import { drawQr, winAnsi } from "../orders/documents.server";

type LabelUnit = { code: string; size: string | null; name: string };
/** What the sheet is of (an item's or a branch's name), for its title and file name, and the units in print order. */
export type LabelSheet = { name: string; slug: string; units: LabelUnit[] };

const columns = { code: units.code, size: units.size, name: items.name };
const named = (rows: { code: string; size: string | null; name: Translated }[], locale: Locale) =>
  rows.map((row) => ({ ...row, name: pick(row.name, locale) }));

/** The item's units to label: at `shopId` only when given (refused if not the user's), else at every branch of the user. */
export async function itemLabels(user: BackOfficeUser, locale: Locale, itemId: number, shopId?: number): Promise<Result<LabelSheet>> {
  if (shopId !== undefined && !worksAt(user, shopId)) return fail.forbidden();
  const db = getDb();
  const [item] = await db.select({ name: items.name, slug: items.slug }).from(items).where(eq(items.id, itemId));
  if (!item) return fail.notFound();
  const branches = shopId !== undefined ? [shopId] : user.shopIds;
  const rows = await db
    .select(columns)
    .from(units)
    .innerJoin(items, eq(items.id, units.itemId))
    .where(and(eq(units.itemId, itemId), ne(units.status, "retired"), branches === null ? undefined : inArray(units.shopId, branches)))
    .orderBy(asc(units.shopId), asc(units.code));
  return ok({ name: pick(item.name, locale), slug: item.slug, units: named(rows, locale) });
}

/** Every unit of the branch, item by item (as the items list orders them), in code order. */
export async function branchLabels(user: BackOfficeUser, locale: Locale, shopId: number): Promise<Result<LabelSheet>> {
  const db = getDb();
  const [branch] = await db.select({ name: shops.name, slug: shops.slug }).from(shops).where(eq(shops.id, shopId));
  if (!branch) return fail.notFound();
  if (!worksAt(user, shopId)) return fail.forbidden();
  const rows = await db
    .select(columns)
    .from(units)
    .innerJoin(items, eq(items.id, units.itemId))
    .where(and(eq(units.shopId, shopId), ne(units.status, "retired")))
    .orderBy(asc(items.appId), asc(items.categoryId), asc(items.sort), asc(items.slug), asc(units.code));
  return ok({ name: branch.name, slug: branch.slug, units: named(rows, locale) });
}

// ---------------------------------------------------------------------------------------------
// The PDF

const INK = rgb(0, 0, 0);
const MUTED = rgb(0.3, 0.33, 0.38);

/** Lines of `text` within `width` points, at most `max`; the last one cut with an ellipsis when the text runs on. */
function fitLines(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (fits(candidate) || current === "") current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== "") lines.push(current);
  const shown = lines.slice(0, max);
  const last = shown.length - 1;
  if (last >= 0 && (lines.length > max || !fits(shown[last]))) {
    let cut = shown[last];
    while (cut.length > 0 && !fits(`${cut}…`)) cut = cut.slice(0, -1);
    shown[last] = `${cut.trimEnd()}…`;
  }
  return shown;
}

/** The Code 128 of `code` as one path of bars, so that viewers leave no seams between them. */
function drawBars(page: PDFPage, code: string, x: number, top: number) {
  const { modules, bars } = code128Bars(code);
  const { bars: place } = labelLayout(modules);
  // In module units, y pointing down; the bars' height in modules too, since the path scales both ways alike.
  const height = place.heightMm / place.moduleMm;
  const path = bars.map((bar) => `M${bar.x} 0h${bar.width}v${height}h${-bar.width}z`).join("");
  page.drawSvgPath(path, { x, y: top, scale: mmToPt(place.moduleMm), color: INK });
}

/**
 * The label sheet as a PDF in the user's language. It asks viewers to print at 100 %: a sheet scaled to
 * the printer's margins would miss the labels.
 */
export async function unitLabelsPdf(sheet: LabelSheet, locale: Locale): Promise<Uint8Array> {
  const t = getT(locale, messages[locale]);
  const doc = await PDFDocument.create();
  doc.setTitle(t("admin.labels.documentTitle", { name: sheet.name }), { showInWindowTitleBar: true });
  doc.setSubject(t("admin.labels.layout"));
  doc.setLanguage(languageTag[locale]);
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = winAnsi(new Set(regular.getCharacterSet()));
  const pageHeight = mmToPt(SHEET.heightMm);
  const pages: PDFPage[] = [];
  const pageFor = (index: number) => {
    while (pages.length <= index) pages.push(doc.addPage([mmToPt(SHEET.widthMm), pageHeight]));
    return pages[index];
  };
  if (sheet.units.length === 0) {
    pageFor(0).drawText(clean(t("admin.labels.none")), { x: mmToPt(20), y: pageHeight - mmToPt(20), size: 12, font: regular, color: INK });
  }
  sheet.units.forEach((unit, index) => {
    const place = labelPlace(index);
    const page = pageFor(place.page);
    const origin = labelOrigin(place);
    const layout = labelLayout(code128Bars(unit.code).modules);
    const x = (mm: number) => mmToPt(origin.xMm + mm);
    const top = (mm: number) => pageHeight - mmToPt(origin.yMm + mm);
    drawBars(page, unit.code, x(layout.bars.xMm), top(layout.bars.yMm));
    drawQr(page, unit.code, x(layout.qr.xMm), top(layout.qr.yMm), mmToPt(layout.qr.sizeMm));
    const width = mmToPt(layout.text.widthMm);
    let y = top(layout.text.yMm);
    for (const line of fitLines(clean(unit.name), bold, 8, width, 3)) {
      y -= 8;
      page.drawText(line, { x: x(layout.text.xMm), y, size: 8, font: bold, color: INK });
      y -= 1.5;
    }
    if (unit.size) {
      y -= 8;
      const [sizeLine] = fitLines(clean(t("admin.labels.size", { size: unit.size })), regular, 7.5, width, 1);
      page.drawText(sizeLine, { x: x(layout.text.xMm), y, size: 7.5, font: regular, color: MUTED });
    }
    // The code in letters at the foot of the text, as large as fits: what the clerk reads off the rack.
    const codeSize = Math.min(11, (11 * width) / bold.widthOfTextAtSize(unit.code, 11));
    page.drawText(unit.code, {
      x: x(layout.text.xMm),
      y: top(layout.text.yMm + layout.text.heightMm),
      size: codeSize,
      font: bold,
      color: INK,
    });
  });
  return doc.save();
}
