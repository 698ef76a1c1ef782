/**
 * Reading request input, for the /api handlers AND the page actions (one parser): the content
 * type is checked (415), the body read once (its size is bounded by the app's body limit; a
 * multipart form streamed within its own limits: ./multipart.ts), a malformed body is a 400, NUL characters are a 400, and a domain zod schema validates the
 * result (400 naming the fields, with the `fields` map). Everything it refuses is an AppError.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { AppError, validationError } from "../errors";
import { readMultipartForm } from "./multipart";

export const JSON_TYPE = /^application\/(.+\+)?json\b/i;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/** Parse the JSON body of a Hono request with `schema`; 415/400 with a readable message. */
export function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return readJsonRequest(c.req.raw, schema);
}

/** JSON can only carry NUL as a raw byte or the \u0000 escape: the walk is skipped otherwise. */
export function mayHoldNul(json: string): boolean {
  return json.includes("\u0000") || json.includes("\\u0000");
}

/** Parse the JSON body of `request` with `schema`; 415/400 with a readable message otherwise. */
export async function readJsonRequest<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(
      "unsupported_media_type",
      "Send the request body as JSON with Content-Type: application/json.",
    );
  }
  let body: unknown;
  let text: string;
  try {
    text = await request.text();
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  return mayHoldNul(text) ? parseInput(schema, body) : parseValidated(schema, body);
}

/**
 * The form a page action was posted (urlencoded or multipart): 415 for any other content type,
 * 400 for a body that is not a well-formed form or holds a NUL character in a name or value.
 */
export async function readFormRequest(request: Request): Promise<FormData> {
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(
      "unsupported_media_type",
      "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  let form: FormData;
  if (MULTIPART_TYPE.test(request.headers.get("content-type") ?? "")) {
    form = await readMultipartForm(request);
  } else {
    try {
      // A urlencoded form is a JSON-sized body (100 KB at most): parsed whole.
      form = await request.formData();
    } catch {
      throw new AppError("bad_request", "The form could not be read. Please reload and try again.");
    }
  }
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    if (name.includes("\u0000") || text.includes("\u0000")) {
      throw nulError(name.replaceAll("\u0000", ""));
    }
  }
  return form;
}

/** The query string of `request` as a plain object; 400 for NUL characters, like a body. */
export function readQuery(request: Request): Record<string, string> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  refuseNul(query);
  return query;
}

/** Validate any input (JSON body, form data, params) with `schema`; 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseNul(input);
  return parseValidated(schema, input);
}

/** 400 when any string (or key) in `input` holds a NUL character. */
export function refuseNul(input: unknown): void {
  const nul = pathOfNul(input, "", 0);
  if (nul !== undefined) throw nulError(nul);
}

function nulError(field: string): AppError {
  const message = "must not contain NUL characters";
  return new AppError("validation_failed", field ? `${field}: ${message}` : message, {
    fields: field ? { [field]: `${field} ${message}` } : undefined,
  });
}

function parseValidated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw validationError(result.error.issues);
  }
  return result.data;
}

/** A positive integer path parameter, e.g. /api/cart/:itemId; 404 for anything else. */
export function idParam(c: Context, name: string, what: string): number {
  const raw = c.req.param(name) ?? "";
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new AppError("not_found", `${what} not found.`);
  return id;
}

/**
 * PostgreSQL text cannot hold NUL (0x00) and fails the insert (a 500 found by the fuzz battery);
 * SQLite would store it silently. No field of ours has a use for it: refuse it on both.
 */
function pathOfNul(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (!value || typeof value !== "object" || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return path;
    const found = pathOfNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
