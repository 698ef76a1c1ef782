/**
 * The cart session id (DECISIONS.md "Cart and orders"): 256 random bits, base64url, made by the
 * server only. It travels as x-session-id (SPEC.md §7) and in an httpOnly cookie so that
 * server-rendered pages and the header badge know the cart. Anything not in the exact format
 * is ignored, so a malformed id simply gets a new cart.
 */
import { randomBytes } from "node:crypto";

export const CART_COOKIE = "cart_session";
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 60;

export function newCartSessionId(): string {
  return randomBytes(32).toString("base64url");
}

export function isCartSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID.test(value);
}

function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The well-formed session id of a request: x-session-id first, then the cookie. */
export function cartSessionFromHeaders(headers: Headers): string | null {
  const header = headers.get("x-session-id")?.trim();
  if (isCartSessionId(header)) return header;
  const cookie = cookieValue(headers.get("cookie"), CART_COOKIE);
  return isCartSessionId(cookie) ? cookie : null;
}

export function cartSessionCookie(sessionId: string, secure: boolean): string {
  return [
    `${CART_COOKIE}=${sessionId}`,
    "Path=/",
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
