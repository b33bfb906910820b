/**
 * The unit label sheet: where each label sits on an A4 sheet and where its Code 128, its QR code and its
 * text sit on the label, in millimetres from the top left. Pure geometry, drawn by
 * `server/admin/unit-labels.server.ts` and read back by the tests.
 *
 * The sheet is the common office label sheet of 3 × 8 labels of 70 × 37 mm (as Avery Zweckform 3474):
 * the labels fill the width and leave half a millimetre above and below. Each label has the code as
 * Code 128 across the top (what a hand scanner reads), the QR code below on the left (what a phone
 * camera reads best), and beside it the item's name, the size and the code in letters. Content keeps
 * 5 mm from a label's sides and 4 mm from its top and bottom, clear of what printers cannot print at
 * the sheet's edges.
 */
import { QUIET_ZONE } from "../code128";

export const SHEET = {
  widthMm: 210,
  heightMm: 297,
  columns: 3,
  rows: 8,
  labelWidthMm: 70,
  labelHeightMm: 37,
  /** The labels' block is centred: (297 − 8 × 37) / 2 above the first row. */
  topMm: 0.5,
  leftMm: 0,
} as const;

export const LABELS_PER_SHEET = SHEET.columns * SHEET.rows;

const PADDING_X = 5;
const PADDING_Y = 4;
const CONTENT_WIDTH = SHEET.labelWidthMm - 2 * PADDING_X;
/** A reader tolerates thin bars down to about 0.19 mm; wider bars read from further away, up to 0.4 mm here. */
const MAX_MODULE = 0.4;
const BARS_HEIGHT = 8;
/** The QR code's own quiet zone is 4 modules; this gap keeps it from the bars and the text. */
const GAP = 3;
const QR_SIZE = 18;

export type LabelPlace = { page: number; column: number; row: number };

/** The place of the label number `index` (from 0): left to right, then top to bottom, a new page after 24. */
export function labelPlace(index: number): LabelPlace {
  const page = Math.floor(index / LABELS_PER_SHEET);
  const onPage = index % LABELS_PER_SHEET;
  return { page, column: onPage % SHEET.columns, row: Math.floor(onPage / SHEET.columns) };
}

/** The label's top-left corner on its page. */
export function labelOrigin(place: LabelPlace): { xMm: number; yMm: number } {
  return { xMm: SHEET.leftMm + place.column * SHEET.labelWidthMm, yMm: SHEET.topMm + place.row * SHEET.labelHeightMm };
}

export type LabelLayout = {
  /** The Code 128's bars: the left of the start symbol, one module's width, the bars' height. */
  bars: { xMm: number; yMm: number; moduleMm: number; heightMm: number };
  qr: { xMm: number; yMm: number; sizeMm: number };
  text: { xMm: number; yMm: number; widthMm: number; heightMm: number };
};

/**
 * Where the parts go on a label (relative to its top-left corner), for a Code 128 of `modules` modules.
 * The bars are centred, each module as wide as fits with the quiet zones (up to 0.4 mm): a generated
 * code (`CI-SKI-0042`, 145 modules) gets 0.36 mm. A long typed code gets thinner bars; the QR code
 * carries it either way.
 */
export function labelLayout(modules: number): LabelLayout {
  const moduleMm = Math.min(MAX_MODULE, CONTENT_WIDTH / (modules + 2 * QUIET_ZONE));
  const qrTop = PADDING_Y + BARS_HEIGHT + GAP;
  const textLeft = PADDING_X + QR_SIZE + GAP;
  return {
    bars: { xMm: (SHEET.labelWidthMm - modules * moduleMm) / 2, yMm: PADDING_Y, moduleMm, heightMm: BARS_HEIGHT },
    qr: { xMm: PADDING_X, yMm: qrTop, sizeMm: QR_SIZE },
    text: { xMm: textLeft, yMm: qrTop, widthMm: SHEET.labelWidthMm - PADDING_X - textLeft, heightMm: QR_SIZE },
  };
}

/** Millimetres to PDF points. */
export const mmToPt = (mm: number) => (mm * 72) / 25.4;
