/**
 * Random bytes from the system's CSPRNG (the same generator as `randomBytes`), drawn 4 KB at a
 * time: one call into the generator per many small draws instead of one each (decisions 410,
 * 430). Each draw's bytes are handed out once and zeroed as soon as they are read, so nothing
 * drawn stays in memory or is given twice. For values that must be unpredictable and unique:
 * cart ids, order, booking and request references, an email's Message-ID, boundaries and file
 * name, a page's CSP nonce.
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

/** `size` random bytes as base64, as `randomBytes(size).toString("base64")`. */
export function randomBase64(size: number): string {
  return withRandomBytes(size, (bytes) => bytes.toString("base64"));
}

/** `size` random bytes as base64url, as `randomBytes(size).toString("base64url")`. */
export function randomBase64url(size: number): string {
  return withRandomBytes(size, (bytes) => bytes.toString("base64url"));
}

/** Crockford's base 32: no I, L, O or U, so a reference reads aloud and types back unambiguously. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * `size` random bytes (a multiple of 5) as Crockford base 32, most significant first: 8
 * characters per 5 bytes.
 */
export function randomCrockford(size: number): string {
  return withRandomBytes(size, (bytes) => {
    let bits = 0n;
    for (const b of bytes) bits = (bits << 8n) | BigInt(b);
    let out = "";
    for (let i = 0; i < (size * 8) / 5; i++) {
      out = CROCKFORD[Number(bits & 31n)] + out;
      bits >>= 5n;
    }
    return out;
  });
}

const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/**
 * 80 random bits as 16 Crockford base-32 characters in groups of four, "7K3M-9QXD-W2PZ-8HTA":
 * the only key of an order's and a booking's page, so unguessable.
 */
export function randomReference(): string {
  const out = randomCrockford(10);
  return out.match(/.{4}/g)?.join("-") ?? out;
}

/** True for a string in randomReference's shape. */
export function isReference(value: string): boolean {
  return REFERENCE.test(value);
}
