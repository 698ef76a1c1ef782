/**
 * Addresses of drawn product pictures served as files (routes/picture.ts): the home cards, the
 * hero and the item thumbnails of the cart, checkout and order pages. A file per type, color,
 * proportion and view is cached by the browser instead of being repeated inline in every page.
 */
import type { PictureView } from "../components/product-picture";

/** Bump when the drawings change, so cached files are fetched again. */
export const PICTURE_VERSION = "3";

export interface PictureSpec {
  type: string;
  /** "#RRGGBB". */
  color?: string;
  /** Width ÷ height of the window. */
  aspect?: number;
  view?: PictureView;
}

export function pictureUrl({ type, color, aspect, view }: PictureSpec): string {
  const query = new URLSearchParams();
  if (color) query.set("c", color.replace(/^#/, "").toUpperCase());
  if (aspect !== undefined) query.set("a", String(Math.round(aspect * 100) / 100));
  if (view && view !== "front") query.set("v", view);
  query.set("r", PICTURE_VERSION);
  return `/pictures/${type}.svg?${query}`;
}
