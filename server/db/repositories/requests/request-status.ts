/**
 * What sample and estimate requests share: a status that is `new` until someone marks the request
 * handled (once; the first handling time is kept),.
 */

import type { SelectQueryBuilder } from "kysely";
import type { RequestStatus } from "../../../../domain/requests/request-fields";
import type { Db } from "../../database";
import type { Database } from "../../types";

export type RequestTable = "sample_requests" | "estimate_requests";

/** How many requests the admin's list shows at most. */
const LIST_LIMIT = 200;

/** A new request's status columns: `new`, not handled, with the fingerprint of its content. */
export function newRequestColumns(request: { createdAt: string; fingerprint: string }) {
  return {
    status: "new" as const,
    created_at: request.createdAt,
    handled_at: null,
    fingerprint: request.fingerprint,
  };
}

/** The admin's list of a request table: of one status when given, newest first, LIST_LIMIT. */
export function listedRequests<O>(
  query: SelectQueryBuilder<Database, RequestTable, O>,
  status: RequestStatus | undefined,
): Promise<O[]> {
  const shown = status ? query.where("status", "=", status) : query;
  return shown.orderBy("created_at", "desc").orderBy("id", "desc").limit(LIST_LIMIT).execute();
}

/** Marks a request handled once; the first handling time is kept. */
export async function markRequestHandled(
  db: Db,
  table: RequestTable,
  id: number,
  at: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ status: "handled", handled_at: at })
    .where("id", "=", id)
    .where("status", "<>", "handled")
    .execute();
}

/**
 * The request of this fingerprint stored at or after `since` (an ISO time), or null: the same
 * request sent again within the minute is answered with it.
 */
export async function findRecentRequest(
  db: Db,
  table: RequestTable,
  fingerprint: string,
  since: string,
): Promise<{ id: number; reference: string } | null> {
  const row = await db
    .selectFrom(table)
    .select(["id", "reference"])
    .where("fingerprint", "=", fingerprint)
    .where("created_at", ">=", since)
    .orderBy("id")
    .executeTakeFirst();
  return row ? { id: Number(row.id), reference: row.reference } : null;
}
