/** The text of a PDF the shop draws, for tests that read its documents. */
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream, PDFRef, PDFStream } from "pdf-lib";

/** WinAnsi bytes 0x80..0x9F; the rest is Latin-1. */
const WIN_ANSI_HIGH = "€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ";
const winAnsiDecode = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((pair) => parseInt(pair, 16))
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte)))
    .join("");

/**
 * The text a PDF shows: every string of the pages' content streams (inflated), one per text operator, decoded
 * from the standard fonts' encoding. Metadata (the document title) is not part of it.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const parts: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const part of parts) {
      const stream = part instanceof PDFRef ? doc.context.lookup(part) : part;
      if (!(stream instanceof PDFStream)) continue;
      const raw = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
      const source = Buffer.from(raw).toString("latin1");
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(winAnsiDecode(match[1]));
    }
  }
  return { pages: doc.getPageCount(), lines };
}
