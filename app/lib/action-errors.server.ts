/**
 * The API's error mapping (server/errors.ts `answerForError`) for pages: an error thrown while a
 * page action runs becomes that page's action data with the same status and message the API
 * would send; an error in a loader becomes a thrown response of that status for the route's
 * ErrorBoundary. Unexpected errors are logged once by the mapping and answered 500.
 */
import { type AppLoadContext, data } from "react-router";
import { answerForError, type ErrorAnswer } from "../../server/errors";

export type { ErrorAnswer } from "../../server/errors";

function answer(error: unknown, context: AppLoadContext): ErrorAnswer {
  const { business, logger } = context.services;
  return answerForError(error, { phone: business.phone, logger });
}

/** `error` → the page's action data (built by `shape` from the answer) with its status. */
export function actionError<T>(
  error: unknown,
  context: AppLoadContext,
  shape: (answer: ErrorAnswer) => T,
) {
  const a = answer(error, context);
  return data(shape(a), { status: a.status, headers: a.headers });
}

/** `error` → a thrown response with the answer's status and message (for loaders). */
export function loaderError(error: unknown, context: AppLoadContext): never {
  const a = answer(error, context);
  throw data(a.message, { status: a.status, headers: a.headers });
}
