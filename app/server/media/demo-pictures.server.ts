/**
 * The demo shop's pictures: each illustration (an SVG from app/demo/art) is rendered to PNG
 * with sharp and goes through the upload pipeline (processPicture), so demo and uploaded pictures are the
 * same kind of files. Every test server and every fresh start seeds, so the files are cached on disk
 * outside DATA_DIR, keyed by the SVG and the pipeline's settings, and hard-linked into DATA_DIR: a seed
 * with a warm cache costs milliseconds (decision 031, docs/benchmarks.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { PictureOwner } from "../../domain/pictures";
import { PIPELINE, pictureDir, processPicture } from "./pictures.server";

export type DemoPicture = { name: string; dir: string; files: string[] };

const CACHE_DIRS = [resolve("node_modules", ".cache", "rental-pictures"), join(tmpdir(), "rental-pictures")];

/** The cache entry's key: the drawing, the encoders' settings and the libvips that encoded it. */
const cacheKey = (svg: string) =>
  createHash("sha256")
    .update(JSON.stringify([PIPELINE, sharp.versions.vips]))
    .update(svg)
    .digest("hex");

async function cached(dir: string): Promise<DemoPicture | null> {
  try {
    const entry = JSON.parse(await readFile(join(dir, "picture.json"), "utf8")) as { name: string; files: string[] };
    await Promise.all(entry.files.map((file) => stat(join(dir, file))));
    return { ...entry, dir };
  } catch {
    return null;
  }
}

async function render(svg: string, key: string): Promise<DemoPicture> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  const picture = await processPicture(png, key.slice(0, 16));
  const files = picture.files.map((f) => f.file);
  for (const root of CACHE_DIRS) {
    // Written into a folder of its own, then renamed into place: a second process seeding at the same
    // time finds a whole entry or none.
    const dir = join(root, key);
    const temporary = `${dir}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(temporary, { recursive: true });
      await Promise.all(picture.files.map((f) => writeFile(join(temporary, f.file), f.data)));
      await writeFile(join(temporary, "picture.json"), JSON.stringify({ name: picture.name, files }));
      await rename(temporary, dir).catch(async (error) => {
        await rm(temporary, { recursive: true, force: true });
        if (!(await cached(dir))) throw error;
      });
      return { name: picture.name, dir, files };
    } catch {
      await rm(temporary, { recursive: true, force: true }).catch(() => {});
      // A read-only node_modules: the next cache folder.
    }
  }
  throw new Error("Demo pictures: no writable cache folder");
}

const rendering = new Map<string, Promise<DemoPicture>>();

/** The demo picture of an SVG drawing, from the cache or rendered into it; the same drawing is rendered once. */
export function demoPicture(svg: string): Promise<DemoPicture> {
  const key = cacheKey(svg);
  let picture = rendering.get(key);
  if (!picture) {
    picture = (async () => {
      for (const root of CACHE_DIRS) {
        const hit = await cached(join(root, key));
        if (hit) return hit;
      }
      return render(svg, key);
    })();
    // Only the pending render is shared; a finished one is found on disk next time.
    picture.finally(() => rendering.delete(key)).catch(() => {});
    rendering.set(key, picture);
  }
  return picture;
}

/** Puts a demo picture's files in the owner's folder: hard links where the disk allows, copies elsewhere. */
export async function installDemoPicture(owner: PictureOwner, ownerId: string | number, picture: DemoPicture) {
  const dir = pictureDir(owner, ownerId);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    picture.files.map(async (file) => {
      const from = join(picture.dir, file);
      const to = join(dir, file);
      try {
        await link(from, to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
        await copyFile(from, to);
      }
    }),
  );
}

/** Runs `work` over `inputs`, at most `limit` at a time (libvips already uses every core for one picture). */
export async function inTurns<T, R>(inputs: T[], limit: number, work: (input: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      results[i] = await work(inputs[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}
