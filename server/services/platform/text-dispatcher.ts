/**
 * Sends what the texts outbox holds once the transaction that queued it has committed, like the
 * email dispatcher: each run claims its texts first (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), so two processes never send the same text; failures retry with backoff (1 min,
 * 2, 4 … up to 6 attempts, then the text stays marked failed).
 */
import type { Db } from "../../db/database";
import {
  claimDueTexts,
  markTextFailed,
  markTextSent,
} from "../../db/repositories/platform/text-outbox";
import type { Logger } from "../../logger";
import type { TextSender } from "../../texts/text-sender";
import { createOutboxLoop } from "./outbox-loop";

const BATCH = 20;
const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 6;

export function createTextDispatcher(deps: {
  db: Db;
  sender: TextSender;
  logger: Logger;
  holder: string;
  /** false in a web-only process: the outbox waits for a worker (outbox-loop). */
  sends?: boolean;
  /** Told after each run whether it succeeded (the job metrics). */
  onRun?: (ok: boolean) => void;
}) {
  const { db, sender, logger, holder } = deps;
  return createOutboxLoop({
    logger,
    sends: deps.sends,
    onRun: deps.onRun,
    failureMessage: "text dispatch failed",
    during: "this run",
    async runOnce() {
      const due = await claimDueTexts(
        db,
        holder,
        BATCH,
        new Date(Date.now() + CLAIM_MS).toISOString(),
      );
      let sent = 0;
      for (const text of due) {
        const id = Number(text.id);
        try {
          await sender.send({ to: text.to_phone, body: text.body });
          await markTextSent(db, id);
          sent++;
        } catch (error) {
          const attempts = Number(text.attempts) + 1;
          const message = error instanceof Error ? error.message : String(error);
          const next =
            attempts >= MAX_ATTEMPTS
              ? null
              : new Date(Date.now() + 60_000 * 2 ** (attempts - 1)).toISOString();
          await markTextFailed(db, id, attempts, message, next);
          logger.warn("text send failed", {
            textId: id,
            kind: text.kind,
            attempts,
            error: message,
          });
        }
      }
      return { sent, full: due.length === BATCH };
    },
  });
}

export type TextDispatcher = ReturnType<typeof createTextDispatcher>;
