/**
 * Sends what the email outbox holds, after the transaction that queued it has committed,
 * and retries failures with backoff (1 min, 2, 4 … capped at 1 h). Runs in every store
 * process; each run first claims the emails it will send (claimDueEmails: FOR UPDATE SKIP
 * LOCKED on PostgreSQL), so two processes never send the same email.
 *
 * Off the request path: kick() waits KICK_DELAY_MS so that the emails of orders
 * placed close together go out in one run, and a run marks all the emails it sent in ONE update
 * (one commit, one fsync on SQLite) instead of one per email. A process that dies between
 * sending and marking leaves its claim to expire (CLAIM_MS); the email is then sent again, by
 * whichever process is free: exactly once while processes live, at least once across a crash.
 */
import type { Db } from "../../db/database";
import {
  claimDueEmails,
  markEmailFailed,
  markEmailsSent,
  parseAttachments,
} from "../../db/repositories/platform/email-outbox";
import type { Mailer } from "../../email/mailer";
import type { Logger } from "../../logger";
import { createOutboxLoop } from "./outbox-loop";

const BATCH = 50;
/** How long a claim keeps other processes off a batch: far longer than sending 50 emails. */
const CLAIM_MS = 5 * 60_000;

export function createEmailDispatcher(deps: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Who claims the emails (INSTANCE_ID in the server). */
  holder: string;
  /** false in a web-only process: the outbox waits for a worker (outbox-loop). */
  sends?: boolean;
  /** Told after each run whether it succeeded (the job metrics). */
  onRun?: (ok: boolean) => void;
}) {
  const { db, mailer, logger, holder } = deps;
  return createOutboxLoop({
    logger,
    sends: deps.sends,
    onRun: deps.onRun,
    failureMessage: "email dispatch failed",
    /**
     * A run already under way may have claimed its batch before what is due now was queued, so
     * a flush that arrives during a run waits for it and then for one more run.
     */
    during: "next run",
    async runOnce() {
      const sentIds: number[] = [];
      const due = await claimDueEmails(
        db,
        holder,
        BATCH,
        new Date(Date.now() + CLAIM_MS).toISOString(),
      );
      for (const email of due) {
        try {
          await mailer.send({
            to: email.to_address,
            subject: email.subject,
            text: email.text_body,
            html: email.html_body,
            ...(email.calendar ? { calendar: email.calendar } : {}),
            ...(email.reply_to ? { replyTo: email.reply_to } : {}),
            ...(email.attachments ? { attachments: parseAttachments(email.attachments) } : {}),
          });
          sentIds.push(email.id);
        } catch (error) {
          const attempts = email.attempts + 1;
          const delayMs = Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));
          const message = error instanceof Error ? error.message : String(error);
          await markEmailFailed(
            db,
            email.id,
            attempts,
            message,
            new Date(Date.now() + delayMs).toISOString(),
          );
          logger.warn("email send failed; will retry", {
            emailId: email.id,
            kind: email.kind,
            attempts,
            error: message,
          });
        }
      }
      await markEmailsSent(db, sentIds);
      return { sent: sentIds.length, full: due.length === BATCH };
    },
  });
}

export type EmailDispatcher = ReturnType<typeof createEmailDispatcher>;
