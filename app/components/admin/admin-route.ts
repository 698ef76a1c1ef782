/**
 * Helpers shared by the admin route modules: the session check every loader and action makes,
 * no-store headers, dates and ids. Running service calls (and mapping their errors) is in
 * app/lib/admin-route.server.ts.
 */
import { type AppLoadContext, data } from "react-router";

/** DECISIONS.md "Safety details": nothing personal is stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** Route `headers` export of every admin page: nothing the back office shows is cached. */
export function noStoreHeaders() {
  return NO_STORE;
}

/**
 * Throws a 401 when the request has no valid admin session. Child routes call it too: their
 * loaders run alongside the layout's, so each must refuse on its own.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<void> {
  const session = await context.services.admin.sessionFromRequest(request);
  if (!session) {
    throw data("Log in to the admin to continue.", { status: 401, headers: NO_STORE });
  }
}

export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

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
