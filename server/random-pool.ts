/**
 * Random bytes from the system's CSPRNG (the same generator as `randomBytes`), drawn 4 KB at a
 * time: one call into the generator per many small draws instead of one each (decisions 410,
 * 430). Each draw's bytes are handed out once and zeroed as soon as they are read, so nothing
 * drawn stays in memory or is given twice. For values that must be unpredictable and unique:
 * cart ids, order references, an email's Message-ID, boundaries and file name.
 */
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * Gives `read` `size` fresh random bytes, zeroed once it returns; its answer is returned. `read`
 * must not draw again (a refill meanwhile would rewrite the bytes it holds).
 */
export function withRandomBytes<T>(size: number, read: (bytes: Buffer) => T): T {
  if (size > POOL_BYTES) {
    const bytes = randomFillSync(Buffer.alloc(size));
    try {
      return read(bytes);
    } finally {
      bytes.fill(0);
    }
  }
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + size);
  offset += size;
  try {
    return read(bytes);
  } finally {
    bytes.fill(0);
  }
}

/** `size` random bytes as lowercase hex (2 × size characters), as `randomBytes(size).toString("hex")`. */
export function randomHex(size: number): string {
  return withRandomBytes(size, (bytes) => bytes.toString("hex"));
}

/** `size` random bytes as base64url, as `randomBytes(size).toString("base64url")`. */
export function randomBase64url(size: number): string {
  return withRandomBytes(size, (bytes) => bytes.toString("base64url"));
}
