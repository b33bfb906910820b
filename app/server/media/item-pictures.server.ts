/**
 * Item pictures on disk: an upload is checked by its bytes (not by what the browser claims), turned into
 * WebP files at the layout's widths with sharp (orientation applied, metadata stripped), and stored under
 * DATA_DIR/uploads/items/{itemId}/ with content-hashed names (see app/domain/admin/item-picture.ts).
 * `items.pictures` lists them in display order; each change is in the item's audit trail.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { MAX_PICTURES_PER_ITEM, movePicture, sniffPictureType } from "../../domain/admin/item-picture";
import { largestSize, PICTURE_FILE, type PictureName, parsePictureName, pictureName, pictureVariants } from "../../domain/pictures";
import { fail, ok, type Result } from "../../domain/result";
import { recordAudit } from "../admin/audit.server";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { items } from "../db/schema";

/** Decoding more pixels than this (a 50-megapixel photo) is refused: a small file can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

const uploadsRoot = () => resolve(getConfig().DATA_DIR, "uploads", "items");
export const itemPictureDir = (itemId: number) => join(uploadsRoot(), String(itemId));

export type ProcessedPicture = { name: string; files: { file: string; width: number; height: number; data: Buffer }[] };

export class PictureRefused extends Error {
  constructor(readonly reason: "pictureType" | "pictureUnreadable") {
    super(reason);
  }
}

/**
 * The stored files of an uploaded image: WebP at each layout width up to the image's own (never
 * enlarged), orientation from EXIF applied, every metadata block (EXIF, GPS, ICC) left out.
 */
export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture> {
  if (!sniffPictureType(bytes)) throw new PictureRefused("pictureType");
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // EXIF orientations 5-8 turn the picture by 90°: its displayed width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    throw new PictureRefused("pictureUnreadable");
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const largest: PictureName = { hash, ...largestSize(width, height) };
  try {
    const files = await Promise.all(
      pictureVariants(largest).map(async (variant) => ({
        ...variant,
        data: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
          .rotate()
          .resize(variant.width, variant.height, { fit: "fill" })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer(),
      })),
    );
    return { name: pictureName(largest), files };
  } catch {
    throw new PictureRefused("pictureUnreadable");
  }
}

/** Writes a file whole or not at all: a reader never sees half a picture under its final (cached) name. */
async function writeAtomically(path: string, data: Buffer) {
  const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/**
 * Adds uploaded pictures at the end of the item's list. All or nothing: one unreadable file refuses the
 * upload. A picture already on the item (same bytes) is not added twice.
 */
export async function addItemPictures(userId: string, itemId: number, uploads: File[]): Promise<Result<{ added: string[] }>> {
  const [exists] = await getDb().select({ id: items.id, pictures: items.pictures }).from(items).where(eq(items.id, itemId));
  if (!exists) return fail.notFound();
  const processed: ProcessedPicture[] = [];
  for (const upload of uploads) {
    try {
      processed.push(await processPicture(new Uint8Array(await upload.arrayBuffer())));
    } catch (error) {
      if (error instanceof PictureRefused) return fail.invalid({ pictures: `admin.items.errors.${error.reason}` });
      throw error;
    }
  }
  const dir = itemPictureDir(itemId);
  await mkdir(dir, { recursive: true });
  for (const picture of processed) for (const file of picture.files) await writeAtomically(join(dir, file.file), file.data);

  const result = await getDb().transaction(async (tx): Promise<Result<{ added: string[] }>> => {
    const [before] = await tx.select().from(items).where(eq(items.id, itemId)).for("update");
    if (!before) return fail.notFound();
    const added = [...new Set(processed.map((p) => p.name))].filter((name) => !before.pictures.includes(name));
    if (before.pictures.length + added.length > MAX_PICTURES_PER_ITEM)
      return fail.invalid({ pictures: "admin.items.errors.tooManyPictures" });
    if (added.length === 0) return ok({ added });
    const pictures = [...before.pictures, ...added];
    await tx.update(items).set({ pictures, updatedAt: sql`now()` }).where(eq(items.id, itemId));
    await recordAudit(tx, {
      userId,
      action: "pictureAdd",
      entity: "item",
      entityId: itemId,
      before: { pictures: before.pictures },
      after: { pictures },
    });
    return ok({ added });
  });
  if (!result.ok) {
    // Refused after the files were written: take back the ones no item lists, so nothing is left lying around.
    const [now] = await getDb().select({ pictures: items.pictures }).from(items).where(eq(items.id, itemId));
    const orphans = processed.filter((p) => !now?.pictures.includes(p.name)).flatMap((p) => p.files.map((f) => f.file));
    await Promise.all(orphans.map((file) => unlink(join(dir, file)).catch(() => {})));
  }
  return result;
}

async function changePictures(
  userId: string,
  itemId: number,
  action: string,
  change: (pictures: string[]) => string[],
): Promise<{ before: string[]; after: string[] } | null> {
  return getDb().transaction(async (tx) => {
    const [item] = await tx.select({ pictures: items.pictures }).from(items).where(eq(items.id, itemId)).for("update");
    if (!item) return null;
    const pictures = change(item.pictures);
    if (pictures.join() === item.pictures.join()) return { before: item.pictures, after: pictures };
    await tx.update(items).set({ pictures, updatedAt: sql`now()` }).where(eq(items.id, itemId));
    await recordAudit(tx, { userId, action, entity: "item", entityId: itemId, before: { pictures: item.pictures }, after: { pictures } });
    return { before: item.pictures, after: pictures };
  });
}

export async function moveItemPicture(userId: string, itemId: number, name: string, direction: "up" | "down"): Promise<Result> {
  const moved = await changePictures(userId, itemId, "pictureMove", (pictures) => movePicture(pictures, name, direction));
  return moved ? ok() : fail.notFound();
}

/** Takes a picture off the item and deletes its files once the change is committed. */
export async function deleteItemPicture(userId: string, itemId: number, name: string): Promise<Result> {
  const result = await changePictures(userId, itemId, "pictureDelete", (pictures) => pictures.filter((p) => p !== name));
  if (!result) return fail.notFound();
  const parsed = parsePictureName(name);
  if (parsed && result.before.includes(name)) {
    await Promise.all(pictureVariants(parsed).map((v) => unlink(join(itemPictureDir(itemId), v.file)).catch(() => {})));
  }
  return ok();
}

export async function removeItemPictures(itemId: number): Promise<void> {
  await rm(itemPictureDir(itemId), { recursive: true, force: true });
}

/**
 * A stored picture file, or null. Only names of the shape the store writes are looked up, and the
 * resolved path must stay inside the item's folder: no `..`, no absolute path, no other file.
 */
export async function readItemPictureFile(itemId: number, file: string): Promise<Buffer | null> {
  if (!Number.isSafeInteger(itemId) || itemId <= 0 || !PICTURE_FILE.test(file)) return null;
  const dir = itemPictureDir(itemId);
  const path = resolve(dir, file);
  if (!path.startsWith(dir + sep)) return null;
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}
