/**
 * Photos a shopper uploads with an estimate request: the bytes decide the type (never the file name or the browser's
 * Content-Type), sharp decodes and re-encodes them as JPEG, which drops every metadata block
 * (EXIF with GPS, XMP, comments), applies the camera's orientation and bounds the size.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  ESTIMATE_PHOTO_BYTES_MAX,
  type ESTIMATE_PHOTO_FORMATS,
  ESTIMATE_PHOTOS_MAX,
} from "../../domain/requests/request-fields";
import { AppError, type ErrorCode, fieldError } from "../errors";
import { loadSharp } from "./load-sharp";

/** Longest edge kept; a phone photo of a window needs no more. */
const MAX_EDGE = 2560;
/** Refuse decompression bombs before decoding: 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface PhotoUpload {
  /** The name the browser sent, used only in messages. */
  name: string;
  bytes: Uint8Array;
}

export interface ProcessedPhoto {
  data: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

type PhotoFormat = (typeof ESTIMATE_PHOTO_FORMATS)[number];

/** The format the first bytes announce (JPEG, PNG or WebP), or null for anything else. */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** A refusal of one photo, on the `photos` field: "photos: kitchen.jpg is empty". */
function photoError(code: ErrorCode, photo: PhotoUpload, index: number, problem: string) {
  const name = photo.name.replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 80);
  return fieldError(code, "photos", `${name || `photo ${index + 1}`} ${problem}`);
}

/** Count and size limits, checked before any decoding (a close-out takes 10, decision 223). */
export function checkPhotoLimits(
  photos: readonly PhotoUpload[],
  max: number = ESTIMATE_PHOTOS_MAX,
): void {
  if (photos.length > max) {
    throw fieldError(
      "validation_failed",
      "photos",
      `send at most ${max} photos (you sent ${photos.length})`,
    );
  }
  for (const [i, photo] of photos.entries()) {
    if (photo.bytes.length > ESTIMATE_PHOTO_BYTES_MAX) {
      throw photoError(
        "payload_too_large",
        photo,
        i,
        `is larger than ${ESTIMATE_PHOTO_BYTES_MAX / 1024 / 1024} MB`,
      );
    }
    if (photo.bytes.length === 0) {
      throw photoError("validation_failed", photo, i, "is empty");
    }
  }
}

/** Checks one photo by content and re-encodes it without metadata; 415 for anything else. */
export async function processPhoto(photo: PhotoUpload, index: number): Promise<ProcessedPhoto> {
  const notAPhoto = () =>
    photoError("unsupported_media_type", photo, index, "is not a JPEG, PNG or WebP photo");
  const format = sniffPhotoFormat(photo.bytes);
  if (!format) throw notAPhoto();
  const sharp = await loadSharp();
  try {
    const image = sharp(photo.bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== format) throw notAPhoto();
    const { data, info } = await image
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAPhoto();
  }
}

/** Where estimate photos live: DATA_DIR/uploads/estimates, 0700, files 0600. */
export function estimatePhotosDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "estimates");
}

/** Writes a processed photo under a random name; answers the name. */
export async function storePhoto(dir: string, photo: ProcessedPhoto): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode does not apply to folders that already exist, nor through a loose umask.
  await fs.chmod(dir, 0o700);
  await fs.chmod(path.dirname(dir), 0o700);
  const name = `${randomBytes(16).toString("hex")}.jpg`;
  await fs.writeFile(path.join(dir, name), photo.data, { mode: 0o600, flag: "wx" });
  return name;
}

/** Where the photos customers text in (MMS) live: DATA_DIR/uploads/texts. */
export function textMediaDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "texts");
}

/** Where close-out photos and signatures live: DATA_DIR/uploads/close-outs. */
export function closeOutFilesDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "close-outs");
}

/**
 * A customer's signature: a PNG by its bytes, decoded and re-encoded (no metadata), stored
 * under a random name like the photos.
 */
export async function storeSignature(dir: string, bytes: Uint8Array): Promise<string> {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const notPng = () => new AppError("unsupported_media_type", "signature must be a PNG image");
  if (!png.every((v, i) => bytes[i] === v)) throw notPng();
  const sharp = await loadSharp();
  let data: Buffer;
  try {
    data = await sharp(bytes, { failOn: "error", limitInputPixels: 4_000_000 })
      .resize({ width: 1200, height: 600, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw notPng();
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
  await fs.chmod(path.dirname(dir), 0o700);
  const name = `${randomBytes(16).toString("hex")}.png`;
  await fs.writeFile(path.join(dir, name), data, { mode: 0o600, flag: "wx" });
  return name;
}

export async function readStoredPhoto(dir: string, fileName: string): Promise<Buffer> {
  if (!/^[0-9a-f]{32}\.(jpg|png)$/.test(fileName))
    throw new AppError("not_found", "No such photo.");
  return fs.readFile(path.join(dir, fileName));
}

export async function removeStoredPhotos(dir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(
    fileNames.map((n) => fs.rm(path.join(dir, n), { force: true }).catch(() => undefined)),
  );
}
