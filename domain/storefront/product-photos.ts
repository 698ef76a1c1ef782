/**
 * Owners' product photos: limits, the alt-text
 * rule and the addresses of the renditions, shared by the admin form, the server and the pages.
 * Free of zod; the schemas are in domain/product-photo-schema.ts.
 */
export const PRODUCT_PHOTO_BYTES_MAX = 8 * 1024 * 1024;
export const PRODUCT_PHOTOS_PER_PRODUCT = 8;
/** A narrower photo looks soft on a phone's product page. */
export const PRODUCT_PHOTO_MIN_WIDTH = 640;
/** Renditions, narrowest first; a photo is never enlarged, so narrower ones stop below. */
export const PRODUCT_PHOTO_WIDTHS = [320, 640, 960, 1280, 1600] as const;
export const PRODUCT_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";
export const PRODUCT_PHOTO_ALT_MIN = 5;
export const PRODUCT_PHOTO_ALT_MAX = 200;
export const PRODUCT_PHOTO_FORMATS = ["avif", "webp"] as const;
export type ProductPhotoFormat = (typeof PRODUCT_PHOTO_FORMATS)[number];

/** Where the renditions are served from (server/api/storefront/product-photos.ts). */
export const PRODUCT_PHOTO_PATH = "/product-photos";
/** A rendition's file name: 32 hex digits, its width, its format. */
export const PRODUCT_PHOTO_FILE = /^([0-9a-f]{32})-(\d{2,4})\.(avif|webp)$/;

/** What a page needs to show a photo: sources by format, its size and its words. */
export interface ProductPhoto {
  id: number;
  alt: string;
  /** The widest rendition's pixels: the <img>'s width and height (no layout shift). */
  width: number;
  height: number;
  avifSrcSet: string;
  webpSrcSet: string;
  /** The fallback `src`: the WebP nearest to 960 px. */
  src: string;
}

/** The widths to render for a photo `width` pixels wide (never wider than the photo). */
export function renditionWidths(width: number): number[] {
  const widths: number[] = PRODUCT_PHOTO_WIDTHS.filter((w) => w <= width);
  const widest = PRODUCT_PHOTO_WIDTHS[PRODUCT_PHOTO_WIDTHS.length - 1] ?? width;
  if (width < widest && !widths.includes(width)) widths.push(width);
  return widths;
}

export function renditionFile(key: string, width: number, format: ProductPhotoFormat): string {
  return `${key}-${width}.${format}`;
}

function srcSet(key: string, widths: readonly number[], format: ProductPhotoFormat): string {
  return widths
    .map((w) => `${PRODUCT_PHOTO_PATH}/${renditionFile(key, w, format)} ${w}w`)
    .join(", ");
}

/** The page's view of a stored photo. */
export function productPhotoView(row: {
  id: number;
  fileKey: string;
  alt: string;
  width: number;
  height: number;
  widths: readonly number[];
}): ProductPhoto {
  const fallback =
    [...row.widths].sort((a, b) => Math.abs(a - 960) - Math.abs(b - 960))[0] ?? row.width;
  return {
    id: row.id,
    alt: row.alt,
    width: row.width,
    height: row.height,
    avifSrcSet: srcSet(row.fileKey, row.widths, "avif"),
    webpSrcSet: srcSet(row.fileKey, row.widths, "webp"),
    src: `${PRODUCT_PHOTO_PATH}/${renditionFile(row.fileKey, fallback, "webp")}`,
  };
}

/**
 * Why an alt text would not describe the photo (the end of a sentence that starts with the
 * field's name), or null when it does: required, 5 to 200 characters, and not a file name
 * ("IMG_2041.jpg" says nothing to a person who can't see the photo).
 */
export function altTextProblem(alt: string): string | null {
  const text = alt.trim();
  if (text.length === 0) return "must describe the photo for shoppers who can't see it";
  if (text.length < PRODUCT_PHOTO_ALT_MIN) {
    return `must be at least ${PRODUCT_PHOTO_ALT_MIN} characters describing the photo`;
  }
  if (text.length > PRODUCT_PHOTO_ALT_MAX) {
    return `must be at most ${PRODUCT_PHOTO_ALT_MAX} characters`;
  }
  if (/^[\w\s.-]+\.(jpe?g|png|webp|heic|gif|avif)$/i.test(text)) {
    return "must say what the photo shows, not its file name";
  }
  return null;
}
