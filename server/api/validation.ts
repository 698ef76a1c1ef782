/** Reading request input: JSON only, parsed once, validated by a domain zod schema. */
import type { Context } from "hono";
import type { z } from "zod";
import { AppError, describeIssues } from "../errors";

/** Parse the JSON body with `schema`; 415/400 with a readable message otherwise. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      "Send the request body as JSON with Content-Type: application/json.",
    );
  }
  let body: unknown;
  let text: string;
  try {
    text = await c.req.text();
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  // JSON can only carry NUL as a raw byte or the \u0000 escape: skip the walk when neither is there.
  return text.includes("\u0000") || text.includes("\\u0000")
    ? parseInput(schema, body)
    : parseValidated(schema, body);
}

/** Validate any input (JSON body, form data, params) with `schema`; 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = pathOfNul(input, "", 0);
  if (nul !== undefined) {
    throw new AppError(
      "validation_failed",
      `${nul ? `${nul}: ` : ""}must not contain NUL characters`,
    );
  }
  return parseValidated(schema, input);
}

function parseValidated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new AppError("validation_failed", describeIssues(result.error.issues));
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
