/**
 * One typed error for the caller's mistakes and our refusals; mapped to HTTP in one place
 * (server/app.ts onError) as { "error": { "code": "...", "message": "..." } }.
 */
export type ErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "totals_mismatch"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "outside_service_area"
  | "rate_limited"
  | "unavailable"
  | "internal";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  totals_mismatch: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  outside_service_area: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra JSON merged into the error object (e.g. the server's totals on a 409). */
  readonly details: Record<string, unknown> | undefined;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...details } };
}

/** A zod error → one readable sentence naming the fields, e.g. "width: must be 12–192". */
export function describeIssues(
  issues: readonly { path: PropertyKey[]; message: string }[],
): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const field = i.path.map(String).join(".");
      // Our schema messages already name the field ("width must be …"); zod's defaults don't.
      return !field || i.message.startsWith(field) ? i.message : `${field}: ${i.message}`;
    })
    .join("; ");
}
