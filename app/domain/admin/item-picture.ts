/**
 * Pictures in the back office: what an upload may be, and the order of an owner's pictures. Pure;
 * names and sizes of the stored files are in domain/pictures.ts, the resizing and the files in
 * app/server/media/pictures.server.ts.
 */
import { z } from "zod";

export const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
export const MAX_PICTURES_PER_UPLOAD = 10;
/** A whole upload: the most pictures at the largest size, and room for the multipart framing. */
export const MAX_UPLOAD_BYTES = MAX_PICTURES_PER_UPLOAD * MAX_PICTURE_BYTES + 256 * 1024;
export const MAX_PICTURES_PER_ITEM = 20;
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** What the browser sends: a file with an image type, not empty, at most 8 MB. */
const pictureFile = z
  .instanceof(File, { message: "admin.items.errors.pictureMissing" })
  .refine((file) => file.size > 0, { message: "admin.items.errors.pictureMissing" })
  .refine((file) => file.size <= MAX_PICTURE_BYTES, { message: "admin.items.errors.pictureTooBig", abort: true })
  // An SVG can carry script and is no raster: say so, rather than "wrong type".
  .refine((file) => file.type !== "image/svg+xml" && !/\.svgz?$/i.test(file.name), {
    message: "admin.items.errors.pictureSvg",
    abort: true,
  })
  .refine((file) => (PICTURE_TYPES as readonly string[]).includes(file.type), { message: "admin.items.errors.pictureType" });

export const pictureUpload = z.object({
  pictures: z
    .array(z.unknown())
    .transform((files) => files.filter((file) => !(file instanceof File && file.size === 0 && file.name === "")))
    .pipe(
      z
        .array(pictureFile)
        .min(1, { message: "admin.items.errors.pictureMissing" })
        .max(MAX_PICTURES_PER_UPLOAD, { message: "admin.items.errors.tooManyPictures" }),
    ),
});

/**
 * The image type from the first bytes, whatever the file claims to be: JPEG (FF D8 FF), PNG (its
 * 8-byte signature) or WebP (RIFF....WEBP); anything else is null.
 */
export function sniffPictureType(bytes: Uint8Array): PictureType | null {
  const at = (offset: number, signature: number[]) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (bytes.length >= 3 && at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes.length >= 8 && at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (bytes.length >= 12 && at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
}

/** Moves a picture one place up or down; other moves leave the list as it is. */
export function movePicture(pictures: string[], name: string, direction: "up" | "down"): string[] {
  const from = pictures.indexOf(name);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= pictures.length) return pictures;
  const next = [...pictures];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}
