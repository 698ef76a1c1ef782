/**
 * Revisions of the visit, the order and the quote (decision 581): their answers carry an ETag,
 * and the phone's queued writes carry `If-Match: "<revision>"`; a write made from a state the
 * office has changed since is refused with 409 `stale_revision`, the revision now and what the
 * thing holds now, so the installer decides. Without If-Match a route behaves as before.
 */
import type { Context, MiddlewareHandler } from "hono";
import {
  parseIfMatch,
  pickRevisionParts,
  type RevisedThing,
  revisionOf,
} from "../../../domain/shared/revision";
import type { AppServices } from "../../context";
import { AppError, orNotFound } from "../../errors";
import { adminOrderToJson } from "../orders/admin-orders-presenter";
import { type AdminEnv, staffOf } from "../people/admin-access";
import { quoteDetailToJson } from "../sales/quotes-presenter";
import { idParam } from "../validation";

/** "METHOD /path" of the writes that honour If-Match, and the thing each changes. */
export const REVISED_ADMIN_ROUTES: readonly (readonly [string, RevisedThing])[] = [
  ["POST /visits/:id/on-my-way", "visit"],
  ["POST /visits/:id/arrived", "visit"],
  ["POST /visits/:id/measurements", "visit"],
  ["POST /visits/:id/close-out", "visit"],
  ["PATCH /visits/:id", "visit"],
  ["POST /orders/:id/payments", "order"],
  ["PATCH /orders/:id/items/:itemId", "order"],
  ["PATCH /quotes/:id", "quote"],
];

const LABEL: Record<RevisedThing, string> = { visit: "Visit", order: "Order", quote: "Quote" };

/** The thing's JSON as its GET answers it. */
async function presented(
  services: AppServices,
  thing: RevisedThing,
  c: Context<AdminEnv>,
): Promise<Record<string, unknown>> {
  const id = idParam(c, "id", LABEL[thing]);
  if (thing === "visit") {
    await services.fieldAccess.assertVisit(staffOf(c), id);
    return { ...orNotFound(await services.visits.findVisit(id), "Visit not found") };
  }
  if (thing === "order") return adminOrderToJson(await services.admin.getOrder(id));
  return quoteDetailToJson(await services.quotes.get(id, staffOf(c)));
}

/** The revision of a thing's JSON (what its ETag carries, without quotes). */
export function revisionOfJson(thing: RevisedThing, json: Record<string, unknown>): string {
  return revisionOf(pickRevisionParts(thing, json));
}

/** The revision of an order now (the job card's queued payments name it as If-Match). */
export async function orderRevision(
  services: Pick<AppServices, "admin">,
  orderId: number,
): Promise<string> {
  return revisionOfJson("order", adminOrderToJson(await services.admin.getOrder(orderId)));
}

const etag = (revision: string) => `"${revision}"`;

/** Refuses a stale If-Match; after the write, answers the new revision as the ETag. */
export function ifMatchRevision(
  services: AppServices,
  thing: RevisedThing,
): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const header = c.req.header("if-match");
    if (header === undefined) return next();
    const tags = parseIfMatch(header);
    if (tags === null) {
      throw new AppError(
        "bad_request",
        'If-Match must be the revision from the ETag, in quotes: If-Match: "<revision>".',
      );
    }
    const now = await presented(services, thing, c);
    const revision = revisionOfJson(thing, now);
    if (tags !== "any" && !tags.includes(revision)) {
      const current = pickRevisionParts(thing, now);
      throw new AppError(
        "stale_revision",
        `The office changed this ${thing} after your change was made. Look at it as it is now and make your change again if it still applies.`,
        { details: { revision, current }, headers: { ETag: etag(revision) } },
      );
    }
    await next();
    if (c.res.status < 300) {
      c.res.headers.set("ETag", etag(revisionOfJson(thing, await presented(services, thing, c))));
    }
  };
}

/** Adds the ETag to a GET's JSON answer of a thing, from the answer itself. */
export function etagOfAnswer(thing: RevisedThing): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const json: unknown = await c.res.clone().json();
    if (json !== null && typeof json === "object" && !Array.isArray(json)) {
      c.res.headers.set("ETag", etag(revisionOfJson(thing, json as Record<string, unknown>)));
    }
  };
}
