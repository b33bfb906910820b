/**
 * The signed rental contract (issue 20, decision 044): when it may be signed, what a signature posted from
 * the counter's tablet must be, and the sums it prints. The signature is a PNG drawn on a canvas and posted
 * as a data URL; a customer who cannot draw (keyboard, no JavaScript) types their name instead.
 */
import { z } from "zod";
import { optionalText, requiredText } from "../admin/fields";
import { fail, ok, type Result } from "../result";
import type { OrderStatus } from "../vocabulary";

/**
 * The customer signs once the units are handed out: only then are the codes and the binding settings on
 * the contract the ones they leave with. A correction after that is a new version, as long as they have
 * the equipment.
 */
export function canSign(status: OrderStatus): boolean {
  return status === "picked_up";
}

export const SIGNATURE_KINDS = ["drawn", "typed"] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

const PNG_PREFIX = "data:image/png;base64,";
/** About 150 KB of PNG; a signature on the pad is 5 to 40 KB, and the whole form must stay under 256 KB. */
export const SIGNATURE_MAX_CHARS = 200_000;
/** What the pad draws (900 × 360) fits well inside; anything far outside is not our pad's picture. */
const SIGNATURE_SIZE = { minWidth: 100, maxWidth: 2000, minHeight: 40, maxHeight: 1000 } as const;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type SignaturePng = { png: Uint8Array; width: number; height: number };

/**
 * A PNG data URL as the pad posts it: the prefix, base64, the PNG signature and an IHDR chunk whose
 * dimensions are a signature's. Whether the picture holds any ink is the server's check (it decodes it).
 * A refusal names the form's `signature` field.
 */
export function readSignaturePng(dataUrl: string): Result<SignaturePng> {
  const refused = (message: string) => fail.invalid({ signature: message });
  const invalid = refused("admin.agreement.errors.signature");
  if (!dataUrl.startsWith(PNG_PREFIX)) return invalid;
  if (dataUrl.length > SIGNATURE_MAX_CHARS) return refused("admin.agreement.errors.tooBig");
  const base64 = dataUrl.slice(PNG_PREFIX.length);
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return invalid;
  const binary = atob(base64);
  const png = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (png.length < 33 || PNG_MAGIC.some((byte, i) => png[i] !== byte)) return invalid;
  // The first chunk is IHDR: length 13, type, then width and height as big-endian 32-bit numbers.
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (view.getUint32(8) !== 13 || String.fromCharCode(...png.subarray(12, 16)) !== "IHDR") return invalid;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const { minWidth, maxWidth, minHeight, maxHeight } = SIGNATURE_SIZE;
  if (width < minWidth || width > maxWidth || height < minHeight || height > maxHeight) return invalid;
  const chunks = pngChunks(png);
  if (chunks === null) return invalid;
  // An animated PNG's frames are all decoded by the PDF writer (119 frames of 2000 × 1000 held the shop for
  // seconds): the pad draws one picture, so a second frame is refused here, before anything decodes it.
  if (chunks.some((type) => ANIMATION_CHUNKS.has(type))) return refused("admin.agreement.errors.animated");
  return ok({ png, width, height });
}

/** The chunks that make a PNG an animation (APNG): animation control, frame control, frame data. */
const ANIMATION_CHUNKS = new Set(["acTL", "fcTL", "fdAT"]);

/**
 * The chunk types of a PNG in file order, read from their length fields only (no decompression), or null
 * when a length runs past the end. A cut-off file is the decoder's to refuse.
 */
function pngChunks(png: Uint8Array): string[] | null {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  let offset = PNG_MAGIC.length;
  while (offset + 12 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    types.push(type);
    offset += 12 + length;
    if (offset > png.length) return null;
    if (type === "IEND") break;
  }
  return types;
}

const signatureField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null),
  z
    .string()
    .transform((value, ctx) => {
      const read = readSignaturePng(value);
      if (read.ok) return read.value;
      ctx.addIssue({ code: "custom", message: read.errors?.signature ?? "admin.agreement.errors.signature" });
      return z.NEVER;
    })
    .nullable(),
);

/**
 * The signing form: who signs, and either the drawn signature or the name typed as the signature. A
 * drawing wins over a typed name sent along with it.
 */
export const signSchema = z
  .object({
    signerName: requiredText(120),
    typedName: optionalText(120),
    signature: signatureField,
  })
  .superRefine((value, ctx) => {
    if (value.signature === null && value.typedName === null)
      ctx.addIssue({ code: "custom", path: ["signature"], message: "admin.agreement.errors.blank" });
  })
  .transform(({ signerName, typedName, signature }) =>
    signature
      ? { signerName, kind: "drawn" as const, signature, typedName: null }
      : { signerName, kind: "typed" as const, signature: null, typedName: typedName as string },
  );
export type SignInput = z.infer<typeof signSchema>;

/** `/…/agreement/{version}.pdf`: a version number as the URL names it. */
export const agreementFile = z
  .string()
  .regex(/^[1-9]\d{0,5}\.pdf$/)
  .transform((file) => Number.parseInt(file, 10));

/** The name a version's PDF is downloaded under. */
export const agreementFileName = (orderNumber: string, version: number) => `contract-${orderNumber}-v${version}.pdf`;
