/**
 * What the cart page action answers on failure: the code and message of the one error mapping
 * (server/errors.ts `answerForError`, applied by app/lib/action-errors.server.ts).
 */
export interface ActionFailure {
  ok: false;
  error: { code: string; message: string; totals?: unknown };
}

/** Positive integer ids only, like the API's idParam. */
export function itemIdFromForm(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}
