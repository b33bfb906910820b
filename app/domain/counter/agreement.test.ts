import { describe, expect, it } from "vitest";
import { parse } from "../forms";
import { agreementFile, canSign, readSignaturePng, SIGNATURE_MAX_CHARS, signSchema } from "./agreement";

/** The start of a PNG as the pad writes it: the signature bytes and an IHDR chunk of the given size. */
function pngHead(width: number, height: number, extra = 0): Uint8Array {
  const bytes = new Uint8Array(33 + extra);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}
const dataUrl = (bytes: Uint8Array, prefix = "data:image/png;base64,") => prefix + Buffer.from(bytes).toString("base64");

describe("the signature posted from the pad", () => {
  it("reads a PNG data URL with its size", () => {
    const read = readSignaturePng(dataUrl(pngHead(900, 360)));
    expect(read).toMatchObject({ ok: true, value: { width: 900, height: 360 } });
    if (read.ok) expect(read.value.png.length).toBe(33);
  });

  it.each([
    ["another image type", dataUrl(pngHead(900, 360), "data:image/jpeg;base64,")],
    ["no base64", "data:image/png;base64,not base64!"],
    ["a GIF in PNG clothing", dataUrl(Uint8Array.from(Buffer.from("GIF89a".padEnd(40, "x"))))],
    ["a PNG without IHDR first", dataUrl(pngHead(900, 360).map((b, i) => (i === 12 ? 0x41 : b)))],
    ["a sliver", dataUrl(pngHead(900, 10))],
    ["a poster", dataUrl(pngHead(12_000, 360))],
    ["too few bytes", dataUrl(pngHead(900, 360).subarray(0, 20))],
  ])("refuses %s", (_name, value) => {
    expect(readSignaturePng(value)).toEqual({ ok: false, reason: "invalid", errors: { signature: "admin.agreement.errors.signature" } });
  });

  it("refuses a picture over the size limit with its own message", () => {
    const big = dataUrl(pngHead(900, 360, 160_000));
    expect(big.length).toBeGreaterThan(SIGNATURE_MAX_CHARS);
    expect(readSignaturePng(big)).toEqual({ ok: false, reason: "invalid", errors: { signature: "admin.agreement.errors.tooBig" } });
  });
});

describe("the signing form", () => {
  const drawn = dataUrl(pngHead(900, 360));

  it("takes a drawn signature, and the drawing wins over a typed name", () => {
    const signed = parse(signSchema, { signerName: " Anna Jansen ", typedName: "Anna", signature: drawn });
    expect(signed).toMatchObject({ ok: true, value: { signerName: "Anna Jansen", kind: "drawn", typedName: null } });
  });

  it("takes a typed name when nothing is drawn", () => {
    const signed = parse(signSchema, { signerName: "Anna Jansen", typedName: "Anna Jansen", signature: "" });
    expect(signed).toEqual({ ok: true, value: { signerName: "Anna Jansen", kind: "typed", typedName: "Anna Jansen", signature: null } });
  });

  it("refuses a blank pad without a typed name, and a missing name", () => {
    expect(parse(signSchema, { signerName: "Anna", typedName: " ", signature: "" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { signature: "admin.agreement.errors.blank" },
    });
    expect(parse(signSchema, { signerName: "", signature: drawn })).toMatchObject({
      ok: false,
      errors: { signerName: "admin.errors.required" },
    });
    expect(parse(signSchema, { signerName: "Anna", signature: "data:text/html;base64,PGI+" })).toMatchObject({
      ok: false,
      errors: { signature: "admin.agreement.errors.signature" },
    });
  });
});

describe("the contract's rules", () => {
  it("is signed once the units are handed out", () => {
    expect(canSign("picked_up")).toBe(true);
    for (const status of ["pending_payment", "paid", "returned", "cancelled", "expired", "refunded"] as const)
      expect(canSign(status)).toBe(false);
  });

  it("reads a version from the file name in the URL", () => {
    expect(agreementFile.parse("2.pdf")).toBe(2);
    for (const bad of ["0.pdf", "01.pdf", "2", "2.PDF", "-1.pdf", "1e3.pdf", "9999999.pdf"])
      expect(agreementFile.safeParse(bad).success).toBe(false);
  });
});

describe("an animated signature", () => {
  /** A chunk with its length and type; the CRC is not read by the check, so zeros do. */
  const chunk = (type: string, data: number[] = []) => {
    const bytes = new Uint8Array(12 + data.length);
    new DataView(bytes.buffer).setUint32(0, data.length);
    bytes.set(
      [...type].map((c) => c.charCodeAt(0)),
      4,
    );
    bytes.set(data, 8);
    return bytes;
  };
  const png = (...chunks: Uint8Array[]) => {
    const head = pngHead(900, 360);
    const all = new Uint8Array(head.length + chunks.reduce((n, c) => n + c.length, 0));
    all.set(head);
    let offset = head.length;
    for (const c of chunks) {
      all.set(c, offset);
      offset += c.length;
    }
    return all;
  };

  it("refuses a PNG with animation chunks before anything decodes it", () => {
    const apng = png(chunk("acTL", [0, 0, 0, 119, 0, 0, 0, 0]), chunk("IDAT", [1, 2, 3]), chunk("fdAT", [0, 0, 0, 1]), chunk("IEND"));
    expect(readSignaturePng(dataUrl(apng))).toEqual({
      ok: false,
      reason: "invalid",
      errors: { signature: "admin.agreement.errors.animated" },
    });
  });

  it("takes a still PNG with its chunks, and refuses a chunk that runs past the end", () => {
    expect(readSignaturePng(dataUrl(png(chunk("IDAT", [1, 2, 3]), chunk("IEND")))).ok).toBe(true);
    const cut = png(chunk("IDAT", [1, 2, 3]));
    new DataView(cut.buffer).setUint32(33, 5000);
    expect(readSignaturePng(dataUrl(cut))).toEqual({
      ok: false,
      reason: "invalid",
      errors: { signature: "admin.agreement.errors.signature" },
    });
  });
});
