/**
 * The one picture pipeline (issue 17, decision 031) through the real HTTP stack: the seeded demo pictures
 * of every owner, a good upload turned into AVIF and WebP at the layout's widths, each kind of bad upload
 * refused with its message and nothing written, and the media route's types, caching and refusals.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PictureOwner, parsePictureName, pictureFiles, pictureVariants } from "../../app/domain/pictures";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { startTestServer } from "../helpers/http";

let server: Awaited<ReturnType<typeof startTestServer>>;
let db: Db;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  adminCookie = await server.login();
});
afterAll(async () => {
  await server?.close();
});

const dirOf = (owner: PictureOwner, id: string | number) => join(server.config.DATA_DIR, "uploads", owner, String(id));
const filesIn = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

async function newItem() {
  const [source] = await db.select().from(schema.items).where(eq(schema.items.slug, "ski-all-mountain"));
  const slug = `picture-test-${Math.random().toString(36).slice(2, 8)}`;
  const { id: _, createdAt: _c, updatedAt: _u, ...rest } = source ?? (await db.select().from(schema.items).limit(1))[0];
  const [item] = await db
    .insert(schema.items)
    .values({ ...rest, slug, pictures: [] })
    .returning();
  return item;
}

const itemRow = async (id: number) => (await db.select().from(schema.items).where(eq(schema.items.id, id)))[0];

function upload(itemId: number, file: { data: Uint8Array; type: string; name: string }, lang = "") {
  const body = new FormData();
  body.append("intent", "uploadPictures");
  body.append("pictures", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return server.request(`${lang}/admin/item/${itemId}`, { method: "POST", body, headers: { Cookie: adminCookie } });
}

/** A PNG whose header claims `width` × `height` pixels, with only a few bytes of image data. */
function bombPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("demo pictures", () => {
  it("give every storefront, branch, category, item and offer one picture, stored as AVIF and WebP", async () => {
    const owners: [PictureOwner, { id: string | number; pictures: string[] }[]][] = [
      ["storefronts", await db.select({ id: schema.storefronts.id, pictures: schema.storefronts.pictures }).from(schema.storefronts)],
      ["shops", await db.select({ id: schema.shops.id, pictures: schema.shops.pictures }).from(schema.shops)],
      ["categories", await db.select({ id: schema.categories.id, pictures: schema.categories.pictures }).from(schema.categories)],
      ["items", await db.select({ id: schema.items.id, pictures: schema.items.pictures }).from(schema.items)],
      ["offers", await db.select({ id: schema.offerPictures.offer, pictures: schema.offerPictures.pictures }).from(schema.offerPictures)],
    ];
    expect(
      owners
        .find(([owner]) => owner === "offers")?.[1]
        .map((o) => o.id)
        .sort(),
    ).toEqual(["depot", "sale", "service"]);
    for (const [owner, rows] of owners) {
      expect(rows.length, owner).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.pictures, `${owner} ${row.id}`).toHaveLength(1);
        const parsed = parsePictureName(row.pictures[0]);
        if (!parsed) throw new Error(row.pictures[0]);
        // Items and categories are 4:3, the wide subjects 16:9, both stored up to 1280 px.
        expect([parsed.width, parsed.height]).toEqual(owner === "items" || owner === "categories" ? [1280, 960] : [1280, 720]);
        expect(filesIn(dirOf(owner, row.id))).toEqual(
          pictureFiles(parsed)
            .map((f) => f.file)
            .sort(),
        );
      }
    }
    const [winter] = owners[0][1];
    const [file] = pictureVariants(parsePictureName(winter.pictures[0]) ?? { hash: "", width: 1, height: 1 }, "avif");
    const meta = await sharp(join(dirOf("storefronts", winter.id), file.file)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["heif", 320, 180]);
  });
});

describe("uploads", () => {
  it("turn a photo into AVIF and WebP at 320, 640, 960 and 1280 px, turned upright, without metadata", async () => {
    const item = await newItem();
    // Stored 2400 × 1800 with EXIF orientation 6: shown turned by 90°, so 1800 × 2400 upright.
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret camera owner" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(item.id, { data: photo, type: "image/jpeg", name: "photo.jpg" });
    expect(response.status).toBe(302);
    const { pictures } = await itemRow(item.id);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toMatch(/^[0-9a-f]{16}-1280x1707$/);
    const parsed = parsePictureName(pictures[0]);
    if (!parsed) throw new Error(pictures[0]);
    const expected = pictureFiles(parsed);
    expect(expected.map((f) => `${f.format} ${f.width}x${f.height}`)).toEqual([
      "avif 320x427",
      "avif 640x854",
      "avif 960x1280",
      "avif 1280x1707",
      "webp 320x427",
      "webp 640x854",
      "webp 960x1280",
      "webp 1280x1707",
    ]);
    expect(filesIn(dirOf("items", item.id))).toEqual(expected.map((f) => f.file).sort());
    for (const file of expected) {
      const meta = await sharp(join(dirOf("items", item.id), file.file)).metadata();
      expect([meta.format, meta.width, meta.height], file.file).toEqual([
        file.format === "avif" ? "heif" : "webp",
        file.width,
        file.height,
      ]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // The shop's page shows it as a <picture>: AVIF first, WebP for the others.
    const page = await (await server.request(`/item/${item.slug}`)).text();
    expect(page).toContain(`<source type="image/avif" srcSet="/media/items/${item.id}/${parsed.hash}-320x427.avif 320w`);
    expect(page).toContain(`src="/media/items/${item.id}/${parsed.hash}-640x854.webp"`);
  });

  it("never enlarge a small picture", async () => {
    const item = await newItem();
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#3366cc80" } })
      .png()
      .toBuffer();
    expect((await upload(item.id, { data: small, type: "image/png", name: "small.png" })).status).toBe(302);
    const { pictures } = await itemRow(item.id);
    expect(pictures[0]).toMatch(/-300x200$/);
    expect(filesIn(dirOf("items", item.id)).map((f) => f.slice(17))).toEqual(["300x200.avif", "300x200.webp"]);
  });

  describe("refusals: a clear message, no file written, no row changed", () => {
    const photo = () =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: "#88aa22" } })
        .jpeg()
        .toBuffer();
    const cases: [string, () => Promise<{ data: Uint8Array; type: string; name: string }>, string][] = [
      [
        "text renamed .jpg",
        async () => ({ data: new TextEncoder().encode("just some notes, not a photo"), type: "image/jpeg", name: "notes.jpg" }),
        "Only JPEG, PNG or WebP pictures can be uploaded.",
      ],
      [
        "an SVG with script",
        async () => ({
          data: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          type: "image/svg+xml",
          name: "logo.svg",
        }),
        "SVG drawings cannot be uploaded, with or without script: only raster pictures (JPEG, PNG or WebP).",
      ],
      [
        "a harmless SVG disguised as a PNG",
        async () => ({
          data: new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>'),
          type: "image/png",
          name: "logo.png",
        }),
        "SVG drawings cannot be uploaded, with or without script: only raster pictures (JPEG, PNG or WebP).",
      ],
      [
        "a 50 MB upload",
        async () => {
          const data = new Uint8Array(50 * 1024 * 1024);
          data.set(await photo());
          return { data, type: "image/jpeg", name: "huge.jpg" };
        },
        "A picture may be at most 8 MB.",
      ],
      [
        "a decompression bomb (a tiny PNG declaring 20000 × 20000 px)",
        async () => ({ data: bombPng(20_000, 20_000), type: "image/png", name: "bomb.png" }),
        "This picture has too many pixels: at most 50 megapixels (e.g. 8000 × 6000).",
      ],
      [
        "a truncated JPEG",
        async () => {
          const whole = await sharp({
            create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
          })
            .jpeg()
            .toBuffer();
          return { data: whole.subarray(0, Math.floor(whole.length / 2)), type: "image/jpeg", name: "cut.jpg" };
        },
        "One of the pictures could not be read. Is the file damaged?",
      ],
      [
        "a truncated PNG",
        async () => {
          const whole = await sharp({
            create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
          })
            .png()
            .toBuffer();
          return { data: whole.subarray(0, Math.floor(whole.length / 2)), type: "image/png", name: "cut.png" };
        },
        "One of the pictures could not be read. Is the file damaged?",
      ],
    ];
    for (const [what, make, message] of cases) {
      it(what, async () => {
        const item = await newItem();
        const before = await itemRow(item.id);
        const response = await upload(item.id, await make());
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(message.replace(/'/g, "&#x27;"));
        expect(filesIn(dirOf("items", item.id))).toEqual([]);
        expect(await itemRow(item.id)).toEqual(before);
      });
    }

    it("in the admin's language", async () => {
      const item = await newItem();
      const response = await upload(item.id, { data: bombPng(20_000, 20_000), type: "image/png", name: "bomb.png" }, "/de");
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Dieses Bild hat zu viele Pixel: höchstens 50 Megapixel (z. B. 8000 × 6000).");
      expect(filesIn(dirOf("items", item.id))).toEqual([]);
    });
  });
});

describe("the media route", () => {
  it("serves AVIF and WebP with their types, cached for a year, and nothing else", async () => {
    const [shop] = await db.select().from(schema.shops).limit(1);
    const name = shop.pictures[0];
    const parsed = parsePictureName(name);
    if (!parsed) throw new Error(name);
    for (const file of pictureFiles(parsed)) {
      const response = await server.request(`/media/shops/${shop.id}/${file.file}`);
      expect(response.status, file.file).toBe(200);
      expect(response.headers.get("content-type")).toBe(`image/${file.format}`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(dirOf("shops", shop.id), file.file)))).toBe(true);
    }
    expect((await server.request(`/media/offers/depot/${name}.avif`)).status).toBe(404);

    writeFileSync(join(server.config.DATA_DIR, "uploads", "secret.txt"), "top-secret-4711");
    const file = `${name}.avif`;
    for (const path of [
      `/media/shops/${shop.id}/..%2F..%2Fsecret.txt`,
      `/media/shops/${shop.id}/%2e%2e%2f%2e%2e%2fsecret.txt`,
      `/media/shops/..%2F${shop.id}/${file}`,
      `/media/..%2Fshops/${shop.id}/${file}`,
      `/media/uploads/${shop.id}/${file}`,
      `/media/shops/${shop.id}/${name}.png`,
      `/media/shops/${shop.id}/${name}.avif.webp`,
      `/media/shops/0${shop.id}/${file}`,
      `/media/shops/winter/${file}`,
      `/media/categories/..%2Fsecret.txt/${file}`,
      `/media/shops/${shop.id}/..`,
      `/media/shops/${shop.id}/${file}%00.txt`,
    ]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("top-secret-4711");
    }
  });

  it("makes a layout width a picture stored before that width existed lacks, once, and no other size", async () => {
    const [shop] = await db.select().from(schema.shops).limit(1);
    const parsed = parsePictureName(shop.pictures[0]);
    if (!parsed) throw new Error(shop.pictures[0]);
    const dir = dirOf("shops", shop.id);
    // As a picture uploaded when the widths were 320, 640 and 1280: no 960 file.
    const missing = pictureFiles(parsed).filter((f) => f.width === 960);
    expect(missing).toHaveLength(2);
    for (const file of missing) rmSync(join(dir, file.file));
    for (const file of missing) {
      const response = await server.request(`/media/shops/${shop.id}/${file.file}`);
      expect(response.status, file.file).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([file.format === "avif" ? "heif" : "webp", file.width, file.height]);
      expect(existsSync(join(dir, file.file)), "stored beside the others").toBe(true);
    }
    // Not a width of the layout, or not this picture's height at it: nothing is made.
    for (const name of [`${parsed.hash}-800x450.webp`, `${parsed.hash}-960x999.webp`, `ffffffffffffffff-960x540.webp`]) {
      expect((await server.request(`/media/shops/${shop.id}/${name}`)).status, name).toBe(404);
      expect(existsSync(join(dir, name))).toBe(false);
    }
  });
});
