/** A small drawing of a cart or order item, beside the text that names it. */
import type { ItemPicture } from "../../domain/storefront/item-picture";
import { pictureUrl } from "../lib/picture-url";

export function ItemThumbnail({
  picture,
  className = "h-16 w-20",
}: {
  picture: ItemPicture;
  className?: string;
}) {
  return (
    <img
      src={pictureUrl(picture)}
      alt=""
      width={80}
      height={64}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-md border border-line bg-surface object-cover ${className}`}
    />
  );
}
