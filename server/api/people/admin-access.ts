/**
 * The one access check of /api/admin. It finds the route Hono matched, looks its
 * "METHOD /path" up in ADMIN_API_PERMISSIONS and answers, in this order: 401 without a session;
 * 403 password_change_required while the password is a temporary one; 403 two_factor_required
 * while owners require two-factor and the account has none; 403 forbidden when the role lacks the
 * permission or the route is missing from the table. Handlers read the person with `staffOf(c)`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import { ADMIN_API_PERMISSIONS, authorize, PUBLIC } from "../../../domain/people/permissions";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import { type Actor, actorOf } from "../../services/people/actor";
import type { StaffSession } from "../../services/people/admin-auth";
import { adminTokenOf, clearedAdminSessionCookie } from "../../sessions";

export type AdminEnv = { Variables: { staff: StaffSession } };

/** What a person with a temporary password, or without required two-factor, may still call. */
const ALWAYS_ALLOWED = new Set(["POST /logout", "GET /session", "POST /password"]);

/** Two-factor enrolment (/api/admin/two-factor/*) stays open to a person who must set it up. */
function isTwoFactorRoute(key: string): boolean {
  return key.split(" ")[1]?.startsWith("/two-factor") === true;
}

/** The signed-in person of an admin request (set by the access check). */
export function staffOf(c: Context<AdminEnv>): StaffSession {
  return c.get("staff");
}

/** The actor of a change made through an admin API request. */
export function actorOfRequest(c: Context<AdminEnv>): Actor {
  return actorOf(staffOf(c));
}

/**
 * "METHOD /path" of the handler Hono matched, relative to the admin router (the prefix is where
 * this middleware is mounted); null when no admin handler matches (a 404 follows).
 */
export function matchedAdminRoute(c: Context): string | null {
  const prefix = routePath(c).replace(/\/\*$/, "");
  const handler = matchedRoutes(c).find(
    (r) => r.method !== "ALL" && (r.path === prefix || r.path.startsWith(`${prefix}/`)),
  );
  return handler ? `${handler.method} ${handler.path.slice(prefix.length) || "/"}` : null;
}

export function adminAccess(services: AppServices): MiddlewareHandler<AdminEnv> {
  const { admin, logger } = services;
  return async (c, next) => {
    const key = matchedAdminRoute(c);
    const permission = key === null ? undefined : ADMIN_API_PERMISSIONS[key];
    if (permission === PUBLIC) return next();
    const session = await admin.sessionFromToken(adminTokenOf(c.req.raw));
    if (!session) {
      throw new AppError("unauthorized", "Log in to the admin to continue.", {
        headers: {
          "Set-Cookie": clearedAdminSessionCookie(c.req.raw, services.config.trustProxy),
        },
      });
    }
    c.set("staff", session);
    if (key === null) return next();
    const verdict = authorize(session, {
      permission,
      openDuringPasswordChange: ALWAYS_ALLOWED.has(key),
      openDuringTwoFactorSetup: isTwoFactorRoute(key),
    });
    if (verdict === "allowed") return next();
    if (verdict === "password_change_required") {
      throw new AppError(verdict, "Choose your own password first: POST /api/admin/password.");
    }
    if (verdict === "two_factor_required") {
      throw new AppError(verdict, "Set up two-factor authentication first: the owners require it.");
    }
    if (permission === undefined) {
      logger.error("admin route without a declared permission refused", { route: key });
      throw new AppError("forbidden", "This route declares no permission.");
    }
    throw new AppError("forbidden", "Your role does not allow this.");
  };
}
