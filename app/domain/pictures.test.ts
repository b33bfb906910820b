import { describe, expect, it } from "vitest";
import { itemImages, largestSize, mainImage, parsePictureName, pictureFiles, pictureImage, pictureVariants } from "./pictures";

describe("pictures", () => {
  it("are stored at the layout widths up to their own, never enlarged, keeping the aspect ratio", () => {
    expect(largestSize(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(largestSize(500, 800)).toEqual({ width: 500, height: 800 });
    const big = parsePictureName("0123456789abcdef-1280x960");
    expect(big && pictureVariants(big, "avif")).toEqual([
      { file: "0123456789abcdef-320x240.avif", format: "avif", width: 320, height: 240 },
      { file: "0123456789abcdef-640x480.avif", format: "avif", width: 640, height: 480 },
      { file: "0123456789abcdef-960x720.avif", format: "avif", width: 960, height: 720 },
      { file: "0123456789abcdef-1280x960.avif", format: "avif", width: 1280, height: 960 },
    ]);
    const small = parsePictureName("0123456789abcdef-500x800");
    expect(small && pictureFiles(small).map((v) => v.file)).toEqual([
      "0123456789abcdef-320x512.avif",
      "0123456789abcdef-500x800.avif",
      "0123456789abcdef-320x512.webp",
      "0123456789abcdef-500x800.webp",
    ]);
    const tiny = parsePictureName("0123456789abcdef-200x100");
    expect(tiny && pictureVariants(tiny).map((v) => v.file)).toEqual(["0123456789abcdef-200x100.webp"]);
  });

  it("read only names of the shape the store writes", () => {
    expect(parsePictureName("0123456789abcdef-1280x960")).toEqual({ hash: "0123456789abcdef", width: 1280, height: 960 });
    for (const name of ["0123456789abcdef-0x960", "0123456789ABCDEF-1280x960", "0123456789abcdef-1280x960.webp", "../x-1x1", ""])
      expect(parsePictureName(name), name).toBeNull();
  });

  it("give a <picture> an AVIF srcset, and its <img> src, WebP srcset, sizes, width and height, for any owner", () => {
    expect(pictureImage("items", 7, "0123456789abcdef-1280x960", "100vw")).toEqual({
      avifSrcSet:
        "/media/items/7/0123456789abcdef-320x240.avif 320w, /media/items/7/0123456789abcdef-640x480.avif 640w, /media/items/7/0123456789abcdef-960x720.avif 960w, /media/items/7/0123456789abcdef-1280x960.avif 1280w",
      src: "/media/items/7/0123456789abcdef-640x480.webp",
      srcSet:
        "/media/items/7/0123456789abcdef-320x240.webp 320w, /media/items/7/0123456789abcdef-640x480.webp 640w, /media/items/7/0123456789abcdef-960x720.webp 960w, /media/items/7/0123456789abcdef-1280x960.webp 1280w",
      sizes: "100vw",
      width: 1280,
      height: 960,
    });
    const offer = pictureImage("offers", "depot", "0123456789abcdef-1280x720");
    expect(offer?.src).toBe("/media/offers/depot/0123456789abcdef-640x360.webp");
    expect(offer?.sizes).toBe("(min-width: 768px) 50vw, 100vw");
    // A picture smaller than the middle width is its own fallback.
    expect(pictureImage("categories", "ski-snowboard", "0123456789abcdef-300x200")).toMatchObject({
      avifSrcSet: "/media/categories/ski-snowboard/0123456789abcdef-300x200.avif 300w",
      src: "/media/categories/ski-snowboard/0123456789abcdef-300x200.webp",
    });
    expect(pictureImage("items", 7, "../../etc/passwd")).toBeNull();
    expect(itemImages({ id: 7, pictures: ["0123456789abcdef-200x100", "bad"] })).toHaveLength(1);
    expect(mainImage("shops", { id: 3, pictures: [] })).toBeUndefined();
    expect(mainImage("shops", { id: 3, pictures: ["0123456789abcdef-1280x720", "fedcba9876543210-640x480"] })?.width).toBe(1280);
  });
});
