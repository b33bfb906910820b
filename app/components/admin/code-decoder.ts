/**
 * The camera scanner's own reader of QR codes and Code 128, for browsers without `BarcodeDetector`
 * (Firefox, Safari before 17, Chromium on Linux and Windows): ZXing's pure-JavaScript readers, imported
 * one by one so that only these two formats come along (about 28 KB gzip instead of 120). The scanner
 * imports this module only when it opens on such a browser, so no other page carries it, and it needs
 * no WebAssembly (and no `'wasm-unsafe-eval'` in the CSP). Decision 048.
 */
import BinaryBitmap from "@zxing/library/esm/core/BinaryBitmap";
import HybridBinarizer from "@zxing/library/esm/core/common/HybridBinarizer";
import DecodeHintType from "@zxing/library/esm/core/DecodeHintType";
import Code128Reader from "@zxing/library/esm/core/oned/Code128Reader";
import QRCodeReader from "@zxing/library/esm/core/qrcode/QRCodeReader";
import RGBLuminanceSource from "@zxing/library/esm/core/RGBLuminanceSource";

/** RGBA pixels, as a canvas's `getImageData` gives them. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

const qr = new QRCodeReader();
const code128 = new Code128Reader();
// Every row of the picture rather than a few around the middle: the label need not sit in the frame's centre.
const tryHarder = new Map([[DecodeHintType.TRY_HARDER, true]]);

/** The text of the first QR code or Code 128 found in the picture, or null when there is none that reads. */
export function decodePixels({ data, width, height }: Pixels): string | null {
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < luminance.length; i++) {
    luminance[i] = (data[i * 4] + 2 * data[i * 4 + 1] + data[i * 4 + 2]) >> 2;
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  for (const read of [() => qr.decode(bitmap), () => code128.decode(bitmap, tryHarder)]) {
    try {
      return read().getText();
    } catch {
      // ZXing throws when a frame holds no readable code of its format, which is most frames.
    }
  }
  return null;
}
