/**
 * Item pictures as the pages show them: how the stored files are named and the <img> data (src, srcset,
 * width, height) of each. No validation library here: this module reaches the browser on public pages.
 *
 * A picture is kept as WebP at the layout's widths (320, 640 and 1280 px, never wider than the original).
 * `items.pictures` lists one base name per picture, `{hash}-{width}x{height}`: the content hash of the
 * upload and the size of its largest file. The base name alone gives every file's name and size, so no
 * column is needed for the dimensions, and a file's name never changes meaning (cached for a year).
 */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;

const BASE = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})$/;
/** A file of a picture as the media route accepts it: nothing else can name a file. */
export const PICTURE_FILE = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})\.webp$/;

export type PictureName = { hash: string; width: number; height: number };

export function parsePictureName(name: string): PictureName | null {
  const match = BASE.exec(name);
  if (!match) return null;
  const [width, height] = [Number(match[2]), Number(match[3])];
  return width > 0 && height > 0 ? { hash: match[1], width, height } : null;
}

export const pictureName = (p: PictureName) => `${p.hash}-${p.width}x${p.height}`;

/** The largest stored size of an image: at most the widest layout width, never enlarged. */
export function largestSize(width: number, height: number): { width: number; height: number } {
  const max = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1];
  if (width <= max) return { width, height };
  return { width: max, height: Math.max(1, Math.round((height * max) / width)) };
}

/** Every stored file of a picture, narrowest first: the layout widths below its width, and its width. */
export function pictureVariants(p: PictureName): { file: string; width: number; height: number }[] {
  const widths = [...PICTURE_WIDTHS.filter((w) => w < p.width), p.width];
  return widths.map((width) => {
    const height = width === p.width ? p.height : Math.max(1, Math.round((p.height * width) / p.width));
    return { file: `${p.hash}-${width}x${height}.webp`, width, height };
  });
}

/** The public address of a picture's file. */
export const pictureUrl = (itemId: number, file: string) => `/media/items/${itemId}/${file}`;

export type PictureImage = { src: string; srcSet: string; sizes: string; width: number; height: number };

/**
 * The <img> attributes of an item's picture for the shop's pages: `src` is the middle width (a fair
 * default where srcset is not understood), `srcSet` lists every width, width and height reserve the
 * space before the image loads. `sizes` says how wide the layout shows it.
 */
export function pictureImage(itemId: number, name: string, sizes = "(min-width: 768px) 50vw, 100vw"): PictureImage | null {
  const parsed = parsePictureName(name);
  if (!parsed) return null;
  const variants = pictureVariants(parsed);
  const fallback = variants[Math.min(1, variants.length - 1)];
  return {
    src: pictureUrl(itemId, fallback.file),
    srcSet: variants.map((v) => `${pictureUrl(itemId, v.file)} ${v.width}w`).join(", "),
    sizes,
    width: parsed.width,
    height: parsed.height,
  };
}

/** The <img> data of all pictures of an item, in display order (the first is the main picture). */
export function itemImages(item: { id: number; pictures: string[] }, sizes?: string): PictureImage[] {
  return item.pictures.map((name) => pictureImage(item.id, name, sizes)).filter((image): image is PictureImage => image !== null);
}
