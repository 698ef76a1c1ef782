/**
 * The customer's session cookie (decision 231): httpOnly, 30 days, SameSite=Lax so that the
 * redirect from the emailed link (a top-level navigation from a mail app) keeps it, Secure over
 * HTTPS. Shared by the /api routes and the pages.
 */
import { ACCOUNT_TOKEN_PATTERN } from "../../../domain/account-schema";
import { isSecureRequest } from "../../middleware/security";
import { ACCOUNT_COOKIE, ACCOUNT_SESSION_MS } from "./account";

function cookie(request: Request, trustProxy: number, value: string, maxAge: number): string {
  const secure = isSecureRequest(request, trustProxy) ? "; Secure" : "";
  return `${ACCOUNT_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function accountSessionCookie(request: Request, trustProxy: number, token: string): string {
  return cookie(request, trustProxy, token, Math.floor(ACCOUNT_SESSION_MS / 1000));
}

export function clearedAccountCookie(request: Request, trustProxy: number): string {
  return cookie(request, trustProxy, "", 0);
}

/** The session token of the request's cookie, or null. */
export function accountSessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === ACCOUNT_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return ACCOUNT_TOKEN_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}
