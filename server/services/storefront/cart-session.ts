/**
 * The cart session id (DECISIONS.md "Cart and orders"): 256 random bits, base64url, made by the
 * server only. It travels as x-session-id (SPEC.md §7) and in an httpOnly cookie (server/sessions.ts)
 * so that server-rendered pages and the header badge know the cart. Anything not in the exact format
 * is ignored, so a malformed id simply gets a new cart.
 */
import { randomFillSync } from "node:crypto";

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const ID_BYTES = 32;
/** Ids drawn from one call to the system's generator (decision 410). */
const IDS_PER_FILL = 128;

/**
 * The same CSPRNG as `randomBytes(32)`, drawn 4 KB at a time: one call into the generator per
 * 128 new carts instead of one each (a new cart's profile: ~2 % of its CPU in randomBytes'
 * per-call work). Each id's 32 bytes are used once and zeroed as they are taken.
 */
const pool = Buffer.alloc(ID_BYTES * IDS_PER_FILL);
let next = IDS_PER_FILL;

export function newCartSessionId(): string {
  if (next === IDS_PER_FILL) {
    randomFillSync(pool);
    next = 0;
  }
  const start = next * ID_BYTES;
  next++;
  const bytes = pool.subarray(start, start + ID_BYTES);
  const id = bytes.toString("base64url");
  bytes.fill(0);
  return id;
}

export function isCartSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID.test(value);
}
