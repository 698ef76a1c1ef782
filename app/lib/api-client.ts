/**
 * Browser calls to /api: credentials included, JSON in and out; a non-OK
 * answer throws ApiError whose message is "STATUS: body text" (or the status text), and whose
 * `userMessage` is the server's readable error message when there is one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly code: string | undefined,
    readonly userMessage: string | undefined,
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(`${status}: ${body}`);
    this.name = "ApiError";
  }
}

export async function apiRequest<T>(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let code: string | undefined;
    let userMessage: string | undefined;
    let details: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      const error =
        typeof parsed === "object" && parsed !== null && "error" in parsed ? parsed.error : null;
      if (typeof error === "object" && error !== null) {
        details = { ...error };
        code = typeof details.code === "string" ? details.code : undefined;
        userMessage = typeof details.message === "string" ? details.message : undefined;
      }
    } catch {
      // Not JSON: the text is the message.
    }
    throw new ApiError(res.status, text, code, userMessage, details);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
