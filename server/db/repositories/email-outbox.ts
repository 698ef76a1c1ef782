import type { Db } from "../database";
import { now } from "../database";
import type { EmailOutboxRow } from "../types";

export interface NewEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  relatedType?: string;
  relatedId?: number;
}

/** Queue an email; call inside the transaction that makes the fact it reports. */
export async function enqueueEmail(db: Db, email: NewEmail): Promise<void> {
  const at = now();
  await db
    .insertInto("email_outbox")
    .values({
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      related_type: email.relatedType ?? null,
      related_id: email.relatedId ?? null,
      attempts: 0,
      last_error: null,
      next_attempt_at: at,
      sent_at: null,
      created_at: at,
    })
    .execute();
}

export async function findDueEmails(db: Db, limit: number): Promise<EmailOutboxRow[]> {
  return db
    .selectFrom("email_outbox")
    .selectAll()
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", now())
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Mark several emails sent with one statement (one commit, one fsync on SQLite). */
export async function markEmailsSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("email_outbox")
    .set({ sent_at: now(), last_error: null })
    .where("id", "in", ids)
    .execute();
}

export async function markEmailFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: string,
): Promise<void> {
  await db
    .updateTable("email_outbox")
    .set({ attempts, last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt })
    .where("id", "=", id)
    .execute();
}
