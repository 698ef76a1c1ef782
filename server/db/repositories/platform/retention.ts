import { type SqlBool, sql } from "kysely";
import type { Db } from "../../database";
import { toNumber } from "../../database";

/** Rows handled before `before`, or never handled and received before it. */
function handledOrArrivedBefore(before: string) {
  const handled = sql.ref("handled_at");
  return sql<SqlBool>`(${handled} < ${before} or (${handled} is null and ${sql.ref("created_at")} < ${before}))`;
}

/** Carts untouched since `before` that no order was placed from; their items go with them. */
export async function deleteUnusedCarts(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("carts")
    .where("updated_at", "<", before)
    .where("id", "not in", db.selectFrom("orders").select("cart_id"))
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteUnpublishedReviews(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("reviews")
    .where("status", "!=", "approved")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/** Messages handled before `before`, or never handled and received before it. */
export async function deleteOldContactMessages(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("contact_messages")
    .where(handledOrArrivedBefore(before))
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteSentEmails(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("email_outbox")
    .where("sent_at", "is not", null)
    .where("sent_at", "<", before)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

export async function deleteExpiredAdminSessions(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("expires_at", "<", now)
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/** Sample requests handled before `before`, or never handled and received before it. */
export async function deleteOldSampleRequests(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("sample_requests")
    .where(handledOrArrivedBefore(before))
    .executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

/**
 * Estimate requests handled before `before` (or never handled and received before it) are
 * deleted with their photo rows; answers the photo files the caller removes after the commit.
 */
export async function deleteOldEstimateRequests(
  db: Db,
  before: string,
): Promise<{ count: number; photoFiles: string[] }> {
  const old = await db
    .selectFrom("estimate_requests")
    .select("id")
    .where(handledOrArrivedBefore(before))
    .execute();
  const ids = old.map((r) => r.id);
  if (ids.length === 0) return { count: 0, photoFiles: [] };
  const photos = await db
    .selectFrom("estimate_photos")
    .select("file_name")
    .where("estimate_id", "in", ids)
    .execute();
  await db.deleteFrom("estimate_photos").where("estimate_id", "in", ids).execute();
  const result = await db.deleteFrom("estimate_requests").where("id", "in", ids).executeTakeFirst();
  return { count: toNumber(result.numDeletedRows), photoFiles: photos.map((p) => p.file_name) };
}
