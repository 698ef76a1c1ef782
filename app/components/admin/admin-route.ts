/**
 * Helpers shared by the admin route modules: the session check every loader and action makes,
 * no-store headers, dates and ids. Running service calls (and mapping their errors) is in
 * app/lib/admin-route.server.ts.
 */

import { type AppLoadContext, data, redirect } from "react-router";
import { ADMIN_PAGE_PERMISSIONS, authorize } from "../../../domain/people/permissions";
import type { AdjustmentPreview } from "../../../server/services/orders/adjustments";
import type { StaffSession } from "../../../server/services/people/admin-auth";
import { adminTokenOf } from "../../../server/session-tokens";
import type { FormFailure } from "../../lib/forms";

export { actorOf } from "../../../server/services/people/actor";
export type { StaffSession };

/** Nothing personal is stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** Route `headers` export of every admin page: nothing the back office shows is cached. */
export function noStoreHeaders() {
  return NO_STORE;
}

/** An admin page, by its route file in app/routes.ts (the key of ADMIN_PAGE_PERMISSIONS). */
export type AdminPage = keyof typeof ADMIN_PAGE_PERMISSIONS;

const PASSWORD_PAGE = "routes/admin/people/password.tsx";
/** The two-factor set-up pages stay open to a person who must set it up. */
const TWO_FACTOR_PAGE_PREFIX = "routes/admin/people/two-factor";

/** The sessions read by a request's loaders: one read however many of them ask. */
const loaderSessions = new WeakMap<AppLoadContext, Promise<StaffSession | null>>();

/**
 * The signed-in person of a request (null without a valid session). The layout's loader and
 * the page's run side by side and share one read: the load context is the request's own.
 * An action reads its own: it may change the session (a new password, two-factor set up)
 * before the loaders of the same request run, and those then read it afresh.
 */
export function sessionOf(request: Request, context: AppLoadContext): Promise<StaffSession | null> {
  const read = () => context.services.admin.sessionFromToken(adminTokenOf(request));
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  let session = loaderSessions.get(context);
  if (!session) {
    session = read();
    loaderSessions.set(context, session);
  }
  return session;
}

/**
 * The signed-in person of a request to `page`, checked against the page's entry in
 * ADMIN_PAGE_PERMISSIONS: 401 without a session; to /admin/password while the password is a
 * temporary one; to /admin/two-factor while owners require two-factor and the account has none;
 * 403 (a plain refusal) when the role lacks the permission. Child routes call it too: their
 * loaders run alongside the layout's, so each must refuse on its own.
 */
export async function requireAdmin(
  request: Request,
  context: AppLoadContext,
  page: AdminPage,
): Promise<StaffSession> {
  const session = await sessionOf(request, context);
  if (!session) {
    throw data("Log in to the admin to continue.", { status: 401, headers: NO_STORE });
  }
  const verdict = authorize(session, {
    permission: ADMIN_PAGE_PERMISSIONS[page],
    openDuringPasswordChange: page === PASSWORD_PAGE,
    openDuringTwoFactorSetup: page.startsWith(TWO_FACTOR_PAGE_PREFIX),
  });
  if (verdict === "password_change_required") {
    throw redirect("/admin/password", { headers: NO_STORE });
  }
  if (verdict === "two_factor_required") {
    throw redirect("/admin/two-factor", { headers: NO_STORE });
  }
  if (verdict === "forbidden") {
    throw data("Your role does not give access to this page.", { status: 403, headers: NO_STORE });
  }
  return session;
}

/**
 * An admin action's answer. `intent` names the form that was sent (the page shows the answer at
 * that form); a refusal is also a `FormFailure` (its errors by field, decision 185).
 */
export type ActionResult =
  | { ok: true; message: string; intent?: string; preview?: AdjustmentPreview }
  | (FormFailure & { error: string; intent?: string });

/** The refusal of one form of a page (`intent` names it), for that form's `useSchemaForm`. */
export function failureOf<R extends { ok: boolean; intent?: string | undefined }>(
  result: R | null | undefined,
  intent: string,
): Extract<R, { ok: false }> | null {
  return result && isRefusal(result) && result.intent === intent ? result : null;
}

function isRefusal<R extends { ok: boolean }>(result: R): result is Extract<R, { ok: false }> {
  return !result.ok;
}

const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  // The store's own clock (Lee County): the same text on the server and in the browser.
  timeZone: "America/New_York",
});

export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : DATE_TIME.format(t);
}

/** A record id from a route parameter; 0 (never a row) for anything but a positive integer. */
export function recordIdParam(raw: string | undefined): number {
  return /^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : 0;
}
