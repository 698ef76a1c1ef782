/**
 * Texts queued like emails (migration 0013, decision 214): written in the transaction that
 * decides them, claimed by one process at a time, sent once.
 */
import { toE164 } from "../../../../domain/shared/phone-number";
import { type Db, now } from "../../database";
import type { TextOutboxRow } from "../../types";
import { claimBy, dueAndUnclaimed, failedAttempt } from "./outbox";

export interface NewText {
  kind: "reminder" | "on_my_way" | "reply" | "visit_moved";
  to: string;
  body: string;
  relatedType: "booking" | "visit" | "text_thread";
  relatedId: number;
}

export async function enqueueText(db: Db, text: NewText): Promise<void> {
  const at = now();
  await db
    .insertInto("text_outbox")
    .values({
      kind: text.kind,
      to_phone: text.to,
      to_e164: toE164(text.to),
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

/**
 * A STOP (decision 550): what is still queued to the number is dropped, never sent. Answers how
 * many texts were dropped.
 */
export async function dropPendingTextsTo(db: Db, e164: string): Promise<number> {
  const rows = await db
    .updateTable("text_outbox")
    .set({ status: "dropped", claimed_until: null, last_error: "the number opted out" })
    .where("to_e164", "=", e164)
    .where("status", "=", "pending")
    .returning("id")
    .execute();
  return rows.length;
}

/** A claimed text the dispatcher found opted out before sending it. */
export async function markTextDropped(db: Db, id: number): Promise<void> {
  await db
    .updateTable("text_outbox")
    .set({ status: "dropped", claimed_until: null, last_error: "the number opted out" })
    .where("id", "=", id)
    .execute();
}
