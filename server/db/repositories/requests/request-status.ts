/**
 * What sample and estimate requests share: a status that is `new` until someone marks the request
 * handled (once; the first handling time is kept), and a count per status for the dashboard.
 */

import type { RequestStatus } from "../../../../domain/request-fields";
import type { Db } from "../../database";

export type RequestTable = "sample_requests" | "estimate_requests";

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

export async function countRequests(
  db: Db,
  table: RequestTable,
  status: RequestStatus,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The request of this fingerprint stored at or after `since` (an ISO time), or null: the same
 * request sent again within the minute is answered with it (decision 251).
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
