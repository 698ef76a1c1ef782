/**
 * Idempotency-Key on the routes the installer's phone may send twice (decision 580): on my
 * way, arrival, measurements, quote changes, payments and the close-out. Keyed by the signed-in
 * person, the method and the path; a repeat with the same body answers the first's status and
 * body and runs nothing; another body → 422; a repeat while the first runs → 409. Without the
 * header a route behaves as before.
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import {
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENCY_KEY_MESSAGE,
  parseIdempotencyKey,
} from "../../../domain/platform/idempotency-key";
import { canonicalJson } from "../../../domain/shared/revision";
import { AppError } from "../../errors";
import type { IdempotencyService } from "../../services/platform/idempotency";
import { readMultipartForm } from "../multipart";
import { type AdminEnv, staffOf } from "../people/admin-access";

/** "METHOD /path" (as in ADMIN_API_PERMISSIONS) of the routes that honour Idempotency-Key. */
export const IDEMPOTENT_ADMIN_ROUTES = [
  "POST /visits/:id/on-my-way",
  "POST /visits/:id/arrived",
  "POST /visits/:id/measurements",
  "PATCH /quotes/:id",
  "POST /orders/:id/payments",
  "POST /visits/:id/close-out",
] as const;

/**
 * What "the same body" means: JSON by its value; a multipart form by its fields and files in
 * order (each file's name, type and bytes), never by its boundary, which each send draws anew.
 */
async function requestHash(request: Request): Promise<string> {
  const hash = createHash("sha256");
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readMultipartForm(request.clone());
    for (const [name, value] of form) {
      if (typeof value === "string") {
        hash.update(`field\0${name}\0${value}\0`);
      } else {
        const bytes = createHash("sha256")
          .update(new Uint8Array(await value.arrayBuffer()))
          .digest("hex");
        hash.update(`file\0${name}\0${value.name}\0${value.type}\0${bytes}\0`);
      }
    }
    return hash.digest("hex");
  }
  const text = await request.clone().text();
  try {
    hash.update(`json\0${canonicalJson(JSON.parse(text))}`);
  } catch {
    hash.update(`raw\0${type}\0${text}`);
  }
  return hash.digest("hex");
}

export function idempotencyKeys(service: IdempotencyService): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const header = c.req.header("idempotency-key");
    if (header === undefined) return next();
    const key = parseIdempotencyKey(header);
    if (key === null) throw new AppError("bad_request", IDEMPOTENCY_KEY_MESSAGE);
    const scope = { staffId: staffOf(c).staffId, route: `${c.req.method} ${c.req.path}`, key };
    const claim = await service.claim(scope, await requestHash(c.req.raw));
    if (claim.kind === "other_body") {
      throw new AppError(
        "idempotency_key_reused",
        `This Idempotency-Key was already used for a different request to this address in the last ${IDEMPOTENCY_KEEP_HOURS} hours. Send a new key for a new request.`,
      );
    }
    if (claim.kind === "running") {
      throw new AppError(
        "request_in_progress",
        "The first request with this Idempotency-Key is still being handled. Try again in a moment for its answer.",
        { headers: { "Retry-After": "1" } },
      );
    }
    if (claim.kind === "replay") {
      const { answer } = claim;
      c.header("Idempotent-Replayed", "true");
      if (answer.contentType) c.header("Content-Type", answer.contentType);
      return c.body(answer.body, answer.status as 200);
    }
    try {
      await next();
    } catch (error) {
      await service.release(scope);
      throw error;
    }
    // Our own failures (5xx) are not an answer to keep: a repeat runs the request again.
    if (c.res.status >= 500) {
      await service.release(scope);
      return;
    }
    await service.keep(scope, {
      status: c.res.status,
      contentType: c.res.headers.get("content-type"),
      body: await c.res.clone().text(),
    });
  };
}
