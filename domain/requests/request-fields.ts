/**
 * Free samples and free in-home estimates: limits and labels the forms need, free of zod. The schemas that
 * enforce them are domain/samples-schema.ts and domain/estimate-schema.ts.
 */
export const SAMPLE_ITEMS_MAX = 5;
export const ESTIMATE_PHOTOS_MAX = 5;
export const ESTIMATE_PHOTO_BYTES_MAX = 8 * 1024 * 1024;
export const ESTIMATE_WINDOWS_MIN = 1;
export const ESTIMATE_WINDOWS_MAX = 100;
export const ESTIMATE_MESSAGE_MAX = 2000;
/** What a photo's content may be; the server checks the bytes, not the name or the header. */
export const ESTIMATE_PHOTO_FORMATS = ["jpeg", "png", "webp"] as const;
export const ESTIMATE_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/** Request states the admin marks: new, then handled. */
export const REQUEST_STATUSES = ["new", "handled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A sample the form offers as one checkbox: "vinyl:white", "zebra-shades:cascade". */
export function sampleValue(productType: string, color: string): string {
  return `${productType}:${color}`;
}

export function parseSampleValue(value: string): { productType: string; color: string } {
  const at = value.indexOf(":");
  return at < 0
    ? { productType: value, color: "" }
    : { productType: value.slice(0, at), color: value.slice(at + 1) };
}
