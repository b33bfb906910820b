import type { PictureImage } from "../../domain/pictures";

/**
 * An item's picture at the width the layout needs (srcset), with its size reserved before it loads
 * (no layout shift). Only the picture that may be the page's largest element loads eagerly.
 */
export function ItemPicture({ image, alt, priority = false }: { image: PictureImage; alt: string; priority?: boolean }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className="h-auto w-full rounded-2xl bg-slate-100 object-cover"
    />
  );
}
