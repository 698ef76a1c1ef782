/**
 * The API's error mapping (server/errors.ts `answerForError`) for pages: an error thrown while a
 * page action runs becomes that page's action data with the same status and message the API
 * would send; an error in a loader becomes a thrown response of that status for the route's
 * ErrorBoundary. Unexpected errors are logged once by the mapping and answered 500.
 */
import { type AppLoadContext, data } from "react-router";
import { labelFields } from "../../domain/shared/form-messages";
import { answerForError, type ErrorAnswer } from "../../server/errors";
import type { FormFailure } from "./forms";

export type { ErrorAnswer } from "../../server/errors";

function answer(error: unknown, context: AppLoadContext): ErrorAnswer {
  const { business, logger, outage } = context.services;
  return answerForError(error, { phone: business.phone, logger, outage });
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

/** The refusal's words for one field (its `fields` entry), else the refusal's message. */
export function fieldRefusal(error: unknown, context: AppLoadContext, field: string): string {
  const a = answer(error, context);
  return a.fields?.[field] ?? a.message;
}

/** `error` → a thrown response with the answer's status and message (for loaders). */
export function loaderError(error: unknown, context: AppLoadContext): never {
  const a = answer(error, context);
  throw data(a.message, { status: a.status, headers: a.headers });
}

export interface FormFailureOptions {
  /** What was typed, given back to the form (never a password or the honeypot). */
  values?: Record<string, unknown>;
  /** Field name → label: the schema's wire names in messages become the form's labels. */
  labels?: Readonly<Record<string, string>>;
  /** The API path of a field → the form's field name (e.g. "customerInfo.zipCode" → "zipCode"). */
  rename?: (path: string) => string;
}

/** An answer → the conform reply of a refused form: the `fields` map, labelled, and the values. */
export function formFailureOf(a: ErrorAnswer, options: FormFailureOptions = {}): FormFailure {
  const fields = labelFields(a.fields ?? {}, options.labels ?? {}, options.rename);
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(fields)) error[name] = [message];
  const initialValue: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(options.values ?? {})) {
    if (typeof v === "string" || typeof v === "number") initialValue[k] = String(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number")) {
      initialValue[k] = v.map(String);
    }
  }
  return {
    ok: false,
    code: a.code,
    message: a.message,
    fieldsOnly: a.code === "validation_failed" && Object.keys(fields).length > 0,
    reply: { status: "error", initialValue, error },
  };
}

/** `error` → the page's `FormFailure` with the answer's status (see app/lib/forms.ts). */
export function formFailure(
  error: unknown,
  context: AppLoadContext,
  options: FormFailureOptions = {},
) {
  return actionError(error, context, (a) => formFailureOf(a, options));
}
