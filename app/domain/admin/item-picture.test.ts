import { describe, expect, it } from "vitest";
import { movePicture, sniffPictureType } from "./item-picture";

describe("item pictures", () => {
  it("recognise JPEG, PNG and WebP by their bytes, nothing else", () => {
    expect(sniffPictureType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffPictureType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffPictureType(new TextEncoder().encode("RIFF1234WEBPVP8 "))).toBe("image/webp");
    expect(sniffPictureType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(sniffPictureType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
    expect(sniffPictureType(new Uint8Array())).toBeNull();
  });

  it("move one place up or down and ignore moves past the ends", () => {
    expect(movePicture(["a", "b", "c"], "c", "up")).toEqual(["a", "c", "b"]);
    expect(movePicture(["a", "b", "c"], "a", "down")).toEqual(["b", "a", "c"]);
    expect(movePicture(["a", "b"], "a", "up")).toEqual(["a", "b"]);
    expect(movePicture(["a", "b"], "x", "up")).toEqual(["a", "b"]);
  });
});
