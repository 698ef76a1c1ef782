/**
 * Admin loaders and actions run their service calls through the one error mapping
 * (action-errors.server.ts): a refusal (400, 404, 409 …) or an unreadable form becomes the
 * page's answer with that status, never a 500.
 */
import { type AppLoadContext, data } from "react-router";
import { type ActionResult, NO_STORE } from "../components/admin/admin-route";
import { actionError, formFailureOf, loaderError } from "./action-errors.server";
import { topLevelField } from "./forms";

/** Runs a loader's service call; an error becomes a thrown response of its status. */
export async function loadOrThrow<T>(context: AppLoadContext, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    return loaderError(error, context);
  }
}

/**
 * Runs an action (form read included); an error becomes `{ ok: false, error }` with its status
 * and its fields (a `FormFailure`). `scope.intent`, when the call sets it, names the form sent;
 * `scope.rename` maps a field path to the form's name (the top-level field by default).
 */
export async function runAction(
  context: AppLoadContext,
  call: () => Promise<string | Extract<ActionResult, { ok: true }>>,
  scope: {
    intent?: string;
    rename?: (path: string) => string;
    /** What was typed, given back to a refused form (never a password). */
    values?: Record<string, unknown>;
  } = {},
) {
  try {
    const done = await call();
    const answer = typeof done === "string" ? { ok: true as const, message: done } : done;
    return data<ActionResult>({ ...answer, intent: scope.intent }, { headers: NO_STORE });
  } catch (error) {
    return actionError<ActionResult>(error, context, (a) => ({
      ...formFailureOf(a, { rename: scope.rename ?? topLevelField, values: scope.values }),
      error: a.message,
      intent: scope.intent,
    }));
  }
}
