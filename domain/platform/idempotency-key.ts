/**
 * The Idempotency-Key header of the IETF httpapi draft (decision 580): a structured-field
 * string ("8e03978e-40d5…"), which clients also send bare. Either way the key is the text
 * between the quotes: 1 to 255 visible ASCII characters.
 */
import { z } from "zod";

/** How long a key's first answer is kept (the rule says at least 24 hours). */
export const IDEMPOTENCY_KEEP_HOURS = 48;
/** A first request still "running" after this long died with its process: a repeat runs again. */
export const IDEMPOTENCY_ABANDONED_MINUTES = 10;

export const IDEMPOTENCY_KEY_MESSAGE =
  "Idempotency-Key must be 1 to 255 visible characters, quoted or not.";

const KEY = /^[\x21-\x7e]{1,255}$/;

export const idempotencyKeySchema = z
  .string()
  .transform((raw) => {
    const value = raw.trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      // sf-string: only \" and \\ are escapes.
      return value.slice(1, -1).replace(/\\(["\\])/g, "$1");
    }
    return value;
  })
  .pipe(z.string().regex(KEY, IDEMPOTENCY_KEY_MESSAGE));

/** The key of a header value, or null when the value is no key. */
export function parseIdempotencyKey(header: string): string | null {
  const parsed = idempotencyKeySchema.safeParse(header);
  return parsed.success ? parsed.data : null;
}
