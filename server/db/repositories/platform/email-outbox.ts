import { sql } from "kysely";
import { z } from "zod";
import { fixedQuery } from "../../compiled-query";
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
  /** An iCalendar invite (METHOD:REQUEST) to send with the email. */
  calendar?: string;
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
    attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
  };
}

/**
 * The insert of 1 to 4 emails, each count built and compiled once (decision 391): a contact
 * message queues two, an order its few; more is rare and built each time. Row i's values are
 * named `column_i`; each goes in as a parameter, as a plain value would.
 */
const insertByCount = new Map(
  [1, 2, 3, 4].map((count) => [
    count,
    fixedQuery((db, p: Record<string, unknown>) =>
      db.insertInto("email_outbox").values(
        Array.from({ length: count }, (_, i) => {
          const v = <T>(column: keyof ReturnType<typeof outboxRow>) =>
            sql<T>`${p[`${column}_${i}`]}`;
          return {
            kind: v<string>("kind"),
            to_address: v<string>("to_address"),
            subject: v<string>("subject"),
            text_body: v<string>("text_body"),
            html_body: v<string>("html_body"),
            related_type: v<string | null>("related_type"),
            related_id: v<number | null>("related_id"),
            attempts: v<number>("attempts"),
            last_error: v<string | null>("last_error"),
            next_attempt_at: v<string>("next_attempt_at"),
            sent_at: v<string | null>("sent_at"),
            created_at: v<string>("created_at"),
            calendar: v<string | null>("calendar"),
            attachments: v<string | null>("attachments"),
          };
        }),
      ),
    ),
  ]),
);

/** Queue several emails with one statement; call inside the transaction that makes the fact. */
export async function enqueueEmails(db: Db, emails: readonly NewEmail[]): Promise<void> {
  if (emails.length === 0) return;
  const at = now();
  const rows = emails.map((email) => outboxRow(email, at));
  const fixed = insertByCount.get(rows.length);
  if (!fixed) {
    await db.insertInto("email_outbox").values(rows).execute();
    return;
  }
  const params: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const [column, value] of Object.entries(row)) params[`${column}_${i}`] = value;
  });
  await fixed.run(db, params);
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
