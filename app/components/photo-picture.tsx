/**
 * An owner's product photo: AVIF, then WebP, at the widths the server rendered,
 * with the photo's own width and height so the page doesn't move while it loads.
 */
import type { ProductPhoto } from "../../domain/storefront/product-photos";

export function PhotoPicture({
  photo,
  sizes,
  className,
  eager = false,
}: {
  photo: ProductPhoto;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={sizes} />
      <img
        src={photo.src}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
