/**
 * Order, booking and request references: random bytes from node:crypto written in Crockford's
 * base 32 (no I, L, O or U), so a reference reads aloud and types back unambiguously.
 */
import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * `size` random bytes (a multiple of 5) as Crockford base 32, most significant first: 8
 * characters per 5 bytes.
 */
export function randomCrockford(size: number): string {
  let bits = 0n;
  for (const b of randomBytes(size)) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < (size * 8) / 5; i++) {
    out = CROCKFORD[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
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
