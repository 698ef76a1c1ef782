/**
 * Texts queued like emails (migration 0013, decision 214): written in the transaction that
 * decides them, claimed by one process at a time, sent once.
 */
import { PostgresAdapter } from "kysely";
import { type Db, now } from "../../database";
import type { TextOutboxRow } from "../../types";

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
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await db
    .updateTable("text_outbox")
    .set({ claimed_by: holder, claimed_until: claimedUntil })
    .where("id", "in", (eb) => {
      const due = eb
        .selectFrom("text_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .where((w) => w.or([w("claimed_until", "is", null), w("claimed_until", "<", at)]))
        .orderBy("id")
        .limit(limit);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
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
      attempts,
      last_error: error.slice(0, 500),
      status: nextAttemptAt ? "pending" : "failed",
      next_attempt_at: nextAttemptAt ?? now(),
      claimed_until: null,
    })
    .where("id", "=", id)
    .execute();
}

export async function listTexts(db: Db): Promise<TextOutboxRow[]> {
  return db.selectFrom("text_outbox").selectAll().orderBy("id").execute();
}
