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
 * and its fields (a `FormFailure`). `scope.intent`, when the call sets it, names the form sent.
 */
export async function runAction(
  context: AppLoadContext,
  call: () => Promise<string>,
  scope: { intent?: string } = {},
) {
  try {
    const message = await call();
    return data<ActionResult>({ ok: true, message, intent: scope.intent }, { headers: NO_STORE });
  } catch (error) {
    return actionError<ActionResult>(error, context, (a) => ({
      ...formFailureOf(a, { rename: topLevelField }),
      error: a.message,
      intent: scope.intent,
    }));
  }
}
