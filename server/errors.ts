/**
 * One typed error for the caller's mistakes and our refusals, and ONE mapping of any thrown
 * value to an answer (`answerForError`): the API sends it as
 * { "error": { "code", "message", "fields"? } } (server/app.ts onError), page actions as their
 * action data with the same status (app/lib/action-errors.server.ts). `fields` maps a field's
 * path ("zipCode", "customerInfo.email", "items.0.width") to its message: pages
 * and clients read the field from it, never from the message's wording.
 */
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { fieldsFromIssues, issuePath } from "../domain/shared/form-messages";
import { isDatabaseUnavailable } from "./db/database";

export type ErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  /** The account has two-factor on: the login needs its code. */
  | "code_required"
  /** A temporary password: only POST /api/admin/password is allowed until it is changed. */
  | "password_change_required"
  /** Two-factor is required for everyone and this account has not set it up yet. */
  | "two_factor_required"
  | "not_found"
  | "conflict"
  | "gone"
  | "totals_mismatch"
  /** The arrival window was booked meanwhile (the answer carries today's free windows). */
  | "window_taken"
  /** The installer has another visit then; confirm a two-person job to book it anyway. */
  | "visit_overlap"
  /** A text to a number that never agreed to texts (decision 550). */
  | "no_text_consent"
  /** A text to a number whose last consent entry is an opt-out. */
  | "opted_out"
  /** An Idempotency-Key sent again with another body (decision 580). */
  | "idempotency_key_reused"
  /** The first request with this Idempotency-Key is still being handled. */
  | "request_in_progress"
  /** If-Match named a revision the office has changed since (decision 581). */
  | "stale_revision"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "outside_service_area"
  | "rate_limited"
  | "unavailable"
  | "internal";

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  code_required: 401,
  password_change_required: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  /** Something that existed and no longer holds (an expired quote). */
  gone: 410,
  totals_mismatch: 409,
  window_taken: 409,
  visit_overlap: 409,
  no_text_consent: 409,
  opted_out: 409,
  idempotency_key_reused: 422,
  request_in_progress: 409,
  stale_revision: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  outside_service_area: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/**
 * The page build (React Router) bundles its own copy of this module, while the services were
 * created by the server's copy: a registered symbol marks every AppError so `instanceof
 * AppError` holds across both copies (no guessing by shape).
 */
const APP_ERROR = Symbol.for("lee-county-blinds.AppError");

export class AppError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" && value !== null && APP_ERROR in value && value[APP_ERROR] === true
    );
  }

  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  /** Extra JSON merged into the error object (e.g. the server's totals on a 409). */
  readonly details: Record<string, unknown> | undefined;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string> | undefined;
  /** Field path → its message, when the refusal is about particular fields. */
  readonly fields: FieldErrors | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
      fields?: FieldErrors;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
    this.fields =
      options.fields && Object.keys(options.fields).length > 0 ? options.fields : undefined;
  }
}

/** The value, or a 404 with `message` when the caller asked for something that isn't there. */
export function orNotFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new AppError("not_found", message);
  return value;
}

/**
 * The value of a row this use case has just written or locked: missing, it is our mistake (a
 * logged 500), not the caller's.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** Field path ("zipCode", "customerInfo.email", "items.0.width") → the message about it. */
export type FieldErrors = Record<string, string>;

export function errorBody(
  code: string,
  message: string,
  details?: Record<string, unknown>,
  fields?: FieldErrors,
) {
  return { error: { code, message, ...details, ...(fields ? { fields } : {}) } };
}

type Issue = { path: readonly PropertyKey[]; message: string };

export { fieldsFromIssues, issuePath } from "../domain/shared/form-messages";

/**
 * A refusal about one field: the message names the field as before ("colors: unknown color
 * plaid") and `fields` carries it under the field's path, so no one has to read it back out.
 */
export function fieldError(code: ErrorCode, field: string, message: string): AppError {
  return new AppError(code, `${field}: ${message}`, {
    fields: { [field]: message.charAt(0).toUpperCase() + message.slice(1) },
  });
}

/** A zod refusal as an AppError: 400 `validation_failed`, the sentence and the fields map. */
export function validationError(issues: readonly Issue[]): AppError {
  return new AppError("validation_failed", describeIssues(issues), {
    fields: fieldsFromIssues(issues),
  });
}

/** A zod error → one readable sentence naming the fields, e.g. "width: must be 12–192". */
export function describeIssues(issues: readonly Issue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const field = issuePath(i.path);
      // Our schema messages already name the field ("width must be …"); zod's defaults don't.
      return !field || i.message.startsWith(field) ? i.message : `${field}: ${i.message}`;
    })
    .join("; ");
}

/** What any error becomes on the wire: status, code, a message a person can act on, headers. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Field path → message, when the refusal names fields (validation, a ZIP outside the area). */
  fields?: FieldErrors;
}

export interface ErrorAnswerOptions {
  /** The store's phone number, offered when something failed on our side. */
  phone: string;
  logger: { error(message: string, fields?: Record<string, unknown>): void };
  /** Where a database outage is logged once, not once per refused request. */
  outage?: { refused(error: unknown): void };
}

/**
 * The one error-to-answer mapping. AppError → its status and message; Hono's HTTPException
 * (body limit) → 413/400; a database that is down → 503 with Retry-After; anything else is a
 * bug: logged once (with its stack) and answered 500 without details.
 */
export function answerForError(error: unknown, options: ErrorAnswerOptions): ErrorAnswer {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
      ...(error.fields ? { fields: error.fields } : {}),
    };
  }
  if (error instanceof HTTPException) {
    return {
      status: error.status,
      code: error.status === 413 ? "payload_too_large" : "bad_request",
      message: error.message || "Bad request.",
    };
  }
  if (isDatabaseUnavailable(error)) {
    if (options.outage) options.outage.refused(error);
    else {
      options.logger.error("database unavailable", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return {
      status: 503,
      code: "unavailable",
      message: `The store is briefly unavailable. Please try again in a moment or call ${options.phone}.`,
      headers: { "Retry-After": "5" },
    };
  }
  options.logger.error("unhandled error", { error });
  return {
    status: 500,
    code: "internal",
    message: `Something went wrong on our side. Please try again or call ${options.phone}.`,
  };
}
