/**
 * Which requests may carry photos, and how much: the estimate's
 * form, the installer's close-out and the catalog's photos. Only a multipart POST to one of
 * these paths gets more than the 100 KB every other body has, and more than 30 s to send it.
 */
import { CLOSE_OUT_PHOTOS_MAX } from "../../domain/purchasing/purchasing";
import {
  ESTIMATE_PHOTO_BYTES_MAX,
  ESTIMATE_PHOTOS_MAX,
} from "../../domain/requests/request-fields";
import { PRODUCT_PHOTO_BYTES_MAX } from "../../domain/storefront/product-photos";

/** How long an upload's body may take: three phone photos over a poor mobile link. */
export const UPLOAD_REQUEST_TIMEOUT_MS = 5 * 60_000;

/** A multipart body has at most this many parts, whatever the route (fields and files). */
export const MULTIPART_PARTS_MAX = 50;
/** The largest file a multipart form may carry: a photo (all three routes allow 8 MB). */
export const MULTIPART_FILE_BYTES_MAX = Math.max(ESTIMATE_PHOTO_BYTES_MAX, PRODUCT_PHOTO_BYTES_MAX);
/** The largest text field of a multipart form, like a JSON body. */
export const MULTIPART_FIELD_BYTES_MAX = 100 * 1024;

const MB = 1024 * 1024;

export interface UploadLimit {
  /** The whole body's bytes at most. */
  maxBytes: number;
  /** The 413's message, in the words of the route's own limits. */
  message: string;
  /** The field the 413 names, for the form. */
  field: string;
}

/** The estimate's photos: 5 × 8 MB and the form around them. */
export const ESTIMATE_UPLOAD: UploadLimit = {
  maxBytes: 41 * MB,
  field: "photos",
  message: `photos: the photos together are larger than 40 MB. Send at most ${ESTIMATE_PHOTOS_MAX} photos of ${ESTIMATE_PHOTO_BYTES_MAX / MB} MB or less.`,
};

/** The close-out's 10 photos of 8 MB, its signature and items (phones shrink photos first). */
export const CLOSE_OUT_UPLOAD: UploadLimit = {
  maxBytes: 85 * MB,
  field: "photos",
  message: `photos: the close-out's photos and signature together are larger than 85 MB. Send at most ${CLOSE_OUT_PHOTOS_MAX} photos of ${ESTIMATE_PHOTO_BYTES_MAX / MB} MB or less.`,
};

/** One product photo and the form around it. */
export const PRODUCT_PHOTO_UPLOAD: UploadLimit = {
  maxBytes: PRODUCT_PHOTO_BYTES_MAX + 256 * 1024,
  field: "photo",
  message: `photo: the photo is larger than ${PRODUCT_PHOTO_BYTES_MAX / MB} MB. Export it smaller (a long edge of 3000 px is plenty).`,
};

/** The API and the pages' actions that take the estimate's photos. */
const ESTIMATE_PATHS = new Set(["/api/estimates", "/estimate", "/estimate.data"]);
const CLOSE_OUT_PATH = /^\/api\/admin\/visits\/\d+\/close-out$/;
const PRODUCT_PHOTO_PATH =
  /^\/(api\/admin\/products\/[1-9]\d{0,8}\/photos|admin\/catalog(\.data)?)$/;

/** What a multipart form posted to `path` may hold, or null where no photos are taken. */
export function uploadLimitOf(path: string): UploadLimit | null {
  if (ESTIMATE_PATHS.has(path)) return ESTIMATE_UPLOAD;
  if (CLOSE_OUT_PATH.test(path)) return CLOSE_OUT_UPLOAD;
  if (PRODUCT_PHOTO_PATH.test(path)) return PRODUCT_PHOTO_UPLOAD;
  return null;
}

const MULTIPART = /^multipart\/form-data\s*;/i;

/** The upload limit of a request, or null when it is no upload (any other method or type). */
export function uploadLimitOfRequest(
  method: string | undefined,
  path: string,
  contentType: string | undefined,
): UploadLimit | null {
  return method === "POST" && MULTIPART.test(contentType ?? "") ? uploadLimitOf(path) : null;
}
