/**
 * Helpers shared by the admin route modules: the session check every loader and action makes,
 * no-store headers, and turning a service refusal into an answer the page can show.
 */
import { type AppLoadContext, data } from "react-router";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

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

interface ServiceRefusal {
  name: string;
  status: number;
  message: string;
}

function isRefusal(error: unknown): error is ServiceRefusal {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as Partial<ServiceRefusal>).status === "number"
  );
}

/** Runs a service call; a refusal (404, 409, 400 …) becomes a thrown response of that status. */
export async function loadOrThrow<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isRefusal(error)) throw data(error.message, { status: error.status, headers: NO_STORE });
    throw error;
  }
}

export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/** Runs an action's service call; a refusal becomes `{ ok: false, error }` with its status. */
export async function runAction(
  call: () => Promise<string>,
): Promise<ReturnType<typeof data<ActionResult>>> {
  try {
    return data({ ok: true, message: await call() }, { headers: NO_STORE });
  } catch (error) {
    if (isRefusal(error)) {
      return data({ ok: false, error: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
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
