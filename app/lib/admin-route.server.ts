/**
 * Admin loaders and actions run their service calls through the one error mapping
 * (action-errors.server.ts): a refusal (400, 404, 409 …) or an unreadable form becomes the
 * page's answer with that status, never a 500.
 */
import { type AppLoadContext, data } from "react-router";
import { type ActionResult, NO_STORE } from "../components/admin/admin-route";
import { actionError, loaderError } from "./action-errors.server";

/** Runs a loader's service call; an error becomes a thrown response of its status. */
export async function loadOrThrow<T>(context: AppLoadContext, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    return loaderError(error, context);
  }
}

/** Runs an action (form read included); an error becomes `{ ok: false, error }` with its status. */
export async function runAction(context: AppLoadContext, call: () => Promise<string>) {
  try {
    return data<ActionResult>({ ok: true, message: await call() }, { headers: NO_STORE });
  } catch (error) {
    return actionError<ActionResult>(error, context, (a) => ({ ok: false, error: a.message }));
  }
}
