/**
 * The admin session token of a request, read with Hono's cookie parser. Kept apart from
 * ./sessions.ts (which needs node:crypto through the services) because the admin pages' shared
 * helper (app/components/admin/admin-route.ts) also reaches the browser bundle: this module
 * must stay free of Node-only imports.
 */
import { parse } from "hono/utils/cookie";

export const ADMIN_COOKIE = "admin_session";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The admin session token of a request, when it has the token's exact form. */
export function adminTokenOf(request: Request): string | null {
  const header = request.headers.get("cookie");
  const value = header ? parse(header, ADMIN_COOKIE)[ADMIN_COOKIE] : undefined;
  return value && TOKEN.test(value) ? value : null;
}
