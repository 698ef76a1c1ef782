/**
 * The three session cookies (cart, admin, customer account), read and written at the edge only: the Hono routers
 * and the page loaders and actions call these; the services take the session id or token, never
 * a Request. Parsing and writing go through Hono's cookie utilities (hono/cookie's own), so no
 * hand-made cookie grammar is left in the code.
 */
import { parse, serialize } from "hono/utils/cookie";
import { ACCOUNT_TOKEN_PATTERN } from "../domain/account/account-schema";
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_PREFIX,
  type DeviceCookie,
} from "./device-cookies";
import { isSecureRequest } from "./middleware/security";
import { ACCOUNT_COOKIE, ACCOUNT_SESSION_MS } from "./services/account/account";
import { SESSION_LIFETIME_MS } from "./services/people/admin-auth";
import { isCartSessionId } from "./services/storefront/cart-session";

export const CART_COOKIE = "cart_session";

import { ADMIN_COOKIE } from "./session-tokens";

export { ADMIN_COOKIE, adminTokenOf } from "./session-tokens";

const CART_MAX_AGE_SECONDS = 60 * 60 * 24 * 60;
const ADMIN_MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;

function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parse(header, name)[name] : undefined;
}

/** The well-formed cart session id of a request: x-session-id first, then the cookie. */
export function cartSessionOf(request: Request): string | null {
  const header = request.headers.get("x-session-id")?.trim();
  if (isCartSessionId(header)) return header;
  const cookie = cookieOf(request, CART_COOKIE);
  return isCartSessionId(cookie) ? cookie : null;
}

export function cartSessionCookie(sessionId: string, secure: boolean): string {
  return serialize(CART_COOKIE, sessionId, {
    path: "/",
    maxAge: CART_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure,
  });
}

export function adminSessionCookie(request: Request, token: string, trustProxy: number): string {
  return serialize(ADMIN_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    maxAge: ADMIN_MAX_AGE_SECONDS,
    secure: isSecureRequest(request, trustProxy),
  });
}

export function clearedAdminSessionCookie(request: Request, trustProxy: number): string {
  return serialize(ADMIN_COOKIE, "", {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    maxAge: 0,
    secure: isSecureRequest(request, trustProxy),
  });
}

/** The values of the request's back-office device cookies (one per account; decision 460). */
export function deviceTokensOf(request: Request): string[] {
  const header = request.headers.get("cookie");
  if (!header) return [];
  return Object.entries(parse(header))
    .filter(([name]) => name.startsWith(DEVICE_COOKIE_PREFIX))
    .map(([, value]) => value)
    .slice(0, 20);
}

/** The device cookie a login leaves: httpOnly, SameSite=Strict, a year, Secure over HTTPS. */
export function deviceCookieHeader(
  request: Request,
  device: DeviceCookie,
  trustProxy: number,
): string {
  return serialize(device.name, device.value, {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    secure: isSecureRequest(request, trustProxy),
  });
}

/**
 * The customer's session cookie: httpOnly, 30 days, SameSite=Lax so that the
 * redirect from the emailed link (a top-level navigation from a mail app) keeps it, Secure over
 * HTTPS.
 */
function accountCookie(request: Request, trustProxy: number, value: string, maxAge: number) {
  return serialize(ACCOUNT_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    maxAge,
    secure: isSecureRequest(request, trustProxy),
  });
}

export function accountSessionCookie(request: Request, trustProxy: number, token: string): string {
  return accountCookie(request, trustProxy, token, Math.floor(ACCOUNT_SESSION_MS / 1000));
}

export function clearedAccountCookie(request: Request, trustProxy: number): string {
  return accountCookie(request, trustProxy, "", 0);
}

/** The well-formed account session token of the request's cookie, or null. */
export function accountSessionToken(request: Request): string | null {
  const value = cookieOf(request, ACCOUNT_COOKIE);
  return value !== undefined && ACCOUNT_TOKEN_PATTERN.test(value) ? value : null;
}
