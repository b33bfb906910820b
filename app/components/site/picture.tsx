import type { PictureImage } from "../../domain/pictures";

/**
 * A picture at the width the layout needs: AVIF where the browser takes it, WebP otherwise, with its
 * size reserved before it loads (no layout shift). Below the fold it loads lazily; `priority` is for the
 * one picture that may be the page's largest element, above the fold: loaded at once, first.
 *
 * `alt` is the picture's text in the page's language; "" only where the same words are right beside it
 * (a card's title), so a screen reader does not read them twice. Server-rendered, no state.
 */
export function Picture({
  image,
  alt,
  priority = false,
  className = "h-auto w-full rounded-2xl bg-slate-100 object-cover",
}: {
  image: PictureImage;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={image.sizes} />
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? undefined : "async"}
        className={className}
      />
    </picture>
  );
}
