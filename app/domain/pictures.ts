/**
 * Pictures as the pages show them: who may own one, how the stored files are named, and the data of a
 * <picture> element (AVIF and WebP srcsets, width, height). One module for every owner (decision 031).
 * No validation library here: this module reaches the browser on public pages.
 *
 * A picture is kept as AVIF and WebP at the layout's widths (320, 640, 960 and 1280 px, never wider than the
 * original). The owner's `pictures` list holds one base name per picture, `{hash}-{width}x{height}`: the
 * content hash of the source and the size of its largest file. The base name alone gives every file's
 * name and size, so no column is needed for the dimensions, and a file's name never changes meaning
 * (cached for a year).
 */
/**
 * 960 is there for the common phone: 412 px at 1.75 device pixels wants 721, which was the 1280 file (1.8 times
 * the pixels to fetch and decode) before it was added.
 */
export const PICTURE_WIDTHS = [320, 640, 960, 1280] as const;
/** Smallest first: the order of the <source> and <img> of a <picture>, and of the files on disk. */
const PICTURE_FORMATS = ["avif", "webp"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/**
 * Everything that has pictures, as named in the media URL and the uploads folder. Offers (ski service,
 * depot, sports shop) are no rows of their own: their pictures are in `offer_pictures`, keyed by offer.
 */
const PICTURE_OWNERS = ["items", "shops", "categories", "storefronts", "offers"] as const;
export type PictureOwner = (typeof PICTURE_OWNERS)[number];
export const OFFER_KINDS = ["service", "depot", "sale"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

const BASE = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})$/;
/** A file of a picture as the media route accepts it: nothing else can name a file. */
export const PICTURE_FILE = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})\.(avif|webp)$/;
/** An owner's id in a URL and a folder name: a row id, a category or storefront id, an offer. */
export const PICTURE_OWNER_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const isPictureOwner = (value: string): value is PictureOwner => (PICTURE_OWNERS as readonly string[]).includes(value);

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

export type PictureVariant = { file: string; format: PictureFormat; width: number; height: number };

/** The stored files of a picture in one format, narrowest first: the layout widths below its width, and its width. */
export function pictureVariants(p: PictureName, format: PictureFormat = "webp"): PictureVariant[] {
  const widths = [...PICTURE_WIDTHS.filter((w) => w < p.width), p.width];
  return widths.map((width) => {
    const height = width === p.width ? p.height : Math.max(1, Math.round((p.height * width) / p.width));
    return { file: `${p.hash}-${width}x${height}.${format}`, format, width, height };
  });
}

/** Every stored file of a picture, AVIF and WebP. */
export const pictureFiles = (p: PictureName): PictureVariant[] => PICTURE_FORMATS.flatMap((format) => pictureVariants(p, format));

/**
 * What a <picture> needs: the AVIF srcset for its <source>, and src, srcset, width and height of its WebP
 * <img>. `src` is the middle width (a fair default where srcset is not understood); width and height
 * reserve the space before the image loads; `sizes` says how wide the layout shows it.
 */
export type PictureImage = { avifSrcSet: string; src: string; srcSet: string; sizes: string; width: number; height: number };

export function pictureImage(
  owner: PictureOwner,
  ownerId: string | number,
  name: string,
  sizes = "(min-width: 768px) 50vw, 100vw",
): PictureImage | null {
  // The public address of an owner's files (decision 031).
  return pictureImageAt(`/media/${owner}/${ownerId}`, name, sizes);
}

/** The same for files served from `folder` (a path without the trailing slash): private pictures have their own address. */
export function pictureImageAt(folder: string, name: string, sizes = "(min-width: 768px) 50vw, 100vw"): PictureImage | null {
  const parsed = parsePictureName(name);
  if (!parsed) return null;
  const srcSet = (format: PictureFormat) =>
    pictureVariants(parsed, format)
      .map((v) => `${folder}/${v.file} ${v.width}w`)
      .join(", ");
  const webp = pictureVariants(parsed, "webp");
  return {
    avifSrcSet: srcSet("avif"),
    src: `${folder}/${webp[Math.min(1, webp.length - 1)].file}`,
    srcSet: srcSet("webp"),
    sizes,
    width: parsed.width,
    height: parsed.height,
  };
}

/** The <picture> data of all pictures of an owner, in display order (the first is the main picture). */
export function ownerImages(owner: PictureOwner, record: { id: string | number; pictures: string[] }, sizes?: string): PictureImage[] {
  return record.pictures
    .map((name) => pictureImage(owner, record.id, name, sizes))
    .filter((image): image is PictureImage => image !== null);
}

/** The main picture of an owner, or undefined when it has none. */
export const mainImage = (owner: PictureOwner, record: { id: string | number; pictures: string[] }, sizes?: string) =>
  ownerImages(owner, record, sizes)[0];

export const itemImages = (item: { id: number; pictures: string[] }, sizes?: string) => ownerImages("items", item, sizes);
