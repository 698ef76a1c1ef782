/** Reviews awaiting moderation and contact messages, as the back office reads and marks them. */

import type { ReviewStatus } from "../../../../domain/people/admin-schema";
import type { RequestStatus } from "../../../../domain/requests/request-fields";
import type { Db } from "../../database";
import type { ContactMessageRow, ReviewRow } from "../../types";

const LIST_LIMIT = 200;

export async function listReviewsByStatus(db: Db, status: ReviewStatus): Promise<ReviewRow[]> {
  return db
    .selectFrom("reviews")
    .selectAll()
    .where("status", "=", status)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(LIST_LIMIT)
    .execute();
}

export async function findReviewById(db: Db, id: number): Promise<ReviewRow | null> {
  const row = await db.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

export async function setReviewStatus(
  db: Db,
  id: number,
  status: ReviewStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("reviews")
    .set({ status, moderated_at: at })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listContactMessages(
  db: Db,
  status: RequestStatus | undefined,
): Promise<ContactMessageRow[]> {
  let query = db.selectFrom("contact_messages").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(LIST_LIMIT).execute();
}

export async function findContactMessageById(
  db: Db,
  id: number,
): Promise<ContactMessageRow | null> {
  const row = await db
    .selectFrom("contact_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks a message handled once; the first handling time is kept. */
export async function markContactMessageHandled(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable("contact_messages")
    .set({ status: "handled", handled_at: at })
    .where("id", "=", id)
    .where("status", "<>", "handled")
    .execute();
}
