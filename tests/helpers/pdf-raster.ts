/**
 * Paints the filled shapes of a PDF page the shop draws into a grey-scale picture, so that a test can read
 * the barcodes it printed as a scanner would. It knows just what pdf-lib writes for drawn shapes: `q`/`Q`,
 * `cm`, paths of `m`/`l`/`h` and `re`, and `f`; every subpath is filled as the rectangle around it (bars and
 * QR modules are rectangles). Text is left out: no reader looks at it.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream, PDFRef, PDFStream } from "pdf-lib";

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

export type Raster = { width: number; height: number; gray: Uint8Array; pxPerPt: number };

/** Page `index` at `pxPerPt` pixels per point: 0 where something is filled (all the shop's fills are black), 255 elsewhere. */
export async function rasterizePage(bytes: Uint8Array, index: number, pxPerPt: number): Promise<Raster> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[index];
  const { width: widthPt, height: heightPt } = page.getSize();
  const width = Math.ceil(widthPt * pxPerPt);
  const height = Math.ceil(heightPt * pxPerPt);
  const gray = new Uint8Array(width * height).fill(255);
  const contents = page.node.Contents();
  const parts: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray() : [contents];
  let source = "";
  for (const part of parts) {
    const stream = part instanceof PDFRef ? doc.context.lookup(part) : part;
    if (!(stream instanceof PDFStream)) continue;
    const raw = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
    source += `${Buffer.from(raw).toString("latin1")}\n`;
  }
  // Strings hold text; dropping them keeps their contents from being read as operators.
  const tokens = source
    .replace(/<[0-9A-Fa-f]*>|\((?:\\.|[^\\)])*\)/g, " ")
    .split(/\s+/)
    .filter(Boolean);

  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let operands: number[] = [];
  let subpaths: [number, number][][] = [];
  const point = (x: number, y: number): [number, number] => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]];
  const fillBox = (points: [number, number][]) => {
    if (points.length === 0) return;
    const xs = points.map((p) => p[0] * pxPerPt);
    const ys = points.map((p) => (heightPt - p[1]) * pxPerPt);
    const [x0, x1] = [Math.round(Math.min(...xs)), Math.round(Math.max(...xs))];
    const [y0, y1] = [Math.round(Math.min(...ys)), Math.round(Math.max(...ys))];
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) gray.fill(0, y * width + Math.max(0, x0), y * width + Math.min(width, x1));
  };
  for (const token of tokens) {
    const number = Number(token);
    if (!Number.isNaN(number) && /^[-+.\d]/.test(token)) {
      operands.push(number);
      continue;
    }
    switch (token) {
      case "q":
        stack.push(ctm);
        break;
      case "Q":
        ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
        break;
      case "cm":
        ctm = multiply(operands.slice(-6) as Matrix, ctm);
        break;
      case "m":
        subpaths.push([point(operands[0], operands[1])]);
        break;
      case "l":
        subpaths[subpaths.length - 1]?.push(point(operands[0], operands[1]));
        break;
      case "re": {
        const [x, y, w, h] = operands;
        subpaths.push([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]);
        break;
      }
      case "f":
      case "f*":
      case "F":
        for (const path of subpaths) fillBox(path);
        subpaths = [];
        break;
      case "n":
      case "S":
        subpaths = [];
        break;
    }
    operands = [];
  }
  return { width, height, gray, pxPerPt };
}

/** A part of the picture as RGBA pixels (what a canvas gives the browser's decoder), in millimetres from the page's top left. */
export function cropMm(raster: Raster, xMm: number, yMm: number, widthMm: number, heightMm: number) {
  const px = (mm: number) => Math.round(((mm * 72) / 25.4) * raster.pxPerPt);
  const [left, top, width, height] = [px(xMm), px(yMm), px(widthMm), px(heightMm)];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = raster.gray[(top + y) * raster.width + left + x] ?? 255;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}
