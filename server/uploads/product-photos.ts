/**
 * Owners' product photos: the bytes decide the type (JPEG, PNG or WebP, never
 * the name or the browser's Content-Type); sharp turns the camera's orientation into pixels and
 * renders AVIF and WebP at each width of domain/product-photos.ts. Nothing of the original's
 * metadata is written (sharp keeps none unless asked): no EXIF, GPS, XMP or comments. The
 * renditions live under DATA_DIR/uploads/products, 0700, files 0600, under a random key.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import {
  PRODUCT_PHOTO_BYTES_MAX,
  PRODUCT_PHOTO_FILE,
  PRODUCT_PHOTO_FORMATS,
  PRODUCT_PHOTO_MIN_WIDTH,
  type ProductPhotoFormat,
  renditionFile,
  renditionWidths,
} from "../../domain/storefront/product-photos";
import { AppError, fieldError } from "../errors";
import { loadSharp } from "./load-sharp";
import { sniffPhotoFormat } from "./photos";

/** Refuse decompression bombs before decoding: 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProductPhotoUpload {
  /** The name the browser sent, used only in messages. */
  name: string;
  bytes: Uint8Array;
}

export interface Rendition {
  width: number;
  height: number;
  format: ProductPhotoFormat;
  data: Buffer;
}

export interface ProcessedProductPhoto {
  /** The widest rendition's size. */
  width: number;
  height: number;
  widths: number[];
  renditions: Rendition[];
  bytes: number;
}

function cleanName(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 80) || "the photo";
}

/** Checks the upload by size and content and renders it; 413, 415 or 422 naming `photo`. */
export async function processProductPhoto(
  upload: ProductPhotoUpload,
): Promise<ProcessedProductPhoto> {
  const name = cleanName(upload.name);
  if (upload.bytes.length === 0) {
    throw fieldError("validation_failed", "photo", "choose a photo to upload");
  }
  if (upload.bytes.length > PRODUCT_PHOTO_BYTES_MAX) {
    throw fieldError(
      "payload_too_large",
      "photo",
      `${name} is larger than ${PRODUCT_PHOTO_BYTES_MAX / 1024 / 1024} MB; export it smaller`,
    );
  }
  const notAPhoto = () =>
    fieldError("unsupported_media_type", "photo", `${name} is not a JPEG, PNG or WebP photo`);
  const format = sniffPhotoFormat(upload.bytes);
  if (!format) throw notAPhoto();
  const sharp = await loadSharp();
  let image: Sharp;
  let width: number;
  let height: number;
  try {
    image = sharp(upload.bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const meta = await image.metadata();
    if (meta.format !== format || !meta.width || !meta.height) throw notAPhoto();
    // Orientations 5–8 turn the picture a quarter: its width is the stored height.
    const quarterTurn = (meta.orientation ?? 1) >= 5;
    width = quarterTurn ? meta.height : meta.width;
    height = quarterTurn ? meta.width : meta.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAPhoto();
  }
  if (width < PRODUCT_PHOTO_MIN_WIDTH) {
    throw fieldError(
      "unprocessable",
      "photo",
      `${name} is ${width} px wide; send one at least ${PRODUCT_PHOTO_MIN_WIDTH} px wide so it stays sharp`,
    );
  }
  const widths = renditionWidths(width);
  const renditions: Rendition[] = [];
  try {
    // Decoded once, turned upright and shrunk to the widest rendition (JPEG shrinks on load);
    // every rendition starts from these pixels instead of decoding the upload again.
    const widest = widths[widths.length - 1] ?? width;
    const base = await image
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      width: base.info.width,
      height: base.info.height,
      channels: base.info.channels,
    };
    for (const w of widths) {
      for (const f of PRODUCT_PHOTO_FORMATS) {
        const resized = sharp(base.data, { raw }).resize({ width: w });
        const encoded =
          f === "avif"
            ? resized.avif({ quality: 55, effort: 2 })
            : resized.webp({ quality: 78, effort: 4 });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        renditions.push({ width: info.width, height: info.height, format: f, data });
      }
    }
  } catch {
    throw notAPhoto();
  }
  const widest = renditions[renditions.length - 1];
  return {
    width: widest?.width ?? width,
    height: widest?.height ?? height,
    widths,
    renditions,
    bytes: renditions.reduce((sum, r) => sum + r.data.length, 0),
  };
}

/** Where product photos live: DATA_DIR/uploads/products. */
export function productPhotosDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "products");
}

/** Writes the renditions under a new random key (0600 files in a 0700 folder); answers the key. */
export async function storeProductPhoto(
  dir: string,
  photo: ProcessedProductPhoto,
): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode does not apply to folders that already exist, nor through a loose umask.
  await fs.chmod(dir, 0o700);
  await fs.chmod(path.dirname(dir), 0o700);
  const key = randomBytes(16).toString("hex");
  try {
    for (const r of photo.renditions) {
      await fs.writeFile(path.join(dir, renditionFile(key, r.width, r.format)), r.data, {
        mode: 0o600,
        flag: "wx",
      });
    }
  } catch (error) {
    await removeProductPhotoFiles(dir, key, photo.widths);
    throw error;
  }
  return key;
}

export async function removeProductPhotoFiles(
  dir: string,
  key: string,
  widths: readonly number[],
): Promise<void> {
  const files = widths.flatMap((w) => PRODUCT_PHOTO_FORMATS.map((f) => renditionFile(key, w, f)));
  await Promise.all(
    files.map((f) => fs.rm(path.join(dir, f), { force: true }).catch(() => undefined)),
  );
}

/** A rendition's bytes and type, or a 404 for any other name or a missing file. */
export async function readProductPhotoFile(
  dir: string,
  fileName: string,
): Promise<{ data: Buffer; contentType: string }> {
  const match = PRODUCT_PHOTO_FILE.exec(fileName);
  if (!match) throw new AppError("not_found", "No such photo.");
  try {
    const data = await fs.readFile(path.join(dir, fileName));
    return { data, contentType: match[3] === "avif" ? "image/avif" : "image/webp" };
  } catch {
    throw new AppError("not_found", "No such photo.");
  }
}
