import { z } from "zod";
import { fixedRowsQuery } from "../../compiled-query";
import type { Db } from "../../database";
import { now } from "../../database";
import { parseStoredJson } from "../../stored-json";
import type { EmailOutboxRow } from "../../types";
import { claimBy, dueAndUnclaimed, failedAttempt } from "./outbox";

export interface NewEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  relatedType?: string;
  relatedId?: number;
  /** An iCalendar invite (METHOD:REQUEST or CANCEL) to send with the email. */
  calendar?: string;
  /** Where answers go: the customer, on the store's notice of their message or request. */
  replyTo?: string;
  /** Files sent with the email (a quote's PDF), stored base64 in the outbox row. */
  attachments?: readonly EmailAttachment[];
}

const ATTACHMENTS = z.array(
  z.object({
    filename: z.string(),
    contentType: z.string(),
    /** Base64. */
    content: z.string(),
  }),
);
export type EmailAttachment = z.output<typeof ATTACHMENTS>[number];

/** The attachments stored with an outbox row ([] when none or unreadable). */
export function parseAttachments(text: string | null): EmailAttachment[] {
  return parseStoredJson(ATTACHMENTS, text) ?? [];
}

/** Queue an email; call inside the transaction that makes the fact it reports. */
export async function enqueueEmail(db: Db, email: NewEmail): Promise<void> {
  await enqueueEmails(db, [email]);
}

/** The values of one queued email's row. */
function outboxRow(email: NewEmail, at: string) {
  return {
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
    calendar: email.calendar ?? null,
    reply_to: email.replyTo ?? null,
    attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
  };
}

type OutboxRow = ReturnType<typeof outboxRow>;
const OUTBOX_COLUMNS: Record<keyof OutboxRow, true> = {
  kind: true,
  to_address: true,
  subject: true,
  text_body: true,
  html_body: true,
  related_type: true,
  related_id: true,
  attempts: true,
  last_error: true,
  next_attempt_at: true,
  sent_at: true,
  created_at: true,
  calendar: true,
  reply_to: true,
  attachments: true,
};

/**
 * The insert of queued emails, compiled once for each count from 1 to 4: a
 * contact message queues two, an order its few; more is rare and built each time.
 */
const insertOutboxRows = fixedRowsQuery(OUTBOX_COLUMNS, 4, (db, rows: OutboxRow[]) =>
  db.insertInto("email_outbox").values(rows),
);

/** Queue several emails with one statement; call inside the transaction that makes the fact. */
export async function enqueueEmails(db: Db, emails: readonly NewEmail[]): Promise<void> {
  if (emails.length === 0) return;
  const at = now();
  await insertOutboxRows(
    db,
    emails.map((email) => outboxRow(email, at)),
  );
}

/**
 * Claims up to `limit` due emails for `holder` until `claimedUntil`, so that no other store
 * process sends them meanwhile; a claim whose holder died ends when its time passes.
 */
export async function claimDueEmails(
  db: Db,
  holder: string,
  limit: number,
  claimedUntil: string,
): Promise<EmailOutboxRow[]> {
  const at = now();
  const rows = await db
    .updateTable("email_outbox")
    .set(claimBy(holder, claimedUntil))
    .where("id", "in", (eb) =>
      dueAndUnclaimed(
        db,
        eb.selectFrom("email_outbox").select("id").where("sent_at", "is", null),
        at,
        limit,
      ),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Mark several emails sent with one statement (one commit, one fsync on SQLite). */
export async function markEmailsSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("email_outbox")
    .set({ sent_at: now(), last_error: null, claimed_until: null })
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
    .set(failedAttempt(attempts, error, nextAttemptAt))
    .where("id", "=", id)
    .execute();
}
