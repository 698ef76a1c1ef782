/**
 * What cart and checkout page actions answer on failure. The services throw AppError
 * (server/errors.ts); pages may not import server code at runtime, so the error is read by
 * shape: a `code`, a numeric `status` and a message a person can act on.
 */
export interface ActionFailure {
  ok: false;
  error: { code: string; message: string; totals?: unknown };
}

export function appErrorOf(
  error: unknown,
): { code: string; status: number; message: string; details?: Record<string, unknown> } | null {
  if (!error || typeof error !== "object") return null;
  const e = error as {
    name?: unknown;
    code?: unknown;
    status?: unknown;
    message?: unknown;
    details?: unknown;
  };
  if (e.name !== "AppError" || typeof e.code !== "string" || typeof e.status !== "number")
    return null;
  return {
    code: e.code,
    status: e.status,
    message: typeof e.message === "string" ? e.message : "",
    details:
      e.details && typeof e.details === "object"
        ? (e.details as Record<string, unknown>)
        : undefined,
  };
}

/** Positive integer ids only, like the API's idParam. */
export function itemIdFromForm(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}
