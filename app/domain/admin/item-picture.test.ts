import { describe, expect, it } from "vitest";
import { itemImages, largestSize, parsePictureName, pictureImage, pictureVariants } from "../pictures";
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

  it("are stored at the layout widths up to their own, never enlarged, keeping the aspect ratio", () => {
    expect(largestSize(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(largestSize(500, 800)).toEqual({ width: 500, height: 800 });
    const big = parsePictureName("0123456789abcdef-1280x960");
    expect(big && pictureVariants(big)).toEqual([
      { file: "0123456789abcdef-320x240.webp", width: 320, height: 240 },
      { file: "0123456789abcdef-640x480.webp", width: 640, height: 480 },
      { file: "0123456789abcdef-1280x960.webp", width: 1280, height: 960 },
    ]);
    const small = parsePictureName("0123456789abcdef-500x800");
    expect(small && pictureVariants(small).map((v) => v.file)).toEqual(["0123456789abcdef-320x512.webp", "0123456789abcdef-500x800.webp"]);
  });

  it("give the shop's pages src, srcset, sizes, width and height", () => {
    expect(pictureImage(7, "0123456789abcdef-1280x960", "100vw")).toEqual({
      src: "/media/items/7/0123456789abcdef-640x480.webp",
      srcSet:
        "/media/items/7/0123456789abcdef-320x240.webp 320w, /media/items/7/0123456789abcdef-640x480.webp 640w, /media/items/7/0123456789abcdef-1280x960.webp 1280w",
      sizes: "100vw",
      width: 1280,
      height: 960,
    });
    expect(pictureImage(7, "../../etc/passwd")).toBeNull();
    expect(itemImages({ id: 7, pictures: ["0123456789abcdef-200x100", "bad"] })).toHaveLength(1);
  });

  it("move one place up or down and ignore moves past the ends", () => {
    expect(movePicture(["a", "b", "c"], "c", "up")).toEqual(["a", "c", "b"]);
    expect(movePicture(["a", "b", "c"], "a", "down")).toEqual(["b", "a", "c"]);
    expect(movePicture(["a", "b"], "a", "up")).toEqual(["a", "b"]);
    expect(movePicture(["a", "b"], "x", "up")).toEqual(["a", "b"]);
  });
});
