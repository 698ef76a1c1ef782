/**
 * The cart session id: 256 random bits, base64url, made by the
 * server only. It travels as x-session-id and in an httpOnly cookie (server/sessions.ts)
 * so that server-rendered pages and the header badge know the cart. Anything not in the exact format
 * is ignored, so a malformed id simply gets a new cart.
 */
import { randomBytes } from "node:crypto";

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const ID_BYTES = 32;

export function newCartSessionId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}

export function isCartSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID.test(value);
}
