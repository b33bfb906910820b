/**
 * The one picture pipeline (decision 031): an upload in the back office and a demo illustration at seed
 * time take the same way. The source is checked by its bytes (not by what the browser claims), decoded
 * once with sharp (orientation applied, at most 50 megapixels), and written as AVIF and WebP at the
 * layout's widths (never enlarged, no metadata) under DATA_DIR/uploads/{owner}/{ownerId}/ with
 * content-hashed names (app/domain/pictures.ts). The owner's `pictures` column lists them in display
 * order; each change is in the owner's audit trail.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { MAX_PICTURES_PER_ITEM, movePicture, sniffPictureType } from "../../domain/admin/item-picture";
import { rowId } from "../../domain/ids";
import {
  isPictureOwner,
  largestSize,
  OFFER_KINDS,
  PICTURE_FILE,
  PICTURE_OWNER_ID,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureName,
  type PictureOwner,
  parsePictureName,
  pictureFiles,
  pictureName,
  pictureVariants,
} from "../../domain/pictures";
import { fail, ok, type Result } from "../../domain/result";
import { recordAudit } from "../admin/audit.server";
import { getConfig } from "../config.server";
import { type Db, getDb } from "../db/client.server";
import { categories, items, offerPictures, shops, storefronts } from "../db/schema";

/** Decoding more pixels than this (a 50-megapixel photo) is refused: a small file can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The encoders' settings, part of the demo cache's key. AVIF at effort 1 costs a tenth of sharp's default
 * (4) for files a few per cent bigger; WebP at effort 2 costs 40 % less than at 4 for 5 % bigger files
 * (docs/benchmarks.md). A demo seed encodes some 85 pictures, an upload one.
 */
export const PIPELINE = {
  version: 2,
  widths: PICTURE_WIDTHS,
  avif: { quality: 50, effort: 1 },
  webp: { quality: 80, effort: 2 },
} as const;

const uploadsRoot = () => resolve(getConfig().DATA_DIR, "uploads");
export const pictureDir = (owner: PictureOwner, ownerId: string | number) => join(uploadsRoot(), owner, String(ownerId));

type PictureFile = { file: string; format: PictureFormat; width: number; height: number; data: Buffer };
export type ProcessedPicture = { name: string; files: PictureFile[] };

export type RefusalReason = "pictureType" | "pictureSvg" | "picturePixels" | "pictureUnreadable";

export class PictureRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

/** An SVG (or an XML document, as SVGs start), whatever its name: refused with its own message. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<?xml") || /<svg[\s>]/i.test(head);
}

/**
 * The stored files of an image: AVIF and WebP at each layout width up to the image's own (never
 * enlarged), orientation from EXIF applied, every metadata block (EXIF, GPS, ICC) left out. `hash` names
 * the files; by default the hash of the bytes, so the same upload twice is the same picture.
 */
export async function processPicture(bytes: Uint8Array, hash?: string): Promise<ProcessedPicture> {
  if (!sniffPictureType(bytes)) throw new PictureRefused(looksLikeSvg(bytes) ? "pictureSvg" : "pictureType");
  let width: number;
  let height: number;
  try {
    // Only the header is read here, so no pixel limit: the check below names a bomb as such.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // The header alone says how big the decoded picture would be: refuse a bomb before decoding it.
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new PictureRefused("picturePixels");
    // EXIF orientations 5-8 turn the picture by 90°: its displayed width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch (error) {
    if (error instanceof PictureRefused) throw error;
    throw new PictureRefused("pictureUnreadable");
  }
  const largest: PictureName = {
    hash: hash ?? createHash("sha256").update(bytes).digest("hex").slice(0, 16),
    ...largestSize(width, height),
  };
  try {
    // Decoded once, at the largest stored size; every file is encoded from these pixels. A truncated
    // file fails here ("truncated" is a failure for libvips only at this level).
    const decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .resize(largest.width, largest.height, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } };
    const files = await Promise.all(
      pictureFiles(largest).map(async (variant) => {
        const resized = sharp(decoded.data, raw).resize(variant.width, variant.height, { fit: "fill" });
        const encoded = variant.format === "avif" ? resized.avif(PIPELINE.avif) : resized.webp(PIPELINE.webp);
        return { ...variant, data: await encoded.toBuffer() };
      }),
    );
    return { name: pictureName(largest), files };
  } catch {
    throw new PictureRefused("pictureUnreadable");
  }
}

/** Writes a file whole or not at all: a reader never sees half a picture under its final (cached) name. */
export async function writeAtomically(path: string, data: Buffer) {
  const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/** The owner's key in its table, or null when `ownerId` cannot name one (a word where a row id goes). */
function ownerKey(owner: PictureOwner, ownerId: string | number): string | number | null {
  const id = String(ownerId);
  if (owner === "items" || owner === "shops") return rowId.safeParse(id).data ?? null;
  if (owner === "offers") return (OFFER_KINDS as readonly string[]).includes(id) ? id : null;
  return PICTURE_OWNER_ID.test(id) ? id : null;
}

/** The owner's picture list, locked for the transaction when `lock`; null when there is no such owner. */
async function readPictures(db: Db, owner: PictureOwner, key: string | number, lock: boolean): Promise<string[] | null> {
  const rows = await (() => {
    switch (owner) {
      case "items": {
        const q = db
          .select({ pictures: items.pictures })
          .from(items)
          .where(eq(items.id, Number(key)));
        return lock ? q.for("update") : q;
      }
      case "shops": {
        const q = db
          .select({ pictures: shops.pictures })
          .from(shops)
          .where(eq(shops.id, Number(key)));
        return lock ? q.for("update") : q;
      }
      case "categories": {
        const q = db
          .select({ pictures: categories.pictures })
          .from(categories)
          .where(eq(categories.id, String(key)));
        return lock ? q.for("update") : q;
      }
      case "storefronts": {
        const q = db
          .select({ pictures: storefronts.pictures })
          .from(storefronts)
          .where(eq(storefronts.id, String(key) as never));
        return lock ? q.for("update") : q;
      }
      case "offers": {
        const q = db
          .select({ pictures: offerPictures.pictures })
          .from(offerPictures)
          .where(eq(offerPictures.offer, key as (typeof OFFER_KINDS)[number]));
        return lock ? q.for("update") : q;
      }
    }
  })();
  if (rows[0]) return rows[0].pictures;
  // An offer has pictures before anyone gave it some: no row yet is an empty list.
  return owner === "offers" ? [] : null;
}

async function writePictures(db: Db, owner: PictureOwner, key: string | number, pictures: string[]) {
  const set = { pictures, updatedAt: sql`now()` };
  switch (owner) {
    case "items":
      return db
        .update(items)
        .set(set)
        .where(eq(items.id, Number(key)));
    case "shops":
      return db
        .update(shops)
        .set(set)
        .where(eq(shops.id, Number(key)));
    case "categories":
      return db
        .update(categories)
        .set(set)
        .where(eq(categories.id, String(key)));
    case "storefronts":
      return db
        .update(storefronts)
        .set(set)
        .where(eq(storefronts.id, String(key) as never));
    case "offers": {
      const offer = key as (typeof OFFER_KINDS)[number];
      return db.insert(offerPictures).values({ offer, pictures }).onConflictDoUpdate({ target: offerPictures.offer, set });
    }
  }
}

/** The audit trail's name for an owner: the same words the back office's other entries use. */
const AUDIT_ENTITY: Record<PictureOwner, string> = {
  items: "item",
  shops: "shop",
  categories: "category",
  storefronts: "storefront",
  offers: "offer",
};

async function storeFiles(dir: string, processed: ProcessedPicture[]) {
  await mkdir(dir, { recursive: true });
  for (const picture of processed) for (const file of picture.files) await writeAtomically(join(dir, file.file), file.data);
}

/**
 * Adds uploaded pictures at the end of the owner's list. All or nothing: one refused file refuses the
 * upload, and nothing is written or changed. A picture already there (same bytes) is not added twice.
 */
export async function addPictures(
  userId: string,
  owner: PictureOwner,
  ownerId: string | number,
  uploads: File[],
): Promise<Result<{ added: string[] }>> {
  const key = ownerKey(owner, ownerId);
  if (key === null || (await readPictures(getDb(), owner, key, false)) === null) return fail.notFound();
  const processed: ProcessedPicture[] = [];
  for (const upload of uploads) {
    try {
      processed.push(await processPicture(new Uint8Array(await upload.arrayBuffer())));
    } catch (error) {
      if (error instanceof PictureRefused) return fail.invalid({ pictures: `admin.items.errors.${error.reason}` });
      throw error;
    }
  }
  const dir = pictureDir(owner, key);
  await storeFiles(dir, processed);

  const result = await getDb().transaction(async (tx): Promise<Result<{ added: string[] }>> => {
    const before = await readPictures(tx, owner, key, true);
    if (before === null) return fail.notFound();
    const added = [...new Set(processed.map((p) => p.name))].filter((name) => !before.includes(name));
    if (before.length + added.length > MAX_PICTURES_PER_ITEM) return fail.invalid({ pictures: "admin.items.errors.tooManyPictures" });
    if (added.length === 0) return ok({ added });
    const pictures = [...before, ...added];
    await writePictures(tx, owner, key, pictures);
    await recordAudit(tx, {
      userId,
      action: "pictureAdd",
      entity: AUDIT_ENTITY[owner],
      entityId: key,
      before: { pictures: before },
      after: { pictures },
    });
    return ok({ added });
  });
  if (!result.ok) {
    // Refused after the files were written: take back the ones the owner does not list, so nothing is left lying around.
    const now = (await readPictures(getDb(), owner, key, false)) ?? [];
    const orphans = processed.filter((p) => !now.includes(p.name)).flatMap((p) => p.files.map((f) => f.file));
    await Promise.all(orphans.map((file) => unlink(join(dir, file)).catch(() => {})));
  }
  return result;
}

async function changePictures(
  userId: string,
  owner: PictureOwner,
  key: string | number,
  action: string,
  change: (pictures: string[]) => string[],
): Promise<{ before: string[]; after: string[] } | null> {
  return getDb().transaction(async (tx) => {
    const before = await readPictures(tx, owner, key, true);
    if (before === null) return null;
    const pictures = change(before);
    if (pictures.join() === before.join()) return { before, after: pictures };
    await writePictures(tx, owner, key, pictures);
    await recordAudit(tx, {
      userId,
      action,
      entity: AUDIT_ENTITY[owner],
      entityId: key,
      before: { pictures: before },
      after: { pictures },
    });
    return { before, after: pictures };
  });
}

export async function movePictureOf(
  userId: string,
  owner: PictureOwner,
  ownerId: string | number,
  name: string,
  direction: "up" | "down",
): Promise<Result> {
  const key = ownerKey(owner, ownerId);
  const moved =
    key === null ? null : await changePictures(userId, owner, key, "pictureMove", (pictures) => movePicture(pictures, name, direction));
  return moved ? ok() : fail.notFound();
}

/** Takes a picture off its owner and deletes its files once the change is committed. */
export async function deletePictureOf(userId: string, owner: PictureOwner, ownerId: string | number, name: string): Promise<Result> {
  const key = ownerKey(owner, ownerId);
  const result =
    key === null ? null : await changePictures(userId, owner, key, "pictureDelete", (pictures) => pictures.filter((p) => p !== name));
  if (!result || key === null) return fail.notFound();
  const parsed = parsePictureName(name);
  if (parsed && result.before.includes(name)) {
    await Promise.all(pictureFiles(parsed).map((v) => unlink(join(pictureDir(owner, key), v.file)).catch(() => {})));
  }
  return ok();
}

/** Deletes every file of an owner (after the owner's row is gone). */
export async function removePictures(owner: PictureOwner, ownerId: string | number): Promise<void> {
  const key = ownerKey(owner, ownerId);
  if (key !== null) await rm(pictureDir(owner, key), { recursive: true, force: true });
}

export const CONTENT_TYPES: Record<PictureFormat, string> = { avif: "image/avif", webp: "image/webp" };

/**
 * A stored picture file and its type, or null. Only owners, ids and names of the shapes the store
 * writes are looked up, and the resolved path must stay inside the owner's folder: no `..`, no absolute
 * path, no other file.
 */
export async function readPictureFile(owner: string, ownerId: string, file: string): Promise<{ data: Buffer; type: string } | null> {
  if (!isPictureOwner(owner)) return null;
  const key = ownerKey(owner, ownerId);
  const match = PICTURE_FILE.exec(file);
  if (key === null || !match) return null;
  const dir = pictureDir(owner, key);
  const path = resolve(dir, file);
  if (!path.startsWith(dir + sep)) return null;
  const type = CONTENT_TYPES[match[4] as PictureFormat];
  try {
    return { data: await readFile(path), type };
  } catch {
    const derived = await deriveWidth(dir, file);
    return derived && { data: derived, type };
  }
}

/**
 * A layout width that a picture stored before that width existed lacks (960 came after 320, 640 and 1280):
 * made from the picture's largest file, stored beside it, once. Only a name that the picture's own variants
 * list can be made, so a request cannot ask for any other size.
 */
async function deriveWidth(dir: string, file: string): Promise<Buffer | null> {
  const wanted = PICTURE_FILE.exec(file);
  if (!wanted) return null;
  const [, hash, , , format] = wanted;
  const names = await readdir(dir).catch(() => [] as string[]);
  const largest = names
    .map((name) => PICTURE_FILE.exec(name))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === hash && m[4] === format)
    .map((m) => ({ file: m[0], picture: { hash, width: Number(m[2]), height: Number(m[3]) } }))
    .sort((a, b) => b.picture.width - a.picture.width)[0];
  const variant = largest && pictureVariants(largest.picture, format as PictureFormat).find((v) => v.file === file);
  if (!variant) return null;
  try {
    const resized = sharp(await readFile(join(dir, largest.file))).resize(variant.width, variant.height, { fit: "fill" });
    const data = await (format === "avif" ? resized.avif(PIPELINE.avif) : resized.webp(PIPELINE.webp)).toBuffer();
    await writeAtomically(join(dir, file), data);
    return data;
  } catch {
    return null;
  }
}
