/**
 * Texts queued like emails (migration 0013, decision 214): written in the transaction that
 * decides them, claimed by one process at a time, sent once.
 */
import { type Db, now } from "../../database";
import type { TextOutboxRow } from "../../types";
import { claimBy, dueAndUnclaimed, failedAttempt } from "./outbox";

export interface NewText {
  kind: "reminder" | "on_my_way";
  to: string;
  body: string;
  relatedType: "booking" | "visit";
  relatedId: number;
}

export async function enqueueText(db: Db, text: NewText): Promise<void> {
  const at = now();
  await db
    .insertInto("text_outbox")
    .values({
      kind: text.kind,
      to_phone: text.to,
      body: text.body,
      related_type: text.relatedType,
      related_id: text.relatedId,
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/** Like claimDueEmails: due texts claimed for `holder` until `claimedUntil`. */
export async function claimDueTexts(
  db: Db,
  holder: string,
  limit: number,
  claimedUntil: string,
): Promise<TextOutboxRow[]> {
  const at = now();
  const rows = await db
    .updateTable("text_outbox")
    .set(claimBy(holder, claimedUntil))
    .where("id", "in", (eb) =>
      dueAndUnclaimed(
        db,
        eb.selectFrom("text_outbox").select("id").where("status", "=", "pending"),
        at,
        limit,
      ),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

export async function markTextSent(db: Db, id: number): Promise<void> {
  await db
    .updateTable("text_outbox")
    .set({ status: "sent", sent_at: now(), last_error: null, claimed_until: null })
    .where("id", "=", id)
    .execute();
}

export async function markTextFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: string | null,
): Promise<void> {
  await db
    .updateTable("text_outbox")
    .set({
      ...failedAttempt(attempts, error, nextAttemptAt ?? now()),
      status: nextAttemptAt ? "pending" : "failed",
    })
    .where("id", "=", id)
    .execute();
}

export async function listTexts(db: Db): Promise<TextOutboxRow[]> {
  return db.selectFrom("text_outbox").selectAll().orderBy("id").execute();
}
